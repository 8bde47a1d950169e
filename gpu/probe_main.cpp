// roofscope-probe: measures this machine's ceilings (see probe/probe_options.cpp for the usage).
// It runs in a process of its own so that a CUDA fault or a hang cannot take the GUI down, and
// so that mpirun/srun can start it on every node of a cluster.

#include "gpu/mpi/cluster_device.h"
#include "gpu/mpi/mpi_probe.h"
#include "gpu/probe/cancel_signal.h"
#include "gpu/probe/measured_device.h"
#include "gpu/probe/probe_options.h"
#include "gpu/probe/probe_output.h"
#include "gpu/probe/probe_plan.h"
#include "gpu/probe/probe_run.h"
#include "roofscope_features.h"

#include <cstdio>
#include <string>
#include <vector>

namespace {

using namespace roofscope;
using namespace roofscope::probe;

constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;
constexpr int kExitNoGpu = 3;
constexpr int kExitPartial = 4;
constexpr int kExitCancelled = 130;

void warn(EventSink& sink, const std::string& message) {
    ProbeEvent e;
    e.type = ProbeEventType::warning;
    e.message = message;
    sink.emit(e);
    std::fprintf(stderr, "roofscope-probe: %s\n", message.c_str());
}

std::vector<Device> withCeilings(const std::vector<Device>& devices) {
    std::vector<Device> out;
    for (const auto& d : devices)
        if (!d.ceilings.empty())
            out.push_back(d);
    return out;
}

// Under MPI, rank 0 writes every rank's devices (rankDevices keeps their ids apart) and the
// cluster as one device whose ceilings are the slowest rank's.
Result<std::vector<Device>> clusterDevices(const MpiSession& mpi, const RunReport& report) {
    ROOFSCOPE_TRY(gathered, gatherDevices(mpi, withCeilings(report.devices)));
    if (mpi.rank != 0)
        return std::vector<Device>{};
    const auto nodeOfRank = nodesOfRanks(gathered.value());
    std::vector<Device> all = rankDevices(gathered.value(), nodeOfRank);
    all.push_back(clusterDevice(gathered.value(), nodeOfRank, report.startedAt));
    return all;
}

int run(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    auto parsed = parseProbeOptions(args);
    if (!parsed) {
        std::fprintf(stderr, "roofscope-probe: %s\n", parsed.error().toString().c_str());
        return kExitUsage;
    }
    const ProbeOptions options = std::move(parsed).value();
    if (options.help) {
        std::fputs(probeUsage().c_str(), stdout);
        return kExitOk;
    }
    if (options.version) {
        std::printf("%s (CUDA %s, NCCL %s, MPI %s)\n", probeTool().c_str(),
                    features::kCuda ? features::kCudaVersion : "no", features::kNccl ? "yes" : "no",
                    features::kMpi ? "yes" : "no");
        return kExitOk;
    }
    installCancelHandlers();
    auto started = startMpi(argc, argv);
    if (!started) {
        std::fprintf(stderr, "roofscope-probe: %s\n", started.error().toString().c_str());
        return kExitFailure;
    }
    const MpiSession mpi = started.value();
    StreamSink out(stdout);
    NullSink quiet;
    EventSink& sink = mpi.rank == 0 ? static_cast<EventSink&>(out) : quiet;

    auto plan = makePlan(options, mpi);
    if (!plan) {
        std::fprintf(stderr, "roofscope-probe: %s\n", plan.error().toString().c_str());
        stopMpi(mpi);
        return kExitUsage;
    }
    ProbeEvent hello;
    hello.type = ProbeEventType::hello;
    hello.message = probeTool();
    hello.plan = plannedBenchmarks(plan.value());
    hello.targets = plannedTargets(plan.value());
    sink.emit(hello);
    for (const auto& w : plan.value().warnings)
        warn(sink, w);
    if (options.list) {
        stopMpi(mpi);
        return kExitOk;
    }

    RunControl control;
    control.cancelled = cancelRequested;
    control.agree = [&mpi](bool flag) { return agreeOnCancel(mpi, flag); };
    RunReport report = runPlan(plan.value(), options, sink, control);

    std::vector<Device> devices = withCeilings(report.devices);
    if (mpi.active()) {
        auto cluster = clusterDevices(mpi, report);
        if (!cluster) {
            warn(sink, "could not gather the ranks' results: " + cluster.error().toString());
            report.status = ProbeRunStatus::partial;
        } else {
            devices = std::move(cluster).value();
        }
    }
    ProbeEvent done;
    done.type = ProbeEventType::done;
    done.elapsedS = report.elapsedS;
    if (mpi.rank == 0 && !options.output.empty()) {
        const Status written =
            writeProbeFile(options.output, devices, report, options, plan.value().warnings);
        if (written) {
            done.output = options.output;
        } else {
            warn(sink, written.error().toString());
            report.status = ProbeRunStatus::failed;
        }
    }
    done.status = report.status;
    sink.emit(done);
    stopMpi(mpi);
    switch (report.status) {
    case ProbeRunStatus::ok:
        return plan.value().gpuUnavailable ? kExitNoGpu : kExitOk;
    case ProbeRunStatus::partial:
        return kExitPartial;
    case ProbeRunStatus::cancelled:
        return kExitCancelled;
    case ProbeRunStatus::failed:
        return kExitFailure;
    }
    return kExitFailure;
}

} // namespace

int main(int argc, char** argv) {
    return run(argc, argv);
}
