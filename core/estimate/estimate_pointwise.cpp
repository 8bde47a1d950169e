// Element-wise ops, softmax and memory ops. torch.utils.flop_counter counts none of them, so
// these are Roofscope conventions, FLOPs per output element: +, -, *, /, max/min/compare and
// one transcendental (exp, log, tanh, erf, sqrt, rsqrt) each count 1.
//   relu 1 (max) · clamp_min/clamp_max 1 · clamp 1 per bound given
//   gelu 5: x/√2, erf, +1, ·0.5, ·x   ·   gelu(approximate='tanh') 9: x³ 2, ·0.044715 1, +x 1,
//        ·√(2/π) 1, tanh 1, +1 1, ·x 1, ·0.5 1
//   silu 5: neg, exp, +1, reciprocal, ·x   ·   sigmoid 4: neg, exp, +1, reciprocal
//   tanh, exp, log, sqrt, rsqrt, neg, abs, reciprocal 1
//   add, sub, rsub 1 (+1 when alpha is given and is not 1) · mul, div 1
//   threshold_backward 1 (select) · sigmoid_backward 3: g·y·(1-y) · tanh_backward 3: g·(1-y²)
//   silu_backward 9: sigmoid 4, 1-s, x·, +1, s·, g· · gelu_backward 11: x/√2, erf, +1, ·0.5,
//        x², ·(-0.5), exp, ·x, ·1/√(2π), +, ·g; with approximate='tanh' 18
//   dropout / native_dropout 2: compare with p, scale-multiply (the RNG's integer work is not
//        counted); native_dropout_backward 2: g·mask·scale
//   softmax / _softmax 5: max 1, sub 1, exp 1, sum 1, ·1/sum 1 · log_softmax 5: max, sub, exp,
//        sum, - log(sum) · _softmax_backward_data 4: y·(g - Σg·y) · _log_softmax_backward_data 4:
//        g - exp(y)·Σg
//   copy_, clone, fill_, zero_ 0
// Binary ops broadcast (numpy rules); FLOPs are per element of the broadcast output. Bytes: each
// operand read once at its own (unbroadcast) size, the output written once: at self's dtype for
// in-place ops ("add_"), else at the promoted dtype (simplified: floating beats integer, the
// wider float wins unless it is a 0-d tensor). dropout also writes its bool mask; softmax with
// half_to_float writes fp32.

#include "estimate/estimate_support.h"

#include <algorithm>
#include <array>

namespace roofscope::estimate {
namespace {

enum class Kind { unary, binary, alphaBinary, clamp, copy, fill, dropout, softmax, softmaxGrad };

struct PointwiseOp {
    std::string_view name;
    Kind kind;
    double flops;
    bool inPlace; // the "name_" spelling exists
    Category category = Category::elementwise;
};

constexpr std::array kOps{
    PointwiseOp{"relu", Kind::unary, 1, true},
    PointwiseOp{"gelu", Kind::unary, 5, true},
    PointwiseOp{"silu", Kind::unary, 5, true},
    PointwiseOp{"sigmoid", Kind::unary, 4, true},
    PointwiseOp{"tanh", Kind::unary, 1, true},
    PointwiseOp{"exp", Kind::unary, 1, true},
    PointwiseOp{"log", Kind::unary, 1, true},
    PointwiseOp{"sqrt", Kind::unary, 1, true},
    PointwiseOp{"rsqrt", Kind::unary, 1, true},
    PointwiseOp{"neg", Kind::unary, 1, true},
    PointwiseOp{"abs", Kind::unary, 1, true},
    PointwiseOp{"reciprocal", Kind::unary, 1, true},
    PointwiseOp{"clamp_min", Kind::unary, 1, true},
    PointwiseOp{"clamp_max", Kind::unary, 1, true},
    PointwiseOp{"clamp", Kind::clamp, 1, true},
    PointwiseOp{"add", Kind::alphaBinary, 1, true},
    PointwiseOp{"sub", Kind::alphaBinary, 1, true},
    PointwiseOp{"rsub", Kind::alphaBinary, 1, false},
    PointwiseOp{"mul", Kind::binary, 1, true},
    PointwiseOp{"div", Kind::binary, 1, true},
    PointwiseOp{"threshold_backward", Kind::binary, 1, false},
    PointwiseOp{"sigmoid_backward", Kind::binary, 3, false},
    PointwiseOp{"tanh_backward", Kind::binary, 3, false},
    PointwiseOp{"silu_backward", Kind::binary, 9, false},
    PointwiseOp{"gelu_backward", Kind::binary, 11, false},
    PointwiseOp{"native_dropout_backward", Kind::binary, 2, false},
    PointwiseOp{"dropout", Kind::dropout, 2, true},
    PointwiseOp{"native_dropout", Kind::dropout, 2, false},
    PointwiseOp{"copy_", Kind::copy, 0, false},
    PointwiseOp{"clone", Kind::unary, 0, false},
    PointwiseOp{"fill_", Kind::fill, 0, false},
    PointwiseOp{"zero_", Kind::fill, 0, false},
    PointwiseOp{"softmax", Kind::softmax, 5, false, Category::reduction},
    PointwiseOp{"_softmax", Kind::softmax, 5, false, Category::reduction},
    PointwiseOp{"log_softmax", Kind::softmax, 5, false, Category::reduction},
    PointwiseOp{"_log_softmax", Kind::softmax, 5, false, Category::reduction},
    PointwiseOp{"_softmax_backward_data", Kind::softmaxGrad, 4, false, Category::reduction},
    PointwiseOp{"_log_softmax_backward_data", Kind::softmaxGrad, 4, false, Category::reduction},
};

bool floating(Precision p) {
    return p == Precision::fp64 || p == Precision::fp32 || p == Precision::fp16 ||
           p == Precision::bf16 || p == Precision::fp8;
}

// Element size of a ScalarType code as softmax's dtype / input_dtype arguments record it
// (c10::ScalarType: 5 Half, 6 Float, 7 Double, 15 BFloat16).
std::optional<double> scalarTypeBytes(const OpInputs& in, std::size_t i) {
    const auto code = in.ints(i);
    if (!code || code->size() != 1)
        return std::nullopt;
    switch (code->front()) {
    case 5:
    case 15:
        return 2.0;
    case 6:
        return 4.0;
    case 7:
        return 8.0;
    default:
        return std::nullopt;
    }
}

// Whether optional argument i was given (a tensor, or a non-None scalar).
bool given(const OpInputs& in, std::size_t i) {
    const OpInput* arg = in.at(i);
    if (!arg)
        return false;
    if (!arg->shapes.empty())
        return true;
    return arg->concrete.empty() ? !arg->type.empty() : arg->concrete != "None";
}

Result<OpEstimate> estimatePointwise(std::string_view name, const OpInputs& in) {
    const bool inPlace =
        name.back() == '_' && name != "copy_" && name != "fill_" && name != "zero_";
    const std::string_view base = inPlace ? name.substr(0, name.size() - 1) : name;
    const PointwiseOp* op = nullptr;
    for (const auto& candidate : kOps)
        if (candidate.name == base)
            op = &candidate;
    auto self = requireTensor(name, in, 0, "self", 0, 64);
    if (!self)
        return self.error();
    Shape out = self.value();
    double read = argBytes(in, 0), flopsPerElem = op->flops;
    double outBytes = elemBytes(in, 0);
    Precision precision = precisionOf(in, 0);
    std::string note;
    switch (op->kind) {
    case Kind::unary:
        if (base == "gelu" && in.text(1) == "tanh")
            flopsPerElem = 9, note = " (approximate='tanh')";
        break;
    case Kind::clamp:
        flopsPerElem = std::max(1, int(given(in, 1)) + int(given(in, 2)));
        read += argBytes(in, 1) + argBytes(in, 2);
        break;
    case Kind::binary:
    case Kind::alphaBinary:
    case Kind::copy: {
        if (const Shape* other = optionalTensor(in, 1)) {
            const auto b = broadcastShapes(out, *other);
            if (!b || ((inPlace || op->kind == Kind::copy) && *b != out))
                return opError(name, "expected " + shapeText(*other) + " to broadcast " +
                                         (inPlace || op->kind == Kind::copy ? "to " : "with ") +
                                         shapeText(out));
            read += argBytes(in, 1);
            // Type promotion, simplified: a floating operand wins over an integer one; of two
            // floating tensors the wider wins, except that a 0-d tensor does not widen a
            // dimensioned one.
            const Precision p1 = precisionOf(in, 1);
            const double b1 = elemBytes(in, 1);
            const bool promotes = !floating(precision) ? floating(p1)
                                                       : floating(p1) && b1 > outBytes &&
                                                             !(other->empty() && !out.empty());
            if (!inPlace && op->kind != Kind::copy && promotes)
                outBytes = b1, precision = p1;
            out = *b;
        }
        if (op->kind == Kind::copy)
            read -= argBytes(in, 0); // copy_ overwrites self without reading it
        if (op->kind == Kind::alphaBinary)
            if (const auto alpha = in.number(2); alpha && *alpha != 1)
                flopsPerElem += 1, note = " (alpha scaling)";
        if (base == "gelu_backward" && in.text(2) == "tanh")
            flopsPerElem = 18, note = " (approximate='tanh')";
        break;
    }
    case Kind::fill:
        read = argBytes(in, 1); // the value when it is a 0-d tensor
        break;
    case Kind::dropout: {
        if (in.boolean(2) == false) { // inference: identity (a copy at most)
            flopsPerElem = 0, note = " (train=False)";
            break;
        }
        const double n = numel(out);
        return makeEstimate(op->category, precision, flopsPerElem * n, read, n * outBytes + n * 1.0,
                            "2 FLOP/element x " + count(n) +
                                " (Roofscope convention; writes a bool mask)");
    }
    case Kind::softmax:
        if (base == "_softmax" || base == "_log_softmax") {
            if (in.boolean(2) == true)
                outBytes = 4, note = " (half_to_float)";
        } else if (const auto b = scalarTypeBytes(in, 2)) {
            outBytes = *b;
        }
        break;
    case Kind::softmaxGrad: {
        auto y = requireTensor(name, in, 1, "output", out.size(), out.size());
        if (!y)
            return y.error();
        if (y.value() != out)
            return opError(name, "expected output " + shapeText(y.value()) +
                                     " to have grad_output's shape " + shapeText(out));
        read += argBytes(in, 1);
        if (const auto b = scalarTypeBytes(in, 3))
            outBytes = *b;
        break;
    }
    }
    const double n = numel(out);
    return makeEstimate(op->category, precision, flopsPerElem * n, read, n * outBytes,
                        count(flopsPerElem) + " FLOP/element x " + count(n) +
                            " (Roofscope convention)" + note);
}

constexpr auto kEntries = [] {
    std::array<Entry, kOps.size()> entries{};
    for (std::size_t i = 0; i < kOps.size(); ++i)
        entries[i] = Entry{kOps[i].name, estimatePointwise, kOps[i].inPlace};
    return entries;
}();

} // namespace

std::span<const Entry> pointwiseEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
