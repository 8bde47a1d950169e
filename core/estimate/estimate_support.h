#pragma once
// Internal to core/estimate: the registry entries of the op families and the small helpers they
// share (argument access with errors that name the op, dtype sizes, result assembly). Counts are
// taken in double: every shape holds at most 2^62 elements, so products of a few of them are
// finite, and the counts the tests check are exact below 2^53.

#include "core/estimate/op_estimate.h"

#include <span>
#include <string>
#include <string_view>

namespace roofscope::estimate {

// `op` is the name without "aten::" (and without an ".overload" suffix), e.g. "addmm", "add_".
using EstimatorFn = Result<OpEstimate> (*)(std::string_view op, const OpInputs& inputs);

struct Entry {
    std::string_view name;
    EstimatorFn fn;
    // The in-place spelling name + "_" (e.g. "relu_") is served by the same function.
    bool inPlaceVariant = false;
    // The estimate can use OpInputs::outputShape (see usesOutputShape).
    bool usesOutputShape = false;
};

std::span<const Entry> gemmEntries();
std::span<const Entry> convEntries();
std::span<const Entry> convBackwardEntries();
std::span<const Entry> attentionEntries();
std::span<const Entry> normEntries();
std::span<const Entry> pointwiseEntries();
std::span<const Entry> embeddingEntries();
std::span<const Entry> optimizerEntries();
std::span<const Entry> reductionEntries();
std::span<const Entry> memoryEntries();

// "[2, 3, 4]"
std::string shapeText(const Shape& shape);
// An integer count as text without exponent ("73924608").
std::string count(double value);
// "aten::<op>: <message>"
Error opError(std::string_view op, const std::string& message);

// Argument i as one tensor of rank minRank..maxRank; otherwise an error naming `what`.
Result<Shape> requireTensor(std::string_view op, const OpInputs& inputs, std::size_t i,
                            std::string_view what, std::size_t minRank, std::size_t maxRank);
// Argument i's shape when it is one tensor, else nullptr (an optional argument left as None).
const Shape* optionalTensor(const OpInputs& inputs, std::size_t i);
// Element count in double; shapes are validated by requireTensor/validShape first.
double numel(const Shape& shape);
// Error when a shape has a negative dimension or too many elements.
Status validShape(std::string_view op, const Shape& shape, std::string_view what);

// Element size of argument i from its "Input type"; `fallback` when the type is not a dtype.
double elemBytes(const OpInputs& inputs, std::size_t i, double fallback);
// Element size of argument i, falling back to fp32 (4 B) when its type is unknown.
double elemBytes(const OpInputs& inputs, std::size_t i);
// Precision of argument i's dtype; fp32 when the type is missing or not a dtype.
Precision precisionOf(const OpInputs& inputs, std::size_t i);
// Bytes of every tensor (and tensor-list member) among the arguments, each at its dtype size
// (fp32 when unknown).
double allTensorBytes(const OpInputs& inputs);
// Bytes of argument i (one tensor or a list) at its dtype size, 0 when it holds no tensor.
double argBytes(const OpInputs& inputs, std::size_t i, double fallbackElemBytes = 4);

// Element size and precision of a c10::ScalarType code as "Concrete Inputs" record a dtype
// argument (_to_copy's dtype, softmax's dtype, _scaled_mm's out_dtype): 0 uint8, 1 int8, 2 int16,
// 3 int32, 4 int64, 5 Half, 6 Float, 7 Double, 8-10 complex, 11 Bool, 12-14 quantised, 15
// BFloat16, 23 Float8_e5m2, 24 Float8_e4m3fn, 25 Float8_e5m2fnuz, 26 Float8_e4m3fnuz, 27-29
// UInt16/32/64, 44 Float8_e8m0fnu, 45 Float4_e2m1fn_x2 (c10/core/ScalarType.h). nullopt when
// argument i is not such a code.
struct DtypeCode {
    double bytes;
    Precision precision;
};
std::optional<DtypeCode> scalarTypeCode(const OpInputs& inputs, std::size_t i);

// Whether GEMM-like work in this precision can run on tensor/matrix units: fp16, bf16, fp8,
// int8, tf32; fp32, because an fp32 GEMM or convolution may run as TF32 on tensor cores when the
// framework allows it (the caller decides from the kernel whether it did); and fp64, which runs
// on the FP64 tensor cores (DMMA) of A100/H100 and the FP64 matrix cores of MI200/MI300 (devices
// without them have no fp64 tensor ceiling, so the roof falls back to the vector one). "other"
// (integer, bool and fp4 dtypes) is false.
bool tensorUnitPrecision(Precision precision);

OpEstimate makeEstimate(Category category, Precision precision, double flops, double bytesRead,
                        double bytesWritten, std::string formula);

// Broadcast of two shapes (numpy rules, aligned at the right); nullopt when they do not.
std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b);

} // namespace roofscope::estimate
