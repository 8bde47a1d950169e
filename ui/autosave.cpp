#include "ui/autosave.h"

#include "core/session_file.h"
#include "ui/autosave_files.h"

#include <QDir>
#include <QFile>

namespace roofscope::ui {

Autosaver::Autosaver(std::function<const Session&()> session, QObject* parent)
    : QObject(parent), session_(std::move(session)),
      path_(autosaveFolder() + QLatin1Char('/') + autosaveFileName(currentProcess())) {
    timer_.setTimerType(Qt::VeryCoarseTimer);
    connect(&timer_, &QTimer::timeout, this, [this] {
        if (const Status status = saveNow(); !status)
            emit saveFailed(QString::fromStdString(status.error().toString()));
    });
    setInterval(kDefaultInterval);
}

Autosaver::~Autosaver() {
    discard();
}

void Autosaver::setInterval(std::chrono::milliseconds interval) {
    if (interval.count() <= 0) {
        timer_.stop();
        return;
    }
    timer_.start(interval);
}

std::chrono::milliseconds Autosaver::interval() const {
    return timer_.isActive() ? timer_.intervalAsDuration() : std::chrono::milliseconds(0);
}

void Autosaver::markChanged() {
    ++generation_;
}

void Autosaver::markSaved() {
    written_ = generation_;
    discard();
}

Status Autosaver::saveNow() {
    if (!isDirty())
        return {};
    if (!QDir().mkpath(autosaveFolder()))
        return makeError("cannot create the autosave folder",
                         inFile(autosaveFolder().toStdString()));
    const quint64 generation = generation_;
    if (Status status = writeSessionFile(path_.toStdString(), session_()); !status)
        return status;
    written_ = generation;
    return {};
}

void Autosaver::discard() {
    QFile::remove(path_);
}

} // namespace roofscope::ui
