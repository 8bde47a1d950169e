// MainWindow's side of probing: Tools > Probe This Machine… opens the (single, non-modal) probe
// dialog, and the devices it measured join the session and the catalog, drawn beside the spec
// devices (measured roofs solid, spec roofs dashed).
#include "ui/main_window.h"

#include "core/catalog.h"
#include "ui/probe_dialog.h"

#include <QAction>
#include <QMenu>
#include <QStatusBar>

#include <algorithm>

namespace roofscope::ui {

void MainWindow::addProbeActions(QMenu* tools) {
    QAction* probe = tools->addAction(tr("&Probe This Machine…"), this, [this] {
        // One dialog: reopening shows the run in progress instead of starting a second probe.
        auto* dialog = findChild<ProbeDialog*>(QStringLiteral("probeDialog"));
        if (!dialog) {
            dialog = new ProbeDialog(this);
            connect(dialog, &ProbeDialog::devicesMeasured, this, &MainWindow::addMeasuredDevices);
        }
        dialog->show();
        dialog->raise();
        dialog->activateWindow();
    });
    probe->setObjectName(QStringLiteral("probeAction"));
    QAction* zoo = tools->addAction(tr("Add &Model from the Zoo…"), this, &MainWindow::addZooModel);
    zoo->setObjectName(QStringLiteral("zooAction"));
    probe->setShortcut(QKeySequence(tr("Ctrl+Shift+P")));
    probe->setStatusTip(tr("Measure this machine's ceilings with roofscope-probe"));
}

void MainWindow::addMeasuredDevices(const std::vector<Device>& devices, const QStringList& files) {
    QStringList names;
    auto& shown = session_.view.shownDevices;
    for (std::size_t i = 0; i < devices.size(); ++i) {
        const Device& device = devices[i];
        // A second measurement of the same day replaces the first, as its catalog file does.
        auto same = std::find_if(session_.devices.begin(), session_.devices.end(),
                                 [&](const Device& d) { return d.id == device.id; });
        if (same != session_.devices.end())
            *same = device;
        else
            session_.devices.push_back(device);
        // An empty list draws every device; a chosen list must name the new one to draw it.
        if (!shown.empty() && std::find(shown.begin(), shown.end(), device.id) == shown.end())
            shown.push_back(device.id);
        catalog_.add({device},
                     hasMeasuredCeilings(device) ? CatalogLayer::measured : CatalogLayer::user,
                     files.value(qsizetype(i)).toStdString());
        names.append(QString::fromStdString(device.name));
    }
    if (names.isEmpty())
        return;
    markChanged();
    refresh();
    statusBar()->showMessage(tr("Added %1 to the session").arg(names.join(QStringLiteral(", "))),
                             10000);
}

} // namespace roofscope::ui
