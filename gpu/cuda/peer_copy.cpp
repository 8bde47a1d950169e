// gpu_p2p: device-to-device copies between every ordered pair of GPUs with peer access
// (NVLink or PCIe peer-to-peer), each pair an observation, the slowest pair the p2p ceiling: a
// program spread over these GPUs can count on that rate between any two of them.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <cstdint>
#include <utility>
#include <vector>

namespace roofscope::probe {

namespace {

constexpr std::uint32_t kSeed = 0x9e37;

// Peer access this benchmark enabled, disabled again on every return path so the process is
// left as found (access someone else enabled stays).
class PeerAccess {
  public:
    PeerAccess() = default;
    PeerAccess(const PeerAccess&) = delete;
    PeerAccess& operator=(const PeerAccess&) = delete;
    ~PeerAccess() {
        for (const auto& [from, to] : enabled_)
            if (cudaSetDevice(from) == cudaSuccess)
                (void)cudaDeviceDisablePeerAccess(to);
    }

    // Lets `from` access `to`'s memory.
    Status enable(int from, int to) {
        ROOFSCOPE_CUDA_TRY(cudaSetDevice(from));
        const cudaError_t status = cudaDeviceEnablePeerAccess(to, 0);
        if (status == cudaErrorPeerAccessAlreadyEnabled) {
            (void)cudaGetLastError();
            return {};
        }
        if (auto error = failure(status, "cudaDeviceEnablePeerAccess", __FILE__, __LINE__))
            return *error;
        enabled_.emplace_back(from, to);
        return {};
    }

  private:
    std::vector<std::pair<int, int>> enabled_;
};

struct PerDevice {
    int device = 0;
    DeviceBuffer source; // holds the pattern with seed kSeed + device
    DeviceBuffer target;
    Stream stream;
};

} // namespace

Result<Outcome> runPeerCopy(const std::vector<int>& devices, Context& context) {
    if (devices.size() < 2)
        return notSupported("peer-to-peer copies need two or more GPUs");
    const Budget budget(context);
    ScopedDevice scope; // also restores the caller's device after PeerAccess is undone
    const std::size_t bytes = copyBytes(context.size);
    const std::size_t words = bytes / sizeof(std::uint32_t);

    // Which ordered pairs can copy directly. cudaMemcpyPeer also works without peer access, by
    // staging through the host, which would measure the host link instead: such pairs are left
    // out with a warning.
    Outcome outcome;
    std::vector<std::pair<int, int>> pairs;
    for (int from : devices)
        for (int to : devices) {
            if (from == to)
                continue;
            int forward = 0;
            int backward = 0;
            ROOFSCOPE_CUDA_TRY(cudaDeviceCanAccessPeer(&forward, from, to));
            ROOFSCOPE_CUDA_TRY(cudaDeviceCanAccessPeer(&backward, to, from));
            if (forward && backward)
                pairs.emplace_back(from, to);
            else
                outcome.warnings.push_back("no peer access between GPU " + std::to_string(from) +
                                           " and GPU " + std::to_string(to));
        }
    if (pairs.empty())
        return notSupported("peer access between none of GPUs " + [&] {
            std::string list;
            for (int d : devices)
                list += (list.empty() ? "" : ", ") + std::to_string(d);
            return list;
        }());

    std::vector<PerDevice> perDevice;
    for (int device : devices) {
        ROOFSCOPE_TRY_STATUS(scope.enter(device));
        PerDevice d;
        d.device = device;
        ROOFSCOPE_TRY(source, DeviceBuffer::allocate(bytes));
        ROOFSCOPE_TRY(target, DeviceBuffer::allocate(bytes));
        ROOFSCOPE_TRY(stream, Stream::create());
        d.source = std::move(source).value();
        d.target = std::move(target).value();
        d.stream = std::move(stream).value();
        ROOFSCOPE_CUDA_TRY(kernels::fillPattern(d.source.as<std::uint32_t>(), words,
                                                kSeed + static_cast<std::uint32_t>(device),
                                                d.stream.get()));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(d.stream.get()));
        perDevice.push_back(std::move(d));
    }
    auto find = [&](int device) -> PerDevice& {
        for (PerDevice& d : perDevice)
            if (d.device == device)
                return d;
        return perDevice.front();
    };

    PeerAccess access;
    for (const auto& [from, to] : pairs)
        ROOFSCOPE_TRY_STATUS(access.enable(from, to));

    // Each pair on the source GPU's stream (its copy engine pushes the data).
    struct PairResult {
        int from = 0;
        int to = 0;
        Timed timed;
        double clockMHz = 0;
        double median = 0;
    };
    std::vector<PairResult> results;
    const SamplePlan plan = [&] {
        SamplePlan p = samplePlan(context.size);
        p.maxReps = 64;
        return p;
    }();
    for (std::size_t k = 0; k < pairs.size(); ++k) {
        if (k > 0 && budget.expired()) {
            outcome.warnings.push_back("stopped after " + std::to_string(k) + " of " +
                                       std::to_string(pairs.size()) +
                                       " pairs (time limit or cancel)");
            break;
        }
        const auto [from, to] = pairs[k];
        PerDevice& source = find(from);
        PerDevice& target = find(to);
        ROOFSCOPE_TRY_STATUS(scope.enter(from));
        const cudaStream_t s = source.stream.get();
        const Launch launch = [&](int reps) -> Status {
            for (int r = 0; r < reps; ++r)
                ROOFSCOPE_CUDA_TRY(cudaMemcpyPeerAsync(target.target.get(), to, source.source.get(),
                                                       from, bytes, s));
            return {};
        };
        auto timed = timeOnStream(s, plan, budget, launch);
        if (!timed && budget.cancelled() && !results.empty()) {
            outcome.warnings.push_back("cancelled after " + std::to_string(k) + " of " +
                                       std::to_string(pairs.size()) + " pairs");
            break;
        }
        if (!timed)
            return timed.error();

        // The target now holds this source's pattern (each source's seed differs, so what an
        // earlier pair left there cannot pass).
        const std::size_t samples = 4096;
        const std::size_t step = words / samples;
        std::vector<std::uint32_t> got(samples);
        ROOFSCOPE_CUDA_TRY(cudaMemcpy2DAsync(got.data(), sizeof(std::uint32_t), target.target.get(),
                                             step * sizeof(std::uint32_t), sizeof(std::uint32_t),
                                             samples, cudaMemcpyDeviceToHost, s));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(s));
        for (std::size_t i = 0; i < samples; ++i)
            if (got[i] != kernels::patternWord(i * step, kSeed + static_cast<std::uint32_t>(from)))
                return makeError("verification failed: word " + std::to_string(i * step) +
                                 " copied from GPU " + std::to_string(from) + " to GPU " +
                                 std::to_string(to) + " is " + std::to_string(got[i]));

        PairResult r;
        r.from = from;
        r.to = to;
        r.timed = std::move(timed).value();
        r.clockMHz = clockAfterRunMHz(from);
        r.median =
            rateFromTimes(Link::p2p, static_cast<double>(bytes), r.timed.secondsPerRep, {}, 0)
                .value;
        outcome.observations.push_back(
            Observation{"p2p " + std::to_string(from) + "->" + std::to_string(to), r.median, "B/s",
                        static_cast<double>(bytes)});
        results.push_back(std::move(r));
        budget.progress(static_cast<double>(k + 1) / static_cast<double>(pairs.size()));
    }

    const PairResult* slowest = nullptr;
    for (const PairResult& r : results)
        if (!slowest || r.median < slowest->median)
            slowest = &r;
    if (slowest) {
        const std::string method =
            "cudaMemcpyPeerAsync " + bytesText(static_cast<double>(bytes)) +
            " per copy with peer access enabled, on the source GPU's stream, one direction at a "
            "time, every ordered pair of " +
            std::to_string(devices.size()) + " GPUs; the slowest pair (" +
            std::to_string(slowest->from) + "->" + std::to_string(slowest->to) + ", " +
            std::to_string(slowest->timed.secondsPerRep.size()) + " samples of " +
            std::to_string(slowest->timed.reps) + " copies) is the ceiling; copies verified";
        outcome.ceilings.push_back(rateFromTimes(Link::p2p, static_cast<double>(bytes),
                                                 slowest->timed.secondsPerRep, method,
                                                 slowest->clockMHz));
        outcome.ceilings.back().note = "one direction; a pair's two directions at once can reach "
                                       "up to twice this on NVLink";
    }
    return outcome;
}

} // namespace roofscope::probe
