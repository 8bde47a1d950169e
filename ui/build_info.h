#pragma once
// What this build of Roofscope is: its version, the libraries it runs on, the toolkits it was
// built with and the commit, as Qt strings for the About dialog. The lines are core's
// (core/build_info.h); the explorer's module hands toCore(buildInfo()) to `roofscope --version`.

#include "core/build_info.h"

#include <QString>
#include <QStringList>

namespace roofscope::ui {

struct BuildInfo {
    QString version;     // project(VERSION), e.g. "0.1.0"
    QString qtRuntime;   // the Qt loaded now (qVersion())
    QString qtBuild;     // the Qt compiled against
    QString qcustomplot; // QCustomPlot's version
    QString cudaToolkit; // CUDA the probe was built with; empty when built without CUDA
    bool nccl = false;   // the probe measures collectives with NCCL
    bool mpi = false;    // the probe runs across nodes under MPI
    QString buildType;   // CMAKE_BUILD_TYPE
    QString commit;      // short commit hash, or "unknown" outside a git checkout
    QString compiler;    // compiler id and version
};

BuildInfo buildInfo();
roofscope::BuildInfo toCore(const BuildInfo& info);

// The lines of `roofscope --version`: "roofscope 0.1.0" first, then libraries, toolkits, build.
QStringList versionLines(const BuildInfo& info = buildInfo());

} // namespace roofscope::ui
