#pragma once
// FLOPs per executed tensor-pipe instruction (Nsight Compute sm__inst_executed_pipe_tensor*.sum,
// which count warp-level MMA instructions), by GPU architecture and instruction kind. A factor
// depends on the instruction's shape, so it is only given where one shape dominates and a source
// says so:
//
//   Volta (V100)        HMMA  512   NERSC roofline-on-nvidia-gpus postprocess.py, "TC FLOPs =
//                                   512 * sm__inst_executed_pipe_tensor.sum" (Yang, Kurth,
//                                   Williams 2020)
//   Turing (T4)         HMMA 2048   one warp-wide HMMA.1688 = mma.m16n8k8: 2*16*8*8 FLOP
//                       IMMA 2048   IMMA.8816 = mma.m8n8k16 (s8): 2*8*8*16 ops
//   Ampere, Ada         HMMA 4096   HMMA.16816 = mma.m16n8k16 (fp16/bf16 inputs): 2*16*8*16 FLOP
//   (A100, A10, L4, ...) TF32 2048  HMMA.1688 on TF32 inputs = mma.m16n8k8: 2*16*8*8 FLOP
//                       DMMA  512   DMMA.884 = mma.m8n8k4 (f64): 2*8*8*4 FLOP
//                       IMMA 8192   IMMA.16832 = mma.m16n8k32 (s8, CUTLASS's sm80 int8 shape):
//                                   2*16*8*32 ops; m16n8k16 and int4 shapes are misstated
//   Hopper, Blackwell   none        wgmma/tcgen05 instructions span up to m64n256k16 per
//                                   warpgroup: no single factor, tensor FLOPs stay uncounted
//
// Shapes are those of the PTX ISA's mma instructions (NVIDIA PTX ISA, "Matrix shape"). FP8 MMA
// on Ada (m16n8k32) is counted as HMMA: half its FLOPs, against the fp16 roof, which is half the
// fp8 one, so the fraction of roof it reaches is right.

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// The NVIDIA GPU generations the table tells apart; ampere covers Ada, hopper covers Blackwell.
enum class NcuGpuGeneration { volta, turing, ampere, hopper };

struct TensorFactor {
    double flopsPerInstruction = 0;     // HMMA on 16-bit inputs (on Volta: every tensor one)
    double tf32FlopsPerInstruction = 0; // HMMA on TF32 inputs; 0 where TF32 does not exist
    double dmmaFlopsPerInstruction = 0; // FP64 DMMA; 0: no FP64 tensor instructions
    double immaOpsPerInstruction = 0;   // int8 IMMA; 0: no integer tensor instructions
    std::string basis; // the lines of the table above, for provenance and the details pane
};

// By catalog id ("nvidia-v100-sxm2-32gb") or the name a tool reports ("Tesla V100-SXM2-16GB",
// "NVIDIA A100-PG509-200"); nullopt for GPUs the table does not know (AMD included).
std::optional<NcuGpuGeneration> ncuGpuGeneration(std::string_view deviceIdOrName);

// The factors of that generation; nullopt for unknown GPUs and for Hopper and later.
std::optional<TensorFactor> ncuTensorFactor(std::string_view deviceIdOrName);

} // namespace roofscope
