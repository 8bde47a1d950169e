#pragma once
// Offers the session a crashed explorer autosaved: a window-modal, non-blocking message box
// (object name "recoveryPrompt") with Restore ("restoreButton"), Discard ("discardButton") and
// Not Now ("notNowButton", which keeps the file for the next start). It only asks; the window
// restores or removes the file.

#include "ui/autosave_files.h"

#include <QMessageBox>

namespace roofscope::ui {

class RecoveryPrompt : public QMessageBox {
    Q_OBJECT
  public:
    // `others`: how many older orphans there are besides this one (they are offered later).
    RecoveryPrompt(const OrphanedAutosave& orphan, int others, QWidget* parent);

    const OrphanedAutosave& orphan() const { return orphan_; }

  signals:
    void restoreRequested(const QString& path);
    void discardRequested(const QString& path);

  private:
    OrphanedAutosave orphan_;
};

} // namespace roofscope::ui
