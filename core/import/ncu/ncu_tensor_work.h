#pragma once
// The tensor-pipe work of one Nsight Compute launch: its warp-level MMA instructions by kind, the
// precision they ran in, and the FLOPs they did with the architecture's factors
// (ncu_tensor_factor.h).
//
// Instruction counts, each read in its sm__ or smsp__ spelling (sm__ first; both sums count the
// same instructions):
//   sm__inst_executed_pipe_tensor.sum                     every tensor-pipe instruction
//   sm__inst_executed_pipe_tensor_op_hmma.sum             HMMA: fp16, bf16 and tf32 inputs
//   sm__inst_executed_pipe_tensor_op_hmma_type_hfma2.sum  HFMA2.MMA, packed half FMAs issued to
//                                                         the tensor pipe: counted by the scalar
//                                                         hfma metric already, so not HMMA here
//   sm__inst_executed_pipe_tensor_op_dmma.sum             DMMA: fp64 (sm_80 and later)
//   sm__inst_executed_pipe_tensor_op_imma.sum             IMMA: int8 (int4 shapes not told apart)
// Instructions of the total that no per-kind metric accounts for (the total is all that NERSC's
// metric list and Volta have) take the kind the kernel name says: fp64 (d884gemm) DMMA, int8 IMMA,
// anything else HMMA.
//
// Precision of the HMMA work, the first rule that applies:
//   1. the metrics say: sm__ops_path_tensor_src_{fp16,bf16,tf32}_dst_*.sum, the source type with
//      most ops (fp16 to fp16 and to fp32 summed);
//   2. the kernel name says (kernelTraits): fp16 or bf16 as named; tf32 when the GPU is Ampere or
//      later and the scalar FLOPs, if any, are mostly fp32;
//   3. fp16, HMMA's own type (bf16 and fp16 share one tensor roof on Ampere and Hopper).
// DMMA work is fp64, IMMA work int8.

#include "core/enums.h"
#include "core/import/kernel_traits.h"
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_tensor_factor.h"

#include <optional>
#include <string_view>
#include <utility>
#include <vector>

namespace roofscope {

struct NcuTensorWork {
    double hmma = 0, dmma = 0, imma = 0; // warp-level instructions executed
    bool present = false;                // the export has a tensor-pipe instruction metric
    Precision hmmaPrecision = Precision::fp16;

    double instructions() const { return hmma + dmma + imma; }
};

// True for the metrics above, in either spelling.
bool isNcuTensorMetric(std::string_view name);

// `scalarMix`: the precision doing most of the launch's scalar FLOPs, nullopt when it has none.
NcuTensorWork ncuTensorWork(const NcuLaunch& launch, const KernelTraits& traits,
                            std::optional<Precision> scalarMix, bool ampereOrLater);

// FLOPs per precision: HMMA x (TF32 or 16-bit factor), DMMA x its factor as fp64, IMMA x its
// factor as int8. A kind whose factor is 0, or that did no instruction, is left out.
std::vector<std::pair<Precision, double>> ncuTensorFlops(const NcuTensorWork& work,
                                                         const TensorFactor& factor);

} // namespace roofscope
