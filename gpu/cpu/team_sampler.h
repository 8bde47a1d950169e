#pragma once
// How every CPU benchmark times its work: one thread per given CPU, each pinned there, started
// and stopped together by a barrier, so that one steady_clock interval on the calling thread
// covers the whole parallel region (as STREAM times an OpenMP loop). A warm-up and a calibration
// size each sample; then N samples, stopping early when cancelled or out of time. A sample that
// comes out shorter than half the wanted length (the calibration was slowed by other load) is
// not kept: the repetitions grow and the sample is taken again, so that barrier and wake-up
// latencies never dominate a sample.

#include "core/error.h"

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

namespace roofscope::probe {

using SteadyClock = std::chrono::steady_clock;

// What each thread of the team does; `thread` is the index in the CPU list (0: calling thread).
// Called on the pinned thread, so that memory first touched in setup lives on its NUMA node.
struct TeamWork {
    std::function<Status(int thread)> setup = [](int) { return Status(); };
    // `reps` repetitions of the work being timed; must not synchronise with other threads.
    std::function<void(int thread, std::uint64_t reps)> work;
    // Checks the results against an analytic value after the samples; not timed.
    std::function<Status(int thread)> verify = [](int) { return Status(); };
};

struct SamplingPlan {
    int samples = 10;         // timed samples wanted after warm-up and calibration
    double minSampleS = 0.01; // each sample repeats the work until it lasts about this long
    SteadyClock::time_point deadline = SteadyClock::time_point::max();     // stop after >= 1 sample
    std::function<bool()> cancelled = [] { return false; };                // polled between samples
    std::function<void(int done, int planned)> onSample = [](int, int) {}; // on the caller
};

struct TeamSamples {
    // Wall time of each sample (whole team) divided by its repetitions per thread.
    std::vector<double> secondsPerRep;
    std::uint64_t reps = 0; // repetitions per thread in the last sample
    bool cancelled = false; // stopped because cancelled() turned true (maybe 0 samples)
    bool outOfTime = false; // stopped at the deadline with fewer samples than planned
    bool pinned = true;     // false when the OS refused an affinity (still measured)
};

// Runs `work` on one thread per entry of `cpus` (thread i pinned to cpus[i]; thread 0 is the
// calling thread, whose affinity is restored afterwards). Errors: a thread that cannot start, a
// failed setup or verify (their message), never an exception or exit().
Result<TeamSamples> sampleTeam(const std::vector<int>& cpus, const TeamWork& work,
                               const SamplingPlan& plan);

} // namespace roofscope::probe
