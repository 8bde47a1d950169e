// Normalisations, forward and backward. torch.utils.flop_counter has no formula for them, so the
// counts are Roofscope conventions per element of the input (+, -, *, / and rsqrt count 1; the
// per-row or per-channel scalar work such as rsqrt(var + eps) and the division by the count is
// not counted):
//   layer/group/batch norm, training   5  mean: 1 add; variance: 1 sub, 1 mul, 1 add;
//                                         normalise: 1 mul by rstd (reusing x - mean)
//                                      +1 with a weight (·gamma), +1 with a bias (+beta)
//   batch norm, inference              2  x·scale + shift with per-channel scale and shift
//   rms norm                           3  square 1, add 1, mul by rrms 1; +1 with a weight
//   backward grad_input (layer/group/batch)
//                                      9  x̂ = (x - mean)·rstd 2; Σg 1; Σg·x̂ 2;
//                                         g - Σg/n - x̂·Σg·x̂/n 3; ·rstd 1; +1 with a weight (g·γ)
//   backward grad_input (rms)          6  x̂ = x·rrms 1; Σg·x̂ 2; g - x̂·c 2; ·rrms 1; +1 weight
//   backward grad_weight               2  g·x̂ and its accumulation (x̂ shared with grad_input)
//   backward grad_bias                 1  accumulation of g
// Bytes: every tensor input read once; the output (grad_input, grad_weight, grad_bias for
// backward, as output_mask asks) written once at the input's dtype; the ops that return
// statistics (native_layer_norm, _fused_rms_norm, native/cudnn batch norm, native_group_norm)
// also write them in fp32 (fp64 for double inputs), and training batch norm writes the updated
// running mean and variance.

#include "core/estimate/estimate_support.h"

#include <algorithm>
#include <array>

namespace roofscope::estimate {
namespace {

enum class Kind { layer, rms, batch, group };
constexpr int kNone = -1;

struct NormSchema {
    std::string_view name;
    Kind kind;
    bool backward;
    int x, weight, bias;
    int shapeArg;     // normalized_shape (layer/rms) or groups (group); kNone if absent
    int training;     // batch norm's training flag; kNone: training unless `inference`
    int mask;         // output_mask of backward ops; kNone: every gradient
    bool writesStats; // forward op that returns mean/rstd (or save_mean/save_invstd)
    bool inference = false;
};

constexpr std::array kSchemas{
    // layer_norm(input, normalized_shape, weight?, bias?, eps, cudnn_enable)
    NormSchema{"layer_norm", Kind::layer, false, 0, 2, 3, 1, kNone, kNone, false},
    NormSchema{"native_layer_norm", Kind::layer, false, 0, 2, 3, 1, kNone, kNone, true},
    // rms_norm(input, normalized_shape, weight?, eps?); _fused_rms_norm returns rstd too
    NormSchema{"rms_norm", Kind::rms, false, 0, 2, kNone, 1, kNone, kNone, false},
    NormSchema{"_fused_rms_norm", Kind::rms, false, 0, 2, kNone, 1, kNone, kNone, true},
    // batch_norm(input, weight?, bias?, running_mean?, running_var?, training, momentum, eps,
    // cudnn_enabled); native/cudnn/miopen variants share the first six positions
    NormSchema{"batch_norm", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, false},
    NormSchema{"_batch_norm_impl_index", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, false},
    NormSchema{"native_batch_norm", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, true},
    NormSchema{"_native_batch_norm_legit", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, true},
    NormSchema{"_native_batch_norm_legit_no_training", Kind::batch, false, 0, 1, 2, kNone, kNone,
               kNone, false, true},
    NormSchema{"cudnn_batch_norm", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, true},
    NormSchema{"miopen_batch_norm", Kind::batch, false, 0, 1, 2, kNone, 5, kNone, true},
    // group_norm(input, num_groups, weight?, bias?, eps, cudnn_enabled)
    NormSchema{"group_norm", Kind::group, false, 0, 2, 3, 1, kNone, kNone, false},
    // native_group_norm(input, weight?, bias?, N, C, HxW, group, eps)
    NormSchema{"native_group_norm", Kind::group, false, 0, 1, 2, 6, kNone, kNone, true},
    // native_layer_norm_backward(grad_out, input, normalized_shape, mean, rstd, weight?, bias?,
    // output_mask[3])
    NormSchema{"native_layer_norm_backward", Kind::layer, true, 1, 5, 6, 2, kNone, 7, false},
    // _fused_rms_norm_backward(grad_out, input, normalized_shape, rstd, weight?, output_mask[2])
    NormSchema{"_fused_rms_norm_backward", Kind::rms, true, 1, 4, kNone, 2, kNone, 5, false},
    // native_batch_norm_backward(grad_out, input, weight?, running_mean?, running_var?,
    // save_mean?, save_invstd?, train, eps, output_mask[3])
    NormSchema{"native_batch_norm_backward", Kind::batch, true, 1, 2, kNone, kNone, kNone, 9,
               false},
    // cudnn/miopen_batch_norm_backward(input, grad_output, weight, ...): every gradient
    NormSchema{"cudnn_batch_norm_backward", Kind::batch, true, 0, 2, kNone, kNone, kNone, kNone,
               false},
    NormSchema{"miopen_batch_norm_backward", Kind::batch, true, 0, 2, kNone, kNone, kNone, kNone,
               false},
    // native_group_norm_backward(grad_out, input, mean, rstd, weight?, N, C, HxW, group,
    // output_mask[3])
    NormSchema{"native_group_norm_backward", Kind::group, true, 1, 4, kNone, 8, kNone, 9, false},
};

// Elements that share one mean/rstd per statistic group, for the statistics' size and checks:
// layer/rms: the normalized trailing dims (from the weight, else normalized_shape, else the
// last dim); batch: N·spatial per channel; group: (C/G)·spatial per group.
Result<double> groupSize(std::string_view op, const NormSchema& s, const OpInputs& in,
                         const Shape& x, const Shape* weight) {
    const double n = numel(x);
    if (s.kind == Kind::layer || s.kind == Kind::rms) {
        std::optional<std::vector<std::int64_t>> normalized;
        if (s.shapeArg != kNone)
            normalized = in.ints(std::size_t(s.shapeArg));
        if (normalized && (normalized->size() > x.size() ||
                           !std::equal(normalized->begin(), normalized->end(),
                                       x.end() - std::ptrdiff_t(normalized->size()))))
            return opError(op, "normalized_shape " + in.at(std::size_t(s.shapeArg))->concrete +
                                   " does not match the trailing dimensions of " + shapeText(x));
        double inner = x.empty() ? 1 : double(x.back());
        if (normalized) {
            inner = 1;
            for (const auto d : *normalized)
                inner *= double(d);
        }
        if (weight && !normalized) {
            // Without normalized_shape the weight tells it: some trailing dims must match it.
            double trailing = 1;
            for (auto d = x.rbegin(); d != x.rend() && trailing < numel(*weight); ++d)
                trailing *= double(*d);
            if (trailing == numel(*weight))
                inner = trailing;
        }
        if (weight && numel(*weight) != inner)
            return opError(op, "expected a weight of " + count(inner) + " elements, got " +
                                   shapeText(*weight));
        return inner;
    }
    if (x.size() < 2)
        return opError(op, "expected an input with a channel dimension, got " + shapeText(x));
    const double channels = double(x[1]);
    if (weight && numel(*weight) != channels)
        return opError(op, "expected a weight of " + count(channels) + " elements (channels of " +
                               shapeText(x) + "), got " + shapeText(*weight));
    if (s.kind == Kind::batch)
        return channels > 0 ? n / channels : 0.0;
    std::int64_t groups = 1;
    if (const auto g = in.ints(std::size_t(s.shapeArg)); g && g->size() == 1)
        groups = g->front();
    if (groups <= 0 || x[1] % groups != 0)
        return opError(op, "channels of " + shapeText(x) + " are not divisible by " +
                               std::to_string(groups) + " groups");
    return n / double(x[0] * groups);
}

Result<OpEstimate> estimateNorm(std::string_view op, const OpInputs& in) {
    const NormSchema* s = nullptr;
    for (const auto& schema : kSchemas)
        if (schema.name == op)
            s = &schema;
    ROOFSCOPE_TRY(xs, requireTensor(op, in, std::size_t(s->x), "input", 1, 64));
    const Shape& x = xs.value();
    const Shape* weight = optionalTensor(in, std::size_t(s->weight));
    const Shape* bias = s->bias == kNone ? nullptr : optionalTensor(in, std::size_t(s->bias));
    ROOFSCOPE_TRY(inner, groupSize(op, *s, in, x, weight));
    const double n = numel(x);
    const double statGroups = inner.value() > 0 ? n / inner.value() : 0;
    const double xb = elemBytes(in, std::size_t(s->x));
    const double statBytes = xb == 8 ? 8 : 4;
    const Precision precision = precisionOf(in, std::size_t(s->x));
    const bool rms = s->kind == Kind::rms;
    if (s->backward) {
        std::vector<bool> mask{true, weight != nullptr, weight != nullptr && !rms};
        if (s->mask != kNone)
            if (const auto m = in.booleans(std::size_t(s->mask)); m && !m->empty()) {
                mask = *m;
                mask.resize(3, false);
            }
        if (s->kind == Kind::batch && s->mask == kNone)
            mask = {true, true, true}; // cudnn/miopen compute every gradient
        const double perInput = (rms ? 6 : 9) + (weight ? 1 : 0);
        const double perElem = (mask[0] ? perInput : 0) + (mask[1] ? 2 : 0) + (mask[2] ? 1 : 0);
        const double wb = weight ? numel(*weight) * elemBytes(in, std::size_t(s->weight), xb) : 0;
        const double bb = bias ? argBytes(in, std::size_t(s->bias), xb) : wb;
        const double written = (mask[0] ? n * xb : 0) + (mask[1] ? wb : 0) + (mask[2] ? bb : 0);
        return makeEstimate(Category::norm, precision, perElem * n, allTensorBytes(in), written,
                            count(perElem) + " FLOP/element x " + count(n) +
                                " (Roofscope convention: grad_input " + count(perInput) +
                                ", grad_weight 2, grad_bias 1, as output_mask asks)");
    }
    bool training = !s->inference;
    if (s->training != kNone)
        training = in.boolean(std::size_t(s->training)).value_or(true);
    double perElem = 0;
    if (s->kind == Kind::batch && !training)
        perElem = 2;
    else
        perElem = (rms ? 3 : 5) + (weight ? 1 : 0) + (bias ? 1 : 0);
    double written = n * xb;
    if (s->writesStats && (s->kind != Kind::batch || training))
        written += statGroups * statBytes * (rms ? 1 : 2); // mean and rstd (rms: rstd only)
    if (s->kind == Kind::batch && training) // running_mean and running_var updated in place
        written += argBytes(in, 3, xb) + argBytes(in, 4, xb);
    return makeEstimate(Category::norm, precision, perElem * n, allTensorBytes(in), written,
                        count(perElem) + " FLOP/element x " + count(n) + " (Roofscope convention" +
                            (s->kind == Kind::batch && !training ? ", inference" : "") + ")");
}

constexpr auto kEntries = [] {
    std::array<Entry, kSchemas.size()> entries{};
    for (std::size_t i = 0; i < kSchemas.size(); ++i)
        entries[i] = Entry{kSchemas[i].name, estimateNorm};
    return entries;
}();

} // namespace

std::span<const Entry> normEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
