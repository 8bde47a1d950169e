// MainWindow's autosave and crash recovery: the window bumps the autosave's change count when
// the session changes (markChanged), clears it on save and close, and at start offers the newest
// session a crashed explorer left behind. A restored session is the user's unsaved work: it has
// no path (Save asks where) and a following trace adds to it rather than replacing it.
#include "ui/main_window.h"

#include "core/session_file.h"
#include "ui/autosave.h"
#include "ui/autosave_files.h"
#include "ui/recovery_prompt.h"

#include <QFile>
#include <QLocale>
#include <QSettings>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace roofscope::ui {
namespace {

// Minutes between autosaves; 0 turns autosave off.
const QString kAutosaveMinutes = QStringLiteral("autosave/intervalMinutes");

} // namespace

void MainWindow::setUpAutosave() {
    autosaver_ = new Autosaver([this]() -> const Session& { return session_; }, this);
    const int minutes =
        QSettings().value(kAutosaveMinutes, int(Autosaver::kDefaultInterval.count())).toInt();
    autosaver_->setInterval(std::chrono::minutes(std::max(0, minutes)));
    connect(autosaver_, &Autosaver::saveFailed, this, [this](const QString& message) {
        statusBar()->showMessage(tr("Autosave failed: %1").arg(message), 10000);
    });
    // Once the event loop runs: the window is shown by then, and the prompt is modal to it.
    QTimer::singleShot(0, this, &MainWindow::offerRecovery);
}

void MainWindow::markChanged() {
    if (autosaver_)
        autosaver_->markChanged();
}

void MainWindow::offerRecovery() {
    const std::vector<OrphanedAutosave> orphans = findOrphanedAutosaves();
    if (orphans.empty())
        return;
    auto* prompt = new RecoveryPrompt(orphans.front(), int(orphans.size()) - 1, this);
    connect(prompt, &RecoveryPrompt::restoreRequested, this, &MainWindow::restoreAutosave);
    connect(prompt, &RecoveryPrompt::discardRequested, this,
            [](const QString& path) { QFile::remove(path); });
    prompt->open();
}

bool MainWindow::restoreAutosave(const QString& path) {
    auto loaded = readSessionFile(path.toStdString());
    if (!loaded) {
        showError(tr("Cannot restore the autosaved session"),
                  QString::fromStdString(loaded.error().toString()));
        return false;
    }
    setSession(std::move(loaded).value());
    replaceable_ = false;
    title_ = tr("Recovered session");
    updateTitle();
    markChanged();
    // Under this process's name before the crash's file goes, so that a second crash right now
    // loses nothing either.
    if (const Status status = autosaver_->saveNow(); !status) {
        statusBar()->showMessage(tr("Restored, but autosave failed: %1")
                                     .arg(QString::fromStdString(status.error().toString())),
                                 10000);
        return true;
    }
    QFile::remove(path);
    statusBar()->showMessage(tr("Restored the autosaved session; save it to keep it"), 10000);
    return true;
}

} // namespace roofscope::ui
