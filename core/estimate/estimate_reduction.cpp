// Reductions and scans. torch.utils.flop_counter counts none of them, so these are Roofscope
// conventions (the table in docs/file-formats.md, "FLOP and byte estimates"): n = elements of the
// input, r = elements of the output; +, -, *, /, compare and one transcendental each count 1.
//   sum, nansum                  n       one add per input element
//   mean                         n + r   the adds, one divide per output
//   amax, amin, max, min (dim)   n       one compare per input element (max.dim/min.dim also
//   argmax, argmin                       write int64 indices; argmax/argmin only those)
//   var, var_mean                4n + 2r mean (add, divide), then per element subtract, square,
//                                        add, and a divide by (N - correction) per output
//   std, std_mean                4n + 3r var's and a sqrt per output
//   linalg_vector_norm, norm     2n + r  ord 2: square, add per element, sqrt per output;
//                                2n      ord 1, inf, -inf, 0: abs (or compare) and add/max;
//                                5n + 3r other ord p: abs, pow (log, mul, exp), add; the root
//                                        as a pow per output
//   logsumexp                    4n + 2r max, subtract, exp, add per element; log and + max
//                                        per output
//   cumsum                       n       one add per element (output as large as the input)
// max(self, other) / min(self, other) with a tensor `other` are the element-wise maximum and
// minimum: 1 per element of the broadcast output.
// The reduced dimensions come from "Concrete Inputs" (dim, keepdim). When the dim argument is
// recorded as None or [] the whole tensor is reduced; when the trace has no Concrete Inputs
// (keepdim is not recorded either) the output is taken as one element, the minimum, and
// `assumption` says so. Bytes: the input read once, every output written once: at the dtype
// argument when given, int64 for the sums of integer or bool tensors, at the input's dtype
// otherwise; indices are int64.

#include "core/estimate/estimate_support.h"

#include <array>

namespace roofscope::estimate {
namespace {

constexpr int kNone = -1;

enum class Kind { sum, mean, extreme, arg, var, stdev, norm, logsumexp, cumsum };

struct ReductionOp {
    std::string_view name;
    Kind kind;
    int dim;                // position of dim (int, int[] or None); kNone: overload without one
    int keepdim;            // position of keepdim, kNone if none
    int dtype;              // position of the dtype argument, kNone if none
    int dtypeNoDim = kNone; // position of dtype in the overload without dim (sum(self, dtype))
    bool mean = false;      // var_mean / std_mean: a second output, the mean
};

// Positions of the overloads that carry a dim; the overloads without one (sum(self, *, dtype),
// max(self), var(self, unbiased), ...) have fewer arguments and are recognised by that.
constexpr std::array kOps{
    // sum.dim_IntList(self, dim, keepdim, *, dtype); sum(self, *, dtype); same for mean/nansum
    ReductionOp{"sum", Kind::sum, 1, 2, 3, 1},
    ReductionOp{"nansum", Kind::sum, 1, 2, 3, 1},
    ReductionOp{"mean", Kind::mean, 1, 2, 3, 1},
    // amax/amin(self, dim=[], keepdim); max.dim/min.dim(self, int dim, keepdim); max(self)
    ReductionOp{"amax", Kind::extreme, 1, 2, kNone},
    ReductionOp{"amin", Kind::extreme, 1, 2, kNone},
    ReductionOp{"max", Kind::extreme, 1, 2, kNone},
    ReductionOp{"min", Kind::extreme, 1, 2, kNone},
    // argmax/argmin(self, int? dim=None, keepdim)
    ReductionOp{"argmax", Kind::arg, 1, 2, kNone},
    ReductionOp{"argmin", Kind::arg, 1, 2, kNone},
    // var.correction(self, dim?, *, correction, keepdim); var.dim(self, dim, unbiased, keepdim);
    // var(self, unbiased)
    ReductionOp{"var", Kind::var, 1, 3, kNone},
    ReductionOp{"var_mean", Kind::var, 1, 3, kNone, kNone, true},
    ReductionOp{"std", Kind::stdev, 1, 3, kNone},
    ReductionOp{"std_mean", Kind::stdev, 1, 3, kNone, kNone, true},
    // linalg_vector_norm(self, ord=2, dim?, keepdim, *, dtype); norm.ScalarOpt_dim(self, p, dim,
    // keepdim); norm.Scalar(self, p)
    ReductionOp{"linalg_vector_norm", Kind::norm, 2, 3, 4},
    ReductionOp{"norm", Kind::norm, 2, 3, kNone},
    // logsumexp(self, dim, keepdim)
    ReductionOp{"logsumexp", Kind::logsumexp, 1, 2, kNone},
    // cumsum(self, int dim, *, dtype)
    ReductionOp{"cumsum", Kind::cumsum, kNone, kNone, 2},
};

struct Reduced {
    double elements = 1; // of the output
    bool known = true;   // false: the reduced dims are not recorded, one element assumed
};

// Output elements of reducing `x` over the recorded dims.
Result<Reduced> reducedElements(std::string_view op, const ReductionOp& r, const OpInputs& in,
                                const Shape& x) {
    Reduced out;
    out.elements = 1;
    const OpInput* dimArg = r.dim == kNone ? nullptr : in.at(std::size_t(r.dim));
    // Overloads without a dim argument (fewer arguments) reduce everything.
    const std::size_t withDim = std::size_t(r.dim) + 2; // self ... dim, keepdim
    if (!dimArg || in.args.size() < withDim)
        return out;
    const auto dims = in.ints(std::size_t(r.dim));
    if (!dims) {
        // None ("" with Concrete Inputs recorded) reduces everything; no Concrete Inputs at all
        // (keepdim not recorded either) leaves the dims unknown.
        const OpInput* keep = r.keepdim == kNone ? nullptr : in.at(std::size_t(r.keepdim));
        const bool recorded = (keep && !keep->concrete.empty()) || !dimArg->concrete.empty();
        if (!dimArg->concrete.empty() && dimArg->concrete != "None")
            return opError(op, "dim " + dimArg->concrete + " is not a list of integers");
        out.known = recorded;
        return out;
    }
    if (dims->empty())
        return out; // dim=[]: every dimension
    std::vector<bool> reduced(x.size(), false);
    const auto rank = std::int64_t(x.size());
    for (std::int64_t d : *dims) {
        const std::int64_t wrapped = d < 0 ? d + std::max<std::int64_t>(rank, 1) : d;
        if (wrapped < 0 || wrapped >= std::max<std::int64_t>(rank, 1))
            return opError(op, "dim " + std::to_string(d) + " is out of range for " + shapeText(x));
        if (rank > 0)
            reduced[std::size_t(wrapped)] = true;
    }
    for (std::size_t k = 0; k < x.size(); ++k)
        if (!reduced[k])
            out.elements *= double(x[k]);
    return out;
}

bool floating(Precision p) {
    return p == Precision::fp64 || p == Precision::fp32 || p == Precision::fp16 ||
           p == Precision::bf16 || p == Precision::fp8;
}

// FLOPs per input element and per output element of a norm of order `ord`.
std::pair<double, double> normCounts(const OpInputs& in) {
    const auto ord = in.number(1);
    const std::string text = in.text(1);
    if (!ord && text.empty())
        return {2, 1}; // default ord 2
    if (text == "inf" || text == "-inf")
        return {2, 0};
    if (!ord)
        return {5, 3};
    if (*ord == 2)
        return {2, 1};
    if (*ord == 1 || *ord == 0)
        return {2, 0};
    return {5, 3};
}

// max(self, other) / min(self, other): the element-wise maximum or minimum.
Result<OpEstimate> elementwiseExtreme(std::string_view op, const OpInputs& in, const Shape& x,
                                      const Shape& other) {
    const auto out = broadcastShapes(x, other);
    if (!out)
        return opError(op, "expected " + shapeText(other) + " to broadcast with " + shapeText(x));
    const double n = numel(*out);
    return makeEstimate(Category::elementwise, precisionOf(in, 0), n,
                        argBytes(in, 0) + argBytes(in, 1), n * elemBytes(in, 0),
                        "1 FLOP/element x " + count(n) + " (element-wise " + std::string(op) +
                            "; Roofscope convention)");
}

Result<OpEstimate> estimateReduction(std::string_view op, const OpInputs& in) {
    const ReductionOp* r = nullptr;
    for (const auto& candidate : kOps)
        if (candidate.name == op)
            r = &candidate;
    ROOFSCOPE_TRY(self, requireTensor(op, in, 0, "self", 0, 64));
    const Shape& x = self.value();
    if (r->kind == Kind::extreme && (op == "max" || op == "min"))
        if (const Shape* other = optionalTensor(in, 1))
            return elementwiseExtreme(op, in, x, *other);

    const double n = numel(x);
    Reduced out{n, true};
    if (r->kind != Kind::cumsum) {
        ROOFSCOPE_TRY(reduced, reducedElements(op, *r, in, x));
        out = reduced.value();
    }
    const double rOut = out.elements;
    const Precision precision = precisionOf(in, 0);
    double outBytes = elemBytes(in, 0);
    if ((r->kind == Kind::sum || r->kind == Kind::cumsum) && !floating(precision) &&
        dtypeBytes(in.at(0)->type))
        outBytes = 8; // integer and bool sums accumulate in int64
    const bool withDim = r->dim != kNone && in.args.size() >= std::size_t(r->dim) + 2;
    const int dtypeAt = withDim || r->kind == Kind::cumsum ? r->dtype : r->dtypeNoDim;
    if (dtypeAt != kNone)
        if (const auto code = scalarTypeCode(in, std::size_t(dtypeAt)))
            outBytes = code->bytes;

    double flops = 0;
    double written = rOut * outBytes;
    std::string rule;
    switch (r->kind) {
    case Kind::sum:
    case Kind::cumsum:
        flops = n, rule = "n";
        break;
    case Kind::mean:
        flops = n + rOut, rule = "n + r";
        break;
    case Kind::extreme:
        flops = n, rule = "n";
        // max.dim / min.dim (an int dim) also return int64 indices; amax/amin do not.
        if ((op == "max" || op == "min") && in.ints(1) && in.ints(1)->size() == 1 &&
            in.at(1)->concrete.find('[') == std::string::npos)
            written += rOut * 8;
        break;
    case Kind::arg:
        flops = n, rule = "n", written = rOut * 8;
        break;
    case Kind::var:
        flops = 4 * n + 2 * rOut, rule = "4n + 2r";
        break;
    case Kind::stdev:
        flops = 4 * n + 3 * rOut, rule = "4n + 3r";
        break;
    case Kind::norm: {
        const auto [perIn, perOut] = normCounts(in);
        flops = perIn * n + perOut * rOut;
        rule = count(perIn) + "n + " + count(perOut) + "r";
        break;
    }
    case Kind::logsumexp:
        flops = 4 * n + 2 * rOut, rule = "4n + 2r";
        break;
    }
    if (r->mean)
        written += rOut * elemBytes(in, 0);
    OpEstimate e = makeEstimate(Category::reduction, precision, flops, argBytes(in, 0), written,
                                rule + " with n = " + count(n) + ", r = " + count(rOut) + ": " +
                                    count(flops) + " FLOP (Roofscope convention)");
    if (!out.known)
        e.assumption = "reduced dimensions not recorded (no Concrete Inputs): the output is "
                       "taken as one element";
    return e;
}

constexpr auto kEntries = [] {
    std::array<Entry, kOps.size()> entries{};
    for (std::size_t i = 0; i < kOps.size(); ++i)
        entries[i] = Entry{kOps[i].name, estimateReduction};
    return entries;
}();

} // namespace

std::span<const Entry> reductionEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
