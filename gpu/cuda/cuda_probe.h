#pragma once
// The CUDA probe. Built from cuda/*.cu and cuda/*.cpp when the toolkit is found, and from
// cuda_probe_absent.cpp otherwise, which reports that this build has no CUDA. No function here
// exits or throws: every CUDA, cuBLAS and NCCL error comes back as an Error naming the call.

#include "core/device.h"
#include "core/error.h"
#include "gpu/probe/benchmark.h"

#include <vector>

namespace roofscope::probe {

struct Gpu {
    int index = 0; // CUDA device ordinal
    Device device; // name, vendor "NVIDIA", kind gpu, identity (UUID, PCI bus, SMs, clocks, ...)
};

// The GPUs the CUDA driver sees. An Error with a one-line reason when there are none or no
// driver ("no CUDA driver: ...", "no CUDA device: ...", "this build has no CUDA").
Result<std::vector<Gpu>> listGpus();

// Benchmarks of one GPU. Keys: gpu_fma_fp64, gpu_fma_fp32, gpu_fma_fp16, gpu_fma_bf16 (vector),
// gpu_gemm_tf32, gpu_gemm_fp16, gpu_gemm_bf16, gpu_gemm_fp8, gpu_gemm_int8 (tensor, where
// supported), gpu_memory (l2 and dram sweep), gpu_shared_memory (l1), gpu_h2d, gpu_d2h.
std::vector<Benchmark> gpuBenchmarks(int device);

// Benchmarks across several local GPUs, whose link ceilings apply to each of them. Keys: gpu_p2p
// (every pair; the slowest pair is the ceiling), nccl_all_reduce, nccl_all_gather,
// nccl_reduce_scatter (intra_node bus bandwidth, when built with NCCL). Empty for one GPU.
std::vector<Benchmark> multiGpuBenchmarks(const std::vector<int>& devices);

} // namespace roofscope::probe
