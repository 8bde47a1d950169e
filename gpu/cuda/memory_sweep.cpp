// gpu_memory: L2 and HBM bandwidth from one working-set sweep of the ping-pong copy (kernel
// contract in kernels.h). The plateau at or below half the L2 gives the l2 ceiling, the sizes of
// at least 8 x L2 the dram ceiling; every size is also an observation.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_devices.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

namespace roofscope::probe {

namespace {

constexpr std::uint32_t kSeed = 0x5eed;
constexpr double kMiB = 1024.0 * 1024.0;

struct Point {
    double workingSetBytes = 0; // both buffers
    Timed timed;
    double clockMHz = 0;
    RunConditions conditions;
    double median() const {
        const Stats s = summarize([&] {
            std::vector<double> rates;
            for (double t : timed.secondsPerRep)
                rates.push_back(workingSetBytes / t);
            return rates;
        }());
        return s.median;
    }
};

// Working sets (bytes of a + b) from L2/4 upwards by `factor` up to `largest`, which is included.
std::vector<double> sweepSizes(double l2, double largest, double factor) {
    std::vector<double> sizes;
    for (double ws = l2 / 4; ws < largest * 0.99; ws *= factor)
        sizes.push_back(ws);
    sizes.push_back(largest);
    return sizes;
}

// Checks `samples` words spread over the first `words` words of a and of b: both must hold the
// pattern after any number of ping-pong passes.
Status verifyPattern(const DeviceBuffer& a, const DeviceBuffer& b, std::size_t words,
                     cudaStream_t stream) {
    const std::size_t samples = std::min<std::size_t>(4096, words);
    const std::size_t step = words / samples;
    std::vector<std::uint32_t> got(samples);
    for (const DeviceBuffer* buffer : {&a, &b}) {
        ROOFSCOPE_CUDA_TRY(cudaMemcpy2DAsync(got.data(), sizeof(std::uint32_t), buffer->get(),
                                             step * sizeof(std::uint32_t), sizeof(std::uint32_t),
                                             samples, cudaMemcpyDeviceToHost, stream));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(stream));
        for (std::size_t i = 0; i < samples; ++i) {
            const std::uint32_t expected = kernels::patternWord(i * step, kSeed);
            if (got[i] != expected)
                return makeError("verification failed: word " + std::to_string(i * step) +
                                 " of buffer " + (buffer == &a ? "a" : "b") + " is " +
                                 std::to_string(got[i]) + ", expected " + std::to_string(expected));
        }
    }
    return {};
}

} // namespace

Result<Outcome> runMemorySweep(int device, Context& context) {
    const Budget budget(context);
    ScopedDevice scope;
    ROOFSCOPE_TRY_STATUS(scope.enter(device));
    ROOFSCOPE_TRY(factsResult, gpuFacts(device));
    const GpuFacts& facts = factsResult.value();
    const double l2 = facts.l2Bytes > 0 ? static_cast<double>(facts.l2Bytes) : 4 * kMiB;

    // The largest working set: well past L2 (8x, where L2 hits no longer matter) and at least
    // 1 GiB at normal size, within 40% of free memory.
    double largest = 0;
    double factor = 0;
    switch (context.size) {
    case Size::quick:
        largest = std::max(8 * l2, 256 * kMiB);
        factor = 2;
        break;
    case Size::normal:
        largest = std::max(8 * l2, 1024 * kMiB);
        factor = std::sqrt(2.0);
        break;
    case Size::thorough:
        largest = std::max(16 * l2, 4096 * kMiB);
        factor = std::pow(2.0, 0.25);
        break;
    }
    std::size_t freeBytes = 0;
    std::size_t totalBytes = 0;
    ROOFSCOPE_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
    Outcome outcome;
    if (largest > 0.4 * static_cast<double>(freeBytes)) {
        largest = 0.4 * static_cast<double>(freeBytes);
        outcome.warnings.push_back("largest working set limited to " + bytesText(largest) +
                                   " by free device memory");
    }
    const std::vector<double> sizes = sweepSizes(l2, largest, factor);

    // Two buffers of half the largest working set each; smaller points use their prefixes.
    const std::size_t bufferVectors = static_cast<std::size_t>(sizes.back() / 32);
    ROOFSCOPE_TRY(a, DeviceBuffer::allocate(bufferVectors * 16));
    ROOFSCOPE_TRY(b, DeviceBuffer::allocate(bufferVectors * 16));
    ROOFSCOPE_TRY(stream, Stream::create());
    const cudaStream_t s = stream.value().get();
    ROOFSCOPE_CUDA_TRY(
        kernels::fillPattern(a.value().as<std::uint32_t>(), bufferVectors * 4, kSeed, s));

    int perSm = 0;
    ROOFSCOPE_CUDA_TRY(kernels::pingPongBlocksPerSm(&perSm));
    const int blocks = facts.multiprocessors * std::max(perSm, 1);

    SamplePlan plan = samplePlan(context.size);
    std::vector<Point> points;
    std::size_t largestVectors = 0;
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i > 0 && budget.expired()) {
            outcome.warnings.push_back("sweep stopped after " + std::to_string(i) + " of " +
                                       std::to_string(sizes.size()) +
                                       " sizes (time limit or cancel)");
            break;
        }
        const std::size_t vectors = static_cast<std::size_t>(sizes[i] / 32);
        const Launch launch = [&](int passes) -> Status {
            ROOFSCOPE_CUDA_TRY(kernels::launchPingPong(a.value().get(), b.value().get(), vectors,
                                                       passes, blocks, s));
            return {};
        };
        auto timed = timeOnStream(s, plan, budget, launch);
        if (!timed && budget.cancelled() && !points.empty()) {
            outcome.warnings.push_back("sweep cancelled after " + std::to_string(i) + " of " +
                                       std::to_string(sizes.size()) + " sizes");
            break;
        }
        if (!timed)
            return timed.error();
        Point point;
        point.workingSetBytes = static_cast<double>(vectors) * 32;
        point.timed = std::move(timed).value();
        point.clockMHz = clockAfterRunMHz(device);
        point.conditions = conditionsAfterRun(device);
        largestVectors = std::max(largestVectors, vectors);
        points.push_back(std::move(point));
        plan.warmups = 1; // clocks are warm after the first size
        plan.warmupS = 0;
        budget.progress(0.95 * static_cast<double>(i + 1) / static_cast<double>(sizes.size()));
    }
    ROOFSCOPE_TRY_STATUS(verifyPattern(a.value(), b.value(), largestVectors * 4, s));

    for (const Point& p : points)
        outcome.observations.push_back(Observation{"copy " + bytesText(p.workingSetBytes),
                                                   p.median(), "B/s", p.workingSetBytes});

    // The best point of each band is the ceiling: what the level sustains when nothing else
    // limits the copy.
    auto best = [&](auto inBand) -> const Point* {
        const Point* chosen = nullptr;
        for (const Point& p : points)
            if (inBand(p.workingSetBytes) && (!chosen || p.median() > chosen->median()))
                chosen = &p;
        return chosen;
    };
    const std::string kernel = "ping-pong copy a<->b in 16-byte vectors through L2 "
                               "(ld/st.global.cg), " +
                               std::to_string(blocks) + " blocks x " +
                               std::to_string(kernels::kPingPongThreads) +
                               " threads; bytes = read + written";
    auto ceiling = [&](MemoryLevel level, const Point& p, const std::string& band) {
        Measured m = rateFromTimes(level, p.workingSetBytes, p.timed.secondsPerRep,
                                   kernel + ", working set " + bytesText(p.workingSetBytes) +
                                       " (a + b; L2 " + bytesText(l2) + "), " +
                                       std::to_string(p.timed.secondsPerRep.size()) +
                                       " samples of " + std::to_string(p.timed.reps) +
                                       " passes in one launch; best of the sweep sizes " + band +
                                       "; copies verified against the written pattern",
                                   p.clockMHz);
        m.conditions = p.conditions;
        outcome.ceilings.push_back(std::move(m));
    };
    if (const Point* p = best([&](double ws) { return ws <= l2 / 2 * 1.01; }))
        ceiling(MemoryLevel::l2, *p, "at or below L2/2");
    else
        outcome.warnings.push_back("l2 not measured: no sweep size at or below L2/2 ran");
    if (const Point* p = best([&](double ws) { return ws >= 8 * l2 * 0.99; }))
        ceiling(MemoryLevel::dram, *p, "of at least 8 x L2");
    else if (!points.empty() && points.back().workingSetBytes >= 2 * l2) {
        ceiling(MemoryLevel::dram, points.back(), "(only the largest, under 8 x L2)");
        outcome.warnings.push_back("dram measured with a working set of only " +
                                   numberText(points.back().workingSetBytes / l2, 2) +
                                   " x L2: L2 hits may inflate it");
    } else {
        outcome.warnings.push_back("dram not measured: the sweep stopped below 2 x L2");
    }
    budget.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe
