#include "ui/autosave_files.h"

#include <QCoreApplication>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QRegularExpression>
#include <QStandardPaths>

#include <algorithm>

#ifdef Q_OS_UNIX
#include <cerrno>
#include <csignal>
#endif

namespace roofscope::ui {
namespace {

#ifdef Q_OS_LINUX
// Field 22 of /proc/<pid>/stat. The command name (field 2) is in parentheses and may hold
// spaces and parentheses itself, so the fields are counted from the last ')'.
std::optional<qint64> linuxStartTime(qint64 pid) {
    QFile stat(QStringLiteral("/proc/%1/stat").arg(pid));
    if (!stat.open(QIODevice::ReadOnly))
        return std::nullopt;
    const QByteArray text = stat.readAll();
    const qsizetype close = text.lastIndexOf(')');
    if (close < 0)
        return std::nullopt;
    // After ") " come field 3 (state) onwards: field 22 is the 20th of those.
    const QList<QByteArray> fields = text.mid(close + 2).split(' ');
    if (fields.size() < 20)
        return std::nullopt;
    bool ok = false;
    const qint64 start = fields[19].toLongLong(&ok);
    return ok ? std::optional<qint64>(start) : std::nullopt;
}
#endif

} // namespace

ProcessStamp currentProcess() {
    const qint64 pid = QCoreApplication::applicationPid();
    return runningProcess(pid).value_or(ProcessStamp{pid, 0});
}

std::optional<ProcessStamp> runningProcess(qint64 pid) {
    if (pid <= 0)
        return std::nullopt;
#if defined(Q_OS_LINUX)
    if (const auto start = linuxStartTime(pid))
        return ProcessStamp{pid, *start};
    return std::nullopt;
#elif defined(Q_OS_UNIX)
    // EPERM: it runs, under another user.
    if (::kill(static_cast<pid_t>(pid), 0) == 0 || errno == EPERM)
        return ProcessStamp{pid, 0};
    return std::nullopt;
#else
    // No way to tell here: count it as running, so that a file of a live explorer is never
    // offered (a crash's file then waits for the user to find it in the folder).
    return ProcessStamp{pid, 0};
#endif
}

bool isRunning(const ProcessStamp& stamp) {
    const auto running = runningProcess(stamp.pid);
    if (!running)
        return false;
    // Either side without a start time cannot tell a reused pid: trust the pid.
    return running->start == 0 || stamp.start == 0 || running->start == stamp.start;
}

QString autosaveFolder() {
    return QStandardPaths::writableLocation(QStandardPaths::AppLocalDataLocation) +
           QStringLiteral("/autosave");
}

QString autosaveFileName(const ProcessStamp& stamp) {
    return QStringLiteral("session-%1-%2.roofscope").arg(stamp.pid).arg(stamp.start);
}

std::optional<ProcessStamp> stampOfAutosaveFile(const QString& fileName) {
    static const QRegularExpression name(QStringLiteral(R"(^session-(\d+)-(\d+)\.roofscope$)"));
    const QRegularExpressionMatch m = name.match(fileName);
    if (!m.hasMatch())
        return std::nullopt;
    bool pidOk = false, startOk = false;
    ProcessStamp stamp{m.captured(1).toLongLong(&pidOk), m.captured(2).toLongLong(&startOk)};
    if (!pidOk || !startOk || stamp.pid <= 0)
        return std::nullopt;
    return stamp;
}

std::vector<OrphanedAutosave> findOrphanedAutosaves(const QString& folder) {
    std::vector<OrphanedAutosave> orphans;
    const QFileInfoList files =
        QDir(folder).entryInfoList({QStringLiteral("session-*.roofscope")}, QDir::Files);
    for (const QFileInfo& file : files) {
        const auto stamp = stampOfAutosaveFile(file.fileName());
        if (stamp && !isRunning(*stamp))
            orphans.push_back({file.absoluteFilePath(), file.lastModified(), *stamp});
    }
    std::sort(
        orphans.begin(), orphans.end(),
        [](const OrphanedAutosave& a, const OrphanedAutosave& b) { return a.saved > b.saved; });
    return orphans;
}

} // namespace roofscope::ui
