// gpu_shared_memory: shared-memory load bandwidth of all multiprocessors (kernel contract in
// kernels.h), reported as the l1 ceiling since shared memory and L1 are one SRAM on NVIDIA GPUs.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_devices.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <algorithm>
#include <cstdint>

namespace roofscope::probe {

namespace {

// Periods per rep: 64 x 32 loads of 16 bytes per thread, a few microseconds of work.
constexpr int kPeriodsPerRep = 64;

} // namespace

Result<Outcome> runSharedMemory(int device, Context& context) {
    const Budget budget(context);
    ScopedDevice scope;
    ROOFSCOPE_TRY_STATUS(scope.enter(device));
    ROOFSCOPE_TRY(facts, gpuFacts(device));
    ROOFSCOPE_TRY(stream, Stream::create());
    const cudaStream_t s = stream.value().get();

    int perSm = 0;
    ROOFSCOPE_CUDA_TRY(kernels::sharedLoadsBlocksPerSm(&perSm));
    const int blocks = facts.value().multiprocessors * std::max(perSm, 1);
    ROOFSCOPE_TRY(checksum, DeviceBuffer::allocate(sizeof(std::uint32_t)));

    int lastPeriods = 0;
    const Launch launch = [&](int reps) -> Status {
        lastPeriods = reps * kPeriodsPerRep;
        ROOFSCOPE_CUDA_TRY(cudaMemsetAsync(checksum.value().get(), 0, sizeof(std::uint32_t), s));
        ROOFSCOPE_CUDA_TRY(kernels::launchSharedLoads(blocks, lastPeriods,
                                                      checksum.value().as<std::uint32_t>(), s));
        return {};
    };
    SamplePlan plan = samplePlan(context.size);
    plan.maxReps = 1 << 14; // periods stay well inside int
    ROOFSCOPE_TRY(timed, timeOnStream(s, plan, budget, launch));
    const double clockMHz = clockAfterRunMHz(device);
    const RunConditions conditions = conditionsAfterRun(device);
    context.progress(0.9);

    std::uint32_t got = 0;
    ROOFSCOPE_CUDA_TRY(
        cudaMemcpyAsync(&got, checksum.value().get(), sizeof got, cudaMemcpyDeviceToHost, s));
    ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(s));
    const std::uint32_t expected = kernels::sharedLoadsExpected(blocks, lastPeriods);
    if (got != expected)
        return makeError("verification failed: shared-memory checksum " + std::to_string(got) +
                         ", expected " + std::to_string(expected));

    const double bytesPerRep = static_cast<double>(blocks) * kernels::kSharedThreads *
                               kPeriodsPerRep * kernels::kSharedLoadsPerPeriod * 16;
    const std::string method =
        "shared memory: 16-byte loads (LDS.128), each warp's 32 loads contiguous (no bank "
        "conflicts), " +
        std::to_string(blocks) + " blocks x " + std::to_string(kernels::kSharedThreads) +
        " threads (" + std::to_string(perSm) + " per SM) over a " +
        bytesText(2.0 * kernels::kSharedTileVectors * 16) + " tile, " +
        std::to_string(timed.value().secondsPerRep.size()) + " samples of " +
        std::to_string(timed.value().reps * kPeriodsPerRep * kernels::kSharedLoadsPerPeriod) +
        " loads per thread; bytes = loaded; checksum of every loaded word verified";
    Outcome outcome;
    Measured m =
        rateFromTimes(MemoryLevel::l1, bytesPerRep, timed.value().secondsPerRep, method, clockMHz);
    m.conditions = conditions;
    m.note = "shared-memory loads stand for l1: the two share one SRAM and its bandwidth";
    outcome.ceilings.push_back(std::move(m));
    if (timed.value().stoppedEarly)
        outcome.warnings.push_back("stopped early (time limit or cancel): fewer samples");
    context.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe
