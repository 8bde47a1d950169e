#include "app/cli.h"
#include "app/gui_module.h"
#include "roofscope_build_commit.h"
#include "roofscope_features.h"

namespace roofscope::app {

BuildInfo buildFacts() {
    BuildInfo info;
    info.version = ROOFSCOPE_VERSION;
    if (features::kCuda)
        info.cudaToolkit = features::kCudaVersion;
    info.nccl = features::kNccl;
    info.mpi = features::kMpi;
    info.buildType = ROOFSCOPE_BUILD_TYPE;
    info.commit = ROOFSCOPE_BUILD_COMMIT;
    info.compiler = ROOFSCOPE_COMPILER;
    return info;
}

} // namespace roofscope::app
