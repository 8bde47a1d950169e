#pragma once
// Which devices a run measures and which benchmarks it runs on them, in order.

#include "core/device.h"
#include "core/probe_events.h"
#include "gpu/mpi/mpi_probe.h"
#include "gpu/probe/benchmark.h"
#include "gpu/probe/probe_options.h"

#include <string>
#include <vector>

namespace roofscope::probe {

struct PlanStep {
    std::string target;       // "cpu", "gpu0", "gpu0+gpu1", "cluster"
    std::vector<int> devices; // indexes into Plan::devices that receive this step's ceilings
    Benchmark benchmark;
};

struct Plan {
    std::vector<Device> devices;      // what is measured: identity set, no ceilings yet
    std::vector<std::string> targets; // per device: "cpu", "gpu0", ...
    std::vector<int> gpuOrdinals;     // per device: its CUDA ordinal, -1 for the CPU
    std::vector<PlanStep> steps;
    std::vector<std::string> warnings; // unknown --only keys, GPUs not found, ...
    bool gpuUnavailable = false;       // GPUs were asked for (--gpu) and none is usable
};

// The plan for this process: the CPU and/or GPUs the options name (under MPI: this rank's own
// device, then the collectives across ranks), filtered by --only/--skip. Errors only for
// contradictions the user must fix (e.g. --gpu 3 on a machine with two GPUs).
Result<Plan> makePlan(const ProbeOptions& options, const MpiSession& mpi);

// The plan as the hello event lists it.
std::vector<PlannedBenchmark> plannedBenchmarks(const Plan& plan);
std::vector<ProbeTarget> plannedTargets(const Plan& plan);

} // namespace roofscope::probe
