// Steps of a trace from its ProfilerStep#N ranges (else from ranges named like steps: "step 3",
// "iteration 5"), and which launches belong to them.
//
// A launch belongs to the step in which its launching runtime call started (else its op, for a
// launch linked without a runtime event), whatever thread it ran on: backward ops run on the
// autograd engine's threads, not on the thread that opened the ProfilerStep range, so steps are
// matched by CPU time, not by nesting. A launch with no CPU side falls back on the
// gpu_user_annotation ProfilerStep#N that encloses it on its device. Kernels that ran at the
// start of the trace but were launched before the first traced step began (the GPU was still
// busy with an earlier step when the profiler started) belong to no step: they are the tail of a
// step that is not in the trace. A trace without step markers is one unmarked step; that is no
// problem to warn about, and Step::marked says so wherever the iteration is shown.

#include "core/import/kineto/kineto_analysis_internal.h"
#include "core/units.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <string_view>

namespace roofscope::kineto {
namespace {

bool isProfilerStep(std::string_view name) {
    return name.starts_with("ProfilerStep#");
}

// A range that a user or another tool named like a step: "step 3", "step_12", "Step#4",
// "train_step 7", "training step 2", "iteration 5", "iter 9" (any case): a step word, separators,
// then a number that ends the name. Nsight Systems exports of scripts that push their own NVTX
// ranges mark steps so. Taken only from a trace without ProfilerStep#N ranges, which stay the
// authority when present (a user's range inside them would split their steps).
bool isNamedLikeStep(std::string_view name) {
    std::string lower(name.substr(0, 64));
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Longer words first: "iteration" before "iter", "train_step" before "step".
    for (const std::string_view word : {"training_step", "training step", "train_step",
                                        "train step", "iteration", "step", "iter"}) {
        if (!std::string_view(lower).starts_with(word))
            continue;
        std::string_view rest = std::string_view(lower).substr(word.size());
        while (!rest.empty() && (rest.front() == ' ' || rest.front() == '_' ||
                                 rest.front() == '#' || rest.front() == ':' || rest.front() == '-'))
            rest.remove_prefix(1);
        return !rest.empty() && rest.size() <= 9 &&
               std::all_of(rest.begin(), rest.end(), [](char c) { return c >= '0' && c <= '9'; });
    }
    return false;
}

struct StepRange {
    std::int64_t startNs;
    std::int64_t endNs;
    std::string name;
};

// Memsets are device work of their op (cuBLAS and cuDNN clear workspaces), not transfers: they
// count as computation, as in TraceLens' GPU timeline (gpu_event_analyser.py).
GpuLane laneOf(const GpuEvent& g, const LaunchRecord& r) {
    if (r.category == Category::collective)
        return GpuLane::communication;
    if (g.kind == GpuEventKind::memcpy)
        return GpuLane::memcpy;
    return GpuLane::compute;
}

} // namespace

void assignSteps(const TraceEvents& events, const Links& links,
                 const std::vector<std::uint32_t>& gpuIndex, int device, int rank,
                 std::vector<Launch>& launches, std::vector<Step>& steps, OutsideSteps& outside,
                 std::vector<std::string>& warnings) {
    // ProfilerStep#N ranges when the trace has any, else annotations named like steps.
    bool profilerSteps = false;
    for (const CpuEvent& e : events.cpu)
        if (e.name != kNoIndex && isProfilerStep(events.strings.text(e.name))) {
            profilerSteps = true;
            break;
        }
    const auto isStepName = [&](const CpuEvent& e) {
        if (e.name == kNoIndex)
            return false;
        const std::string& name = events.strings.text(e.name);
        return profilerSteps ? isProfilerStep(name)
                             : e.kind != CpuEventKind::op && isNamedLikeStep(name);
    };
    // CPU ranges first; the GPU projections only when the CPU side has none.
    std::vector<StepRange> ranges;
    for (const CpuEvent& e : events.cpu)
        if (e.kind != CpuEventKind::gpuAnnotation && isStepName(e))
            ranges.push_back({e.tsNs, e.tsNs + e.durNs, events.strings.text(e.name)});
    const bool fromCpu = !ranges.empty();
    std::sort(ranges.begin(), ranges.end(),
              [](const StepRange& a, const StepRange& b) { return a.startNs < b.startNs; });
    std::map<std::string, int> stepOfName;
    for (const StepRange& r : ranges)
        stepOfName.try_emplace(r.name, static_cast<int>(stepOfName.size()));
    if (!fromCpu)
        for (const CpuEvent& e : events.cpu)
            if (e.kind == CpuEventKind::gpuAnnotation && isStepName(e))
                stepOfName.try_emplace(events.strings.text(e.name),
                                       static_cast<int>(stepOfName.size()));
    const bool marked = !stepOfName.empty();

    // The step of a GPU annotation chain, -1 when none of it is a step.
    const auto annotatedStep = [&](std::uint32_t annotation) {
        for (std::uint32_t i = annotation; i != kNoIndex; i = links.parent[i]) {
            const CpuEvent& e = events.cpu[i];
            if (e.name == kNoIndex)
                continue;
            if (const auto it = stepOfName.find(events.strings.text(e.name));
                it != stepOfName.end())
                return it->second;
        }
        return -1;
    };
    const auto cpuStep = [&](std::int64_t ns) {
        auto it =
            std::upper_bound(ranges.begin(), ranges.end(), ns,
                             [](std::int64_t t, const StepRange& r) { return t < r.startNs; });
        if (it == ranges.begin())
            return -1;
        --it;
        return ns <= it->endNs ? stepOfName.at(it->name) : -1;
    };

    std::int64_t firstRangeStart = ranges.empty() ? 0 : ranges.front().startNs;
    std::int64_t beforeFirst = 0;
    for (std::size_t k = 0; k < gpuIndex.size(); ++k) {
        Launch& launch = launches[k];
        if (!marked) {
            launch.step = 0;
            continue;
        }
        const std::uint32_t g = gpuIndex[k];
        std::int64_t cpuNs = -1;
        bool hasCpu = false;
        if (links.runtime[g] != kNoIndex) {
            cpuNs = events.runtime[links.runtime[g]].tsNs;
            hasCpu = true;
        } else if (links.op[g] != kNoIndex) {
            cpuNs = events.cpu[links.op[g]].tsNs;
            hasCpu = true;
        }
        if (hasCpu && fromCpu) {
            launch.step = cpuStep(cpuNs);
            if (launch.step < 0 && cpuNs < firstRangeStart)
                ++beforeFirst;
        } else {
            // No CPU side (an NCCL kernel whose launch the trace lost): the GPU's own step
            // annotation, else the step whose CPU range its start falls in (one clock for both).
            launch.step = annotatedStep(links.gpuAnnotation[g]);
            if (launch.step < 0 && fromCpu)
                launch.step = cpuStep(events.gpu[g].tsNs);
        }
    }

    std::vector<std::string> names(stepOfName.size());
    for (const auto& [name, index] : stepOfName)
        names[static_cast<std::size_t>(index)] = name;
    if (!marked)
        names.push_back("(whole trace)");
    std::vector<std::vector<GpuInterval>> timeline(names.size());
    std::vector<std::int64_t> counts(names.size(), 0);
    for (std::size_t k = 0; k < gpuIndex.size(); ++k) {
        Launch& launch = launches[k];
        if (launch.step < 0) {
            launch.record.outsideSteps = true;
            ++outside.launches;
            if (launch.record.timeS.known())
                outside.timeS += launch.record.timeS.value;
            continue;
        }
        const auto s = static_cast<std::size_t>(launch.step);
        ++counts[s];
        if (device < 0 || launch.device == device)
            timeline[s].push_back({launch.tsNs, launch.tsNs + launch.durNs,
                                   laneOf(events.gpu[gpuIndex[k]], launch.record)});
    }
    steps.clear();
    for (std::size_t s = 0; s < names.size(); ++s) {
        Step step;
        step.name = names[s];
        step.rank = rank;
        step.marked = marked;
        step.launches = counts[s];
        step.complete = counts[s] > 0;
        step.gpu = breakDown(timeline[s]);
        if (!timeline[s].empty())
            step.startNs = std::min_element(timeline[s].begin(), timeline[s].end(),
                                            [](const GpuInterval& a, const GpuInterval& b) {
                                                return a.startNs < b.startNs;
                                            })
                               ->startNs;
        steps.push_back(std::move(step));
    }
    if (!names.empty() && marked)
        outside.firstStep = names.front();

    if (!marked)
        return; // Step::marked says it: the whole trace is one iteration
    if (outside.launches > 0) {
        std::string text = std::to_string(outside.launches) + " launches, " +
                           formatSi(outside.timeS, Dimension::time) +
                           " of GPU time, belong to no traced step";
        if (beforeFirst == outside.launches)
            text += ": they were launched before " + outside.firstStep +
                    " began and are the tail of a step not in the trace";
        else if (beforeFirst > 0)
            text += " (" + std::to_string(beforeFirst) + " launched before " + outside.firstStep +
                    ", the tail of a step not in the trace)";
        warnings.push_back(text + "; they are left out of the steps and the iteration");
    }
}

} // namespace roofscope::kineto
