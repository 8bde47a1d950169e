#pragma once
// What a GPU kernel is, read off its name: the kind of work (Category), the precision and the
// unit (tensor or vector) it ran on, and whether it is a helper of its op. One table of name
// rules for NVIDIA (CUDA, cuBLAS/cuBLASLt, CUTLASS, nvjet, xmma, cuDNN, NCCL) and AMD (ROCm,
// hipBLASLt/Tensile, rocBLAS, MIOpen, composable kernel, RCCL) libraries, PyTorch's own kernels
// and Triton/Inductor; docs/kernel-categories.md lists the rules in words, with their sources.
//
// A name says only what its library chose to spell. Every field is empty when the name is
// silent about it, so that callers can fall back to the op (categoryFromOpName, the shape
// estimates) instead of trusting a guess.

#include "core/enums.h"

#include <optional>
#include <string_view>

namespace roofscope {

struct KernelTraits {
    // The kind of work the kernel itself does; nullopt when no rule matched. A helper's category
    // is what the helper does (memory for a layout transform, reduction for a split-K
    // reduction), never its op's family, so it cannot pass for the op's main kernel.
    std::optional<Category> category;
    // The precision its inputs ran in, as the name spells it (tf32, fp64 via DMMA, fp16 'h' /
    // 'f16', bf16, fp8 'e4m3' / 'e5m2', int8); nullopt when the name is silent. Precision::other
    // for a precision Roofscope has no value for (fp4 e2m1 on both operands).
    std::optional<Precision> precision;
    // tensor when the name says tensor / matrix cores ran (tensorop, HMMA/DMMA/IMMA shapes,
    // wgmma, nvjet, xmma, MFMA "MI" tiles, CK xdl); vector when it says CUDA cores did (simt,
    // volta_sgemm, scudnn); nullopt when silent.
    std::optional<ComputeUnit> unit;
    // A library's auxiliary kernel that moves bytes but does none of its op's counted work:
    // layout transforms and im2col around a convolution, offset computations, zero fills,
    // split-K reductions and epilogues after a GEMM, Winograd transforms. An op's FLOP estimate
    // goes to its other kernels.
    bool helper = false;
    // The name says Winograd or FFT: a convolution algorithm that executes fewer multiplications
    // than the direct convolution the shape estimate counts (up to 4x fewer for F(4x4,3x3)).
    bool fewerMultiplies = false;
    // Which rule matched ("cutlass tensorop", "hipblaslt Cijk", ...), for the details pane and
    // the tests; "" when none did.
    std::string_view rule;
};

// Pure function of the name; demangled ("void at::native::vectorized_elementwise_kernel<...>
// (...)") and mangled ("_ZN2ck...") spellings both work. Parameter lists are ignored, so that a
// parameter type (cublasTransposeParams, kernel_conv_params) cannot decide the category.
KernelTraits kernelTraits(std::string_view kernelName);

// The category a framework op's name says (aten::mm -> gemm, aten::convolution -> conv,
// aten::_scaled_dot_product_flash_attention -> attention, aten::native_layer_norm -> norm,
// aten::sum -> reduction, aten::embedding_bag / fbgemm::split_embedding* -> embedding,
// aten::_foreach_* / _fused_adam_ -> optimizer, c10d:: / nccl: -> collective, aten::copy_ /
// aten::cat -> memory, aten::add -> elementwise), and XLA's HLO instruction names as XPlane's
// hlo_op gives them (all-reduce-start.1 -> collective, loop_transpose_fusion -> memory,
// input_reduce_fusion -> reduction, wrapped_convert -> elementwise, gemm_fusion_dot -> gemm,
// cudnn-conv.1.0 -> conv, te_fused_attn_forward_ffi.10 -> attention); nullopt for ops it does not
// know. Accepts the "aten::" prefix or none, ".overload" suffixes and in-place spellings ("relu_").
std::optional<Category> categoryFromOpName(std::string_view opName);

} // namespace roofscope
