// Precision and unit from a kernel's name. Each GEMM/convolution family spells them its own way;
// the spellings relied on (docs/kernel-categories.md has them with their sources):
//   - CUTLASS procedural names (python/cutlass_library gemm_operation.py, procedural_name):
//     cutlass_<opclass>_[<C type>_]<acc letter><MMA shape>[<intermediate type>]<kind>[_<A type>]
//     with opclass tensorop / wmma_tensorop / sptensorop (tensor cores) or simt (CUDA cores),
//     acc letters s f32, h f16, d f64, i s32, c/z complex; an fp32 tensor op on f32 data is TF32
//     (the m16n8k8 MMA takes tf32), whether or not the name adds "tf32";
//   - cuBLAS/cuDNN arch-prefixed names: volta_sgemm / ampere_sgemm (SIMT), volta_h884gemm,
//     turing_fp16_s1688gemm_fp16 (HMMA shapes), volta_scudnn (SIMT convolutions);
//   - xmma (cuBLAS/cuDNN tensor-core kernels): sm80_xmma_gemm_tf32f32_tf32f32_f32_...,
//     sm90_xmma_gemm_bf16bf16_bf16f32_f32_...: the first type of the first type group is A's;
//   - nvjet (cuBLAS 12 Hopper/Blackwell GEMMs, all warpgroup MMA): nvjet_[smNN_]<types>_...,
//     h fp16, t bf16, q fp8 (nvjet_hsh, nvjet_tst, nvjet_qqtst in fp16 / bf16 / fp8 runs);
//   - AMD's families (hipBLASLt/Tensile, MIOpen igemm, composable kernel): in
//     kernel_name_precision_amd.cpp;
//   - TensorRT-LLM Blackwell bmm_<out>_<A><B>_<acc>: E4m3/E5m2 fp8, E2m1 fp4, MxE* block scaled.

#include "core/import/kernel_name_text.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <string>

namespace roofscope::kernel_name {

bool isDigit(char c) {
    return std::isdigit(static_cast<unsigned char>(c)) != 0;
}

// CUTLASS and cuBLAS element names (DataTypeNames in cutlass_library, and cuBLAS's own).
std::optional<Precision> elementPrecision(std::string_view w) {
    if (w == "bf16")
        return Precision::bf16;
    if (w == "f16" || w == "fp16")
        return Precision::fp16;
    if (w == "tf32")
        return Precision::tf32;
    if (w == "f64")
        return Precision::fp64;
    if (w == "e4m3" || w == "e5m2" || w == "fe4m3" || w == "fe5m2")
        return Precision::fp8;
    if (w == "s8" || w == "u8" || w == "i8" || w == "int8")
        return Precision::int8;
    return std::nullopt;
}

namespace {

// "256x64", "64x64x64": a CUTLASS threadblock shape, where the extended name ends.
bool isTileShape(std::string_view w) {
    return !w.empty() && isDigit(w.front()) && contains(w, "x");
}

// "s1688gemm", "h16816gemm", "s1688tf32gemm", "sgemm", "d884gemm", "s64x128x16gemm": the
// accumulator letter, whether an MMA shape follows it, and the intermediate type when named.
struct CoreName {
    char accumulator = 0;
    bool mmaShape = false;
    std::optional<Precision> intermediate;
};

std::optional<CoreName> coreName(std::string_view w) {
    static constexpr std::array kinds{"gemm", "fprop", "dgrad", "wgrad", "cudnn", "conv"};
    std::size_t kindAt = std::string_view::npos;
    for (const std::string_view kind : kinds)
        kindAt = std::min(kindAt, w.find(kind));
    if (kindAt == std::string_view::npos || kindAt == 0)
        return std::nullopt;
    CoreName core;
    core.accumulator = w.front();
    if (!contains("shdicz", std::string_view(&core.accumulator, 1)))
        return std::nullopt;
    const std::string_view middle = w.substr(1, kindAt - 1);
    core.mmaShape = !middle.empty() && isDigit(middle.front());
    if (contains(middle, "tf32"))
        core.intermediate = Precision::tf32;
    else if (contains(middle, "bf16"))
        core.intermediate = Precision::bf16;
    else if (contains(middle, "f16"))
        core.intermediate = Precision::fp16;
    return core;
}

std::optional<Precision> fromAccumulator(char accumulator, bool tensor) {
    switch (accumulator) {
    case 'h':
        return Precision::fp16;
    case 'd':
    case 'z':
        return Precision::fp64;
    case 'i':
        return Precision::int8;
    case 's':
    case 'c':
        // An fp32 tensor-core MMA exists only as TF32 (m16n8k8 / m16n8k4 take tf32 operands).
        return tensor ? Precision::tf32 : Precision::fp32;
    default:
        return std::nullopt;
    }
}

std::optional<PrecisionUnit> cutlass(const std::vector<std::string_view>& w) {
    // cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_128x64_64x6_tn_align8
    const auto op = std::find_if(w.begin(), w.end(), [](std::string_view x) {
        return x == "tensorop" || x == "sptensorop" || x == "simt";
    });
    // The opclass follows "cutlass" (or "cutlass3x", "cutlass_cudnn_train::Kernel<cutlass").
    if (op == w.end() ||
        std::none_of(w.begin(), op, [](std::string_view x) { return startsWith(x, "cutlass"); }))
        return std::nullopt;
    PrecisionUnit out;
    const bool tensor = *op != "simt";
    out.unit = tensor ? ComputeUnit::tensor : ComputeUnit::vector;
    std::optional<CoreName> core;
    std::optional<Precision> before, after;
    for (auto it = op + 1; it != w.end() && !isTileShape(*it); ++it) {
        if (!core) {
            core = coreName(*it);
            if (core)
                continue;
        }
        const auto p = elementPrecision(*it);
        if (!p)
            continue;
        if (!core && !before)
            before = p; // ${element_c}
        else if (core && !after)
            after = p; // ${element_a}
    }
    if (after)
        out.precision = after;
    else if (core && core->intermediate)
        out.precision = core->intermediate;
    else if (before)
        out.precision = before;
    else if (core)
        out.precision = fromAccumulator(core->accumulator, tensor);
    return out;
}

std::optional<PrecisionUnit> cublasArch(const std::vector<std::string_view>& w) {
    // volta_sgemm_64x64_nt, ampere_fp16_s16816gemm_fp16_..., volta_scudnn_128x64_relu_...,
    // cudnn_infer_ampere_scudnn_128x64_..., turing_fp16_s1688cudnn_fp16_...
    static constexpr std::array arches{"maxwell", "pascal", "volta", "turing", "ampere", "hopper"};
    const auto arch = std::find_if(w.begin(), w.end(), [](std::string_view x) {
        return std::find(arches.begin(), arches.end(), x) != arches.end();
    });
    if (arch == w.end() || arch + 1 == w.end())
        return std::nullopt;
    auto it = arch + 1;
    std::optional<Precision> typed = elementPrecision(*it);
    if (typed && ++it == w.end())
        return std::nullopt;
    const std::optional<CoreName> core = coreName(*it);
    if (!core)
        return std::nullopt;
    PrecisionUnit out;
    if (core->mmaShape)
        out.unit = ComputeUnit::tensor;
    else if (core->accumulator == 's' || core->accumulator == 'h' || core->accumulator == 'c')
        out.unit = ComputeUnit::vector; // SIMT: sgemm, hgemm, scudnn
    out.precision = typed ? typed : core->intermediate;
    if (!out.precision)
        out.precision = fromAccumulator(core->accumulator, core->mmaShape);
    return out;
}

// "tf32f32", "bf16bf16", "e4m3e4m3": the element types run together, first is A's.
std::vector<Precision> typeRun(std::string_view w) {
    static constexpr std::array<std::pair<std::string_view, Precision>, 9> codes{{
        {"tf32", Precision::tf32},
        {"bf16", Precision::bf16},
        {"f16", Precision::fp16},
        {"f32", Precision::fp32},
        {"f64", Precision::fp64},
        {"e4m3", Precision::fp8},
        {"e5m2", Precision::fp8},
        {"i8", Precision::int8},
        {"s8", Precision::int8},
    }};
    std::vector<Precision> out;
    while (!w.empty()) {
        const auto code = std::find_if(codes.begin(), codes.end(),
                                       [&](const auto& c) { return startsWith(w, c.first); });
        if (code == codes.end())
            return {};
        out.push_back(code->second);
        w.remove_prefix(code->first.size());
    }
    return out;
}

std::optional<PrecisionUnit> xmma(const std::vector<std::string_view>& w) {
    if (std::find(w.begin(), w.end(), "xmma") == w.end())
        return std::nullopt;
    PrecisionUnit out;
    bool onlyF32 = true, any = false;
    for (const std::string_view x : w) {
        const std::vector<Precision> run = typeRun(x);
        if (run.empty())
            continue;
        if (!any)
            out.precision = run.front();
        any = true;
        for (const Precision p : run) {
            if (p == Precision::tf32)
                out.precision = Precision::tf32; // f32 storage through TF32 math
            if (p != Precision::fp32)
                onlyF32 = false;
        }
    }
    if (any && !onlyF32)
        out.unit = ComputeUnit::tensor;
    return out;
}

std::optional<PrecisionUnit> nvjet(const std::vector<std::string_view>& w) {
    auto it = std::find(w.begin(), w.end(), "nvjet");
    if (it == w.end())
        return std::nullopt;
    ++it;
    if (it != w.end() && startsWith(*it, "sm") && it->size() > 2 && isDigit((*it)[2]))
        ++it; // nvjet_sm100_tst_...
    PrecisionUnit out;
    if (it == w.end() || it->empty())
        return out;
    switch (it->front()) {
    case 'h':
        out.precision = Precision::fp16;
        break;
    case 't':
        out.precision = Precision::bf16;
        break;
    case 'q':
        out.precision = Precision::fp8;
        break;
    default:
        return out; // fp32 ('s') may run as SIMT or TF32; the name does not say which
    }
    out.unit = ComputeUnit::tensor;
    return out;
}

std::optional<PrecisionUnit> blackwellBmm(const std::vector<std::string_view>& w) {
    // bmm_E4m3_E4m3E4m3_Fp32_..., bmm_Bfloat16_E2m1E2m1_Fp32_..., bmm_MxE4m3_MxE2m1...
    if (w.size() < 3 || w[0] != "bmm")
        return std::nullopt;
    static constexpr std::array<std::pair<std::string_view, int>, 9> codes{{
        {"mxe4m3", 8},
        {"mxe5m2", 8},
        {"mxe2m1", 4},
        {"e4m3", 8},
        {"e5m2", 8},
        {"e2m1", 4},
        {"bfloat16", 16},
        {"fp16", 17},
        {"fp32", 32},
    }};
    const auto decode = [&](std::string_view x) {
        std::vector<int> out;
        while (!x.empty()) {
            const auto code = std::find_if(codes.begin(), codes.end(),
                                           [&](const auto& c) { return startsWith(x, c.first); });
            if (code == codes.end())
                return std::vector<int>{};
            out.push_back(code->second);
            x.remove_prefix(code->first.size());
        }
        return out;
    };
    // The second group holds A and B; when it names one type only, the first group may be one
    // of the inputs too, and both count.
    std::vector<int> inputs = decode(w[2]);
    if (inputs.size() < 2) {
        const std::vector<int> outputOrA = decode(w[1]);
        inputs.insert(inputs.end(), outputOrA.begin(), outputOrA.end());
    }
    if (inputs.empty())
        return std::nullopt;
    PrecisionUnit out;
    out.unit = ComputeUnit::tensor;
    // The MMA runs in the wider input type: fp4 only when both sides are fp4.
    const int widest = *std::max_element(inputs.begin(), inputs.end());
    out.precision = widest == 4    ? Precision::fp4
                    : widest == 8  ? Precision::fp8
                    : widest == 16 ? Precision::bf16
                    : widest == 17 ? Precision::fp16
                                   : Precision::fp32;
    return out;
}

// Tensor-core words any family may use: MMA instruction families and their shapes.
bool saysTensor(std::string_view head, const std::vector<std::string_view>& w) {
    // "opclasstensorop" is CUTLASS's OpClassTensorOp inside mangled names; a bare "tensorop"
    // must be a word of its own (MIOpen's SubTensorOpWithScalar is no tensor op).
    static constexpr std::array parts{"wgmma",   "hmma",   "dmma", "imma",
                                      "tcgen05", "xdlops", "mfma", "opclasstensorop"};
    if (std::any_of(parts.begin(), parts.end(),
                    [&](std::string_view p) { return contains(head, p); }))
        return true;
    return std::any_of(w.begin(), w.end(), [](std::string_view x) {
        return x == "tensorop" || x == "mma" || x == "gmma" ||
               (startsWith(x, "tensor") && x.size() > 6 && isDigit(x[6])); // "tensor16x8x8"
    });
}

// CUDA-core GEMM words: SIMT, an sgemm/hgemm/dgemm without an MMA shape, matrix-vector kernels.
bool saysVector(const std::vector<std::string_view>& w) {
    return std::any_of(w.begin(), w.end(), [](std::string_view x) {
        return x == "simt" || x == "sgemm" || x == "hgemm" || startsWith(x, "gemv") ||
               x == "gemvx" || x == "scudnn";
    });
}

// The first floating-point type among the words: template arguments (c10::BFloat16,
// __nv_bfloat16, cutlass::half_t, float) and dtype words in names (bf16, half).
std::optional<Precision> firstType(const std::vector<std::string_view>& w) {
    for (const std::string_view x : w) {
        if (x == "bfloat16" || x == "bf16" || x == "bhalf")
            return Precision::bf16;
        if (x == "half" || x == "fp16" || x == "float16")
            return Precision::fp16;
        if (x == "float" || x == "fp32" || x == "float32")
            return Precision::fp32;
        if (x == "double" || x == "fp64" || x == "float64")
            return Precision::fp64;
        if (x == "tf32")
            return Precision::tf32;
        if (x == "float8" || x == "fp8" || startsWith(x, "e4m3") || startsWith(x, "e5m2"))
            return Precision::fp8;
        // TensorRT-LLM / FlashInfer Blackwell attention: fmhaSm100aKernel_QkvE4m3OBfloat16...
        if (startsWith(x, "qkve4m3") || startsWith(x, "qkve5m2"))
            return Precision::fp8;
        if (startsWith(x, "qkvbfloat16"))
            return Precision::bf16;
        if (startsWith(x, "qkvfp16"))
            return Precision::fp16;
    }
    return std::nullopt;
}

// Mangled names (_ZN...) spell their types as length-prefixed identifiers; the first element
// type named is A's in CUTLASS and CK templates.
std::optional<Precision> mangledType(std::string_view head) {
    static constexpr std::array<std::pair<std::string_view, Precision>, 6> types{{
        {"tfloat32", Precision::tf32},
        {"bfloat16", Precision::bf16},
        {"bhalf", Precision::bf16},
        {"half_t", Precision::fp16},
        {"float_e4m3", Precision::fp8},
        {"float_e5m2", Precision::fp8},
    }};
    std::optional<Precision> first;
    std::size_t at = std::string_view::npos;
    for (const auto& [spelling, precision] : types) {
        const std::size_t found = head.find(spelling);
        if (found < at) {
            at = found;
            first = precision;
        }
    }
    return first;
}

} // namespace

PrecisionUnit precisionAndUnit(std::string_view head) {
    const std::vector<std::string_view> w = words(head);
    for (const auto family : {cutlass, tensile, nvjet, xmma, blackwellBmm, miopenIgemm, cublasArch})
        if (auto found = family(w))
            return *found;
    PrecisionUnit out;
    // Mangled names (_ZN...) run their words together with lengths; their types are not words.
    if (startsWith(head, "_z")) {
        out.precision = mangledType(head);
    } else {
        // The template arguments name the element type; the function's own name may name a
        // target (_compute_FP8_quantize_cuda_kernel<float> reads float).
        const auto open = head.find('<');
        if (open != std::string_view::npos)
            out.precision = firstType(words(head.substr(open)));
        if (!out.precision)
            out.precision = firstType(w);
    }
    if (const auto ck = composableKernelUnit(head))
        out.unit = ck;
    else if (saysTensor(head, w))
        out.unit = ComputeUnit::tensor;
    else if (saysVector(w))
        out.unit = ComputeUnit::vector;
    return out;
}

} // namespace roofscope::kernel_name
