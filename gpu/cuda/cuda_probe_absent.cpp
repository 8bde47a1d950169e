// The CUDA probe of a build without the CUDA toolkit: no GPUs, no benchmarks, and a one-line
// reason that the driver and the tests show.
#include "gpu/cuda/cuda_probe.h"

namespace roofscope::probe {

Result<std::vector<Gpu>> listGpus() {
    return makeError("this build has no CUDA (roofscope-probe was built without the CUDA toolkit)");
}

std::vector<Benchmark> gpuBenchmarks(int) {
    return {};
}

std::vector<Benchmark> multiGpuBenchmarks(const std::vector<int>&) {
    return {};
}

} // namespace roofscope::probe
