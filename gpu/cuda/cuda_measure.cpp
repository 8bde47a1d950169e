#include "gpu/cuda/cuda_measure.h"

#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_resources.h"
#include "gpu/cuda/nvml_reader.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace roofscope::probe {

std::size_t copyBytes(Size size) {
    switch (size) {
    case Size::quick:
        return std::size_t(64) << 20;
    case Size::normal:
        return std::size_t(256) << 20;
    case Size::thorough:
        return std::size_t(1) << 30;
    }
    return std::size_t(256) << 20;
}

SamplePlan samplePlan(Size size) {
    SamplePlan plan;
    switch (size) {
    case Size::quick:
        plan.warmups = 1;
        plan.warmupS = 0.02;
        plan.samples = 5;
        plan.targetSampleS = 1e-3;
        break;
    case Size::normal:
        break;
    case Size::thorough:
        plan.warmups = 3;
        plan.warmupS = 0.2;
        plan.samples = 20;
        plan.targetSampleS = 5e-3;
        break;
    }
    return plan;
}

namespace {

int repsFor(double secondsPerRep, const SamplePlan& plan) {
    if (!(secondsPerRep > 0))
        return plan.maxReps;
    const double reps = std::ceil(plan.targetSampleS / secondsPerRep);
    return static_cast<int>(std::clamp(reps, 1.0, static_cast<double>(plan.maxReps)));
}

} // namespace

Result<Timed> timeOnStream(cudaStream_t stream, const SamplePlan& plan, const Budget& budget,
                           const Launch& launch) {
    int device = 0;
    ROOFSCOPE_CUDA_TRY(cudaGetDevice(&device));
    return timeOnStreams({DeviceStream{device, stream}}, plan, budget, launch);
}

Result<Timed> timeOnStreams(const std::vector<DeviceStream>& streams, const SamplePlan& plan,
                            const Budget& budget, const Launch& launch) {
    // A start and a stop event per stream, each created on its stream's device.
    std::vector<Event> starts;
    std::vector<Event> stops;
    {
        ScopedDevice scope;
        for (const DeviceStream& ds : streams) {
            ROOFSCOPE_TRY_STATUS(scope.enter(ds.device));
            ROOFSCOPE_TRY(start, Event::create());
            ROOFSCOPE_TRY(stop, Event::create());
            starts.push_back(std::move(start).value());
            stops.push_back(std::move(stop).value());
        }
    }

    // Seconds for one sample of `reps` reps: the longest of the streams' event intervals.
    // Each record is made with its stream's device current, as the runtime expects.
    auto timeOnce = [&](int reps) -> Result<double> {
        ScopedDevice scope;
        for (std::size_t i = 0; i < streams.size(); ++i) {
            ROOFSCOPE_TRY_STATUS(scope.enter(streams[i].device));
            ROOFSCOPE_CUDA_TRY(cudaEventRecord(starts[i].get(), streams[i].stream));
        }
        ROOFSCOPE_TRY_STATUS(launch(reps));
        for (std::size_t i = 0; i < streams.size(); ++i) {
            ROOFSCOPE_TRY_STATUS(scope.enter(streams[i].device));
            ROOFSCOPE_CUDA_TRY(cudaEventRecord(stops[i].get(), streams[i].stream));
        }
        double longest = 0;
        for (std::size_t i = 0; i < streams.size(); ++i) {
            ROOFSCOPE_CUDA_TRY(cudaEventSynchronize(stops[i].get()));
            float ms = 0;
            ROOFSCOPE_CUDA_TRY(cudaEventElapsedTime(&ms, starts[i].get(), stops[i].get()));
            longest = std::max(longest, ms * 1e-3);
        }
        return longest;
    };

    if (budget.cancelled())
        return makeError(ErrorKind::cancelled, "cancelled");
    Timed timed;
    auto first = timeOnce(1); // cold: also pays for first-touch and module loading
    if (!first)
        return first.error();
    timed.reps = repsFor(first.value(), plan);

    double warmedS = 0;
    for (int run = 0; (run < plan.warmups || warmedS < plan.warmupS) && run < 10000; ++run) {
        if (budget.expired())
            break;
        ROOFSCOPE_TRY(seconds, timeOnce(timed.reps));
        warmedS += seconds.value();
        timed.reps = repsFor(seconds.value() / timed.reps, plan); // warm clocks: recalibrate
    }

    for (int i = 0; i < plan.samples; ++i) {
        if (budget.cancelled() || (i > 0 && budget.expired())) {
            timed.stoppedEarly = true;
            break;
        }
        ROOFSCOPE_TRY(seconds, timeOnce(timed.reps));
        timed.secondsPerRep.push_back(seconds.value() / timed.reps);
    }
    if (timed.secondsPerRep.empty())
        return makeError(ErrorKind::cancelled, "cancelled");
    return timed;
}

double clockAfterRunMHz(int device, std::string* how) {
    char busId[32] = {};
    if (cudaDeviceGetPCIBusId(busId, sizeof busId, device) == cudaSuccess) {
        if (auto mhz = nvmlSmClockMHz(busId)) {
            if (how)
                *how = "current SM clock (NVML)";
            return *mhz;
        }
    }
    int kHz = 0;
    if (cudaDeviceGetAttribute(&kHz, cudaDevAttrClockRate, device) != cudaSuccess)
        kHz = 0;
    if (how)
        *how = "maximum SM clock (NVML unavailable)";
    return kHz / 1000.0;
}

RunConditions conditionsAfterRun(int device) {
    RunConditions c;
    char busId[32] = {};
    if (cudaDeviceGetPCIBusId(busId, sizeof busId, device) == cudaSuccess)
        c = nvmlConditions(busId);
    int kHz = 0;
    if (!c.maxSmClockMHz &&
        cudaDeviceGetAttribute(&kHz, cudaDevAttrClockRate, device) == cudaSuccess && kHz > 0)
        c.maxSmClockMHz = kHz / 1000.0;
    return c;
}

Measured rateFromTimes(std::variant<ComputeKey, MemoryLevel, Link> what, double workPerRep,
                       const std::vector<double>& secondsPerRep, std::string method,
                       double clockMHz) {
    std::vector<double> rates;
    rates.reserve(secondsPerRep.size());
    for (double s : secondsPerRep)
        if (s > 0)
            rates.push_back(workPerRep / s);
    Measured m;
    m.what = what;
    m.stats = summarize(std::move(rates));
    m.value = m.stats.median;
    m.method = std::move(method);
    m.clockMHz = clockMHz;
    return m;
}

std::string bytesText(double bytes) {
    static const char* const units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (bytes >= 1024 && unit < 4) {
        bytes /= 1024;
        ++unit;
    }
    return numberText(bytes, 3) + " " + units[unit];
}

std::string numberText(double value, int digits) {
    char text[32];
    std::snprintf(text, sizeof text, "%.*g", digits, value);
    return text;
}

} // namespace roofscope::probe
