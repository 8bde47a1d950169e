// analyzeTrace: one Launch per GPU event, put together from the pieces in kineto_analysis_*.cpp
// (linking, copies, collectives, estimates, counters, phases, context).

#include "import/kineto_analysis_internal.h"

#include <algorithm>
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
    const Links links = linkEvents(events);
    PhaseFinder phases(events, links);
    WarningCounter commProblems;
    const int nodeGpus = static_cast<int>(events.meta.devices.size());

    std::vector<Launch> launches;
    launches.reserve(events.gpu.size());
    // Every kernel (for the counter ranges, which cover NCCL kernels too), and those that
    // compute (for the shape estimates).
    std::vector<std::size_t> kernels, computeKernels;
    std::vector<std::uint32_t> kernelGpu, computeGpu;
    for (std::uint32_t i = 0; i < events.gpu.size(); ++i) {
        const GpuEvent& g = events.gpu[i];
        Launch launch;
        OpRecord& r = launch.record;
        r.name = g.name != kNoIndex ? events.strings.text(g.name) : std::string();
        r.rank = out.context.rank;
        r.stream = g.stream;
        r.precision = Precision::other;
        r.timeS = Measure::measured(static_cast<double>(g.durNs) * 1e-9);
        launch.tsNs = g.tsNs;
        launch.externalId = g.externalId;
        launch.correlation = g.correlation;
        launch.device = g.device;
        const std::uint32_t op = links.op[i];

        bool compute = false;
        if (g.kind != GpuEventKind::kernel) {
            describeCopy(g, r.name, r);
        } else {
            const bool commName = looksLikeCommKernel(r.name);
            const CollectiveArgs* args = collectiveArgs(events, links, i, commName);
            if (args || commName)
                describeCollective(args, r.name, out.context.worldSize, nodeGpus, launch,
                                   commProblems);
            else
                compute = true;
            kernels.push_back(launches.size());
            kernelGpu.push_back(i);
        }
        if (op != kNoIndex && r.category != Category::collective) {
            const CpuEvent& linked = events.cpu[op];
            launch.opName = events.strings.text(linked.name);
            if (linked.shapes != kNoIndex)
                launch.shapeKey = events.shapes[linked.shapes].dims;
        }
        if (r.category != Category::collective)
            r.phase = phases.phaseOf(i);
        if (compute) {
            computeKernels.push_back(launches.size());
            computeGpu.push_back(i);
        }
        launches.push_back(std::move(launch));
    }

    applyEstimates(events, links, computeKernels, computeGpu, launches, out.warnings);
    applyCounters(events, kernels, kernelGpu, out.context.rank, launches, out.warnings);
    commProblems.flush(out.warnings, "launches");

    std::vector<std::size_t> order(launches.size());
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
        return launches[a].tsNs < launches[b].tsNs;
    });
    out.launches.reserve(launches.size());
    for (const std::size_t i : order)
        out.launches.push_back(std::move(launches[i]));
    return out;
}

} // namespace roofscope
