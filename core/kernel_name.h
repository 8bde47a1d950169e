#pragma once
// Kernel names a person can read. A GPU kernel's name is a C++ signature of up to a few hundred
// characters whose first words ("void cutlass::Kernel2<...", "void at::native::vectorized...")
// say nothing; what identifies it is a GEMM or convolution tile name, a Tensile tile, or the
// functor a PyTorch elementwise kernel runs.

#include "core/op_record.h"

#include <string>
#include <string_view>

namespace roofscope {

// The part of `kernel` that identifies it:
//   "void cutlass::Kernel2<cutlass_80_tensorop_bf16_s16816gemm_relu_bf16_64x64_64x6_tn_align8>(
//    ...::Params)"                                  ->
//    "cutlass_80_tensorop_bf16_s16816gemm_relu_..."
//   "void at::native::vectorized_elementwise_kernel<4, at::native::BinaryFunctor<c10::BFloat16,
//    ..., at::native::binary_internal::MulFunctor<float> >, ...>(...)"
//                                                   -> "vectorized_elementwise_kernel<MulFunctor>"
//   "Cijk_Ailk_Bljk_B_BS_BH_Bias_HA_S_SAV_UserArgs_MT128x256x32_MI16x16x1_SN_..."
//                                                   -> "Cijk_Ailk_Bljk MT128x256x32 MI16x16x1"
//   "void at::native::(anonymous namespace)::cunn_SoftMaxForward<8, ...>(...)"
//                                                   -> "cunn_SoftMaxForward"
// Names without a signature ("sm90_xmma_gemm_...", "Memcpy HtoD (Pageable -> Device)",
// "ncclDevKernel_AllReduce_Sum_f32_RING_LL(...)" without templates) come back without their
// argument list; never empty for a non-empty name.
std::string shortKernelName(std::string_view kernel);

// What a plot label, a tooltip's first line or a comparison row calls a record: its op and a
// short kernel name ("aten::mm [[512,768],[768,3072]] · sm90_xmma_gemm_bf16bf16..."), its op
// alone when the record is the op (grouped by op), else the short kernel name.
std::string recordLabel(const OpRecord& record);

} // namespace roofscope
