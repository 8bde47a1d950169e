#pragma once
// Training or inference steps of a run and the iteration the views use (DESIGN.md, "Step").
//
// A step's figures follow the GPU timeline breakdown of Holistic Trace Analysis and TraceLens:
// GPU work is split into three lanes (compute kernels and memsets, communication kernels,
// copies); overlapping work is counted once, with compute taking precedence over
// communication and both over copies, so that
//     gpu_busy = computation + exposed_comm + exposed_memcpy   and   span = gpu_busy + idle.
// "Exposed" communication is the time a collective ran while no compute kernel did: what the
// step waited for the network, which overlap with backward hides otherwise.

#include <cstdint>
#include <span>
#include <string>
#include <vector>

namespace roofscope {

// What a stretch of GPU work was, for the breakdown.
enum class GpuLane { compute, communication, memcpy };

// One GPU activity on the timeline, nanoseconds on the trace's clock.
struct GpuInterval {
    std::int64_t startNs = 0;
    std::int64_t endNs = 0; // >= startNs
    GpuLane lane = GpuLane::compute;
};

// The breakdown of a set of intervals; seconds.
struct TimelineBreakdown {
    double spanS = 0;          // last end - first start; 0 when there is no interval
    double gpuBusyS = 0;       // length of the union of all intervals
    double kernelTimeS = 0;    // sum of the interval lengths (overlap counted each time)
    double computationS = 0;   // union of the compute intervals
    double exposedCommS = 0;   // communication while no compute ran
    double exposedMemcpyS = 0; // copies while neither compute nor communication ran
    double idleS = 0;          // span - gpu busy

    bool operator==(const TimelineBreakdown&) const = default;
};

// O(n log n) in the number of intervals; the input order does not matter.
TimelineBreakdown breakDown(std::span<const GpuInterval> intervals);

struct Step {
    std::string name; // "ProfilerStep#6"; "(whole trace)" for a trace without step markers
    int rank = 0;
    bool marked = true; // false: not a step the trace marked but the whole trace taken as one
    // Complete: the step's GPU work is in the trace (it launched at least one kernel). Only
    // complete steps make the iteration.
    bool complete = true;
    std::int64_t launches = 0;
    std::int64_t startNs = 0; // first GPU activity of the step, on the trace's clock
    TimelineBreakdown gpu;    // over the step's GPU activity on the run's device

    bool operator==(const Step&) const = default;
};

// The iteration every view uses: the mean span of the complete steps, with the standard error of
// that mean (s / sqrt(n), NaN for n < 2) and the count n. Ranks wait for each other, so a step
// that several ranks ran (same name) lasts as long as its slowest rank. A run without step
// markers has one iteration, the whole trace (`marked` false).
struct Iteration {
    double meanS = 0;
    double stderrS = 0; // NaN when count < 2
    int count = 0;      // complete steps; 0 when the run has no GPU activity at all
    bool marked = false;
};

Iteration iterationOf(std::span<const Step> steps);

// The iteration in words: "55.1 ms ± 1.20 ms, mean of 3 steps", "27.6 ms, one step
// (ProfilerStep#6)", "27.6 ms, the whole trace (it marks no steps)"; "" without steps.
std::string describeIteration(std::span<const Step> steps);

// One step in words: "ProfilerStep#6: span 27.6 ms, GPU busy 25.1 ms (compute 24.0 ms, exposed
// communication 1.10 ms, exposed copies 0 s), idle 2.50 ms, 1,234 launches".
std::string describeStep(const Step& step);

// GPU launches the trace holds that belong to no traced step: typically the tail of a step whose
// CPU side was recorded before the profiler started. They are kept out of the step figures and
// the iteration, and said in a warning.
struct OutsideSteps {
    std::int64_t launches = 0;
    double timeS = 0;      // their summed GPU time
    std::string firstStep; // the first traced step they ran before or between, "" when none
};

} // namespace roofscope
