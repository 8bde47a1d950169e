// Convolution backward (aten::convolution_backward and the legacy cuDNN backward ops).
// FLOPs follow torch.utils.flop_counter conv_backward_flop; the forward's conventions and
// output-size rules are in estimate_conv.cpp.

#include "core/estimate/estimate_support.h"

#include <array>

namespace roofscope::estimate {
namespace {

constexpr int kNone = -1;

double product(const Shape& s, std::size_t from) {
    double p = 1;
    for (std::size_t k = from; k < s.size(); ++k)
        p *= double(s[k]);
    return p;
}

// Backward overloads: positions of grad_output, input, weight, transposed, groups, output_mask.
struct BackwardSchema {
    std::string_view name;
    int gradOut, input, weight, transposed, groups, mask;
    bool alwaysTransposed;
};
constexpr std::array kBackward{
    // convolution_backward(grad_output, input, weight, bias_sizes?, stride, padding, dilation,
    // transposed, output_padding, groups, output_mask[3])
    BackwardSchema{"convolution_backward", 0, 1, 2, 7, 9, 10, false},
    // legacy cudnn_convolution_backward(self, grad_output, weight, padding, stride, dilation,
    // groups, benchmark, deterministic, allow_tf32, output_mask[2])
    BackwardSchema{"cudnn_convolution_backward", 1, 0, 2, kNone, 6, 10, false},
    // legacy cudnn_convolution_transpose_backward(self, grad_output, weight, padding,
    // output_padding, stride, dilation, groups, benchmark, deterministic, allow_tf32, mask[2])
    BackwardSchema{"cudnn_convolution_transpose_backward", 1, 0, 2, kNone, 7, 11, true},
};

// flop_counter conv_backward_flop: grad_input (output_mask[0]) is a transposed convolution of
// grad_output with the weight, grad_weight (output_mask[1]) a convolution of the input with
// grad_output; each costs the forward's FLOPs, 2·N·prod(spatial)·w[0]·w[1]·prod(kernel), taken
// over grad_output's spatial extent (the input's when transposed), so no stride is needed.
// For groups > 1 flop_counter's grad_weight formula omits the 1/groups and counts groups×
// more; Roofscope counts the grouped work (the same as the forward). grad_bias (mask[2]) is
// not counted in FLOPs, as in flop_counter. Bytes: grad_output read; the weight read for
// grad_input, the input read for grad_weight; each requested gradient written once.
Result<OpEstimate> estimateConvBackward(std::string_view op, const OpInputs& in) {
    const BackwardSchema* schema = nullptr;
    for (const auto& s : kBackward)
        if (s.name == op)
            schema = &s;
    ROOFSCOPE_TRY(w, requireTensor(op, in, std::size_t(schema->weight), "weight", 3, 5));
    const Shape& W = w.value();
    auto x = requireTensor(op, in, std::size_t(schema->input), "input", W.size(), W.size());
    auto g = requireTensor(op, in, std::size_t(schema->gradOut), "grad_output", W.size(), W.size());
    if (!x || !g)
        return !x ? x.error() : g.error();
    const Shape &X = x.value(), &G = g.value();
    bool transposed = schema->alwaysTransposed;
    if (schema->transposed != kNone)
        transposed = in.boolean(std::size_t(schema->transposed)).value_or(transposed);
    std::int64_t groups = 0;
    if (const auto gr = in.ints(std::size_t(schema->groups)); gr && gr->size() == 1)
        groups = gr->front();
    if (groups == 0 && !transposed && W[1] > 0 && X[1] % W[1] == 0)
        groups = X[1] / W[1];
    if (groups <= 0)
        groups = 1;
    const std::int64_t cIn = transposed ? W[0] : W[1] * groups;
    const std::int64_t cOut = transposed ? W[1] * groups : W[0];
    if (X[1] != cIn || G[1] != cOut || G[0] != X[0])
        return opError(op, "expected input [" + std::to_string(G[0]) + ", " + std::to_string(cIn) +
                               ", ...] and grad_output [" + std::to_string(X[0]) + ", " +
                               std::to_string(cOut) + ", ...] for weight " + shapeText(W) +
                               " and groups " + std::to_string(groups) + ", got " + shapeText(X) +
                               " and " + shapeText(G));
    std::vector<bool> mask{true, true, false};
    if (const auto m = in.booleans(std::size_t(schema->mask)); m && !m->empty()) {
        mask = *m;
        mask.resize(3, false);
    }
    const double points = transposed ? product(X, 2) : product(G, 2);
    const double branch = 2 * double(X[0]) * points * product(W, 0);
    const double flops = (mask[0] ? branch : 0) + (mask[1] ? branch : 0);
    const double bx = elemBytes(in, std::size_t(schema->input));
    const double bw = elemBytes(in, std::size_t(schema->weight));
    const double read = numel(G) * elemBytes(in, std::size_t(schema->gradOut)) +
                        (mask[0] ? numel(W) * bw : 0) + (mask[1] ? numel(X) * bx : 0);
    const double written = (mask[0] ? numel(X) * bx : 0) + (mask[1] ? numel(W) * bw : 0) +
                           (mask[2] ? double(cOut) * bx : 0);
    return makeEstimate(
        Category::conv, precisionOf(in, std::size_t(schema->input)), flops, read, written,
        "output_mask [" + std::string(mask[0] ? "T" : "F") + (mask[1] ? "T" : "F") +
            (mask[2] ? "T" : "F") + "]: " + std::to_string(int(mask[0]) + int(mask[1])) +
            " x forward 2*N*spatial*w0*w1*kernel = " + count(branch) +
            " (flop_counter conv_backward_flop)");
}

constexpr auto kEntries = [] {
    std::array<Entry, kBackward.size()> entries{};
    for (std::size_t i = 0; i < kBackward.size(); ++i)
        entries[i] = Entry{kBackward[i].name, estimateConvBackward};
    return entries;
}();

} // namespace

std::span<const Entry> convBackwardEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
