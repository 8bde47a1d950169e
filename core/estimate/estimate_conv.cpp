// Convolutions, forward and backward. FLOPs follow torch.utils.flop_counter conv_flop_count
// (bias not counted, a multiply-add is 2):
//   forward      2 · N · C_out · prod(out spatial) · (C_in/groups) · prod(kernel)
//   transposed   2 · N · prod(in spatial) · C_in · (C_out/groups) · prod(kernel)
// i.e. 2 · N · prod(spatial) · w[0] · w[1] · prod(kernel) over the weight's own dimensions.
// Output size: floor((in + 2·pad − dil·(k−1) − 1)/stride) + 1, transposed
// (in−1)·stride − 2·pad + dil·(k−1) + output_padding + 1. stride/padding/dilation/groups/
// transposed come from "Concrete Inputs" at the positions of each overload's ATen schema;
// absent values take the schema defaults (stride 1, padding 0, dilation 1, output_padding 0),
// except groups, which is inferred from the channels (C_in / w[1]) so grouped and depthwise
// convolutions in traces without Concrete Inputs still work.
// Traces without Concrete Inputs (PyTorch < 1.13, e.g. the 2021 cudnn_convolution traces) do not
// say the stride, and a stride-2 convolution counted at stride 1 is 4x too large. The caller can
// then pass the output's shape (OpInputs::outputShape, e.g. the Input Dims of the op that
// consumes it): its spatial size is used directly, since the FLOPs depend on the output size and
// not on how stride and padding produced it; the formula shows the implied stride,
// round(in/out) per dimension (out/in when transposed), for information only, as the padding is
// unknown too. A hint that does not match the convolution ([N, C_out, spatial...] of the input's
// rank) is ignored, and `assumption` says so; Concrete Inputs, when recorded, take precedence
// over the hint. With neither, the schema defaults give the largest output (an upper bound of
// the FLOPs; transposed convolutions count over the input, exact) and `assumption` says so.
// Bytes: input, weight and bias read once; output written once at the input's dtype.

#include "core/estimate/estimate_support.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofscope::estimate {
namespace {

constexpr int kNone = -1;

// Argument positions in an overload's schema (kNone: not in it).
struct ConvSchema {
    std::string_view name;
    int bias, stride, padding, dilation, transposed, outputPadding, groups;
    bool alwaysTransposed;
};

constexpr std::array kForward{
    // convolution(input, weight, bias?, stride, padding, dilation, transposed, output_padding,
    // groups); _convolution adds benchmark, deterministic, cudnn_enabled, allow_tf32.
    ConvSchema{"convolution", 2, 3, 4, 5, 6, 7, 8, false},
    ConvSchema{"_convolution", 2, 3, 4, 5, 6, 7, 8, false},
    // convNd(input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1)
    ConvSchema{"conv1d", 2, 3, 4, 5, kNone, kNone, 6, false},
    ConvSchema{"conv2d", 2, 3, 4, 5, kNone, kNone, 6, false},
    ConvSchema{"conv3d", 2, 3, 4, 5, kNone, kNone, 6, false},
    // conv_transposeNd(input, weight, bias=None, stride=1, padding=0, output_padding=0,
    // groups=1, dilation=1)
    ConvSchema{"conv_transpose1d", 2, 3, 4, 7, kNone, 5, 6, true},
    ConvSchema{"conv_transpose2d", 2, 3, 4, 7, kNone, 5, 6, true},
    ConvSchema{"conv_transpose3d", 2, 3, 4, 7, kNone, 5, 6, true},
    // cudnn_convolution(self, weight, padding, stride, dilation, groups, benchmark,
    // deterministic, allow_tf32); before PyTorch 1.8 a bias followed the weight (see below).
    ConvSchema{"cudnn_convolution", kNone, 3, 2, 4, kNone, kNone, 5, false},
    // cudnn_convolution_transpose(self, weight, padding, output_padding, stride, dilation,
    // groups, ...)
    ConvSchema{"cudnn_convolution_transpose", kNone, 4, 2, 5, kNone, 3, 6, true},
    // mkldnn_convolution / miopen_convolution(self, weight, bias?, padding, stride, dilation,
    // groups, ...)
    ConvSchema{"mkldnn_convolution", 2, 4, 3, 5, kNone, kNone, 6, false},
    ConvSchema{"miopen_convolution", 2, 4, 3, 5, kNone, kNone, 6, false},
    // miopen_convolution_transpose(self, weight, bias?, padding, output_padding, stride,
    // dilation, groups, ...)
    ConvSchema{"miopen_convolution_transpose", 2, 5, 3, 6, kNone, 4, 7, true},
    // _slow_conv2d_forward(self, weight, kernel_size, bias?, stride, padding)
    ConvSchema{"_slow_conv2d_forward", 3, 4, 5, kNone, kNone, kNone, kNone, false},
};
// PyTorch <= 1.7: cudnn_convolution(self, weight, bias?, padding, stride, dilation, groups, ...)
constexpr ConvSchema kLegacyCudnn{"cudnn_convolution", 2, 4, 3, 5, kNone, kNone, 6, false};

const ConvSchema* findSchema(std::string_view op, const OpInputs& in) {
    if (op == "cudnn_convolution") {
        // The legacy overload has a tensor (or None, typed "") where the new one has an int[].
        const OpInput* third = in.at(2);
        const OpInput* first = in.at(0);
        if (third &&
            (dtypeBytes(third->type) || (third->type.empty() && first && !first->type.empty())))
            return &kLegacyCudnn;
    }
    for (const auto& schema : kForward)
        if (schema.name == op)
            return &schema;
    return nullptr;
}

// An int-list argument expanded to `spatial` values; `fallback` when absent.
Result<std::vector<std::int64_t>> spatialParam(std::string_view op, const OpInputs& in, int pos,
                                               std::string_view what, std::size_t spatial,
                                               std::int64_t fallback, std::int64_t minimum) {
    std::vector<std::int64_t> values(spatial, fallback);
    if (pos == kNone)
        return values;
    const auto given = in.ints(std::size_t(pos));
    if (!given || given->empty())
        return values;
    if (given->size() == 1)
        values.assign(spatial, given->front());
    else if (given->size() == spatial)
        values = *given;
    else
        return opError(op, std::string(what) + " has " + std::to_string(given->size()) +
                               " values for " + std::to_string(spatial) + " spatial dimensions");
    for (const auto v : values)
        if (v < minimum || v > (std::int64_t(1) << 40))
            return opError(op, "invalid " + std::string(what) + " " + std::to_string(v));
    return values;
}

double product(const Shape& s, std::size_t from) {
    double p = 1;
    for (std::size_t k = from; k < s.size(); ++k)
        p *= double(s[k]);
    return p;
}

// flop_counter conv_flop_count: the spatial extent is the output's (the input's when
// transposed) times the weight's w[0]·w[1]·prod(kernel).
OpEstimate convEstimate(const OpInputs& in, const Shape& X, const Shape& W, const Shape& out,
                        bool transposed, const std::string& note) {
    const double points = transposed ? product(X, 2) : product(out, 2);
    const double flops = 2 * double(X[0]) * points * product(W, 0);
    const double outElems = product(out, 0);
    return makeEstimate(
        Category::conv, precisionOf(in, 0), flops, allTensorBytes(in), outElems * elemBytes(in, 0),
        std::string(transposed ? "transposed " : "") + "conv output " + shapeText(out) +
            ": 2*N*spatial*w0*w1*kernel = 2*" + count(double(X[0])) + "*" + count(points) + "*" +
            count(product(W, 0)) + " (flop_counter conv_flop_count)" + note);
}

// The output's spatial size from the caller's hint; the implied stride round(in/out) (out/in
// transposed) is shown, not used.
OpEstimate hintedEstimate(const OpInputs& in, const Shape& X, const Shape& W, const Shape& out,
                          bool transposed) {
    std::string stride;
    for (std::size_t k = 2; k < out.size(); ++k) {
        const double a = double(transposed ? out[k] : X[k]);
        const double b = double(transposed ? X[k] : out[k]);
        stride += (k > 2 ? ", " : "") + count(std::max(1.0, std::round(a / b)));
    }
    return convEstimate(in, X, W, out, transposed,
                        "; output spatial size from the dataflow (stride and padding not "
                        "recorded; implied stride ~[" +
                            stride + "])");
}

Result<OpEstimate> estimateConvForward(std::string_view op, const OpInputs& in) {
    const ConvSchema* schema = findSchema(op, in);
    ROOFSCOPE_TRY(w, requireTensor(op, in, 1, "weight", 3, 5));
    const Shape& W = w.value();
    const std::size_t spatial = W.size() - 2;
    ROOFSCOPE_TRY(x, requireTensor(op, in, 0, "input", W.size() - 1, W.size()));
    Shape X = x.value();
    if (X.size() == W.size() - 1) // unbatched input of convNd: N = 1
        X.insert(X.begin(), 1);

    bool transposed = schema->alwaysTransposed;
    if (schema->transposed != kNone)
        transposed = in.boolean(std::size_t(schema->transposed)).value_or(transposed);
    // groups: Concrete Inputs, else inferred from the channels.
    std::int64_t groups = 0;
    if (schema->groups != kNone)
        if (const auto g = in.ints(std::size_t(schema->groups)); g && g->size() == 1)
            groups = g->front();
    if (groups == 0 && !transposed && W[1] > 0 && X[1] % W[1] == 0)
        groups = X[1] / W[1];
    if (groups <= 0)
        groups = 1;
    const std::int64_t cIn = X[1];
    const std::int64_t cInExpected = transposed ? W[0] : W[1] * groups;
    if (cIn != cInExpected || W[0] % groups != 0)
        return opError(op, "expected the input to have " + std::to_string(cInExpected) +
                               " channels for weight " + shapeText(W) + " and groups " +
                               std::to_string(groups) + ", got input " + shapeText(X));
    const std::int64_t cOut = transposed ? W[1] * groups : W[0];

    auto stride = spatialParam(op, in, schema->stride, "stride", spatial, 1, 1);
    auto dilation = spatialParam(op, in, schema->dilation, "dilation", spatial, 1, 1);
    auto outPad = spatialParam(op, in, schema->outputPadding, "output_padding", spatial, 0, 0);
    if (!stride || !dilation || !outPad)
        return !stride ? stride.error() : !dilation ? dilation.error() : outPad.error();
    std::vector<std::int64_t> pad(spatial, 0);
    bool same = false;
    if (schema->padding != kNone) {
        const std::string text = in.text(std::size_t(schema->padding));
        if (text == "same")
            same = true;
        else if (text != "valid") {
            ROOFSCOPE_TRY(p, spatialParam(op, in, schema->padding, "padding", spatial, 0, 0));
            pad = p.value();
        }
    }

    if (schema->bias != kNone)
        if (const Shape* bias = optionalTensor(in, std::size_t(schema->bias));
            bias && numel(*bias) != double(cOut))
            return opError(op, "expected a bias of " + std::to_string(cOut) + " elements, got " +
                                   shapeText(*bias));

    // Traces before Concrete Inputs (PyTorch < 1.13) record no stride or padding; then the
    // caller's output shape, when it fits, gives the output size.
    const auto recordedStride =
        schema->stride == kNone ? std::nullopt : in.ints(std::size_t(schema->stride));
    const bool strideRecorded =
        schema->stride == kNone || (recordedStride && !recordedStride->empty());
    std::string hintProblem;
    if (!strideRecorded && in.outputShape) {
        Shape h = *in.outputShape;
        if (x.value().size() == W.size() - 1 && h.size() == W.size() - 1)
            h.insert(h.begin(), 1); // unbatched, like the input
        bool fits = h.size() == X.size() && h[0] == X[0] && h[1] == cOut && elementCount(h) >= 0;
        for (std::size_t k = 2; fits && k < h.size(); ++k)
            fits = h[k] >= 1;
        if (fits)
            return hintedEstimate(in, X, W, h, transposed);
        hintProblem = "; the output shape hint " + shapeText(*in.outputShape) + " does not fit [" +
                      std::to_string(X[0]) + ", " + std::to_string(cOut) +
                      ", spatial...] and was ignored";
    }

    // In double: the sizes can be up to 2^62 and the parameters up to 2^40, so an int64 product
    // could overflow; the result is checked before it becomes a dimension again.
    Shape out{X[0], cOut};
    for (std::size_t k = 0; k < spatial; ++k) {
        const double size = double(X[2 + k]), kernel = double(W[2 + k]);
        const double span = double(dilation.value()[k]) * (kernel - 1);
        const double s = double(stride.value()[k]), p = double(pad[k]);
        double o = size;
        if (transposed)
            o = (size - 1) * s - 2 * p + span + double(outPad.value()[k]) + 1;
        else if (!same)
            o = size + 2 * p - span - 1 < 0 ? 0 : std::floor((size + 2 * p - span - 1) / s) + 1;
        if (!(o >= 1) || o > double(kMaxShapeElements))
            return opError(op, "input " + shapeText(X) + " gives no valid output for kernel " +
                                   shapeText(W) + " with the given stride, padding and dilation");
        out.push_back(std::int64_t(o));
    }
    if (auto status = validShape(op, out, "output"); !status)
        return status.error();

    // Without Concrete Inputs the schema defaults give the largest output: the FLOPs are an upper
    // bound (exact when transposed, whose FLOPs follow the input; its output bytes a lower one).
    const std::string assumed =
        strideRecorded ? "" : "; stride/padding not recorded, assumed 1/0: an upper bound";
    OpEstimate e = convEstimate(in, X, W, out, transposed, assumed);
    if (!strideRecorded)
        e.assumption = std::string("stride 1 and padding 0 assumed: the trace records no Concrete "
                                   "Inputs and no usable output shape was given") +
                       (transposed ? " (the output bytes may be too small)"
                                   : " (an upper bound: a stride-2 convolution counts 4x)") +
                       hintProblem;
    return e;
}

constexpr auto kEntries = [] {
    std::array<Entry, kForward.size()> entries{};
    for (std::size_t i = 0; i < kForward.size(); ++i)
        entries[i] = Entry{kForward[i].name, estimateConvForward, false, true};
    return entries;
}();

} // namespace

std::span<const Entry> convEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
