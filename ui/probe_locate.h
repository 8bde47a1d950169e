#pragma once
// Where the explorer finds roofscope-probe: $ROOFSCOPE_PROBE when set, else next to the running
// executable, then in the build tree (../gpu) and the installed tree (../libexec/roofscope).

#include <QString>
#include <QStringList>

namespace roofscope::ui {

struct ProbeLookup {
    QString path;         // the executable found; empty when none was
    QStringList searched; // every path looked at, in order, for the error message
};

// Looks only at the file system; never starts anything.
ProbeLookup findProbe();

// "roofscope-probe was not found: looked in A, B and C …" for a failed lookup.
QString probeNotFoundMessage(const ProbeLookup& lookup);

} // namespace roofscope::ui
