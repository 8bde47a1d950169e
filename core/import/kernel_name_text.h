#pragma once
// Pieces of kernelTraits (kernel_traits.h) shared between its source files; not a public API.

#include "core/enums.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::kernel_name {

// The name without a leading "void " and without its parameter list: what the kernel is, with
// its template arguments (which name the functor and the types), and none of the parameter types
// (cublasTransposeParams, kernel_conv_params) that would mislead a substring rule. Lower case.
std::string loweredHead(std::string_view kernelName);

inline bool contains(std::string_view text, std::string_view part) {
    return text.find(part) != std::string_view::npos;
}
inline bool startsWith(std::string_view text, std::string_view prefix) {
    return text.substr(0, prefix.size()) == prefix;
}

// The pieces of `text` between separators ('_' and every character that is neither a letter
// nor a digit): "cutlass_80_tensorop_s1688gemm_256x64" -> cutlass, 80, tensorop, s1688gemm,
// 256x64.
std::vector<std::string_view> words(std::string_view text);

struct PrecisionUnit {
    std::optional<Precision> precision;
    std::optional<ComputeUnit> unit;
};

// Shared by the precision parsers (kernel_name_precision*.cpp).
bool isDigit(char c);
// CUTLASS and cuBLAS element names (bf16, f16, tf32, f64, e4m3, s8, ...); nullopt for others.
std::optional<Precision> elementPrecision(std::string_view word);

// AMD's families on the name's words (kernel_name_precision_amd.cpp); nullopt when the name is
// not of the family: hipBLASLt/Tensile "Cijk_...", MIOpen "igemm_...".
std::optional<PrecisionUnit> tensile(const std::vector<std::string_view>& words);
std::optional<PrecisionUnit> miopenIgemm(const std::vector<std::string_view>& words);
// Composable kernel's pipelines: xdl / wmma / mfma tensor, dl vector; nullopt when silent.
std::optional<ComputeUnit> composableKernelUnit(std::string_view head);

// What the lower-cased head says about precision and unit: the GEMM/convolution families' own
// spellings first (CUTLASS, cuBLAS, xmma, nvjet, hipBLASLt/Tensile, MIOpen igemm, CK, Blackwell
// bmm_), else the first floating-point type among the template arguments
// (kernel_name_precision.cpp).
PrecisionUnit precisionAndUnit(std::string_view head);

} // namespace roofscope::kernel_name
