// Embedding lookups and their dense gradient (Roofscope conventions; flop_counter counts none).
// n = number of indices, D = embedding width, B = number of bags.
//   embedding                 0 FLOP. Reads the indices and the n gathered rows (n·D of the
//                             weight, not the whole table); writes n·D at the weight's dtype.
//   embedding_bag mode sum    n·D FLOP (one add per gathered element), +n·D with
//                             per_sample_weights (one multiply each)
//                 mode mean   n·D + B·D (the adds, then one divide per output element)
//                 mode max    n·D (one compare per gathered element)
//                             Reads indices, offsets, per_sample_weights and the n gathered rows;
//                             writes the B·D pooled output. The kernels' auxiliary index outputs
//                             (offset2bag, bag_size, max_indices) are not counted.
//   embedding_dense_backward  n·D FLOP (one scatter-add per gradient element). Reads
//                             grad_output and indices; writes the num_weights·D gradient table
//                             (n·D when num_weights is not recorded).
// Index tensors are int64 (8 B) unless their "Input type" says otherwise.

#include "core/estimate/estimate_support.h"

#include <array>

namespace roofscope::estimate {
namespace {

// embedding(weight, indices, padding_idx, scale_grad_by_freq, sparse)
Result<OpEstimate> estimateEmbedding(std::string_view op, const OpInputs& in) {
    auto w = requireTensor(op, in, 0, "weight", 2, 2);
    auto idx = requireTensor(op, in, 1, "indices", 0, 64);
    if (!w || !idx)
        return !w ? w.error() : idx.error();
    const double n = numel(idx.value()), D = double(w.value()[1]);
    const double wb = elemBytes(in, 0);
    return makeEstimate(Category::embedding, precisionOf(in, 0), 0,
                        n * elemBytes(in, 1, 8) + n * D * wb, n * D * wb,
                        "gather of " + count(n) + " rows of " + count(D) + " (no arithmetic)");
}

// embedding_bag / _embedding_bag / _embedding_bag_forward_only(weight, indices, offsets,
// scale_grad_by_freq, mode, sparse, per_sample_weights?, include_last_offset, padding_idx)
Result<OpEstimate> estimateEmbeddingBag(std::string_view op, const OpInputs& in) {
    auto w = requireTensor(op, in, 0, "weight", 2, 2);
    auto idx = requireTensor(op, in, 1, "indices", 1, 2);
    if (!w || !idx)
        return !w ? w.error() : idx.error();
    const Shape& I = idx.value();
    const double n = numel(I), D = double(w.value()[1]);
    double bags = 0;
    const Shape* offsets = optionalTensor(in, 2);
    if (I.size() == 2) {
        bags = double(I[0]); // fixed-length bags, one per row of indices
    } else {
        if (!offsets || offsets->size() != 1)
            return opError(op, "1-D indices need a 1-D offsets tensor (argument 2)");
        bags = numel(*offsets) - (in.boolean(7).value_or(false) ? 1 : 0);
        if (bags < 0)
            return opError(op, "include_last_offset needs at least one offset");
    }
    int mode = 0;
    const std::string modeText = in.text(4);
    if (const auto m = in.ints(4); m && m->size() == 1)
        mode = int(m->front());
    else if (modeText == "mean")
        mode = 1;
    else if (modeText == "max")
        mode = 2;
    if (mode < 0 || mode > 2)
        return opError(op, "unknown mode " + modeText + " (0 sum, 1 mean, 2 max)");
    const Shape* psw = optionalTensor(in, 6);
    if (psw && numel(*psw) != n)
        return opError(op, "expected per_sample_weights of " + count(n) + " elements, got " +
                               shapeText(*psw));
    double flops = n * D;
    if (psw)
        flops += n * D;
    if (mode == 1)
        flops += bags * D;
    const double wb = elemBytes(in, 0);
    const double read =
        n * elemBytes(in, 1, 8) + argBytes(in, 2, 8) + argBytes(in, 6, wb) + n * D * wb;
    static constexpr std::array kModes{"sum", "mean", "max"};
    return makeEstimate(Category::embedding, precisionOf(in, 0), flops, read, bags * D * wb,
                        std::string("mode ") + kModes[std::size_t(mode)] + ": " + count(n) +
                            " rows of " + count(D) + " into " + count(bags) + " bags" +
                            (psw ? " with per_sample_weights" : "") + " (Roofscope convention)");
}

// embedding_dense_backward(grad_output, indices, num_weights, padding_idx, scale_grad_by_freq);
// embedding_backward(grad, indices, num_weights, padding_idx, scale_grad_by_freq, sparse)
Result<OpEstimate> estimateEmbeddingBackward(std::string_view op, const OpInputs& in) {
    auto g = requireTensor(op, in, 0, "grad_output", 1, 64);
    auto idx = requireTensor(op, in, 1, "indices", 0, 64);
    if (!g || !idx)
        return !g ? g.error() : idx.error();
    const double n = numel(idx.value()), D = double(g.value().back());
    if (numel(g.value()) != n * D)
        return opError(op, "expected grad_output " + shapeText(g.value()) + " to hold " + count(n) +
                               " rows (one per index)");
    const auto rows = in.ints(2);
    const bool known = rows && rows->size() == 1 && rows->front() >= 0;
    const double tableRows = known ? double(rows->front()) : n;
    const double gb = elemBytes(in, 0);
    return makeEstimate(Category::embedding, precisionOf(in, 0), n * D,
                        numel(g.value()) * gb + n * elemBytes(in, 1, 8), tableRows * D * gb,
                        "scatter-add of " + count(n) + " rows of " + count(D) + " into " +
                            count(tableRows) + " rows" +
                            (known ? "" : " (num_weights not recorded: touched rows only)") +
                            " (Roofscope convention)");
}

constexpr std::array kEntries{
    Entry{"embedding", estimateEmbedding},
    Entry{"embedding_bag", estimateEmbeddingBag},
    Entry{"_embedding_bag", estimateEmbeddingBag},
    Entry{"_embedding_bag_forward_only", estimateEmbeddingBag},
    Entry{"embedding_dense_backward", estimateEmbeddingBackward},
    Entry{"embedding_backward", estimateEmbeddingBackward},
};

} // namespace

std::span<const Entry> embeddingEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
