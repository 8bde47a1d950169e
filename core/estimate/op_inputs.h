#pragma once
// The inputs of one op as the PyTorch profiler records them with record_shapes=True (Kineto
// args "Input Dims", "Input type", "Concrete Inputs"), position by position.

#include "core/enums.h"
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace roofscope {

using Shape = std::vector<std::int64_t>;

struct OpInput {
    // One shape for a tensor, several for a tensor list (e.g. the params of _fused_adamw_),
    // none for a scalar, None or an int list. A 0-d tensor has one empty shape.
    std::vector<Shape> shapes;
    bool isList = false;  // the Input Dims entry was a list of lists
    std::string type;     // "Input type" entry: "c10::BFloat16", "float", "Scalar", "int[]", ""
    std::string concrete; // "Concrete Inputs" entry: "" for tensors, "1", "[2, 2]", "True"
};

struct OpInputs {
    OpInputs() = default;
    explicit OpInputs(std::vector<OpInput> arguments) : args(std::move(arguments)) {}

    std::vector<OpInput> args;
    // The shape of the op's (first) output when the caller knows it from the dataflow, e.g. the
    // "Input Dims" of the op that consumes it; nullopt when unknown. Estimators that need it
    // (usesOutputShape) take it as a hint where "Concrete Inputs" do not say enough; others
    // ignore it. parseOpInputs leaves it empty.
    std::optional<Shape> outputShape;

    const OpInput* at(std::size_t i) const { return i < args.size() ? &args[i] : nullptr; }
    // The single shape of argument i when it is one tensor.
    const Shape* tensor(std::size_t i) const;
    // Argument i's concrete value as integers ("2" -> {2}, "[2, 2]" -> {2, 2}, "[]" -> {});
    // nullopt when absent, the empty string or not integers.
    std::optional<std::vector<std::int64_t>> ints(std::size_t i) const;
    // Argument i's concrete value as a boolean ("True"/"False", "1"/"0").
    std::optional<bool> boolean(std::size_t i) const;
    // Argument i's concrete value as a list of booleans ("[True, True, False]", e.g. an
    // output_mask); nullopt when absent or not booleans.
    std::optional<std::vector<bool>> booleans(std::size_t i) const;
    // Argument i's concrete value as a finite number ("0.1", "1", "1e-05"); nullopt otherwise.
    std::optional<double> number(std::size_t i) const;
    // Argument i's concrete text without surrounding quotes ("'same'" -> "same"); empty when
    // absent.
    std::string text(std::size_t i) const;
};

// The most elements one shape may have; parseOpInputs refuses shapes beyond it, so products of a
// few element counts stay far from overflow when taken in double.
inline constexpr std::int64_t kMaxShapeElements = std::int64_t(1) << 62;

// Builds OpInputs from the JSON texts of the three Kineto arguments (each a JSON array, or empty
// when the trace lacks it). Errors name what is malformed. An empty "Input Dims" entry is a 0-d
// tensor when its type is a tensor dtype and its concrete value is "" (so "int" with "3" is an
// int argument), and an empty list when its type is "TensorList" (older traces).
Result<OpInputs> parseOpInputs(std::string_view inputDimsJson, std::string_view inputTypesJson,
                               std::string_view concreteInputsJson);

// Element size in bytes of a profiler dtype string ("float" 4, "c10::Half" 2, "long int" 8,
// "bool" 1, ...); nullopt for non-tensor types ("Scalar", "int[]", "") and unknown names.
std::optional<int> dtypeBytes(std::string_view type);

// The precision a dtype string computes in (c10::BFloat16 -> bf16, float -> fp32, ...).
std::optional<Precision> dtypePrecision(std::string_view type);

// Product of the dimensions (1 for a 0-d shape); -1 when a dimension is negative or the product
// exceeds kMaxShapeElements (possible only for shapes not built by parseOpInputs).
std::int64_t elementCount(const Shape& shape);

} // namespace roofscope
