#include "gpu/cpu/cpu_triad.h"

#include "core/enums.h"
#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/simd_isa.h"
#include "gpu/cpu/triad_plan.h"
#include "gpu/cpu/triad_run.h"

#include <algorithm>
#include <cstdio>
#include <string>

namespace roofscope::probe {

namespace {

std::string formatBytes(double bytes) {
    char text[32];
    if (bytes >= 1 << 30)
        std::snprintf(text, sizeof text, "%.2f GiB", bytes / (1 << 30));
    else if (bytes >= 1 << 20)
        std::snprintf(text, sizeof text, "%.1f MiB", bytes / (1 << 20));
    else
        std::snprintf(text, sizeof text, "%.1f KiB", bytes / (1 << 10));
    return text;
}

std::string formatRate(double bytesPerS) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f GB/s", bytesPerS / 1e9);
    return text;
}

std::string levelName(MemoryLevel level) {
    switch (level) {
    case MemoryLevel::l1:
        return "L1";
    case MemoryLevel::l2:
        return "L2";
    case MemoryLevel::l3:
        return "L3";
    case MemoryLevel::dram:
        return "DRAM";
    case MemoryLevel::host:
        break;
    }
    return "host";
}

std::string threadsText(std::size_t threads) {
    return std::to_string(threads) + (threads == 1 ? " thread" : " threads");
}

std::string methodText(const TriadRun& run, std::size_t threads, SimdIsa isa,
                       const SamplingPlan& sampling) {
    return "STREAM triad a[i] = b[i] + s*c[i], 24 B per element counted as STREAM does (2 reads "
           "+ 1 write; write-allocate not counted, no non-temporal stores); working set " +
           formatBytes(run.workingSetBytes) + " (" +
           formatBytes(run.workingSetBytes / double(threads)) + " per thread); " +
           threadsText(threads) + (run.samples.pinned ? ", pinned" : ", unpinned") +
           " one per core, first-touch buffers; " + simdName(isa) + "; median of " +
           std::to_string(run.rate.samples) +
           " samples of >= " + std::to_string(static_cast<int>(sampling.minSampleS * 1000 + 0.5)) +
           " ms after warm-up; verified";
}

// A level whose bandwidth is barely above the next one down was not resolved: its working set
// probably did not stay in that cache, or the cache is no faster than the next level.
void flagUnresolvedLevels(Outcome& outcome) {
    for (std::size_t i = 0; i + 1 < outcome.ceilings.size(); ++i) {
        Measured& upper = outcome.ceilings[i];
        const Measured& lower = outcome.ceilings[i + 1];
        if (upper.value >= 1.1 * lower.value)
            continue;
        const std::string text =
            levelName(std::get<MemoryLevel>(upper.what)) +
            " not resolved: " + formatRate(upper.value) + " is within 10 % of " +
            levelName(std::get<MemoryLevel>(lower.what)) + "'s " + formatRate(lower.value);
        upper.note = upper.note.empty() ? text : upper.note + "; " + text;
        outcome.warnings.push_back(text);
    }
}

} // namespace

Result<Outcome> runCpuTriad(Context& context) {
    const auto deadline =
        context.timeLimitS > 0
            ? SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                       std::chrono::duration<double>(context.timeLimitS))
            : SteadyClock::time_point::max();
    const CpuTopology topology = readCpuTopology();
    const SimdIsa isa = detectSimd();
    const TriadPlan plan = planTriad(topology, context.size);

    Outcome outcome;
    outcome.warnings = plan.warnings;
    const int runs = static_cast<int>(plan.points.size()) * 2;
    int runIndex = 0;
    double shown = 0;
    const auto progress = [&](double fraction) {
        shown = std::max(shown, std::min(1.0, fraction));
        context.progress(shown);
    };
    progress(0);

    // All cores first (they give the ceilings), then one thread; each team keeps its arrays
    // across the points, so the pages are faulted in once per team, not once per point.
    std::string stopReason;
    bool warnedUnpinned = false;
    for (const bool allCores : {true, false}) {
        TriadTeam team(allCores ? topology.coreCpus : std::vector<int>{topology.coreCpus.front()},
                       isa);
        const std::size_t threads = team.cpus().size();
        for (const TriadPoint& point : plan.points) {
            if (context.cancelled())
                stopReason = "cancelled";
            else if (SteadyClock::now() >= deadline)
                stopReason = "time limit reached";
            if (!stopReason.empty())
                break;
            SamplingPlan sampling;
            sampling.samples = point.level ? plan.samples : plan.sweepSamples;
            sampling.minSampleS = plan.minSampleS;
            sampling.deadline = deadline;
            sampling.cancelled = context.cancelled;
            sampling.onSample = [&](int done, int planned) {
                progress((runIndex + double(done) / planned) / runs);
            };
            ROOFSCOPE_TRY(result, team.run(allCores ? point.perThread : point.single, sampling));
            progress(double(++runIndex) / runs);
            const TriadRun& run = result.value();
            if (run.samples.secondsPerRep.empty()) {
                stopReason = "cancelled";
                break;
            }
            if (run.samples.cancelled)
                stopReason = "cancelled";
            else if (run.samples.outOfTime)
                stopReason = "time limit reached";
            if (!run.samples.pinned && !warnedUnpinned) {
                outcome.warnings.push_back("the OS refused to pin threads; measured unpinned");
                warnedUnpinned = true;
            }
            const std::string where = point.level ? levelName(*point.level) : "sweep";
            outcome.observations.push_back({"triad " + where + ", " + threadsText(threads),
                                            run.rate.median, "B/s", run.workingSetBytes});
            if (allCores && point.level) {
                Measured m;
                m.what = *point.level;
                m.value = run.rate.median;
                m.stats = run.rate;
                m.method = methodText(run, threads, isa, sampling);
                m.clockMHz = run.clockMHz;
                if (!stopReason.empty())
                    m.note = "fewer samples than planned (" + stopReason + ")";
                outcome.ceilings.push_back(std::move(m));
            }
            if (!stopReason.empty())
                break;
        }
        if (!stopReason.empty())
            break;
    }

    flagUnresolvedLevels(outcome);
    if (!stopReason.empty()) {
        if (outcome.ceilings.empty())
            return makeError("cpu_triad: " + stopReason + " before any level was measured");
        outcome.warnings.push_back("cpu_triad: " + stopReason + " after " +
                                   std::to_string(runIndex) + " of " + std::to_string(runs) +
                                   " runs; the levels measured so far are kept");
    } else {
        progress(1);
    }
    return outcome;
}

} // namespace roofscope::probe
