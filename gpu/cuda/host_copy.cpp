// gpu_h2d / gpu_d2h: copies between pinned host memory and the device, by the copy engines
// (cudaMemcpyAsync), the ceiling of the host link (PCIe, or NVLink-C2C on Grace Hopper).
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <cstdint>
#include <cstring>
#include <vector>

namespace roofscope::probe {

namespace {

constexpr std::uint32_t kSeed = 0xc0b1;

} // namespace

Result<Outcome> runHostCopy(int device, bool toDevice, Context& context) {
    const Budget budget(context);
    ScopedDevice scope;
    ROOFSCOPE_TRY_STATUS(scope.enter(device));
    const std::size_t bytes = copyBytes(context.size);
    const std::size_t words = bytes / sizeof(std::uint32_t);
    ROOFSCOPE_TRY(host, PinnedBuffer::allocate(bytes));
    ROOFSCOPE_TRY(gpu, DeviceBuffer::allocate(bytes));
    ROOFSCOPE_TRY(stream, Stream::create());
    const cudaStream_t s = stream.value().get();

    // The source holds the pattern, the destination something else, so that the check below
    // proves the copy happened.
    std::uint32_t* hostWords = host.value().as<std::uint32_t>();
    if (toDevice) {
        for (std::size_t i = 0; i < words; ++i)
            hostWords[i] = kernels::patternWord(i, kSeed);
        ROOFSCOPE_CUDA_TRY(cudaMemsetAsync(gpu.value().get(), 0, bytes, s));
    } else {
        std::memset(hostWords, 0, bytes);
        ROOFSCOPE_CUDA_TRY(kernels::fillPattern(gpu.value().as<std::uint32_t>(), words, kSeed, s));
    }
    ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(s));
    context.progress(0.1);

    void* dst = toDevice ? gpu.value().get() : host.value().get();
    const void* src = toDevice ? host.value().get() : gpu.value().get();
    const cudaMemcpyKind kind = toDevice ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost;
    const Launch launch = [&](int reps) -> Status {
        for (int r = 0; r < reps; ++r)
            ROOFSCOPE_CUDA_TRY(cudaMemcpyAsync(dst, src, bytes, kind, s));
        return {};
    };
    SamplePlan plan = samplePlan(context.size);
    plan.maxReps = 64;
    ROOFSCOPE_TRY(timed, timeOnStream(s, plan, budget, launch));
    const double clockMHz = clockAfterRunMHz(device);
    // Read right after the copies, while the link is still at its working speed.
    const RunConditions conditions = conditionsAfterRun(device);
    context.progress(0.9);

    // Verify 4096 words spread over the destination (device words in one strided copy).
    const std::size_t samples = 4096;
    const std::size_t step = words / samples;
    std::vector<std::uint32_t> got(samples);
    if (toDevice) {
        ROOFSCOPE_CUDA_TRY(cudaMemcpy2DAsync(got.data(), sizeof(std::uint32_t), gpu.value().get(),
                                             step * sizeof(std::uint32_t), sizeof(std::uint32_t),
                                             samples, cudaMemcpyDeviceToHost, s));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(s));
    } else {
        for (std::size_t i = 0; i < samples; ++i)
            got[i] = hostWords[i * step];
    }
    for (std::size_t i = 0; i < samples; ++i)
        if (got[i] != kernels::patternWord(i * step, kSeed))
            return makeError(std::string("verification failed: ") + (toDevice ? "device" : "host") +
                             " word " + std::to_string(i * step) + " after the copy is " +
                             std::to_string(got[i]));

    const Link link = toDevice ? Link::pcie_h2d : Link::pcie_d2h;
    const std::string method = std::string("cudaMemcpyAsync ") +
                               (toDevice ? "pinned host -> device" : "device -> pinned host") +
                               " (cudaHostAlloc), " + bytesText(static_cast<double>(bytes)) +
                               " per copy, own stream, " +
                               std::to_string(timed.value().secondsPerRep.size()) + " samples of " +
                               std::to_string(timed.value().reps) + " copies; destination verified";
    Outcome outcome;
    Measured m = rateFromTimes(link, static_cast<double>(bytes), timed.value().secondsPerRep,
                               method, clockMHz);
    m.conditions = conditions;
    m.note = "the host link's rate; on NVLink-C2C systems (Grace Hopper) this is C2C, not PCIe, "
             "though the ceiling keeps the pcie_* name";
    outcome.ceilings.push_back(std::move(m));
    if (timed.value().stoppedEarly)
        outcome.warnings.push_back("stopped early (time limit or cancel): fewer samples");
    context.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe
