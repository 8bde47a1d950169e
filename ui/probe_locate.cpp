#include "ui/probe_locate.h"

#include "core/probe_location.h"

#include <QCoreApplication>

namespace roofscope::ui {

// The search order is core's (shared with `roofscope probe`); only the start folder is Qt's.
ProbeLookup findProbe() {
    ProbeLookup lookup;
    std::vector<std::string> looked;
    const std::string found =
        findProbeExecutable(QCoreApplication::applicationDirPath().toStdString(), &looked);
    for (const auto& path : looked)
        lookup.searched.append(QString::fromStdString(path));
    lookup.path = QString::fromStdString(found);
    return lookup;
}

QString probeNotFoundMessage(const ProbeLookup& lookup) {
    if (qEnvironmentVariableIsSet("ROOFSCOPE_PROBE") && !lookup.searched.isEmpty())
        return QCoreApplication::translate(
                   "roofscope::ui::ProbeLookup",
                   "roofscope-probe was not found: ROOFSCOPE_PROBE names %1, which is not an "
                   "executable file.")
            .arg(lookup.searched.front());
    return QCoreApplication::translate("roofscope::ui::ProbeLookup",
                                       "roofscope-probe was not found: looked in %1. Build the "
                                       "roofscope-probe target or set ROOFSCOPE_PROBE to its "
                                       "path.")
        .arg(lookup.searched.join(QStringLiteral(", ")));
}

} // namespace roofscope::ui
