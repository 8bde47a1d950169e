#include "gpu/probe/probe_plan.h"

#include "gpu/cpu/cpu_probe.h"
#include "gpu/cuda/cuda_probe.h"

#include <algorithm>
#include <set>

namespace roofscope::probe {
namespace {

void addSteps(Plan& plan, const ProbeOptions& options, const std::string& target,
              std::vector<int> devices, std::vector<Benchmark> benchmarks,
              std::set<std::string>& known) {
    for (auto& b : benchmarks) {
        known.insert(b.key);
        if (selected(options, b.key))
            plan.steps.push_back({target, devices, std::move(b)});
    }
}

int addDevice(Plan& plan, Device device, std::string target, int ordinal) {
    plan.devices.push_back(std::move(device));
    plan.targets.push_back(std::move(target));
    plan.gpuOrdinals.push_back(ordinal);
    return static_cast<int>(plan.devices.size()) - 1;
}

// The CUDA ordinals to probe; an Error when a named one does not exist.
Result<std::vector<Gpu>> chooseGpus(const ProbeOptions& options, const MpiSession& mpi,
                                    Plan& plan) {
    const bool wanted = options.gpuRequested || !options.cpu;
    if (!wanted)
        return std::vector<Gpu>{};
    auto listed = listGpus();
    if (!listed) {
        // A machine without a GPU is normal: the CPU part still runs, the reason is one line.
        plan.warnings.push_back("no GPU probed: " + listed.error().message);
        plan.gpuUnavailable = options.gpuRequested;
        return std::vector<Gpu>{};
    }
    std::vector<Gpu> all = std::move(listed).value();
    if (mpi.active()) {
        // One rank per GPU: each rank takes the GPU of its place on the node.
        if (all.empty())
            return all;
        const std::size_t pick = static_cast<std::size_t>(mpi.localRank) % all.size();
        if (mpi.localSize > static_cast<int>(all.size()))
            plan.warnings.push_back(std::to_string(mpi.localSize) + " ranks share " +
                                    std::to_string(all.size()) + " GPUs on " + mpi.node);
        return std::vector<Gpu>{all[pick]};
    }
    if (options.allGpus || options.gpus.empty())
        return all;
    std::vector<Gpu> chosen;
    for (int n : options.gpus) {
        const auto it =
            std::find_if(all.begin(), all.end(), [n](const Gpu& g) { return g.index == n; });
        if (it == all.end())
            return makeError("--gpu " + std::to_string(n) + ": this machine has " +
                             std::to_string(all.size()) + " GPU(s), numbered from 0");
        chosen.push_back(*it);
    }
    return chosen;
}

} // namespace

Result<Plan> makePlan(const ProbeOptions& options, const MpiSession& mpi) {
    Plan plan;
    std::set<std::string> known;
    ROOFSCOPE_TRY(gpus, chooseGpus(options, mpi, plan));
    // Under MPI a rank measures its GPU, or its CPU when it has none; alone, what was asked.
    const bool cpu = mpi.active() ? gpus.value().empty() || options.cpu : options.wantsCpu();
    std::vector<int> local;
    if (cpu) {
        const int d = addDevice(plan, cpuDevice(), "cpu", -1);
        local.push_back(d);
        addSteps(plan, options, "cpu", {d}, cpuBenchmarks(), known);
    }
    std::vector<int> gpuDevices, ordinals;
    for (const auto& g : gpus.value()) {
        const std::string target = "gpu" + std::to_string(g.index);
        const int d = addDevice(plan, g.device, target, g.index);
        gpuDevices.push_back(d);
        ordinals.push_back(g.index);
        local.push_back(d);
        addSteps(plan, options, target, {d}, gpuBenchmarks(g.index), known);
    }
    if (ordinals.size() > 1) {
        std::string target;
        for (int n : ordinals)
            target += (target.empty() ? "gpu" : "+gpu") + std::to_string(n);
        addSteps(plan, options, target, gpuDevices, multiGpuBenchmarks(ordinals), known);
    }
    if (mpi.active())
        addSteps(plan, options, "cluster", local,
                 clusterBenchmarks(mpi, ordinals.empty() ? -1 : ordinals.front()), known);
    for (const auto& key : options.only)
        if (!known.count(key))
            plan.warnings.push_back("--only: no benchmark '" + key + "' on this machine");
    for (const auto& key : options.skip)
        if (!known.count(key))
            plan.warnings.push_back("--skip: no benchmark '" + key + "' on this machine");
    return plan;
}

std::vector<PlannedBenchmark> plannedBenchmarks(const Plan& plan) {
    std::vector<PlannedBenchmark> out;
    for (const auto& s : plan.steps)
        out.push_back({s.benchmark.key, s.benchmark.title, s.target});
    return out;
}

std::vector<ProbeTarget> plannedTargets(const Plan& plan) {
    std::vector<ProbeTarget> out;
    for (std::size_t i = 0; i < plan.devices.size(); ++i)
        out.push_back({plan.targets[i], plan.devices[i].name});
    return out;
}

} // namespace roofscope::probe
