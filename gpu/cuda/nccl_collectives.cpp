// nccl_all_reduce / nccl_all_gather / nccl_reduce_scatter: NCCL collectives across the local GPUs
// of this process (ncclCommInitAll), bus bandwidth over a size sweep with nccl-tests' definitions,
// so that the numbers compare with theirs. Compiled against NCCL only when the build found it
// (ROOFSCOPE_PROBE_NCCL); otherwise the benchmarks are not listed.
#include "gpu/cuda/cuda_benchmarks.h"

#ifdef ROOFSCOPE_PROBE_NCCL

#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_measure.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/kernels.h"

#include <nccl.h>

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace roofscope::probe {

namespace {

std::optional<Error> failure(ncclResult_t status, std::string_view callText, std::string_view file,
                             int line) {
    if (status == ncclSuccess)
        return std::nullopt;
    std::string message = callSite(callText, file, line) + ": " + ncclGetErrorString(status);
    if (const char* last = ncclGetLastError(nullptr); last && *last)
        message += std::string(" (") + last + ")";
    return makeError(std::move(message));
}

#define ROOFSCOPE_NCCL_TRY(call)                                                                   \
    do {                                                                                           \
        if (auto roofscope_failure_ = failure((call), #call, __FILE__, __LINE__))                  \
            return *roofscope_failure_;                                                            \
    } while (0)

// Communicators of one ncclCommInitAll, destroyed on every return path.
class Communicators {
  public:
    Communicators() = default;
    Communicators(const Communicators&) = delete;
    Communicators& operator=(const Communicators&) = delete;
    ~Communicators() {
        for (ncclComm_t comm : comms_)
            if (comm)
                (void)ncclCommDestroy(comm);
    }
    Status init(const std::vector<int>& devices) {
        comms_.assign(devices.size(), nullptr);
        ROOFSCOPE_NCCL_TRY(
            ncclCommInitAll(comms_.data(), static_cast<int>(devices.size()), devices.data()));
        return {};
    }
    ncclComm_t operator[](std::size_t rank) const { return comms_[rank]; }

  private:
    std::vector<ncclComm_t> comms_;
};

struct Rank {
    int device = 0;
    DeviceBuffer send;
    DeviceBuffer recv;
    Stream stream;
};

const char* name(Collective collective) {
    return collective == Collective::all_reduce   ? "all_reduce"
           : collective == Collective::all_gather ? "all_gather"
                                                  : "reduce_scatter";
}

// nccl-tests' bus-bandwidth factor: busbw = algbw x factor, algbw = size / time.
double busFactor(Collective collective, int ranks) {
    const double n = ranks;
    return collective == Collective::all_reduce ? 2 * (n - 1) / n : (n - 1) / n;
}

std::vector<double> sweepBytes(Size size, double largestAllowed) {
    const double mib = 1024.0 * 1024.0;
    const double largest = std::min(size == Size::quick ? 64 * mib : 1024 * mib, largestAllowed);
    const double factor = size == Size::thorough ? 2 : 4;
    std::vector<double> sizes;
    for (double bytes = mib; bytes <= largest * 1.001; bytes *= factor)
        sizes.push_back(bytes);
    if (sizes.empty())
        sizes.push_back(largest);
    return sizes;
}

} // namespace

bool ncclBuilt() {
    return true;
}

Result<Outcome> runNcclCollective(const std::vector<int>& devices, Collective collective,
                                  Context& context) {
    if (collective != Collective::all_reduce && collective != Collective::all_gather &&
        collective != Collective::reduce_scatter)
        return notSupported("no NCCL benchmark for this collective");
    if (devices.size() < 2)
        return notSupported("NCCL collectives need two or more GPUs");
    const Budget budget(context);
    ScopedDevice scope;
    const int n = static_cast<int>(devices.size());

    // Buffers for the largest size on every GPU, within 40% of the smallest free memory.
    double freeLeast = 0;
    for (int device : devices) {
        ROOFSCOPE_TRY_STATUS(scope.enter(device));
        std::size_t freeBytes = 0;
        std::size_t totalBytes = 0;
        ROOFSCOPE_CUDA_TRY(cudaMemGetInfo(&freeBytes, &totalBytes));
        freeLeast = freeLeast == 0 ? static_cast<double>(freeBytes)
                                   : std::min(freeLeast, static_cast<double>(freeBytes));
    }
    const std::vector<double> sizes = sweepBytes(context.size, 0.2 * freeLeast);
    const std::size_t largestFloats = static_cast<std::size_t>(sizes.back() / sizeof(float));

    std::vector<Rank> ranks;
    for (int r = 0; r < n; ++r) {
        ROOFSCOPE_TRY_STATUS(scope.enter(devices[static_cast<std::size_t>(r)]));
        Rank rank;
        rank.device = devices[static_cast<std::size_t>(r)];
        ROOFSCOPE_TRY(send, DeviceBuffer::allocate(largestFloats * sizeof(float)));
        ROOFSCOPE_TRY(recv, DeviceBuffer::allocate(largestFloats * sizeof(float)));
        ROOFSCOPE_TRY(stream, Stream::create());
        rank.send = std::move(send).value();
        rank.recv = std::move(recv).value();
        rank.stream = std::move(stream).value();
        // Rank r sends r + 1 everywhere: sums and gathered chunks are exact and known.
        ROOFSCOPE_CUDA_TRY(kernels::fillFloat(rank.send.as<float>(), largestFloats,
                                              static_cast<float>(r + 1), rank.stream.get()));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(rank.stream.get()));
        ranks.push_back(std::move(rank));
    }
    Communicators comms;
    ROOFSCOPE_TRY_STATUS(comms.init(devices));
    context.progress(0.05);

    std::vector<DeviceStream> streams;
    for (const Rank& rank : ranks)
        streams.push_back(DeviceStream{rank.device, rank.stream.get()});

    // `size` as nccl-tests counts it: the all_reduce buffer, the all_gather output, the
    // reduce_scatter input; a multiple of n floats.
    std::size_t floats = 0;
    const Launch launch = [&](int reps) -> Status {
        const std::size_t chunk = floats / static_cast<std::size_t>(n);
        for (int rep = 0; rep < reps; ++rep) {
            ROOFSCOPE_NCCL_TRY(ncclGroupStart());
            for (int r = 0; r < n; ++r) {
                const Rank& rank = ranks[static_cast<std::size_t>(r)];
                const ncclComm_t comm = comms[static_cast<std::size_t>(r)];
                const cudaStream_t s = rank.stream.get();
                switch (collective) {
                case Collective::all_reduce:
                    ROOFSCOPE_NCCL_TRY(ncclAllReduce(rank.send.get(), rank.recv.get(), floats,
                                                     ncclFloat, ncclSum, comm, s));
                    break;
                case Collective::all_gather:
                    ROOFSCOPE_NCCL_TRY(
                        ncclAllGather(rank.send.get(), rank.recv.get(), chunk, ncclFloat, comm, s));
                    break;
                default:
                    ROOFSCOPE_NCCL_TRY(ncclReduceScatter(rank.send.get(), rank.recv.get(), chunk,
                                                         ncclFloat, ncclSum, comm, s));
                    break;
                }
            }
            ROOFSCOPE_NCCL_TRY(ncclGroupEnd());
        }
        return {};
    };

    struct Point {
        double bytes = 0;
        Timed timed;
    };
    std::vector<Point> points;
    Outcome outcome;
    SamplePlan plan = samplePlan(context.size);
    plan.maxReps = 1000;
    const double factor = busFactor(collective, n);
    for (std::size_t i = 0; i < sizes.size(); ++i) {
        if (i > 0 && budget.expired()) {
            outcome.warnings.push_back("sweep stopped after " + std::to_string(i) + " of " +
                                       std::to_string(sizes.size()) +
                                       " sizes (time limit or cancel)");
            break;
        }
        floats = static_cast<std::size_t>(sizes[i] / sizeof(float)) / static_cast<std::size_t>(n) *
                 static_cast<std::size_t>(n);
        auto timed = timeOnStreams(streams, plan, budget, launch);
        if (!timed && budget.cancelled() && !points.empty()) {
            outcome.warnings.push_back("sweep cancelled after " + std::to_string(i) + " of " +
                                       std::to_string(sizes.size()) + " sizes");
            break;
        }
        if (!timed)
            return timed.error();
        Point point{static_cast<double>(floats * sizeof(float)), std::move(timed).value()};
        const Measured busbw =
            rateFromTimes(Link::intra_node, point.bytes * factor, point.timed.secondsPerRep, {}, 0);
        outcome.observations.push_back(
            Observation{std::string(name(collective)) + " busbw " + bytesText(point.bytes),
                        busbw.value, "B/s", point.bytes});
        points.push_back(std::move(point));
        plan.warmups = 1;
        plan.warmupS = 0;
        budget.progress(0.05 +
                        0.9 * static_cast<double>(i + 1) / static_cast<double>(sizes.size()));
    }

    // Verify the last size timed on every rank: all_reduce and reduce_scatter give n(n+1)/2,
    // the all_gather chunk of rank r holds r + 1.
    const std::size_t lastFloats = static_cast<std::size_t>(points.back().bytes / sizeof(float));
    const std::size_t chunk = lastFloats / static_cast<std::size_t>(n);
    const std::size_t outFloats = collective == Collective::reduce_scatter ? chunk : lastFloats;
    for (int r = 0; r < n; ++r) {
        const Rank& rank = ranks[static_cast<std::size_t>(r)];
        ROOFSCOPE_TRY_STATUS(scope.enter(rank.device));
        const std::size_t samples = std::min<std::size_t>(1024, outFloats);
        const std::size_t step = outFloats / samples;
        std::vector<float> got(samples);
        ROOFSCOPE_CUDA_TRY(cudaMemcpy2DAsync(got.data(), sizeof(float), rank.recv.get(),
                                             step * sizeof(float), sizeof(float), samples,
                                             cudaMemcpyDeviceToHost, rank.stream.get()));
        ROOFSCOPE_CUDA_TRY(cudaStreamSynchronize(rank.stream.get()));
        for (std::size_t i = 0; i < samples; ++i) {
            const double expected = collective == Collective::all_gather
                                        ? static_cast<double>(i * step / chunk + 1)
                                        : n * (n + 1) / 2.0;
            if (got[i] != expected)
                return makeError(std::string("verification failed: ") + name(collective) +
                                 " rank " + std::to_string(r) + " element " +
                                 std::to_string(i * step) + " is " + numberText(got[i], 9) +
                                 ", expected " + numberText(expected, 9));
        }
    }

    // One ceiling per link: intra_node comes from all_reduce, the collective most training
    // traffic is; the others are reported as their sweep points only.
    if (collective == Collective::all_reduce && !points.empty()) {
        const Point* best = nullptr;
        double bestRate = 0;
        for (const Point& p : points) {
            const double rate =
                rateFromTimes(Link::intra_node, p.bytes * factor, p.timed.secondsPerRep, {}, 0)
                    .value;
            if (!best || rate > bestRate) {
                best = &p;
                bestRate = rate;
            }
        }
        const std::string method =
            "NCCL " + std::to_string(NCCL_MAJOR) + "." + std::to_string(NCCL_MINOR) +
            " all_reduce (sum, fp32) across " + std::to_string(n) +
            " GPUs of one process (ncclCommInitAll), one stream per GPU, size " +
            bytesText(best->bytes) + " (best of a " + bytesText(points.front().bytes) + " .. " +
            bytesText(points.back().bytes) + " sweep), " +
            std::to_string(best->timed.secondsPerRep.size()) + " samples of " +
            std::to_string(best->timed.reps) +
            " calls timed with events on every GPU (a sample is the slowest GPU's); bus "
            "bandwidth = size / time x 2(n-1)/n as nccl-tests defines it; result verified. "
            "all_gather and reduce_scatter are observations of nccl_all_gather and "
            "nccl_reduce_scatter, so that intra_node has one definition";
        outcome.ceilings.push_back(rateFromTimes(Link::intra_node, best->bytes * factor,
                                                 best->timed.secondsPerRep, method,
                                                 clockAfterRunMHz(devices.front())));
    }
    budget.progress(1.0);
    return outcome;
}

} // namespace roofscope::probe

#else // no NCCL in this build

namespace roofscope::probe {

bool ncclBuilt() {
    return false;
}

Result<Outcome> runNcclCollective(const std::vector<int>&, Collective, Context&) {
    return notSupported("this build of roofscope-probe has no NCCL");
}

} // namespace roofscope::probe

#endif
