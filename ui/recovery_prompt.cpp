#include "ui/recovery_prompt.h"

#include <QLocale>
#include <QPushButton>

namespace roofscope::ui {

RecoveryPrompt::RecoveryPrompt(const OrphanedAutosave& orphan, int others, QWidget* parent)
    : QMessageBox(parent), orphan_(orphan) {
    setObjectName(QStringLiteral("recoveryPrompt"));
    setIcon(QMessageBox::Question);
    setWindowTitle(tr("Recover Session"));
    setText(tr("Roofscope did not close normally. It saved the open session automatically at "
               "%1. Restore it?")
                .arg(QLocale().toString(orphan.saved, QLocale::ShortFormat)));
    QString details = tr("Autosave file: %1").arg(orphan.path);
    if (others > 0)
        details +=
            QLatin1Char('\n') + tr("%n older autosave(s) will be offered next time.", "", others);
    setInformativeText(details);
    QPushButton* restore = addButton(tr("&Restore"), QMessageBox::AcceptRole);
    restore->setObjectName(QStringLiteral("restoreButton"));
    QPushButton* discard = addButton(tr("&Discard"), QMessageBox::DestructiveRole);
    discard->setObjectName(QStringLiteral("discardButton"));
    // Closing the box decides nothing: the file stays for the next start.
    QPushButton* later = addButton(tr("&Not Now"), QMessageBox::RejectRole);
    later->setObjectName(QStringLiteral("notNowButton"));
    setDefaultButton(restore);
    setEscapeButton(later);
    setAttribute(Qt::WA_DeleteOnClose);
    connect(this, &QMessageBox::buttonClicked, this,
            [this, restore, discard](QAbstractButton* button) {
                if (button == restore)
                    emit restoreRequested(orphan_.path);
                else if (button == discard)
                    emit discardRequested(orphan_.path);
            });
}

} // namespace roofscope::ui
