// MainWindow's nccl-tests import: a file of nccl-tests output opened in the explorer becomes the
// measured intra- or inter-node link ceiling of a device of the session, the APB of the
// MD-Roofline view.
#include "ui/main_window.h"

#include "core/import/nccl_tests/nccl_link_ceiling.h"
#include "core/units.h"

#include <QFileInfo>
#include <QInputDialog>
#include <QStatusBar>

namespace roofscope::ui {

void MainWindow::importLinkCeiling(const QString& path) {
    const auto imported = readNcclLinkCeiling(path.toStdString());
    if (!imported) {
        showError(tr("Cannot read nccl-tests output"),
                  QString::fromStdString(imported.error().toString()));
        return;
    }
    if (session_.devices.empty()) {
        showError(tr("No device for the link ceiling"),
                  tr("%1 measures a link; open a trace or session first, so that its device can "
                     "take the measured bandwidth.")
                      .arg(path));
        return;
    }
    const LinkCeilingImport link = imported.value();
    const auto apply = [this, path, link](const std::string& deviceId) {
        if (!applyLinkCeiling(session_, deviceId, link))
            return;
        markChanged();
        refresh();
        const Device* d = session_.findDevice(deviceId);
        statusBar()->showMessage(
            tr("%1 bus bandwidth %2 from %3 set on %4%5")
                .arg(QString::fromUtf8(toString(link.link).data()),
                     QString::fromStdString(formatSi(link.ceiling.value, Dimension::bytesPerS)),
                     QFileInfo(path).fileName(),
                     QString::fromStdString(d && !d->name.empty() ? d->name : deviceId),
                     link.linkAssumed ? tr(" (the output names no hosts: one host assumed)")
                                      : QString()),
            10000);
    };
    if (session_.devices.size() == 1) {
        apply(session_.devices.front().id);
        return;
    }
    // Window-modal but not blocking, like the error boxes: the event loop (and tests) go on.
    auto* ask = new QInputDialog(this);
    ask->setObjectName(QStringLiteral("linkDeviceDialog"));
    ask->setAttribute(Qt::WA_DeleteOnClose);
    ask->setWindowTitle(tr("Measured Link"));
    ask->setLabelText(
        tr("%1 measured the %2 bus bandwidth (%3). Which device has that link?")
            .arg(QFileInfo(path).fileName(), QString::fromUtf8(toString(link.link).data()),
                 QString::fromStdString(formatSi(link.ceiling.value, Dimension::bytesPerS))));
    QStringList names;
    for (const auto& d : session_.devices)
        names << QString::fromStdString(d.name.empty() ? d.id : d.name);
    ask->setComboBoxItems(names);
    ask->setComboBoxEditable(false);
    connect(ask, &QInputDialog::accepted, this, [this, ask, apply] {
        const qsizetype i = ask->comboBoxItems().indexOf(ask->textValue());
        if (i >= 0 && i < static_cast<qsizetype>(session_.devices.size()))
            apply(session_.devices[static_cast<std::size_t>(i)].id);
    });
    ask->open();
}

} // namespace roofscope::ui
