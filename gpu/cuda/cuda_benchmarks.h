#pragma once
// Internal to gpu/cuda: the benchmark functions that gpu_benchmarks.cpp lists under their keys.
// Each makes `device` current for its run (restoring the caller's), owns everything it allocates,
// and returns an Error naming the failed call, or one starting "not supported:" when this GPU or
// build cannot run it (the driver reports that as skipped).

#include "gpu/probe/benchmark.h"

#include <vector>

namespace roofscope::probe {

// fp64, fp32 or fp16 FMA peak of the vector units (fma_benchmark.cpp).
Result<Outcome> runFmaPeak(int device, Precision precision, Context& context);

// Tensor-core GEMM peak through cuBLASLt: tf32, fp16, bf16, fp8 or int8 (gemm_lt.cpp).
Result<Outcome> runGemm(int device, Precision precision, Context& context);

// L2 and HBM bandwidth by working-set sweep (memory_sweep.cpp).
Result<Outcome> runMemorySweep(int device, Context& context);

// Shared-memory load bandwidth, reported as l1 (shared_memory.cpp).
Result<Outcome> runSharedMemory(int device, Context& context);

// Pinned host memory to the device (toDevice) or back (host_copy.cpp).
Result<Outcome> runHostCopy(int device, bool toDevice, Context& context);

// Every ordered pair of `devices` by cudaMemcpyPeerAsync (peer_copy.cpp).
Result<Outcome> runPeerCopy(const std::vector<int>& devices, Context& context);

// Whether this build has NCCL (nccl_collectives.cpp); the NCCL benchmarks are listed only then.
bool ncclBuilt();
// An NCCL collective across `devices` in this process (nccl_collectives.cpp): all_reduce,
// all_gather or reduce_scatter bus bandwidth over a size sweep.
Result<Outcome> runNcclCollective(const std::vector<int>& devices, Collective collective,
                                  Context& context);

} // namespace roofscope::probe
