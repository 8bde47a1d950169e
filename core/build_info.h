#pragma once
// What a build of Roofscope is, and the lines of `roofscope --version` and the About dialog. The
// facts come from whoever knows them: the executable fills in the build's (app/build_facts.cpp),
// the explorer's module adds the Qt and QCustomPlot it runs on (ui/build_info.h).

#include <string>
#include <vector>

namespace roofscope {

struct BuildInfo {
    std::string version;     // project(VERSION), e.g. "0.1.0"
    std::string qtRuntime;   // the Qt loaded now; empty when the explorer's module is not loaded
    std::string qtBuild;     // the Qt compiled against
    std::string qcustomplot; // QCustomPlot's version
    std::string cudaToolkit; // CUDA the probe was built with; empty when built without CUDA
    bool nccl = false;       // the probe measures collectives with NCCL
    bool mpi = false;        // the probe runs across nodes under MPI
    std::string buildType;   // CMAKE_BUILD_TYPE
    std::string commit;      // short commit hash, or "unknown" outside a git checkout
    std::string compiler;    // compiler id and version
};

// "roofscope 0.1.0" first, then the Qt and QCustomPlot (or why they are not loaded: `whyNoQt`),
// toolkits, and how it was built.
std::vector<std::string> versionLines(const BuildInfo& info, const std::string& whyNoQt = {});

} // namespace roofscope
