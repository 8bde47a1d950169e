// The executable's side of the MPI module: is this an MPI launch, and loading roofscope-mpi.so.
#include "app/mpi_module.h"

#include "app/module_load.h"

#include <charconv>
#include <cstdlib>
#include <cstring>

namespace roofscope::app {
namespace {

const ModuleSpec kMpiSpec{kMpiModuleFile, "ROOFSCOPE_MPI_MODULE", "roofscope_mpi_module",
                          "the MPI module"};

std::optional<int> intVariable(const char* name) {
    const char* text = std::getenv(name);
    if (!text || !*text)
        return std::nullopt;
    int value = 0;
    const char* end = text + std::strlen(text);
    const auto [at, ec] = std::from_chars(text, end, value);
    if (ec != std::errc() || at != end)
        return std::nullopt;
    return value;
}

} // namespace

std::optional<MpiLaunch> mpiLaunch() {
    for (const auto& [size, rank] : {std::pair{"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK"},
                                     std::pair{"PMI_SIZE", "PMI_RANK"}}) {
        if (const auto n = intVariable(size)) {
            if (*n <= 1)
                return std::nullopt;
            return MpiLaunch{intVariable(rank).value_or(0), *n};
        }
    }
    if (const auto rank = intVariable("PMIX_RANK"))
        return MpiLaunch{*rank, -1};
    return std::nullopt;
}

std::vector<std::string> mpiModuleCandidates(const std::string& exeDir) {
    return moduleCandidates(kMpiSpec, exeDir);
}

Result<const MpiModule*> loadMpiModule() {
    static const Result<const MpiModule*> loaded = openModuleAs<MpiModule>(kMpiSpec, kMpiModuleAbi);
    return loaded;
}

} // namespace roofscope::app
