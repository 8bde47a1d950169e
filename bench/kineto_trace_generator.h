#pragma once
// A synthetic Kineto trace for benchmarks: the event mix, argument sets and name lengths of a
// real PyTorch DDP training trace (cpu_op with shapes, cuda_runtime, ac2g flows, kernels with
// CUPTI args and long template names, memcpy, NCCL collectives, python_function), repeated
// until the file reaches the requested size. Deterministic for a given size.

#include <cstdint>
#include <string>

namespace roofscope::bench {

struct GeneratedTrace {
    std::uint64_t bytes = 0;
    std::uint64_t events = 0;
    std::uint64_t kernels = 0;
};

// Writes the trace to `path` (plain JSON); errors as text, empty on success.
std::string writeKinetoTrace(const std::string& path, std::uint64_t targetBytes,
                             GeneratedTrace& info);

} // namespace roofscope::bench
