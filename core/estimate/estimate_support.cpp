#include "core/estimate/estimate_support.h"

#include <cmath>
#include <cstdio>

namespace roofscope::estimate {

std::string shapeText(const Shape& shape) {
    std::string text = "[";
    for (std::size_t i = 0; i < shape.size(); ++i) {
        if (i)
            text += ", ";
        text += std::to_string(shape[i]);
    }
    return text + "]";
}

std::string count(double value) {
    char buffer[64];
    if (std::isfinite(value) && std::fabs(value) < 1e18 && value == std::floor(value))
        std::snprintf(buffer, sizeof buffer, "%.0f", value);
    else
        std::snprintf(buffer, sizeof buffer, "%.6g", value);
    return buffer;
}

Error opError(std::string_view op, const std::string& message) {
    return makeError("aten::" + std::string(op) + ": " + message);
}

Status validShape(std::string_view op, const Shape& shape, std::string_view what) {
    if (elementCount(shape) < 0)
        return opError(op, std::string(what) + " has an invalid shape " + shapeText(shape) +
                               " (negative dimension or more than 2^62 elements)");
    return {};
}

Result<Shape> requireTensor(std::string_view op, const OpInputs& inputs, std::size_t i,
                            std::string_view what, std::size_t minRank, std::size_t maxRank) {
    const Shape* shape = inputs.tensor(i);
    if (!shape)
        return opError(op, "expected a tensor " + std::string(what) + " as argument " +
                               std::to_string(i) + ", found none");
    if (shape->size() < minRank || shape->size() > maxRank) {
        const std::string ranks = minRank == maxRank
                                      ? std::to_string(minRank)
                                      : std::to_string(minRank) + " to " + std::to_string(maxRank);
        return opError(op, "expected " + std::string(what) + " with " + ranks +
                               " dimensions, got " + shapeText(*shape));
    }
    if (auto status = validShape(op, *shape, what); !status)
        return status.error();
    return *shape;
}

const Shape* optionalTensor(const OpInputs& inputs, std::size_t i) {
    const Shape* shape = inputs.tensor(i);
    return shape && elementCount(*shape) >= 0 ? shape : nullptr;
}

double numel(const Shape& shape) {
    const std::int64_t n = elementCount(shape);
    return n < 0 ? 0.0 : double(n);
}

double elemBytes(const OpInputs& inputs, std::size_t i, double fallback) {
    const OpInput* arg = inputs.at(i);
    if (!arg)
        return fallback;
    const auto bytes = dtypeBytes(arg->type);
    return bytes ? double(*bytes) : fallback;
}

double elemBytes(const OpInputs& inputs, std::size_t i) {
    return elemBytes(inputs, i, 4.0);
}

Precision precisionOf(const OpInputs& inputs, std::size_t i) {
    const OpInput* arg = inputs.at(i);
    if (!arg)
        return Precision::fp32;
    return dtypePrecision(arg->type).value_or(Precision::fp32);
}

double argBytes(const OpInputs& inputs, std::size_t i, double fallbackElemBytes) {
    const OpInput* arg = inputs.at(i);
    if (!arg)
        return 0;
    double elements = 0;
    for (const Shape& shape : arg->shapes)
        elements += numel(shape);
    return elements * elemBytes(inputs, i, fallbackElemBytes);
}

double allTensorBytes(const OpInputs& inputs) {
    double bytes = 0;
    for (std::size_t i = 0; i < inputs.args.size(); ++i)
        bytes += argBytes(inputs, i);
    return bytes;
}

std::optional<DtypeCode> scalarTypeCode(const OpInputs& inputs, std::size_t i) {
    const auto code = inputs.ints(i);
    if (!code || code->size() != 1)
        return std::nullopt;
    switch (code->front()) {
    case 0:  // Byte
    case 1:  // Char
    case 12: // QInt8
    case 13: // QUInt8
        return DtypeCode{1, Precision::int8};
    case 2:  // Short
    case 27: // UInt16
        return DtypeCode{2, Precision::other};
    case 3:  // Int
    case 14: // QInt32
    case 28: // UInt32
        return DtypeCode{4, Precision::other};
    case 4:  // Long
    case 29: // UInt64
        return DtypeCode{8, Precision::other};
    case 5:
        return DtypeCode{2, Precision::fp16};
    case 6:
        return DtypeCode{4, Precision::fp32};
    case 7:
        return DtypeCode{8, Precision::fp64};
    case 8: // ComplexHalf
        return DtypeCode{4, Precision::fp16};
    case 9: // ComplexFloat
        return DtypeCode{8, Precision::fp32};
    case 10: // ComplexDouble
        return DtypeCode{16, Precision::fp64};
    case 11: // Bool
        return DtypeCode{1, Precision::other};
    case 15:
        return DtypeCode{2, Precision::bf16};
    case 23:
    case 24:
    case 25:
    case 26:
    case 44:
        return DtypeCode{1, Precision::fp8};
    case 45: // two fp4 values per byte
        return DtypeCode{1, Precision::other};
    default:
        return std::nullopt;
    }
}

bool tensorUnitPrecision(Precision precision) {
    switch (precision) {
    case Precision::fp64:
    case Precision::fp32:
    case Precision::tf32:
    case Precision::fp16:
    case Precision::bf16:
    case Precision::fp8:
    case Precision::int8:
    case Precision::fp4: // Blackwell's tensor cores
        return true;
    case Precision::other:
        return false;
    }
    return false;
}

OpEstimate makeEstimate(Category category, Precision precision, double flops, double bytesRead,
                        double bytesWritten, std::string formula) {
    OpEstimate estimate;
    estimate.category = category;
    estimate.precision = precision;
    estimate.flops = flops;
    estimate.bytesRead = bytesRead;
    estimate.bytesWritten = bytesWritten;
    estimate.formula = std::move(formula);
    estimate.tensorUnits = (category == Category::gemm || category == Category::conv ||
                            category == Category::attention) &&
                           tensorUnitPrecision(precision);
    return estimate;
}

std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b) {
    const std::size_t rank = std::max(a.size(), b.size());
    Shape out(rank, 1);
    for (std::size_t k = 0; k < rank; ++k) {
        const std::int64_t da = k < a.size() ? a[a.size() - 1 - k] : 1;
        const std::int64_t db = k < b.size() ? b[b.size() - 1 - k] : 1;
        if (da != db && da != 1 && db != 1)
            return std::nullopt;
        out[rank - 1 - k] = da == 1 ? db : da;
    }
    return out;
}

} // namespace roofscope::estimate
