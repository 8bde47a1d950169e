#pragma once
// FLOPs per executed tensor-pipe instruction (Nsight Compute sm__inst_executed_pipe_tensor.sum,
// which counts warp-level MMA instructions), by GPU architecture. The factor depends on the
// instruction's shape, so it is only given where one shape dominates and a source says so:
//
//   Volta (V100)          512   NERSC roofline-on-nvidia-gpus postprocess.py, "TC FLOPs = 512 *
//                               sm__inst_executed_pipe_tensor.sum" (Yang, Kurth, Williams 2020)
//   Turing (T4)          2048   one warp-wide HMMA.1688 = mma.m16n8k8: 2*16*8*8 FLOP
//   Ampere, Ada          4096   one warp-wide HMMA.16816 = mma.m16n8k16 (16-bit inputs):
//   (A100, A10, L4, ...)        2*16*8*16 FLOP; TF32 kernels (m16n8k8) are overstated twice
//   Hopper, Blackwell     none  wgmma/tcgen05 instructions span up to m64n256k16 per
//                               warpgroup: no single factor, tensor FLOPs stay uncounted
//
// Shapes are those of the PTX ISA's mma instructions (NVIDIA PTX ISA, "Matrix shape").

#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

struct TensorFactor {
    double flopsPerInstruction = 0;
    std::string basis; // the line of the table above, for provenance and the details pane
};

// By catalog id ("nvidia-v100-sxm2-32gb") or the name a tool reports ("Tesla V100-SXM2-16GB",
// "NVIDIA A100-PG509-200"); nullopt for unknown GPUs and for Hopper and later.
std::optional<TensorFactor> ncuTensorFactor(std::string_view deviceIdOrName);

} // namespace roofscope
