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

roofscope::BuildInfo toCore(const BuildInfo& info) {
    roofscope::BuildInfo out;
    out.version = info.version.toStdString();
    out.qtRuntime = info.qtRuntime.toStdString();
    out.qtBuild = info.qtBuild.toStdString();
    out.qcustomplot = info.qcustomplot.toStdString();
    out.cudaToolkit = info.cudaToolkit.toStdString();
    out.nccl = info.nccl;
    out.mpi = info.mpi;
    out.buildType = info.buildType.toStdString();
    out.commit = info.commit.toStdString();
    out.compiler = info.compiler.toStdString();
    return out;
}

QStringList versionLines(const BuildInfo& info) {
    QStringList lines;
    for (const auto& line : roofscope::versionLines(toCore(info)))
        lines << QString::fromStdString(line);
    return lines;
}

} // namespace roofscope::ui
