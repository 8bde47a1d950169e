// clusterBenchmarks: the three collectives across all ranks, over NCCL when every rank has a GPU
// and the build has NCCL, else over MPI between the host processes.

#include "gpu/mpi/collective_sweep.h"
#include "gpu/mpi/mpi_call.h"

namespace roofscope::probe {

namespace {

// Collective: NCCL only when every rank can take it, since all ranks must use one transport.
Result<bool> everyRankUsesNccl(int gpu) {
    const int mine = detail::ncclBuilt() && gpu >= 0 ? 1 : 0;
    int all = 0;
    if (auto e = detail::mpiError(MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD),
                                  "MPI_Allreduce"))
        return *e;
    return all == 1;
}

Benchmark collectiveBenchmark(const MpiSession& session, int gpu, Collective collective,
                              std::string key, std::string title) {
    Benchmark b;
    b.key = std::move(key);
    b.title = std::move(title) + " across " + std::to_string(session.size) + " ranks";
    b.run = [session, gpu, collective](Context& context) -> Result<Outcome> {
        const auto nccl = everyRankUsesNccl(gpu);
        if (!nccl.ok())
            return nccl.error();
        if (nccl.value())
            return detail::ncclCollective(session, collective, gpu, context);
        auto outcome = detail::mpiCollective(session, collective, context);
        if (outcome.ok() && gpu >= 0 && session.rank == 0)
            outcome.value().warnings.push_back(
                detail::ncclBuilt() ? "not every rank has a GPU: measured over MPI between hosts"
                                    : "this build has no NCCL: measured over MPI between hosts");
        return outcome;
    };
    return b;
}

} // namespace

std::vector<Benchmark> clusterBenchmarks(const MpiSession& session, int gpu) {
    if (!session.active())
        return {};
    return {
        collectiveBenchmark(session, gpu, Collective::all_reduce, "cluster_all_reduce",
                            "All-reduce bus bandwidth"),
        collectiveBenchmark(session, gpu, Collective::all_gather, "cluster_all_gather",
                            "All-gather bus bandwidth"),
        collectiveBenchmark(session, gpu, Collective::reduce_scatter, "cluster_reduce_scatter",
                            "Reduce-scatter bus bandwidth"),
    };
}

} // namespace roofscope::probe
