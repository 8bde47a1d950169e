// startMpi, stopMpi and agreeOnCancel: who this rank is, on which node, among how many.

#include "gpu/mpi/host_name.h"
#include "gpu/mpi/mpi_call.h"
#include "gpu/mpi/mpi_probe.h"

#include <cstdlib>

namespace roofscope::probe {

namespace {

// Set when startMpi called MPI_Init_thread, so that stopMpi finalises only what it started (a
// host program that initialised MPI itself keeps it).
bool gInitialisedHere = false;

// Open MPI's mpirun, MPICH/Intel's PMI, PMIx launchers and Slurm's srun each leave one of these.
bool launchedByMpiLauncher() {
    for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMI_SIZE", "PMIX_RANK", "SLURM_PROCID"})
        if (std::getenv(name))
            return true;
    return false;
}

MpiSession loneRank() {
    MpiSession s;
    s.node = detail::hostName();
    return s;
}

// Everything after MPI_Init_thread; on failure the caller finalises.
Result<MpiSession> describeRank() {
    using detail::mpiError;
    // Errors come back as return codes from here on, instead of aborting the whole job.
    if (auto e = mpiError(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN),
                          "MPI_Comm_set_errhandler"))
        return *e;
    MpiSession s;
    if (auto e = mpiError(MPI_Comm_rank(MPI_COMM_WORLD, &s.rank), "MPI_Comm_rank"))
        return *e;
    if (auto e = mpiError(MPI_Comm_size(MPI_COMM_WORLD, &s.size), "MPI_Comm_size"))
        return *e;
    char name[MPI_MAX_PROCESSOR_NAME] = {};
    int length = 0;
    if (auto e = mpiError(MPI_Get_processor_name(name, &length), "MPI_Get_processor_name"))
        return *e;
    s.node = length > 0 ? std::string(name, static_cast<std::size_t>(length)) : detail::hostName();

    // The ranks that share memory with this one are the ranks of this node: their order picks
    // the GPU, and their leaders (local rank 0) count the nodes.
    MPI_Comm local = MPI_COMM_NULL;
    if (auto e = mpiError(MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, s.rank,
                                              MPI_INFO_NULL, &local),
                          "MPI_Comm_split_type"))
        return *e;
    std::optional<Error> failed = mpiError(MPI_Comm_rank(local, &s.localRank), "MPI_Comm_rank");
    if (!failed)
        failed = mpiError(MPI_Comm_size(local, &s.localSize), "MPI_Comm_size");
    MPI_Comm_free(&local);
    if (failed)
        return *failed;
    const int leader = s.localRank == 0 ? 1 : 0;
    if (auto e = mpiError(MPI_Allreduce(&leader, &s.nodes, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD),
                          "MPI_Allreduce"))
        return *e;
    return s;
}

} // namespace

Result<MpiSession> startMpi(int& argc, char**& argv) {
    if (!launchedByMpiLauncher())
        return loneRank();
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised) {
        // FUNNELED: the CPU benchmarks run threads, but only the main thread calls MPI.
        int provided = 0;
        if (auto e = detail::mpiError(MPI_Init_thread(&argc, &argv, MPI_THREAD_FUNNELED, &provided),
                                      "MPI_Init_thread"))
            return *e;
        gInitialisedHere = true;
    }
    auto session = describeRank();
    if (!session.ok() && gInitialisedHere) {
        MPI_Finalize();
        gInitialisedHere = false;
    }
    return session;
}

void stopMpi(const MpiSession&) {
    if (!gInitialisedHere)
        return;
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (!finalised)
        MPI_Finalize();
    gInitialisedHere = false;
}

bool agreeOnCancel(const MpiSession& session, bool flag) {
    if (!session.active())
        return flag;
    // A broadcast that fails means the job cannot go on together: stop.
    const auto agreed = detail::broadcastFlag(flag);
    return agreed.ok() ? agreed.value() : true;
}

} // namespace roofscope::probe
