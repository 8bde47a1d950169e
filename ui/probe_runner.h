#pragma once
// Runs roofscope-probe in a child process (QProcess) and turns its JSON-lines stdout into
// signals on the GUI thread, never blocking it. Promises:
// - every stdout line is parsed with core's parseProbeEvent; a line that does not parse (or is
//   longer than kMaxLineBytes) is reported as a warning naming its line number, and the run goes
//   on: garbage is reported, never trusted;
// - a child that sends no event for the watchdog timeout is killed and the run reported as hung,
//   naming the benchmark it was in;
// - cancel() asks the child to stop (SIGTERM), so that it writes what it measured, and kills it
//   after a grace period if it does not;
// - a crash, a kill or an exit without a `done` event ends the run with the last benchmark and
//   the tail of stderr named, and the results received so far are kept (status partial);
// - `finished` is emitted exactly once per start().

#include "core/device.h"
#include "core/probe_events.h"

#include <QByteArray>
#include <QElapsedTimer>
#include <QObject>
#include <QProcess>
#include <QStringList>
#include <QTimer>

#include <optional>
#include <vector>

namespace roofscope::ui {

// How a run ended, beyond the probe's own ProbeRunStatus.
enum class ProbeEnd {
    completed,     // the probe sent `done` (or, for --list, its plan) and exited
    failedToStart, // the program could not be started
    crashed,       // it died of a signal or exited without `done`
    hung,          // the watchdog killed it
    cancelled      // cancel() stopped it
};

struct ProbeOutcome {
    ProbeRunStatus status = ProbeRunStatus::failed;
    ProbeEnd end = ProbeEnd::completed;
    int exitCode = -1;
    // What went wrong, in words, for the user; empty when nothing did. Exit code 3 (no GPU for
    // a requested GPU benchmark) is not an error but is explained here too.
    QString message;
    QString lastBenchmark;              // key of the last benchmark started; empty before the first
    QString stderrTail;                 // the last lines the probe wrote to stderr
    std::vector<PlannedBenchmark> plan; // from the hello event
    std::vector<ProbeTarget> targets;   // from the hello event: device names
    std::vector<ProbeEvent> results;    // every `result` event received, in order
    QStringList warnings;               // the probe's warnings and the lines that did not parse
    // The ceilings file named by `done`, when it was written and reads back; its devices.
    QString ceilingsPath;
    std::vector<Device> devices;
};

class ProbeRunner : public QObject {
    Q_OBJECT
  public:
    static constexpr int kDefaultWatchdogMs = 600'000;
    static constexpr int kDefaultCancelGraceMs = 3'000;
    static constexpr qsizetype kMaxLineBytes = 1 << 20;
    static constexpr qsizetype kMaxStderrBytes = 64 << 10;
    static constexpr int kMaxReportedBadLines = 20;

    explicit ProbeRunner(QObject* parent = nullptr);
    // Kills a child still running: the probe cannot outlive the window that shows it.
    ~ProbeRunner() override;

    // The longest the probe may stay silent (no event) before it is taken for hung.
    void setWatchdogMs(int ms) { watchdogMs_ = ms; }
    int watchdogMs() const { return watchdogMs_; }
    // How long cancel() waits after SIGTERM before it kills.
    void setCancelGraceMs(int ms) { cancelGraceMs_ = ms; }

    // Starts `program args`; false (nothing starts) while a run is in progress. With "--list"
    // among `args` the run ends with the plan and no `done` event is expected.
    bool start(const QString& program, const QStringList& args);
    void cancel();
    bool isRunning() const { return running_; }

  signals:
    void eventReceived(const roofscope::ProbeEvent& event);
    // A line that did not parse, or a warning event of the probe's, in words.
    void warning(const QString& message);
    void finished(const roofscope::ui::ProbeOutcome& outcome);

  private:
    void readStdout();
    void readStderr();
    void handleLine(QByteArray line);
    void processFinished(int exitCode, QProcess::ExitStatus exitStatus);
    void processError(QProcess::ProcessError error);
    void watchdogFired();
    void addWarning(const QString& message);
    void finish();
    QString settleEnd(int exitCode, QProcess::ExitStatus exitStatus);

    QProcess* process_ = nullptr;
    QTimer watchdog_;
    QTimer grace_;
    int watchdogMs_ = kDefaultWatchdogMs;
    int cancelGraceMs_ = kDefaultCancelGraceMs;
    bool running_ = false;
    bool listing_ = false;
    bool cancelRequested_ = false;
    bool hung_ = false;
    bool skippingLongLine_ = false;
    QString program_;
    QByteArray pending_; // stdout received after the last newline
    QByteArray stderr_;
    qint64 lineNumber_ = 0;
    int badLines_ = 0;
    std::optional<ProbeEvent> done_;
    ProbeOutcome outcome_;
};

} // namespace roofscope::ui
