#pragma once
// Internal to gpu/cuda: what the benchmarks need to know about a GPU to size their work, read from
// the runtime (cudaGetDeviceProperties), and the stable id made from a GPU's name.

#include "core/error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace roofscope::probe {

struct GpuFacts {
    std::string name; // "NVIDIA H200"
    int major = 0;    // compute capability
    int minor = 0;
    int multiprocessors = 0;
    std::size_t l2Bytes = 0;
    std::size_t memoryBytes = 0; // total device memory
    std::string pciBusId;        // "0000:17:00.0"
};

Result<GpuFacts> gpuFacts(int device);

// "NVIDIA H200" -> "nvidia-h200": lower case, runs of anything but letters and digits as one '-'.
std::string deviceSlug(std::string_view name);

} // namespace roofscope::probe
