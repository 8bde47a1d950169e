#include "core/build_info.h"

namespace roofscope {

std::vector<std::string> versionLines(const BuildInfo& info, const std::string& whyNoQt) {
    const auto yesNo = [](bool b) { return std::string(b ? "yes" : "no"); };
    std::string qt;
    if (info.qtRuntime.empty()) {
        qt = "  Qt and QCustomPlot not loaded" + (whyNoQt.empty() ? "" : ": " + whyNoQt);
    } else {
        // The Qt in use can be newer than the one compiled against; say both only when they
        // differ.
        qt = "  Qt " + info.qtRuntime;
        if (info.qtBuild != info.qtRuntime)
            qt += " (built with " + info.qtBuild + ")";
        qt += ", QCustomPlot " + info.qcustomplot;
    }
    const std::string cuda = info.cudaToolkit.empty()
                                 ? std::string("CUDA not built")
                                 : "CUDA runtime " + info.cudaToolkit + " (probe)";
    return {
        "roofscope " + info.version,
        qt,
        "  " + cuda + ", NCCL " + yesNo(info.nccl) + ", MPI " + yesNo(info.mpi),
        "  built " + info.buildType + " from commit " + info.commit + " with " + info.compiler,
    };
}

} // namespace roofscope
