#pragma once
// Where autosaved sessions live and whose they are. Each running explorer writes one file,
// named after its process: autosave/session-<pid>-<start>.roofscope under the application's
// local data folder. <start> is the process's start time (Linux: clock ticks since boot), so
// that a pid reused by an unrelated process later does not pass for the explorer that wrote the
// file. A file whose process no longer runs was left by a crash: an orphan, offered for recovery.

#include <QDateTime>
#include <QString>

#include <optional>
#include <vector>

namespace roofscope::ui {

struct ProcessStamp {
    qint64 pid = 0;
    qint64 start = 0; // 0 where the platform gives no start time: the pid alone decides

    bool operator==(const ProcessStamp&) const = default;
};

// This process.
ProcessStamp currentProcess();
// The stamp of a running process, or nothing when `pid` runs nothing (or the platform cannot
// tell: see isRunning).
std::optional<ProcessStamp> runningProcess(qint64 pid);
// Whether the process that wrote a file runs still: same pid and same start time.
bool isRunning(const ProcessStamp& stamp);

// <AppLocalDataLocation>/autosave; not created here.
QString autosaveFolder();
QString autosaveFileName(const ProcessStamp& stamp);
// The stamp named by an autosave file's name; nothing for any other name (the temporary files
// of an atomic write, files the user put there).
std::optional<ProcessStamp> stampOfAutosaveFile(const QString& fileName);

struct OrphanedAutosave {
    QString path;
    QDateTime saved; // the file's modification time
    ProcessStamp owner;
};

// Autosave files in `folder` (default: autosaveFolder()) whose process is gone, newest first.
std::vector<OrphanedAutosave> findOrphanedAutosaves(const QString& folder = autosaveFolder());

} // namespace roofscope::ui
