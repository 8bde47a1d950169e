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
    int step = -1; // its index among the steps, once they are numbered
};

// Memsets are device work of their op (cuBLAS and cuDNN clear workspaces), not transfers: they
// count as computation, as in TraceLens' GPU timeline (gpu_event_analyser.py).
GpuLane laneOf(const GpuEvent& g, bool communication) {
    if (communication)
        return GpuLane::communication;
    if (g.kind == GpuEventKind::memcpy)
        return GpuLane::memcpy;
    return GpuLane::compute;
}

} // namespace

StepMarks assignSteps(const TraceEvents& events, const Links& links,
                      const std::vector<std::uint32_t>& gpuIndex) {
    // ProfilerStep#N ranges when the trace has any, else annotations named like steps. Names
    // are asked once per string id: a trace has a few hundred names over a million events.
    std::vector<std::uint8_t> profilerStepName(events.strings.size(), 0);
    for (std::uint32_t id = 0; id < events.strings.size(); ++id)
        profilerStepName[id] = isProfilerStep(events.strings.text(id)) ? 1 : 0;
    const bool profilerSteps =
        std::any_of(events.cpu.begin(), events.cpu.end(), [&](const CpuEvent& e) {
            return e.name != kNoIndex && profilerStepName[e.name] == 1;
        });
    std::vector<std::int8_t> likeStepName(profilerSteps ? 0 : events.strings.size(), -1);
    const auto isStepName = [&](const CpuEvent& e) {
        if (e.name == kNoIndex)
            return false;
        if (profilerSteps)
            return profilerStepName[e.name] == 1;
        if (e.kind == CpuEventKind::op)
            return false;
        std::int8_t& known = likeStepName[e.name];
        if (known < 0)
            known = isNamedLikeStep(events.strings.text(e.name)) ? 1 : 0;
        return known == 1;
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
    for (StepRange& r : ranges)
        r.step = stepOfName.try_emplace(r.name, static_cast<int>(stepOfName.size())).first->second;
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
        return ns <= it->endNs ? it->step : -1;
    };

    std::int64_t firstRangeStart = ranges.empty() ? 0 : ranges.front().startNs;
    std::int64_t beforeFirst = 0;
    std::vector<std::int32_t> stepOf(gpuIndex.size(), marked ? -1 : 0);
    for (std::size_t k = 0; k < gpuIndex.size() && marked; ++k) {
        std::int32_t& step = stepOf[k];
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
            step = cpuStep(cpuNs);
            if (step < 0 && cpuNs < firstRangeStart)
                ++beforeFirst;
        } else {
            // No CPU side (an NCCL kernel whose launch the trace lost): the GPU's own step
            // annotation, else the step whose CPU range its start falls in (one clock for both).
            step = annotatedStep(links.gpuAnnotation[g]);
            if (step < 0 && fromCpu)
                step = cpuStep(events.gpu[g].tsNs);
        }
    }

    StepMarks marks;
    marks.names.resize(stepOfName.size());
    for (const auto& [name, index] : stepOfName)
        marks.names[static_cast<std::size_t>(index)] = name;
    if (!marked)
        marks.names.push_back("(whole trace)");
    marks.marked = marked;
    marks.beforeFirst = beforeFirst;
    marks.stepOf = std::move(stepOf);
    return marks;
}

void summarizeSteps(StepMarks marks, const TraceEvents& events,
                    const std::vector<std::uint32_t>& gpuIndex,
                    const std::vector<std::uint8_t>& communication, int device, int rank,
                    std::vector<Launch>& launches, std::vector<Step>& steps, OutsideSteps& outside,
                    std::vector<std::string>& warnings) {
    const std::vector<std::string>& names = marks.names;
    const bool marked = marks.marked;
    const std::int64_t beforeFirst = marks.beforeFirst;
    // Each step's intervals, reserved at their count (grown, they held up to twice the memory)
    // and freed once the step is summed.
    std::vector<std::int64_t> counts(names.size(), 0);
    for (std::size_t k = 0; k < gpuIndex.size(); ++k) {
        launches[k].step = marks.stepOf[k];
        if (launches[k].step >= 0)
            ++counts[static_cast<std::size_t>(launches[k].step)];
    }
    std::vector<std::int32_t>().swap(marks.stepOf);
    std::vector<std::vector<GpuInterval>> timeline(names.size());
    for (std::size_t s = 0; s < names.size(); ++s)
        timeline[s].reserve(static_cast<std::size_t>(counts[s]));
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
        if (device < 0 || launch.device == device)
            timeline[s].push_back({launch.tsNs, launch.tsNs + launch.durNs,
                                   laneOf(events.gpu[gpuIndex[k]], communication[k] == 1)});
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
        std::vector<GpuInterval>().swap(timeline[s]);
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
