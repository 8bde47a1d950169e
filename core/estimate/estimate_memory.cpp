// Data movement: concatenation, gathers and scatters, dtype and layout copies. No arithmetic, so
// 0 FLOPs except scatter_add's adds; the numbers are bytes, at each tensor's dtype:
//   cat, concat, concatenate, stack   read every list member, write their sum
//   index_select(self, dim, index)    read the index and the selected slices, write them:
//                                     out = self with dim replaced by numel(index)
//   gather(self, dim, index)          read the index and numel(index) elements of self, write
//                                     numel(index) elements
//   index(self, indices)              advanced indexing by integer tensors on the leading
//                                     dimensions: out = broadcast(indices) + self's remaining
//                                     dims; read the indices and out elements of self, write out
//   scatter(_), scatter_add(_)        read the index and numel(index) elements of src (and, for
//   (self, dim, index, src|value)     scatter_add, of self), write numel(index) elements of self;
//                                     scatter_add counts one add per index element; the
//                                     out-of-place spellings also copy self (read and write it)
//   _to_copy, to, contiguous          read self, write it at the target dtype (dtype argument,
//                                     or `other`'s dtype for to(other), else self's)
// View and metadata ops (view, reshape without a copy, transpose, permute, expand, slice, select,
// squeeze, unsqueeze, t, as_strided, alias, detach) launch no kernel and have no estimator.
// Tensor lists carry no dtype in "Input type" ("TensorList"): their elements are taken as 4 B,
// and `assumption` says so.
// Index tensors are int64 unless their type says otherwise.

#include "core/estimate/estimate_support.h"

#include <array>

namespace roofscope::estimate {
namespace {

// Whether the trace recorded Concrete Inputs for this call (some argument has a value).
bool concreteRecorded(const OpInputs& in) {
    for (const OpInput& arg : in.args)
        if (!arg.concrete.empty())
            return true;
    return false;
}

OpEstimate movement(Precision precision, double read, double written, std::string formula,
                    std::string assumption = {}) {
    OpEstimate e = makeEstimate(Category::elementwise, precision, 0, read, written,
                                std::move(formula) + " (no arithmetic)");
    e.assumption = std::move(assumption);
    return e;
}

// cat/concat/concatenate/stack(Tensor[] tensors, int dim).
Result<OpEstimate> estimateCat(std::string_view op, const OpInputs& in) {
    const OpInput* list = in.at(0);
    if (list && list->isList && !list->shapes.empty()) {
        double elements = 0;
        for (const Shape& s : list->shapes) {
            if (auto status = validShape(op, s, "tensors"); !status)
                return status.error();
            elements += numel(s);
        }
        const auto bytes = dtypeBytes(list->type);
        const double b = bytes ? double(*bytes) : 4.0;
        const Precision precision = dtypePrecision(list->type).value_or(Precision::fp32);
        return movement(precision, elements * b, elements * b,
                        count(double(list->shapes.size())) + " tensors, " + count(elements) +
                            " elements copied",
                        bytes ? ""
                              : "the tensor list's dtype is not recorded: 4 B per element "
                                "assumed");
    }
    // Some traces record the out tensor of cat.out instead of the list: as much is read as
    // written.
    for (std::size_t i = 0; i < in.args.size(); ++i)
        if (const Shape* out = optionalTensor(in, i)) {
            const double bytes = argBytes(in, i);
            return movement(precisionOf(in, i), bytes, bytes,
                            "output " + shapeText(*out) + " (the input list is not recorded)");
        }
    return opError(op, "the tensor list is not recorded (Input Dims has no shapes for it)");
}

// index_select(self, dim, index).
Result<OpEstimate> estimateIndexSelect(std::string_view op, const OpInputs& in) {
    auto self = requireTensor(op, in, 0, "self", 0, 64);
    auto index = requireTensor(op, in, 2, "index", 0, 1);
    if (!self || !index)
        return !self ? self.error() : index.error();
    const Shape& x = self.value();
    const double n = numel(index.value());
    double slice = numel(x);
    if (!x.empty()) {
        const auto dim = in.ints(1);
        std::int64_t d = dim && dim->size() == 1 ? dim->front() : 0;
        if (d < 0)
            d += std::int64_t(x.size());
        if (d < 0 || d >= std::int64_t(x.size()))
            return opError(op, "dim " + std::to_string(d) + " is out of range for " + shapeText(x));
        slice = x[std::size_t(d)] > 0 ? numel(x) / double(x[std::size_t(d)]) : 0;
    }
    const double out = n * slice, b = elemBytes(in, 0);
    return movement(precisionOf(in, 0), n * elemBytes(in, 2, 8) + out * b, out * b,
                    count(n) + " slices of " + count(slice) + " elements selected");
}

// gather(self, dim, index, *, sparse_grad).
Result<OpEstimate> estimateGather(std::string_view op, const OpInputs& in) {
    auto self = requireTensor(op, in, 0, "self", 0, 64);
    auto index = requireTensor(op, in, 2, "index", 0, 64);
    if (!self || !index)
        return !self ? self.error() : index.error();
    const double n = numel(index.value()), b = elemBytes(in, 0);
    return movement(precisionOf(in, 0), n * elemBytes(in, 2, 8) + n * b, n * b,
                    count(n) + " elements gathered");
}

// index.Tensor(self, Tensor?[] indices).
Result<OpEstimate> estimateIndex(std::string_view op, const OpInputs& in) {
    ROOFSCOPE_TRY(self, requireTensor(op, in, 0, "self", 0, 64));
    const Shape& x = self.value();
    const OpInput* list = in.at(1);
    if (!list || list->shapes.empty())
        return opError(op, "the indices (Tensor?[]) are not recorded");
    if (list->shapes.size() > x.size())
        return opError(op, "more indices than the " + std::to_string(x.size()) + " dimensions of " +
                               shapeText(x));
    Shape out;
    for (const Shape& s : list->shapes) {
        const auto b = broadcastShapes(out, s);
        if (!b)
            return opError(op, "indices " + shapeText(out) + " and " + shapeText(s) +
                                   " do not broadcast");
        out = *b;
    }
    const double positions = numel(out);
    double inner = 1;
    for (std::size_t k = list->shapes.size(); k < x.size(); ++k)
        inner *= double(x[k]);
    double indexBytes = 0;
    const double ib = dtypeBytes(list->type).value_or(8);
    for (const Shape& s : list->shapes)
        indexBytes += numel(s) * ib;
    const double elements = positions * inner, b = elemBytes(in, 0);
    return movement(precisionOf(in, 0), indexBytes + elements * b, elements * b,
                    count(positions) + " positions of " + count(inner) + " elements indexed");
}

// scatter / scatter_add(self, dim, index, src) and their in-place spellings; scatter.value
// takes a Scalar for src.
Result<OpEstimate> estimateScatter(std::string_view op, const OpInputs& in) {
    const bool inPlace = op.back() == '_';
    const bool add = op.substr(0, 11) == "scatter_add";
    auto self = requireTensor(op, in, 0, "self", 0, 64);
    auto index = requireTensor(op, in, 2, "index", 0, 64);
    if (!self || !index)
        return !self ? self.error() : index.error();
    const double n = numel(index.value()), b = elemBytes(in, 0);
    const double srcBytes = optionalTensor(in, 3) ? n * elemBytes(in, 3, b) : 0;
    double read = n * elemBytes(in, 2, 8) + srcBytes + (add ? n * b : 0);
    double written = n * b;
    if (!inPlace) { // the result starts as a copy of self
        read += argBytes(in, 0);
        written = argBytes(in, 0);
    }
    OpEstimate e = movement(precisionOf(in, 0), read, written,
                            count(n) + " elements scattered" + (add ? " with an add each" : "") +
                                (inPlace ? "" : " into a copy of self"));
    if (add) {
        e.flops = n;
        e.formula = "1 FLOP/element x " + count(n) + " scattered (Roofscope convention)" +
                    (inPlace ? "" : "; into a copy of self");
    }
    return e;
}

// _to_copy(self, *, dtype, layout, device, pin_memory, non_blocking, memory_format);
// to.dtype(self, dtype, ...), to.dtype_layout(self, *, dtype, layout, ...), to.device(self,
// device, dtype, ...) (six arguments), to.other(self, other, ...); contiguous(self,
// memory_format).
Result<OpEstimate> estimateCopy(std::string_view op, const OpInputs& in) {
    ROOFSCOPE_TRY(self, requireTensor(op, in, 0, "self", 0, 64));
    const double n = numel(self.value());
    double outBytes = elemBytes(in, 0);
    Precision precision = precisionOf(in, 0);
    std::string note;
    if (op != "contiguous") {
        std::optional<DtypeCode> target;
        if (op == "to" && optionalTensor(in, 1))
            target = DtypeCode{elemBytes(in, 1), precisionOf(in, 1)};
        else if (op == "to" && in.args.size() == 6) // to.device: the dtype follows the device
            target = scalarTypeCode(in, 2);
        else
            target = scalarTypeCode(in, 1);
        if (target) {
            outBytes = target->bytes;
            precision = target->precision;
        } else if (!concreteRecorded(in)) {
            note = "the target dtype is not recorded (no Concrete Inputs): self's dtype assumed";
        }
    }
    return movement(precision, n * elemBytes(in, 0), n * outBytes, count(n) + " elements copied",
                    note);
}

constexpr std::array kEntries{
    Entry{"cat", estimateCat},
    Entry{"concat", estimateCat},
    Entry{"concatenate", estimateCat},
    Entry{"stack", estimateCat},
    Entry{"index_select", estimateIndexSelect},
    Entry{"gather", estimateGather},
    Entry{"index", estimateIndex},
    Entry{"scatter", estimateScatter, true},
    Entry{"scatter_add", estimateScatter, true},
    Entry{"_to_copy", estimateCopy},
    Entry{"to", estimateCopy},
    Entry{"contiguous", estimateCopy},
};

} // namespace

std::span<const Entry> memoryEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
