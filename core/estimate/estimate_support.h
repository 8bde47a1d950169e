#pragma once
// Internal to core/estimate: the registry entries of the op families and the small helpers they
// share (argument access with errors that name the op, dtype sizes, result assembly). Counts are
// taken in double: every shape holds at most 2^62 elements, so products of a few of them are
// finite, and the counts the tests check are exact below 2^53.

#include "estimate/op_estimate.h"

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
};

std::span<const Entry> gemmEntries();
std::span<const Entry> convEntries();
std::span<const Entry> convBackwardEntries();
std::span<const Entry> attentionEntries();
std::span<const Entry> normEntries();
std::span<const Entry> pointwiseEntries();
std::span<const Entry> embeddingEntries();
std::span<const Entry> optimizerEntries();

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

// Whether GEMM-like work in this precision can run on tensor/matrix units: fp16, bf16, fp8,
// int8, tf32 and also fp32, because an fp32 GEMM or convolution may run as TF32 on tensor cores
// when the framework allows it; the UI decides from the run's settings whether that applies.
// fp64 and "other" are false.
bool tensorUnitPrecision(Precision precision);

OpEstimate makeEstimate(Category category, Precision precision, double flops, double bytesRead,
                        double bytesWritten, std::string formula);

// Broadcast of two shapes (numpy rules, aligned at the right); nullopt when they do not.
std::optional<Shape> broadcastShapes(const Shape& a, const Shape& b);

} // namespace roofscope::estimate
