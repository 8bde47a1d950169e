#pragma once
// Autosave for the explorer: every few minutes, when the session changed since it was last
// written, the session goes to this process's autosave file (autosave_files.h) the way Save
// writes it (atomically). The file goes away when the user saves or the window closes normally,
// so that only a crash leaves one behind for recovery_prompt.h to offer.

#include "core/error.h"
#include "core/session.h"

#include <QObject>
#include <QString>
#include <QTimer>

#include <chrono>
#include <functional>

namespace roofscope::ui {

class Autosaver : public QObject {
    Q_OBJECT
  public:
    static constexpr std::chrono::minutes kDefaultInterval{3};

    // `session` gives the session to write when the timer fires; it must outlive this object.
    explicit Autosaver(std::function<const Session&()> session, QObject* parent = nullptr);
    // Removes the file: destructors run on a normal exit, not in a crash.
    ~Autosaver() override;

    // Zero or less stops autosaving.
    void setInterval(std::chrono::milliseconds interval);
    std::chrono::milliseconds interval() const;

    // The window changed the session: the next tick writes it.
    void markChanged();
    // The user saved the session: nothing to recover until the next change.
    void markSaved();
    bool isDirty() const { return generation_ != written_; }

    // Writes now when the session changed since the last write (what the timer does).
    Status saveNow();
    // Removes this process's file (a normal close).
    void discard();
    QString filePath() const { return path_; }

  signals:
    // A write failed (full disk, folder not writable); file and reason.
    void saveFailed(const QString& message);

  private:
    std::function<const Session&()> session_;
    QString path_;
    QTimer timer_;
    // Bumped by every change; written_ is the generation on disk (or saved by the user).
    quint64 generation_ = 0;
    quint64 written_ = 0;
};

} // namespace roofscope::ui
