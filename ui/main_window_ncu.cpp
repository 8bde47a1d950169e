// MainWindow's Nsight Compute exports: each a run of its own, read whole (a few thousand
// kernels at most, so on the window's thread), bound to the GPU the file names, its L1, L2 and
// DRAM bytes drawn by the hierarchical roofline.
#include "ui/main_window.h"

#include "core/import/ncu/ncu_dataset.h"
#include "ui/record_panel.h"

#include <QFileInfo>
#include <QStatusBar>

namespace roofscope::ui {

void MainWindow::openRecordsFile(const QString& path) {
    auto loaded = loadNcuRun(path.toStdString(), records_->grouping());
    if (!loaded) {
        showError(tr("Cannot open"), QString::fromStdString(loaded.error().toString()));
        return;
    }
    NcuRun& run = loaded.value();
    replaceDemoSession();
    QStringList warnings;
    for (const auto& w : run.warnings)
        warnings.append(QString::fromStdString(w));
    const QString file = QFileInfo(path).fileName();
    QString on;
    if (const CatalogEntry* entry = catalog_.findByName(run.deviceName)) {
        if (!session_.findDevice(entry->device.id))
            session_.devices.push_back(entry->device);
        bindNcuRun(run, entry->device.id);
        on = tr(" on %1").arg(QString::fromStdString(entry->device.name));
    } else {
        warnings.append(
            run.deviceName.empty()
                ? tr("%1 names no GPU: no roofs drawn (choose one in Run Details)").arg(file)
                : tr("device “%1” of %2 is not in the catalog: no roofs drawn (choose one in "
                     "Run Details)")
                      .arg(QString::fromStdString(run.deviceName), file));
    }
    run.dataset.context.label = uniqueLabel(run.dataset.context.label);
    const std::size_t records = run.dataset.records.size();
    const std::string deviceId = run.dataset.context.deviceId;
    session_.datasets.push_back(std::move(run.dataset));
    loaded_.push_back({int(session_.datasets.size()) - 1, nullptr, deviceId,
                       std::make_shared<const std::vector<OpRecord>>(std::move(run.launches))});
    records_->setGroupingEnabled(true);
    if (title_.isEmpty())
        title_ = file;
    addRecentFile(path);
    markChanged();
    refresh();
    updateTitle();
    showWarnings(tr("Loaded %1 (Nsight Compute): %2 records%3").arg(file).arg(records).arg(on),
                 warnings);
}

} // namespace roofscope::ui
