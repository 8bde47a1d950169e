#pragma once
// `roofscope summarize` under mpirun or srun: MPI lives in roofscope-mpi.so, which the executable
// loads only when an MPI launcher started it, so that `roofscope` itself links no MPI library and
// runs where none is installed. Both come from one build (the loader checks abi and version), so
// C++ types cross the table.

#include "core/error.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope::app {

inline constexpr int kMpiModuleAbi = 1;
inline constexpr const char* kMpiModuleFile = "roofscope-mpi.so";

struct MpiModule {
    int abi;             // kMpiModuleAbi of the build that made the module
    const char* version; // ROOFSCOPE_VERSION of that build
    // MPI_Init, and this process's rank and the size of MPI_COMM_WORLD. Errors name the call.
    Status (*start)(int& rank, int& size);
    // Collective: on rank 0, every rank's `mine` in rank order (rank 0's own first); elsewhere an
    // empty list. Any size (sent in pieces of at most 1 GiB).
    Result<std::vector<std::string>> (*gatherToRoot)(const std::string& mine);
    // Collective: MPI_Finalize.
    void (*finish)();
};

// What the environment says of an MPI launch: the variables of Open MPI (OMPI_COMM_WORLD_*),
// of MPICH's Hydra and Slurm's PMI-2 (PMI_SIZE, PMI_RANK) and of PMIx (PMIX_RANK).
struct MpiLaunch {
    int rank = 0;  // this process's rank, as the launcher numbered it
    int size = -1; // the number of ranks, -1 when the launcher does not say (PMIx)
};
// nullopt when no launcher started this process, or one started a single rank.
std::optional<MpiLaunch> mpiLaunch();

// The paths tried, in the order of app/module_load.h ($ROOFSCOPE_MPI_MODULE replaces them).
std::vector<std::string> mpiModuleCandidates(const std::string& exeDir);

// Loads the module once (later calls return the same table).
Result<const MpiModule*> loadMpiModule();

} // namespace roofscope::app

// The module's one exported symbol.
extern "C" const roofscope::app::MpiModule* roofscope_mpi_module();
