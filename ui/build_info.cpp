#include "ui/build_info.h"

#include "roofscope_build_commit.h"
#include "roofscope_features.h"

#include <QtGlobal>
#include <qcustomplot.h>

namespace roofscope::ui {

BuildInfo buildInfo() {
    BuildInfo info;
    info.version = QStringLiteral(ROOFSCOPE_VERSION);
    info.qtRuntime = QString::fromLatin1(qVersion());
    info.qtBuild = QStringLiteral(QT_VERSION_STR);
    info.qcustomplot = QStringLiteral(QCUSTOMPLOT_VERSION_STR);
    if (features::kCuda)
        info.cudaToolkit = QString::fromLatin1(features::kCudaVersion);
    info.nccl = features::kNccl;
    info.mpi = features::kMpi;
    info.buildType = QStringLiteral(ROOFSCOPE_BUILD_TYPE);
    info.commit = QStringLiteral(ROOFSCOPE_BUILD_COMMIT);
    info.compiler = QStringLiteral(ROOFSCOPE_COMPILER);
    return info;
}

QStringList versionLines(const BuildInfo& info) {
    const auto yesNo = [](bool b) { return b ? QStringLiteral("yes") : QStringLiteral("no"); };
    // The Qt in use can be newer than the one compiled against; say both only when they differ.
    QString qt = QStringLiteral("Qt ") + info.qtRuntime;
    if (info.qtBuild != info.qtRuntime)
        qt += QStringLiteral(" (built with %1)").arg(info.qtBuild);
    const QString cuda = info.cudaToolkit.isEmpty()
                             ? QStringLiteral("CUDA not built")
                             : QStringLiteral("CUDA runtime %1 (probe)").arg(info.cudaToolkit);
    return {
        QStringLiteral("roofscope ") + info.version,
        QStringLiteral("  %1, QCustomPlot %2").arg(qt, info.qcustomplot),
        QStringLiteral("  %1, NCCL %2, MPI %3").arg(cuda, yesNo(info.nccl), yesNo(info.mpi)),
        QStringLiteral("  built %1 from commit %2 with %3")
            .arg(info.buildType, info.commit, info.compiler),
    };
}

} // namespace roofscope::ui
