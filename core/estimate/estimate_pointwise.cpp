// Element-wise ops, softmax and memory ops. torch.utils.flop_counter counts none of them, so
// these are Roofscope conventions, FLOPs per output element: +, -, *, /, max/min/compare, a
// select and one transcendental (exp, log, tanh, erf, sqrt, rsqrt) each count 1. The same table,
// with the reductions', is in docs/file-formats.md ("FLOP and byte estimates").
//   relu 1 (max) · clamp_min/clamp_max 1 · clamp 1 per bound given
//   gelu 5: x/√2, erf, +1, ·0.5, ·x   ·   gelu(approximate='tanh') 9: x³ 2, ·0.044715 1, +x 1,
//        ·√(2/π) 1, tanh 1, +1 1, ·x 1, ·0.5 1
//   silu 5: neg, exp, +1, reciprocal, ·x   ·   sigmoid 4: neg, exp, +1, reciprocal
//   elu 4: compare, exp, -1, ·alpha · nan_to_num 3: the NaN, +inf and -inf tests with selects
//   tanh, exp, log, sqrt, rsqrt, neg, abs, reciprocal 1
//   add, sub, rsub 1 (+1 when alpha is given and is not 1) · mul, div 1 · maximum, minimum 1
//   eq, ne, lt, le, gt, ge 1 (a compare; the output is bool)
//   where(condition, self, other) 1, masked_fill 1, tril/triu 1 (a select per element)
//   pow with a scalar exponent: 2 → 1 (x·x), 3 → 2, 0.5 → 1 (sqrt), -0.5 → 1 (rsqrt), -1 → 1
//        (reciprocal), -2 → 2, 1 and 0 → 0 (a copy, a fill), any other → 3 (exp(y·log x):
//        log, mul, exp, as the CUDA kernel special-cases the others); a tensor exponent or a
//        scalar base (pow.Scalar) 3
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
// wider float wins unless it is a 0-d tensor); comparisons write bool (1 B); where writes at
// the dtype of its values. dropout also writes its bool mask; softmax with half_to_float writes
// fp32.

#include "core/estimate/estimate_support.h"

#include <algorithm>
#include <array>

namespace roofscope::estimate {
namespace {

enum class Kind {
    unary,
    binary,
    alphaBinary,
    compare,
    clamp,
    copy,
    fill,
    dropout,
    softmax,
    softmaxGrad,
    pow,
    where,
    maskedFill,
};

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
    PointwiseOp{"elu", Kind::unary, 4, true},
    PointwiseOp{"nan_to_num", Kind::unary, 3, true},
    PointwiseOp{"tril", Kind::unary, 1, true},
    PointwiseOp{"triu", Kind::unary, 1, true},
    PointwiseOp{"clamp_min", Kind::unary, 1, true},
    PointwiseOp{"clamp_max", Kind::unary, 1, true},
    PointwiseOp{"clamp", Kind::clamp, 1, true},
    PointwiseOp{"add", Kind::alphaBinary, 1, true},
    PointwiseOp{"sub", Kind::alphaBinary, 1, true},
    PointwiseOp{"rsub", Kind::alphaBinary, 1, false},
    PointwiseOp{"mul", Kind::binary, 1, true},
    PointwiseOp{"div", Kind::binary, 1, true},
    PointwiseOp{"maximum", Kind::binary, 1, false},
    PointwiseOp{"minimum", Kind::binary, 1, false},
    PointwiseOp{"eq", Kind::compare, 1, true},
    PointwiseOp{"ne", Kind::compare, 1, true},
    PointwiseOp{"lt", Kind::compare, 1, true},
    PointwiseOp{"le", Kind::compare, 1, true},
    PointwiseOp{"gt", Kind::compare, 1, true},
    PointwiseOp{"ge", Kind::compare, 1, true},
    PointwiseOp{"pow", Kind::pow, 3, true},
    PointwiseOp{"where", Kind::where, 1, false},
    PointwiseOp{"masked_fill", Kind::maskedFill, 1, true},
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

// Element size of a ScalarType code as softmax's dtype / input_dtype arguments record it.
std::optional<double> scalarTypeBytes(const OpInputs& in, std::size_t i) {
    const auto code = scalarTypeCode(in, i);
    return code ? std::optional<double>(code->bytes) : std::nullopt;
}

// FLOPs per element of pow with a scalar exponent (the CUDA kernel's special cases).
double powFlops(double exponent) {
    if (exponent == 1 || exponent == 0)
        return 0;
    if (exponent == 2 || exponent == 0.5 || exponent == -0.5 || exponent == -1)
        return 1;
    if (exponent == 3 || exponent == -2)
        return 2;
    return 3;
}

// Type promotion, simplified: a floating operand wins over an integer one; of two floating
// tensors the wider wins, except that a 0-d tensor does not widen a dimensioned one.
bool promotes(Precision precision, double bytes, const OpInputs& in, std::size_t i,
              const Shape& other, const Shape& out) {
    const Precision p1 = precisionOf(in, i);
    const double b1 = elemBytes(in, i);
    return !floating(precision) ? floating(p1)
                                : floating(p1) && b1 > bytes && !(other.empty() && !out.empty());
}

// where(condition, self, other) with self and other tensors or Scalars; the output broadcasts
// all three and takes the values' dtype.
Result<OpEstimate> estimateWhere(std::string_view name, const OpInputs& in) {
    ROOFSCOPE_TRY(cond, requireTensor(name, in, 0, "condition", 0, 64));
    if (in.args.size() < 3)
        return opError(name, "where(condition) returns indices: not an element-wise select");
    Shape out = cond.value();
    double read = argBytes(in, 0), outBytes = 0;
    Precision precision = Precision::fp32;
    for (std::size_t i = 1; i <= 2; ++i) {
        const Shape* v = optionalTensor(in, i);
        if (!v)
            continue;
        const auto b = broadcastShapes(out, *v);
        if (!b)
            return opError(name,
                           "expected " + shapeText(*v) + " to broadcast with " + shapeText(out));
        read += argBytes(in, i);
        if (outBytes == 0 || promotes(precision, outBytes, in, i, *v, out))
            outBytes = elemBytes(in, i), precision = precisionOf(in, i);
        out = *b;
    }
    if (outBytes == 0)
        outBytes = 4; // two Scalars: the default dtype
    const double n = numel(out);
    return makeEstimate(Category::elementwise, precision, n, read, n * outBytes,
                        "1 FLOP/element x " + count(n) + " (Roofscope convention: a select)");
}

// pow.Scalar(Scalar self, Tensor exponent): the exponent's shape, a general power each.
Result<OpEstimate> estimatePowScalarBase(std::string_view name, const OpInputs& in) {
    ROOFSCOPE_TRY(e, requireTensor(name, in, 1, "exponent", 0, 64));
    const double n = numel(e.value());
    return makeEstimate(
        Category::elementwise, precisionOf(in, 1), 3 * n, argBytes(in, 1), n * elemBytes(in, 1),
        "3 FLOP/element x " + count(n) + " (Roofscope convention: exp(y*log x), scalar base)");
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
    if (op->kind == Kind::where)
        return estimateWhere(name, in);
    if (op->kind == Kind::pow && !in.tensor(0) && in.tensor(1))
        return estimatePowScalarBase(name, in);
    ROOFSCOPE_TRY(self, requireTensor(name, in, 0, "self", 0, 64));
    Shape out = self.value();
    double read = argBytes(in, 0), flopsPerElem = op->flops;
    double outBytes = elemBytes(in, 0);
    Precision precision = precisionOf(in, 0);
    std::string note, assumption;
    switch (op->kind) {
    case Kind::where: // handled by estimateWhere
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
    case Kind::compare:
    case Kind::pow:
    case Kind::maskedFill:
    case Kind::copy: {
        if (const Shape* other = optionalTensor(in, 1)) {
            const auto b = broadcastShapes(out, *other);
            if (!b || ((inPlace || op->kind == Kind::copy) && *b != out))
                return opError(name, "expected " + shapeText(*other) + " to broadcast " +
                                         (inPlace || op->kind == Kind::copy ? "to " : "with ") +
                                         shapeText(out));
            read += argBytes(in, 1);
            // masked_fill's mask (bool) does not promote; the others do.
            if (!inPlace && op->kind != Kind::copy && op->kind != Kind::maskedFill &&
                promotes(precision, outBytes, in, 1, *other, out))
                outBytes = elemBytes(in, 1), precision = precisionOf(in, 1);
            out = *b;
        } else if (op->kind == Kind::pow) {
            if (const auto e = in.number(1))
                flopsPerElem = powFlops(*e), note = " (exponent " + in.text(1) + ")";
            else
                assumption = "the exponent is not recorded (no Concrete Inputs): a general "
                             "power, 3 FLOP/element, assumed";
        }
        if (op->kind == Kind::maskedFill)
            read += argBytes(in, 2); // the value when it is a 0-d tensor
        if (op->kind == Kind::compare && !inPlace)
            outBytes = 1; // bool
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
        ROOFSCOPE_TRY(y, requireTensor(name, in, 1, "output", out.size(), out.size()));
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
    OpEstimate e = makeEstimate(op->category, precision, flopsPerElem * n, read, n * outBytes,
                                count(flopsPerElem) + " FLOP/element x " + count(n) +
                                    " (Roofscope convention)" + note);
    e.assumption = std::move(assumption);
    return e;
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
