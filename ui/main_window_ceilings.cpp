// MainWindow's measured ceilings: nccl-tests, ERT or nvbandwidth output opened in the explorer
// sets its figures on a device of the session (the APB of the MD-Roofline view, the L1/L2 roofs
// of the hierarchical one, the PCIe and peer links of placement), replacing what the datasheet
// said for those ceilings only.
#include "ui/main_window.h"

#include "core/catalog.h"
#include "core/ceilings_file.h"
#include "core/import/measured_ceilings.h"
#include "ui/probe_import.h"

#include <QFileInfo>
#include <QInputDialog>
#include <QStatusBar>

namespace roofscope::ui {

void MainWindow::openDevicesFile(const QString& path) {
    auto read = readCeilingsFile(path.toStdString());
    if (!read) {
        showError(tr("Cannot read the ceilings document"),
                  QString::fromStdString(read.error().toString()));
        return;
    }
    std::vector<Device> devices;
    for (Device& d : read.value())
        devices.push_back(hasMeasuredCeilings(d) ? asMeasuredEntry(std::move(d)) : std::move(d));
    if (devices.empty()) {
        showError(tr("No device in the ceilings document"), tr("%1 lists no device.").arg(path));
        return;
    }
    addMeasuredDevices(devices, QStringList(qsizetype(devices.size()), path));
}

void MainWindow::importCeilings(const QString& path) {
    auto imported = readMeasuredCeilings(path.toStdString());
    if (!imported) {
        showError(tr("Cannot read measured ceilings"),
                  QString::fromStdString(imported.error().toString()));
        return;
    }
    const MeasuredCeilings measured = std::move(imported).value();
    // The device the file names, from the catalog when the session does not have it yet.
    const CatalogEntry* named =
        measured.deviceName.empty() ? nullptr : catalog_.findByName(measured.deviceName);
    std::vector<Device> choices = session_.devices;
    if (named && !session_.findDevice(named->device.id))
        choices.push_back(named->device);
    if (choices.empty()) {
        showError(tr("No device for the measured ceilings"),
                  tr("%1 holds measured ceilings; open a trace or session first, so that its "
                     "device can take them.")
                      .arg(path));
        return;
    }
    const QString file = QFileInfo(path).fileName();
    const auto apply = [this, file, measured](const Device& device) {
        if (!session_.findDevice(device.id))
            session_.devices.push_back(device);
        if (!applyMeasuredCeilings(session_, device.id, measured.ceilings))
            return;
        markChanged();
        refresh();
        QString notes;
        for (const auto& note : measured.notes)
            notes += QStringLiteral(" (") + QString::fromStdString(note) + QLatin1Char(')');
        statusBar()->showMessage(
            tr("%1 from %2 set on %3: %4%5")
                .arg(QString::fromStdString(measured.tool), file,
                     QString::fromStdString(device.name.empty() ? device.id : device.name),
                     QString::fromStdString(ceilingsLine(measured.ceilings)), notes),
            10000);
    };
    // The file says which device it measured and the session has it: no question to ask.
    if (named && session_.findDevice(named->device.id)) {
        apply(*session_.findDevice(named->device.id));
        return;
    }
    if (choices.size() == 1) {
        apply(choices.front());
        return;
    }
    // Window-modal but not blocking, like the error boxes: the event loop (and tests) go on.
    auto* ask = new QInputDialog(this);
    ask->setObjectName(QStringLiteral("ceilingsDeviceDialog"));
    ask->setAttribute(Qt::WA_DeleteOnClose);
    ask->setWindowTitle(tr("Measured Ceilings"));
    ask->setLabelText(tr("%1 measured %2 (%3). Which device was it run on?")
                          .arg(file, QString::fromStdString(ceilingsLine(measured.ceilings)),
                               QString::fromStdString(measured.tool)));
    QStringList names;
    for (const auto& d : choices)
        names << QString::fromStdString(d.name.empty() ? d.id : d.name);
    ask->setComboBoxItems(names);
    ask->setComboBoxEditable(false);
    if (named)
        ask->setTextValue(names.back());
    connect(ask, &QInputDialog::accepted, this, [ask, apply, choices] {
        const qsizetype i = ask->comboBoxItems().indexOf(ask->textValue());
        if (i >= 0 && i < static_cast<qsizetype>(choices.size()))
            apply(choices[static_cast<std::size_t>(i)]);
    });
    ask->open();
}

} // namespace roofscope::ui
