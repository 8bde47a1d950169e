#pragma once
// How every CUDA benchmark measures: on a stream of its own, a calibration run that sizes the
// work per sample, warm-up runs, then N samples each timed with a pair of CUDA events. Also the
// wall-clock budget and cancellation check, and the clock read right after timing.

#include "core/error.h"
#include "gpu/probe/benchmark.h"

#include <cuda_runtime_api.h>

#include <chrono>
#include <cstddef>
#include <functional>
#include <string>
#include <variant>
#include <vector>

namespace roofscope::probe {

// Context::timeLimitS and Context::cancelled() in one place. expired() is true once cancelled or
// past the time limit; benchmarks then finish the point they are on and return what they have.
class Budget {
  public:
    explicit Budget(Context& context)
        : context_(context), start_(std::chrono::steady_clock::now()) {}

    bool cancelled() const { return context_.cancelled(); }
    bool expired() const {
        return cancelled() || (context_.timeLimitS > 0 && elapsedS() > context_.timeLimitS);
    }
    double elapsedS() const {
        return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
    }
    void progress(double fraction) const { context_.progress(fraction < 1 ? fraction : 1.0); }
    Size size() const { return context_.size; }

  private:
    Context& context_;
    std::chrono::steady_clock::time_point start_;
};

// How much to time. A "rep" is one unit of work the caller's launch function repeats (one GEMM,
// one pass over a buffer, one period of a kernel loop); the calibration picks reps per sample so
// that a sample lasts about targetSampleS, which keeps launch gaps and the events' ~0.5 us
// resolution out of the result.
struct SamplePlan {
    int warmups = 2;       // at least this many warm-up samples...
    double warmupS = 0.05; // ...and at least this long, so clocks and power settle
    int samples = 10;      // timed samples (fewer only when the budget runs out)
    double targetSampleS = 2e-3;
    int maxReps = 1 << 20;
};
SamplePlan samplePlan(Size size); // 5 / 10 / 20 samples for quick / normal / thorough
// Bytes per copy for the host and peer copy benchmarks: 64 MiB / 256 MiB / 1 GiB, large enough
// that a copy's start-up cost vanishes in its time.
std::size_t copyBytes(Size size);

struct Timed {
    std::vector<double> secondsPerRep; // one per sample
    int reps = 1;                      // reps per sample
    bool stoppedEarly = false;         // budget expired before all samples were taken
};

// Enqueues `reps` reps of the work on the stream; returns the first launch error.
using Launch = std::function<Status(int reps)>;

// Calibrates, warms up and times `launch` on `stream` (of the current device). At least one
// sample is taken unless cancelled before it, which is an Error ("cancelled").
Result<Timed> timeOnStream(cudaStream_t stream, const SamplePlan& plan, const Budget& budget,
                           const Launch& launch);

// The same for work spread over several GPUs' streams (collectives): events on each stream, a
// sample's time the longest of the streams' times.
struct DeviceStream {
    int device = 0;
    cudaStream_t stream = nullptr;
};
Result<Timed> timeOnStreams(const std::vector<DeviceStream>& streams, const SamplePlan& plan,
                            const Budget& budget, const Launch& launch);

// The clock during a run, in MHz, read right after timing: NVML's current SM clock when NVML
// loads, otherwise the device's maximum SM clock. `how` says which ("current SM clock (NVML)" or
// "maximum SM clock (NVML unavailable)").
double clockAfterRunMHz(int device, std::string* how = nullptr);

// What NVML says of the device right after timing (clock, power, temperature, clock limits,
// PCIe link): read with the clock, so that a ceiling that falls short of its datasheet figure can
// say why (spec_floor.h). The maximum SM clock falls back to the device attribute without NVML.
RunConditions conditionsAfterRun(int device);

// A rate ceiling from timed samples: value and stats in `workPerRep` units per second.
Measured rateFromTimes(std::variant<ComputeKey, MemoryLevel, Link> what, double workPerRep,
                       const std::vector<double>& secondsPerRep, std::string method,
                       double clockMHz);

// "256 MiB", "1.5 GiB", "48 KiB", "512 B": sizes as methods and labels show them.
std::string bytesText(double bytes);

// Formats a number with up to `digits` significant digits ("4.31e+12", "0.25").
std::string numberText(double value, int digits = 3);

} // namespace roofscope::probe
