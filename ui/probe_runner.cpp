#include "ui/probe_runner.h"

#include "core/ceilings_file.h"

#include <QFileInfo>

#include <csignal>
#include <cstring>
#include <utility>

namespace roofscope::ui {
namespace {

const std::string kStdoutSource = "roofscope-probe stdout";

// The probe's exit codes (gpu/probe_main.cpp).
constexpr int kExitOk = 0;
constexpr int kExitFailure = 1;
constexpr int kExitUsage = 2;
constexpr int kExitNoGpu = 3;
constexpr int kExitPartial = 4;
constexpr int kExitCancelled = 130;

QString signalName(int signal) {
    // QProcess reports the signal number as the exit code of a crashed child on Unix.
    if (signal > 0 && signal < NSIG)
        if (const char* name = ::strsignal(signal))
            return QString::fromLocal8Bit(name);
    return ProbeRunner::tr("killed by a signal");
}

QString lastLines(const QByteArray& text, int count) {
    QStringList lines = QString::fromLocal8Bit(text).split(QLatin1Char('\n'), Qt::SkipEmptyParts);
    for (QString& line : lines)
        line = line.trimmed();
    lines.removeAll(QString());
    return lines.mid(std::max<qsizetype>(0, lines.size() - count)).join(QLatin1Char('\n'));
}

} // namespace

ProbeRunner::ProbeRunner(QObject* parent) : QObject(parent) {
    watchdog_.setSingleShot(true);
    grace_.setSingleShot(true);
    connect(&watchdog_, &QTimer::timeout, this, &ProbeRunner::watchdogFired);
    connect(&grace_, &QTimer::timeout, this, [this] {
        if (process_)
            process_->kill();
    });
}

ProbeRunner::~ProbeRunner() {
    if (process_) {
        process_->disconnect(this);
        if (process_->state() != QProcess::NotRunning) {
            process_->kill();
            // Only reaps a child that already got SIGKILL; QProcess would wait unbounded.
            process_->waitForFinished(1000);
        }
    }
}

bool ProbeRunner::start(const QString& program, const QStringList& args) {
    if (running_)
        return false;
    running_ = true;
    listing_ = args.contains(QStringLiteral("--list"));
    cancelRequested_ = hung_ = skippingLongLine_ = false;
    program_ = program;
    pending_.clear();
    stderr_.clear();
    lineNumber_ = 0;
    badLines_ = 0;
    done_.reset();
    outcome_ = {};

    process_ = new QProcess(this);
    process_->setProgram(program);
    process_->setArguments(args);
    process_->setProcessChannelMode(QProcess::SeparateChannels);
    connect(process_, &QProcess::readyReadStandardOutput, this, &ProbeRunner::readStdout);
    connect(process_, &QProcess::readyReadStandardError, this, &ProbeRunner::readStderr);
    connect(process_, &QProcess::finished, this, &ProbeRunner::processFinished);
    connect(process_, &QProcess::errorOccurred, this, &ProbeRunner::processError);
    watchdog_.start(watchdogMs_);
    process_->start(QIODevice::ReadOnly);
    return true;
}

void ProbeRunner::cancel() {
    if (!running_ || !process_ || cancelRequested_)
        return;
    cancelRequested_ = true;
    // A cancelled run is not a hung one, however long the probe takes to write its file.
    watchdog_.stop();
    process_->terminate();
    grace_.start(cancelGraceMs_);
}

void ProbeRunner::readStdout() {
    if (!process_)
        return;
    const QByteArray data = process_->readAllStandardOutput();
    qsizetype from = 0;
    while (from < data.size()) {
        const qsizetype newline = data.indexOf('\n', from);
        const qsizetype end = newline < 0 ? data.size() : newline;
        if (!skippingLongLine_)
            pending_.append(data.constData() + from, end - from);
        if (newline < 0) {
            // A line without end must not grow without bound: report it and drop the rest.
            if (pending_.size() > kMaxLineBytes) {
                ++lineNumber_;
                addWarning(tr("roofscope-probe stdout line %1: longer than %2 bytes, ignored")
                               .arg(lineNumber_)
                               .arg(kMaxLineBytes));
                pending_.clear();
                skippingLongLine_ = true;
            }
            break;
        }
        if (skippingLongLine_)
            skippingLongLine_ = false; // counted when it was reported
        else
            handleLine(std::exchange(pending_, {}));
        from = newline + 1;
    }
}

void ProbeRunner::readStderr() {
    if (!process_)
        return;
    stderr_ += process_->readAllStandardError();
    if (stderr_.size() > kMaxStderrBytes)
        stderr_ = stderr_.right(kMaxStderrBytes);
}

void ProbeRunner::handleLine(QByteArray line) {
    ++lineNumber_;
    if (line.endsWith('\r'))
        line.chop(1);
    if (line.trimmed().isEmpty())
        return;
    auto parsed = parseProbeEvent(std::string_view(line.constData(), std::size_t(line.size())),
                                  lineNumber_, kStdoutSource);
    if (!parsed) {
        ++badLines_;
        if (badLines_ <= kMaxReportedBadLines)
            addWarning(tr("roofscope-probe stdout line %1: %2")
                           .arg(lineNumber_)
                           .arg(QString::fromStdString(parsed.error().message)));
        else if (badLines_ == kMaxReportedBadLines + 1)
            addWarning(tr("roofscope-probe stdout: more lines that do not parse; not reported"));
        return;
    }
    ProbeEvent event = std::move(parsed).value();
    // Only a well-formed event counts as a sign of life.
    if (!cancelRequested_)
        watchdog_.start(watchdogMs_);
    switch (event.type) {
    case ProbeEventType::hello:
        outcome_.plan = event.plan;
        outcome_.targets = event.targets;
        break;
    case ProbeEventType::started:
        outcome_.lastBenchmark = QString::fromStdString(event.benchmark);
        break;
    case ProbeEventType::result:
        outcome_.results.push_back(event);
        break;
    case ProbeEventType::warning:
        addWarning(event.benchmark.empty()
                       ? QString::fromStdString(event.message)
                       : QStringLiteral("%1: %2").arg(QString::fromStdString(event.benchmark),
                                                      QString::fromStdString(event.message)));
        break;
    case ProbeEventType::done:
        done_ = event;
        break;
    default:
        break;
    }
    emit eventReceived(event);
}

void ProbeRunner::addWarning(const QString& message) {
    outcome_.warnings.append(message);
    emit warning(message);
}

void ProbeRunner::watchdogFired() {
    if (!process_ || cancelRequested_)
        return;
    hung_ = true;
    process_->kill();
}

void ProbeRunner::processError(QProcess::ProcessError error) {
    // Crashes arrive through finished(); only a failed start never reaches it.
    if (error != QProcess::FailedToStart || !running_)
        return;
    outcome_.status = ProbeRunStatus::failed;
    outcome_.end = ProbeEnd::failedToStart;
    outcome_.message = tr("roofscope-probe could not be started (%1): %2")
                           .arg(program_, process_ ? process_->errorString() : QString());
    finish();
}

void ProbeRunner::processFinished(int exitCode, QProcess::ExitStatus exitStatus) {
    if (!running_)
        return;
    readStdout();
    readStderr();
    if (!pending_.isEmpty() && !skippingLongLine_)
        handleLine(std::exchange(pending_, {})); // a last line without its newline
    outcome_.exitCode = exitStatus == QProcess::NormalExit ? exitCode : -1;
    outcome_.stderrTail = lastLines(stderr_, 8);
    outcome_.message = settleEnd(exitCode, exitStatus);

    if (done_ && !done_->output.empty()) {
        const std::string path = done_->output;
        auto devices = readCeilingsFile(path);
        if (devices) {
            outcome_.ceilingsPath = QString::fromStdString(path);
            outcome_.devices = std::move(devices).value();
        } else {
            addWarning(tr("the probe's ceilings file could not be read: %1")
                           .arg(QString::fromStdString(devices.error().toString())));
            if (outcome_.status == ProbeRunStatus::ok)
                outcome_.status =
                    outcome_.results.empty() ? ProbeRunStatus::failed : ProbeRunStatus::partial;
        }
    }
    finish();
}

// Sets outcome_.status and .end; returns the message for the user.
QString ProbeRunner::settleEnd(int exitCode, QProcess::ExitStatus exitStatus) {
    auto& out = outcome_;
    const bool kept = !out.results.empty();
    const ProbeRunStatus lost = kept ? ProbeRunStatus::partial : ProbeRunStatus::failed;
    const QString during = out.lastBenchmark.isEmpty() ? tr("before its first benchmark")
                                                       : tr("during %1").arg(out.lastBenchmark);
    const QString keptNote = kept ? tr("; results so far are kept") : QString();
    const bool crashed = exitStatus == QProcess::CrashExit;

    if (cancelRequested_) {
        out.end = ProbeEnd::cancelled;
        out.status = ProbeRunStatus::cancelled;
        if (done_)
            return tr("Cancelled %1%2.").arg(during, keptNote);
        return tr("Cancelled %1; the probe did not stop in time and was killed%2.")
            .arg(during, keptNote);
    }
    if (hung_) {
        out.end = ProbeEnd::hung;
        out.status = lost;
        return tr("roofscope-probe hung %1: no progress for %2 s, so it was stopped%3.")
            .arg(during)
            .arg(watchdogMs_ / 1000.0)
            .arg(keptNote);
    }
    if (crashed) {
        out.end = ProbeEnd::crashed;
        out.status = lost;
        return tr("The probe crashed %1: %2%3.").arg(during, signalName(exitCode), keptNote);
    }
    if (listing_) {
        out.end = ProbeEnd::completed;
        out.status =
            exitCode == kExitOk && !out.plan.empty() ? ProbeRunStatus::ok : ProbeRunStatus::failed;
        if (out.status == ProbeRunStatus::ok)
            return {};
        return tr("roofscope-probe --list gave no plan (exit code %1).").arg(exitCode);
    }
    if (!done_ && exitCode == kExitUsage) {
        out.end = ProbeEnd::completed;
        out.status = ProbeRunStatus::failed;
        return tr("roofscope-probe refused its options: %1").arg(out.stderrTail);
    }
    if (!done_) {
        out.end = ProbeEnd::crashed;
        out.status = lost;
        return tr("The probe stopped %1 without finishing its report (exit code %2)%3.")
            .arg(during)
            .arg(exitCode)
            .arg(keptNote);
    }
    out.end = ProbeEnd::completed;
    out.status = done_->status;
    const QString reason = QString::fromStdString(done_->message);
    switch (exitCode) {
    case kExitOk:
        return {};
    case kExitNoGpu:
        return tr("No GPU or GPU driver was available for the GPU benchmarks; the CPU results "
                  "are kept.");
    case kExitPartial:
        return tr("Some benchmarks gave no result; the others are kept.");
    case kExitCancelled:
        out.status = ProbeRunStatus::cancelled;
        return tr("The probe was interrupted%1.").arg(keptNote);
    case kExitUsage:
        out.status = ProbeRunStatus::failed;
        return tr("roofscope-probe refused its options: %1").arg(reason);
    case kExitFailure:
    default:
        if (out.status == ProbeRunStatus::ok)
            out.status = lost;
        return reason.isEmpty()
                   ? tr("The probe failed (exit code %1)%2.").arg(exitCode).arg(keptNote)
                   : tr("The probe failed: %1").arg(reason);
    }
}

void ProbeRunner::finish() {
    watchdog_.stop();
    grace_.stop();
    running_ = false;
    if (process_) {
        process_->disconnect(this);
        process_->deleteLater();
        process_ = nullptr;
    }
    const ProbeOutcome outcome = outcome_;
    emit finished(outcome);
}

} // namespace roofscope::ui
