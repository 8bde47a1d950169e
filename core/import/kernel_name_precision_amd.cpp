// Precision and unit from the names of AMD's GEMM and convolution kernels (the rest of
// kernel_name_precision.cpp's families are NVIDIA's); docs/kernel-categories.md has the
// spellings with their sources:
//   - hipBLASLt / Tensile (Tensile ProblemType.__str__): Cijk_<A idx>_<B idx>_[<A><B>_]<type>..
//     with S f32, D f64, H f16, B bf16, X xf32, F8/B8 fp8/bf8, I8 int8, C/Z complex; "_MX"
//     xf32 math on f32 data; an "MI<m>x<n>..." token is the MFMA matrix instruction;
//   - MIOpen igemm_<dir>_gtcx*_<layout>_<type>_: the gtcx generations are the xdlops (MFMA) ones;
//   - composable kernel: xdl / wmma pipelines (matrix cores), dl pipelines (vector);

#include "core/import/kernel_name_text.h"

#include <algorithm>
#include <array>

namespace roofscope::kernel_name {
namespace {

// Tensile DataType characters (lower case), longest first so that "f8b8" wins over "f8".
std::vector<std::string_view> tensileCodes(std::string_view w) {
    static constexpr std::array codes{"4xi8", "f8b8n", "b8f8n", "f8b8", "b8f8", "f8n",
                                      "b8n",  "f8",    "b8",    "i8",   "s",    "d",
                                      "c",    "z",     "h",     "b",    "x",    "i"};
    std::vector<std::string_view> out;
    while (!w.empty()) {
        const auto code = std::find_if(codes.begin(), codes.end(),
                                       [&](std::string_view c) { return startsWith(w, c); });
        if (code == codes.end())
            return {};
        out.push_back(*code);
        w.remove_prefix(std::string_view(*code).size());
    }
    return out;
}

std::optional<Precision> tensilePrecision(std::string_view code) {
    if (code == "h")
        return Precision::fp16;
    if (code == "b")
        return Precision::bf16;
    if (code == "s" || code == "c")
        return Precision::fp32;
    if (code == "d" || code == "z")
        return Precision::fp64;
    if (code == "x")
        return Precision::tf32;
    if (code == "i8" || code == "4xi8")
        return Precision::int8;
    if (contains(code, "8"))
        return Precision::fp8;
    return std::nullopt;
}

} // namespace

std::optional<PrecisionUnit> tensile(const std::vector<std::string_view>& w) {
    // Cijk_Alik_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT64x32x128_MI16x16x1_SN_...
    // Cijk_Ailk_Bljk_BBS_BH_MT64x64x64_MI16x16x16x1_SN_...
    if (w.size() < 4 || w[0] != "cijk")
        return std::nullopt;
    PrecisionUnit out;
    const std::vector<std::string_view> first = tensileCodes(w[3]);
    if (first.size() == 2 && w.size() > 4 && !tensileCodes(w[4]).empty()) {
        // Mixed inputs ("_F8H_H_..."): the A and B types, then the type the MFMA runs in.
        out.precision = tensilePrecision(tensileCodes(w[4]).front());
    } else if (!first.empty()) {
        out.precision = tensilePrecision(first.front());
    }
    for (const std::string_view x : w) {
        if (x == "mx" && out.precision == Precision::fp32)
            out.precision = Precision::tf32; // F32XdlMathOp xf32
        if (x.size() > 2 && startsWith(x, "mi") && isDigit(x[2]))
            out.unit = ComputeUnit::tensor; // MatrixInstruction: an MFMA shape
    }
    return out;
}

std::optional<PrecisionUnit> miopenIgemm(const std::vector<std::string_view>& w) {
    // igemm_fwd_gtcx3_nhwc_bf16_bx0_ex1_bt64x64x16_wt16x16x4_...
    if (w.size() < 3 || w[0] != "igemm")
        return std::nullopt;
    PrecisionUnit out;
    if (startsWith(w[2], "gtcx"))
        out.unit = ComputeUnit::tensor;
    for (const std::string_view x : w) {
        if (x == "fp32")
            out.precision = Precision::fp32;
        else if (const auto p = elementPrecision(x))
            out.precision = p;
        if (out.precision)
            break;
    }
    return out;
}

std::optional<ComputeUnit> composableKernelUnit(std::string_view head) {
    if (!contains(head, "ck::") && !contains(head, "ck_tile") && !startsWith(head, "_zn2ck"))
        return std::nullopt;
    if (contains(head, "xdl") || contains(head, "wmma") || contains(head, "mfma"))
        return ComputeUnit::tensor;
    if (contains(head, "_dl_") || contains(head, "gemm_dl") || contains(head, "dlops"))
        return ComputeUnit::vector;
    return std::nullopt;
}

} // namespace roofscope::kernel_name
