// MainWindow's side of the dataset tree: showing, hiding, renaming, colouring and removing
// datasets in the session. Hiding goes by label (ViewSettings::hiddenDatasets), so labels are
// kept unique; colours live in the dataset's context and travel with it.
#include "ui/main_window.h"

#include "core/dataset_label.h"
#include "core/systems.h"
#include "ui/dataset_panel.h"
#include "ui/run_info_dialog.h"

#include <QColor>
#include <QStatusBar>
#include <QTimer>

#include <algorithm>

namespace roofscope::ui {
namespace {

bool validDataset(const Session& session, int dataset) {
    return dataset >= 0 && static_cast<std::size_t>(dataset) < session.datasets.size();
}

} // namespace

std::string MainWindow::uniqueLabel(const std::string& label, int except) const {
    return uniqueDatasetLabel(session_, label, except);
}

void MainWindow::setDatasetVisible(int dataset, bool visible) {
    if (!validDataset(session_, dataset))
        return;
    const std::string& label = session_.datasets[std::size_t(dataset)].context.label;
    auto& hidden = session_.view.hiddenDatasets;
    std::erase(hidden, label);
    if (!visible)
        hidden.push_back(label);
    markChanged();
    refreshViews();
}

void MainWindow::renameDataset(int dataset, const QString& label) {
    if (!validDataset(session_, dataset) || label.trimmed().isEmpty())
        return;
    std::string& current = session_.datasets[std::size_t(dataset)].context.label;
    const std::string wanted = label.trimmed().toStdString();
    const std::string unique = uniqueLabel(wanted, dataset);
    // The hidden list names the dataset by label: it follows the rename.
    for (auto& h : session_.view.hiddenDatasets)
        if (h == current)
            h = unique;
    current = unique;
    markChanged();
    refreshViews();
    updateTitle();
    // The tree shows what was typed; when that label was taken, show the one given instead,
    // once the editor that made the change has closed.
    if (unique != wanted)
        QTimer::singleShot(0, this, [this] { datasets_->setSession(session_); });
}

void MainWindow::setDatasetColor(int dataset, const QColor& color) {
    if (!validDataset(session_, dataset) || !color.isValid())
        return;
    session_.datasets[std::size_t(dataset)].context.color =
        color.name(QColor::HexRgb).toStdString();
    markChanged();
    refreshViews();
}

void MainWindow::editRunDetails(int dataset) {
    if (!validDataset(session_, dataset))
        return;
    // The session's devices first (measured ones among them), then the catalog's.
    std::vector<RunDevice> devices;
    for (const Device& d : session_.devices)
        devices.push_back({d.id, d.name, d.system});
    for (const CatalogEntry& e : catalog_.entries())
        if (!session_.findDevice(e.device.id))
            devices.push_back({e.device.id, e.device.name, e.device.system});
    // Window-modal but not blocking, like the error boxes: tests and the event loop go on.
    auto* dialog = new RunInfoDialog(session_.datasets[std::size_t(dataset)].context,
                                     std::move(devices), this);
    dialog->setAttribute(Qt::WA_DeleteOnClose);
    // By label, which is unique: datasets may be removed or loaded while the dialog is open.
    const std::string label = session_.datasets[std::size_t(dataset)].context.label;
    connect(dialog, &QDialog::accepted, this, [this, dialog, label] {
        auto it = std::find_if(session_.datasets.begin(), session_.datasets.end(),
                               [&](const Dataset& d) { return d.context.label == label; });
        if (it == session_.datasets.end())
            return;
        DatasetContext& context = it->context;
        const DatasetContext edited = dialog->edited(context);
        const bool systemChanged = setDeviceSystem(edited.deviceId, dialog->system());
        if (edited == context && !systemChanged)
            return;
        if (edited.deviceId != context.deviceId) {
            // The records are bounded by their own device id: they follow the run's.
            for (OpRecord& r : it->records)
                r.deviceId = edited.deviceId;
            const int index = int(it - session_.datasets.begin());
            for (auto& l : loaded_)
                if (l.dataset == index)
                    l.deviceId = edited.deviceId;
        }
        context = edited;
        markChanged();
        refresh();
    });
    dialog->open();
}

bool MainWindow::setDeviceSystem(const std::string& deviceId, const std::string& systemId) {
    if (deviceId.empty())
        return false;
    Device* device = nullptr;
    for (Device& d : session_.devices)
        if (d.id == deviceId)
            device = &d;
    if (!device) {
        const CatalogEntry* entry = catalog_.find(deviceId);
        if (!entry)
            return false;
        session_.devices.push_back(entry->device);
        device = &session_.devices.back();
    }
    if (device->system == systemId)
        return false;
    if (const System* system = findSystem(builtinSystems(), systemId)) {
        *device = withSystem(*device, *system);
    } else {
        *device = withoutSystem(*device); // the collective ceilings the last one gave go
    }
    return true;
}

void MainWindow::removeDataset(int dataset) {
    if (!validDataset(session_, dataset))
        return;
    const Dataset removed = std::move(session_.datasets[std::size_t(dataset)]);
    session_.datasets.erase(session_.datasets.begin() + dataset);
    // References past the removed dataset move down by one; those into it are gone.
    auto& selection = session_.view.selection;
    std::erase_if(selection, [&](const RecordRef& r) { return r.dataset == dataset; });
    for (auto& r : selection)
        if (r.dataset > dataset)
            --r.dataset;
    std::erase(session_.view.hiddenDatasets, removed.context.label);
    std::erase_if(loaded_, [&](const LoadedTraces& l) { return l.dataset == dataset; });
    for (auto& l : loaded_)
        if (l.dataset > dataset)
            --l.dataset;
    markChanged();
    refresh();
    statusBar()->showMessage(
        tr("Removed dataset “%1” (%n record(s))", "", int(removed.records.size()))
            .arg(QString::fromStdString(removed.context.label)),
        10000);
}

} // namespace roofscope::ui
