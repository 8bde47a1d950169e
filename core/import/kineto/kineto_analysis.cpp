// analyzeTrace: one Launch per GPU event, put together from the pieces in kineto_analysis_*.cpp
// (linking, copies, collectives, estimates, counters, phases, context).

#include "core/import/page_hints.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <future>
#include <numeric>

namespace roofscope {

using namespace kineto;

namespace {

// Collective args for a kernel: its own, else those of the op it links to (record_param_comms).
// An NCCL-named kernel also looks further out along its chain, as wrappers sometimes sit between
// the c10d op and the launch.
const CollectiveArgs* collectiveArgs(const TraceEvents& events, const Links& links,
                                     std::uint32_t gpuIndex, bool commName) {
    const GpuEvent& g = events.gpu[gpuIndex];
    if (g.collective < events.collectives.size())
        return &events.collectives[g.collective];
    const auto argsOf = [&](std::uint32_t cpuIndex) -> const CollectiveArgs* {
        const std::uint32_t c = events.cpu[cpuIndex].collective;
        return c < events.collectives.size() ? &events.collectives[c] : nullptr;
    };
    if (!commName) {
        const std::uint32_t op = links.op[gpuIndex];
        return op != kNoIndex ? argsOf(op) : nullptr;
    }
    for (std::uint32_t i = links.anchor[gpuIndex]; i != kNoIndex; i = links.parent[i])
        if (const CollectiveArgs* args = argsOf(i))
            return args;
    return nullptr;
}

} // namespace

KinetoAnalysis analyzeTrace(const TraceEvents& events) {
    KinetoAnalysis out;
    out.context = contextOf(events.meta);
    std::tie(out.deviceIndex, out.deviceName) = busiestDevice(events);
    Links links = linkEvents(events);
    PhaseFinder phases(events, links);
    WarningCounter commProblems;
    DerivedCollectives derived(events, links);
    const int nodeGpus = static_cast<int>(events.meta.devices.size());

    // Launches are built in start-time order, so the result needs no reordering (moving a
    // million launches costs as much as building them).
    std::vector<std::uint32_t> byTime(events.gpu.size());
    std::iota(byTime.begin(), byTime.end(), 0u);
    std::stable_sort(byTime.begin(), byTime.end(), [&](std::uint32_t a, std::uint32_t b) {
        return events.gpu[a].tsNs < events.gpu[b].tsNs;
    });
    std::vector<Launch>& launches = out.launches;
    SharedTexts texts(events);
    std::vector<std::int8_t> commByName(std::max<std::size_t>(1, events.strings.size()), -1);
    // Plain pages, not huge ones: on a machine short of free huge pages, the kernel compacts
    // memory on the first touch of each, which made building the launches take 15 ms or 80 ms
    // by turns (315 MB bench trace); plain pages take 27-31 ms every time.
    launches.reserve(events.gpu.size());
    // Beside the loop below, on another core: the launches' pages faulted in ahead of it (the
    // kernel zeroing them was half the loop's time), then which step each launch is in, which
    // needs only the events.
    auto stepMarks = std::async(std::launch::async, [&] {
        detail::populateForWrite(launches.data(), launches.capacity() * sizeof(Launch));
        return assignSteps(events, links, byTime);
    });
    // Every kernel (for the counter ranges, which cover NCCL kernels too), and those that
    // compute (for the shape estimates).
    std::vector<std::uint32_t> kernels, computeKernels;
    // Per launch, 1 for communication: the lane of the steps' timelines, fixed here because the
    // estimates refine categories before those timelines are built.
    std::vector<std::uint8_t> communication;
    communication.reserve(events.gpu.size());
    kernels.reserve(events.gpu.size());
    computeKernels.reserve(events.gpu.size());
    for (const std::uint32_t i : byTime) {
        const GpuEvent& g = events.gpu[i];
        // Built where it is kept: moving a launch (its strings and maps) costs about as much.
        const auto at = static_cast<std::uint32_t>(launches.size());
        Launch& launch = launches.emplace_back();
        LaunchRecord& r = launch.record;
        if (g.name != kNoIndex)
            launch.name = texts.name(g.name);
        const std::string& name = launch.name.str();
        r.rank = out.context.rank;
        r.stream = g.stream;
        r.precision = Precision::other;
        r.timeS = Measure::measured(static_cast<double>(g.durNs) * 1e-9);
        launch.tsNs = g.tsNs;
        launch.durNs = g.durNs;
        launch.device = g.device;
        const std::uint32_t op = links.op[i];

        bool compute = false;
        if (g.kind != GpuEventKind::kernel) {
            describeCopy(g, name, r);
        } else {
            // Asked once per kernel name: lowering long names for every launch shows up.
            bool commName = false;
            if (g.name == kNoIndex) {
                commName = looksLikeCommKernel(name);
            } else {
                std::int8_t& known = commByName[g.name];
                if (known < 0)
                    known = looksLikeCommKernel(name) ? 1 : 0;
                commName = known == 1;
            }
            const CollectiveArgs* args = collectiveArgs(events, links, i, commName);
            if (args)
                describeCollective(args, name, out.context.worldSize, nodeGpus, launch,
                                   commProblems);
            else if (commName) // older traces: from record_param_comms' shapes, nccl:<name>
                derived.describe(i, name, out.context.worldSize, nodeGpus, launch, commProblems);
            else
                compute = true;
            kernels.push_back(at);
        }
        if (op != kNoIndex && r.category != Category::collective) {
            const CpuEvent& linked = events.cpu[op];
            launch.opName = texts.name(linked.name);
            if (linked.shapes != kNoIndex)
                launch.shapeKey = texts.dims(linked.shapes);
        }
        if (r.category != Category::collective)
            r.phase = phases.phaseOf(i);
        if (compute)
            computeKernels.push_back(at);
        communication.push_back(r.category == Category::collective ? 1 : 0);
    }

    // Neither reads the anchors, which were for the phases and collectives above.
    std::vector<std::uint32_t>().swap(links.anchor);
    // The steps' timelines beside the estimates: they share no field of the launches.
    auto steps = std::async(std::launch::async, [&] {
        summarizeSteps(stepMarks.get(), events, byTime, communication, out.deviceIndex,
                       out.context.rank, launches, out.steps, out.outside, out.warnings);
    });
    std::vector<std::string> estimateWarnings;
    applyEstimates(events, links, computeKernels, byTime, runTraitsOf(events.meta, out.deviceIndex),
                   texts, launches, estimateWarnings);
    steps.get();
    out.warnings.insert(out.warnings.end(), std::make_move_iterator(estimateWarnings.begin()),
                        std::make_move_iterator(estimateWarnings.end()));
    applyCounters(events, kernels, byTime, out.context.rank, launches, out.warnings);
    commProblems.flush(out.warnings, "launches");

    // Counter ranges without kernels were appended as launches of their own.
    if (launches.size() > events.gpu.size())
        std::stable_sort(launches.begin(), launches.end(),
                         [](const Launch& a, const Launch& b) { return a.tsNs < b.tsNs; });
    return out;
}

} // namespace roofscope
