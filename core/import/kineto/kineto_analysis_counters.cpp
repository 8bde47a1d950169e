// CUPTI range-profiler counters (cat "cuda_profiler_range", formats.md 1.6): measured FLOPs.
//
// FLOPs per precision = 2 x fma + add + mul thread instructions (an FMA is two FLOPs, as HTA and
// NERSC count them); the record's precision is the one doing most FLOPs, the wider on a tie.
// The ranges carry no id linking them to a kernel: they come in launch order, one per kernel, so
// the i-th range belongs to the i-th kernel launched (order of correlation id, the launch order
// CUPTI assigns, else of start time), and is trusted only when the names agree. Tensor-core work
// is not in these counters.

#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <numeric>

namespace roofscope::kineto {
namespace {

constexpr Precision kRangePrecisions[3] = {Precision::fp64, Precision::fp32, Precision::fp16};

} // namespace

CounterFlops counterFlops(const CounterRange& range) {
    CounterFlops out;
    double total = 0, largest = -1;
    bool any = false;
    for (int p = 0; p < 3; ++p) {
        const auto& n = range.instructions[p];
        double flops = 0;
        bool present = false;
        for (int op = 0; op < 3; ++op) {
            if (n[op] < 0)
                continue;
            flops += (op == 1 ? 2.0 : 1.0) * n[op];
            present = true;
        }
        if (!present)
            continue;
        any = true;
        total += flops;
        if (flops > largest) {
            largest = flops;
            out.precision = kRangePrecisions[p];
        }
    }
    if (any)
        out.flops = Measure::measured(total);
    return out;
}

void applyCounters(const TraceEvents& events, const std::vector<std::uint32_t>& kernels,
                   const std::vector<std::uint32_t>& gpuOf, int rank, std::vector<Launch>& launches,
                   std::vector<std::string>& warnings) {
    if (events.counters.empty())
        return;
    std::vector<std::size_t> ranges(events.counters.size());
    std::iota(ranges.begin(), ranges.end(), 0);
    std::stable_sort(ranges.begin(), ranges.end(), [&](std::size_t a, std::size_t b) {
        return events.counters[a].tsNs < events.counters[b].tsNs;
    });

    if (kernels.empty()) {
        // Each range's duration is the profiling pass around the kernel (replays included), not
        // the kernel's own time, so time stays absent.
        for (const std::size_t i : ranges) {
            const CounterRange& range = events.counters[i];
            Launch launch;
            launch.name = events.strings.text(range.name);
            launch.record.rank = rank;
            const CounterFlops measured = counterFlops(range);
            launch.record.flops = measured.flops;
            launch.record.precision = measured.precision;
            launch.tsNs = range.tsNs;
            launch.formula = "CUPTI counters";
            launches.push_back(std::move(launch));
        }
        warnings.push_back(std::to_string(ranges.size()) +
                           " CUPTI counter ranges without kernel events: their FLOPs are kept "
                           "without time, as a range's duration is the profiling pass, not the "
                           "kernel");
        return;
    }

    std::vector<std::size_t> order(kernels.size());
    std::iota(order.begin(), order.end(), 0);
    const bool allCorrelated = std::all_of(kernels.begin(), kernels.end(), [&](std::uint32_t l) {
        return events.gpu[gpuOf[l]].correlation >= 0;
    });
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        const GpuEvent& x = events.gpu[gpuOf[kernels[a]]];
        const GpuEvent& y = events.gpu[gpuOf[kernels[b]]];
        if (allCorrelated && x.correlation != y.correlation)
            return x.correlation < y.correlation;
        return x.tsNs < y.tsNs;
    });

    std::int64_t mismatched = 0;
    const std::size_t n = std::min(order.size(), ranges.size());
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t k = order[i];
        const CounterRange& range = events.counters[ranges[i]];
        Launch& launch = launches[kernels[k]];
        if (range.name != events.gpu[gpuOf[kernels[k]]].name &&
            events.strings.text(range.name) != launch.name.str()) {
            ++mismatched;
            continue;
        }
        const CounterFlops measured = counterFlops(range);
        if (!measured.flops.known())
            continue;
        launch.record.flops = measured.flops;
        launch.record.precision = measured.precision;
        launch.formula = launch.formula.empty() ? "CUPTI counters"
                                                : "CUPTI counters; bytes: " + launch.formula.str();
    }
    if (mismatched > 0)
        warnings.push_back(std::to_string(mismatched) + " of " + std::to_string(n) +
                           " CUPTI counter ranges name another kernel than the one launched at "
                           "their position; their counters are not used");
    if (ranges.size() != order.size())
        warnings.push_back(std::to_string(ranges.size()) + " CUPTI counter ranges for " +
                           std::to_string(order.size()) +
                           " kernels: the unmatched ones carry no counters");
}

} // namespace roofscope::kineto
