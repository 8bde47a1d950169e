#pragma once
// Multi-node probing: roofscope-probe launched by mpirun/srun, one rank per GPU (or per node for
// the CPU path). Every rank measures its own device, all ranks measure the collectives between
// them together, and rank 0 writes one ceilings file for the cluster. Built with MPI from
// gpu/mpi/*.cpp (mpi_session.cpp, cluster_benchmarks.cpp, device_gather.cpp and their helpers);
// without MPI, mpi_probe_absent.cpp keeps every process a lone rank. cluster_device.h (the
// cluster as one device) is built either way.

#include "core/device.h"
#include "core/error.h"
#include "gpu/probe/benchmark.h"

#include <string>
#include <vector>

namespace roofscope::probe {

struct MpiSession {
    int rank = 0;
    int size = 1;
    int localRank = 0; // rank among the ranks of this node, to pick the GPU
    int localSize = 1;
    std::string node; // this rank's host name (MPI_Get_processor_name)
    int nodes = 1;    // distinct nodes in the job

    bool active() const { return size > 1; }
};

// Initialises MPI when the process was started by a launcher (OMPI_COMM_WORLD_SIZE, PMI_SIZE,
// PMIX_RANK or SLURM_PROCID in the environment); otherwise returns a lone rank and does not touch
// MPI, so that a plain `roofscope-probe` never needs an MPI runtime. An Error names the MPI call.
Result<MpiSession> startMpi(int& argc, char**& argv);
// Finalises MPI if startMpi initialised it. Safe to call for a lone rank.
void stopMpi(const MpiSession& session);

// Collectives across all ranks, which every rank must run in the same order: NCCL over an
// MPI-exchanged unique id when `gpu` >= 0 and the build has NCCL, else MPI collectives between
// the host processes. Keys: cluster_all_reduce, cluster_all_gather, cluster_reduce_scatter; each
// gives Link::inter_node (or intra_node when every rank is on one node) as bus bandwidth with
// nccl-tests' factors, max over a size sweep. Empty for a lone rank. Rank 0 alone decides
// (cancelled(), timeLimitS) whether a sweep goes on to its next size, and broadcasts it.
std::vector<Benchmark> clusterBenchmarks(const MpiSession& session, int gpu);

// Every rank's measured devices, gathered on rank 0 in rank order (index = rank); other ranks
// get an empty vector. All ranks must call it. They travel as the ceilings file's JSON, so a
// device that file would refuse (a ceiling of 0, a measured one without tool or method) is an
// Error on rank 0 naming the rank; an MPI failure is an Error on every rank.
Result<std::vector<std::vector<Device>>> gatherDevices(const MpiSession& session,
                                                       const std::vector<Device>& mine);

// Broadcasts rank 0's flag to all ranks (a cancellation seen by rank 0 stops everyone between
// benchmarks). Lone rank: returns `flag`.
bool agreeOnCancel(const MpiSession& session, bool flag);

} // namespace roofscope::probe
