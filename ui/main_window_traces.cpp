// MainWindow's side of opening files: sessions and traces from the menu, drops and the command
// line, the background load with its progress bar and Cancel, and regrouping loaded launches.
#include "ui/main_window.h"

#include "core/import/importer.h"
#include "ui/view_bar.h"

#include "core/import/kineto/kineto_load.h"
#include "core/import/ncu/ncu_dataset.h"
#include "ui/record_panel.h"
#include "ui/trace_loader.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QFileInfo>
#include <QFutureWatcher>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QPushButton>
#include <QStatusBar>
#include <QToolButton>
#include <QtConcurrent/QtConcurrentRun>

#include <utility>

namespace roofscope::ui {
namespace {

QStringList localFiles(const QMimeData* mime) {
    QStringList paths;
    if (!mime || !mime->hasUrls())
        return paths;
    for (const QUrl& url : mime->urls())
        if (url.isLocalFile())
            paths.append(url.toLocalFile());
    return paths;
}

} // namespace

void MainWindow::buildStatusBar() {
    progress_ = new QProgressBar(this);
    progress_->setObjectName(QStringLiteral("loadProgress"));
    progress_->setRange(0, 1000);
    progress_->setMaximumWidth(220);
    progress_->setFormat(QStringLiteral("%p %"));
    cancel_ = new QPushButton(tr("Cancel"), this);
    cancel_->setObjectName(QStringLiteral("cancelLoad"));
    warningsButton_ = new QToolButton(this);
    warningsButton_->setObjectName(QStringLiteral("warningsButton"));
    warningsButton_->setAutoRaise(true);
    statusBar()->addPermanentWidget(warningsButton_);
    statusBar()->addPermanentWidget(progress_);
    statusBar()->addPermanentWidget(cancel_);
    progress_->hide();
    cancel_->hide();
    warningsButton_->hide();
    connect(cancel_, &QPushButton::clicked, this, &MainWindow::cancelLoad);
    connect(loader_, &TraceLoader::progress, progress_, &QProgressBar::setValue);
    // The warnings stay one click away instead of a modal box per load; details are collapsible.
    connect(warningsButton_, &QToolButton::clicked, this, [this] {
        auto* box = new QMessageBox(QMessageBox::Warning, tr("Warnings"),
                                    tr("%n warning(s) while loading.", "", int(warnings_.size())),
                                    QMessageBox::Ok, this);
        box->setAttribute(Qt::WA_DeleteOnClose);
        box->setObjectName(QStringLiteral("warningsBox"));
        box->setDetailedText(warnings_.join(QLatin1Char('\n')));
        box->open();
    });
}

void MainWindow::showWarnings(const QString& summary, const QStringList& warnings) {
    warnings_ = warnings;
    warningsButton_->setVisible(!warnings.isEmpty());
    warningsButton_->setText(tr("⚠ %n warning(s)", "", int(warnings.size())));
    warningsButton_->setToolTip(warnings.mid(0, 5).join(QLatin1Char('\n')));
    statusBar()->showMessage(summary);
}

void MainWindow::openFiles(const QStringList& paths) {
    QStringList traces;
    QString session;
    QStringList ceilings;
    QStringList devices;
    QStringList records;
    QStringList refused;
    // The importer table decides each file's kind from its content (core/import/importer.h).
    for (const QString& path : paths) {
        const auto importer = importerOf(path.toStdString());
        if (!importer) {
            refused.append(QString::fromStdString(importer.error().toString()));
            continue;
        }
        switch (importer.value()->opensAs) {
        case OpensAs::session:
            session = path; // one session at a time: the last one given wins
            break;
        case OpensAs::ceilings:
            ceilings.append(path); // measures a device, not a run
            break;
        case OpensAs::devices:
            devices.append(path);
            break;
        case OpensAs::run:
            traces.append(path);
            break;
        case OpensAs::records:
            records.append(path);
            break;
        case OpensAs::infoOnly:
            refused.append(
                tr("%1: %2, which the window does not open ('roofscope info' "
                   "describes it)")
                    .arg(path, QString::fromUtf8(importer.value()->expect.data(),
                                                 qsizetype(importer.value()->expect.size()))));
            break;
        }
    }
    if (!refused.isEmpty())
        showError(tr("Cannot open"), refused.join(QLatin1Char('\n')));
    if (!session.isEmpty())
        openSession(session);
    for (const QString& path : devices)
        openDevicesFile(path);
    for (const QString& path : records)
        openRecordsFile(path);
    // Ceilings opened with traces are for the traces' devices: set when the load is done.
    if (!traces.isEmpty() && loadTraces(traces))
        pendingCeilings_ += ceilings;
    else
        for (const QString& path : ceilings)
            importCeilings(path);
}

bool MainWindow::loadTraces(const QStringList& paths) {
    if (!loader_->start(paths, records_->grouping(), catalog_)) {
        statusBar()->showMessage(tr("A load is already running; cancel it first"), 5000);
        return false;
    }
    progress_->setValue(0);
    progress_->show();
    cancel_->show();
    statusBar()->showMessage(paths.size() == 1 ? tr("Loading %1…").arg(paths.front())
                                               : tr("Loading %n ranks…", "", int(paths.size())));
    return true;
}

void MainWindow::cancelLoad() {
    loader_->cancel();
    cancel_->setEnabled(false);
}

void MainWindow::replaceDemoSession() {
    if (replaceable_) {
        // Devices measured on this machine are the user's, unlike the demo: they stay.
        std::vector<Device> measured;
        for (const Device& d : session_.devices)
            if (hasMeasuredCeilings(d))
                measured.push_back(d);
        session_ = Session{};
        // The new session is drawn as the view bar shows (colour by, axes, point style).
        viewBar_->applyTo(session_.view);
        session_.devices = std::move(measured);
        loaded_.clear();
        sessionPath_.clear();
    }
    replaceable_ = false;
    // Fitted again: the new points may lie outside the range the view was at.
    session_.view.xMin = session_.view.xMax = session_.view.yMin = session_.view.yMax = 0;
}

void MainWindow::traceLoaded(const TraceLoadOutcome& outcome) {
    showLoadedTraces(outcome);
    // After the traces, whose devices they measured (openFiles), whether or not the load went.
    for (const QString& path : std::exchange(pendingCeilings_, {}))
        importCeilings(path);
}

void MainWindow::showLoadedTraces(const TraceLoadOutcome& outcome) {
    progress_->hide();
    cancel_->hide();
    cancel_->setEnabled(true);
    if (outcome.cancelled) {
        statusBar()->showMessage(tr("Loading cancelled"), 5000);
        return;
    }
    if (outcome.jobs.empty()) {
        showError(tr("Cannot load trace"), outcome.error);
        return;
    }
    replaceDemoSession();

    QStringList warnings;
    QStringList said;
    std::size_t records = 0, launches = 0;
    for (const LoadedJob& job : outcome.jobs) {
        const MultiRankTrace& trace = *job.trace;
        const std::string deviceId = job.device ? job.device->id : std::string();
        if (job.device && !session_.findDevice(deviceId))
            session_.devices.push_back(*job.device);
        // Grouped as the table was when the load started; the user may have switched since.
        Dataset dataset = std::move(*job.dataset);
        if (const Grouping now = records_->grouping(); now != outcome.grouping)
            dataset.records = mergedDataset(trace, now, deviceId).records;
        const QString first =
            QFileInfo(QString::fromStdString(trace.ranks.front().path)).fileName();
        dataset.context.label =
            uniqueLabel(trace.ranks.size() == 1
                            ? first.toStdString()
                            : tr("%1 (%2 ranks)").arg(first).arg(trace.ranks.size()).toStdString());
        for (const auto& rank : trace.ranks)
            launches += rank.analysis.launches.size();
        records += dataset.records.size();
        session_.datasets.push_back(std::move(dataset));
        loaded_.push_back({int(session_.datasets.size()) - 1, job.trace, deviceId, nullptr});
        if (title_.isEmpty())
            title_ = first;
        // Warnings name their job when there are several.
        const QString prefix = outcome.jobs.size() > 1 ? first + QStringLiteral(": ") : QString();
        if (!job.device) {
            const QString unknown =
                job.deviceName.empty()
                    ? tr("the trace names no GPU: no roofs drawn (choose one in Run Details)")
                    : tr("device “%1” is not in the catalog: no roofs drawn (choose one in Run "
                         "Details)")
                          .arg(QString::fromStdString(job.deviceName));
            said.append(prefix + unknown);
            warnings.append(prefix + unknown);
        } else if (outcome.jobs.size() == 1) {
            said.append(tr("on %1").arg(QString::fromStdString(job.device->name)));
        }
        for (const auto& w : trace.warnings)
            warnings.append(prefix + QString::fromStdString(w));
    }
    records_->setGroupingEnabled(true);
    // One file reopens as it was loaded; the ranks of a multi-rank set are not one entry.
    if (outcome.paths.size() == 1)
        addRecentFile(outcome.paths.front());
    markChanged();
    refresh();
    updateTitle();

    const QString what =
        outcome.jobs.size() == 1
            ? QFileInfo(QString::fromStdString(outcome.jobs.front().trace->ranks.front().path))
                  .fileName()
            : tr("%n runs", "", int(outcome.jobs.size()));
    QString summary =
        tr("Loaded %1: %2 records from %3 launches").arg(what).arg(records).arg(launches);
    // "… launches on NVIDIA H100 …" reads on; what went wrong is a clause of its own.
    const bool onItsDevice = outcome.jobs.size() == 1 && outcome.jobs.front().device;
    if (!said.isEmpty())
        summary += (onItsDevice ? QStringLiteral(" ") : QStringLiteral("; ")) +
                   said.join(QStringLiteral("; "));
    if (!outcome.said.isEmpty()) {
        // How several files were opened is said first: it explains the datasets that appeared.
        summary = outcome.said + QStringLiteral(". ") + summary;
        if (outcome.jobs.size() > 1)
            warnings.prepend(outcome.said);
    }
    showWarnings(summary, warnings);
}

void MainWindow::regroup(Grouping grouping) {
    if (loaded_.empty())
        return;
    const auto replaceRecords = [&](const LoadedTraces& l, std::vector<OpRecord> records) {
        session_.datasets[static_cast<std::size_t>(l.dataset)].records = std::move(records);
        // Record indices of a regrouped dataset name other records now.
        std::erase_if(session_.view.selection,
                      [&](const RecordRef& r) { return r.dataset == l.dataset; });
    };
    std::size_t launches = 0;
    for (const auto& l : loaded_)
        if (l.trace)
            for (const auto& rank : l.trace->ranks)
                launches += rank.analysis.launches.size();
    const int generation = ++regroupGeneration_;
    // Files read whole hold a few thousand launches at most: at once, with the small traces.
    for (const auto& l : loaded_)
        if (!l.trace)
            replaceRecords(l, groupNcuLaunches(*l.launches, grouping, l.deviceId));
        else if (launches <= backgroundRegroupAbove_)
            replaceRecords(l, mergedDataset(*l.trace, grouping, l.deviceId).records);
    if (launches <= backgroundRegroupAbove_) {
        markChanged();
        refresh();
        return;
    }
    // Millions of launches take a second or more to group: off the GUI thread, applied to the
    // datasets that still hold those traces when it is done, unless a newer choice came since.
    struct Job {
        std::shared_ptr<const MultiRankTrace> trace;
        std::string deviceId;
        std::vector<OpRecord> records;
    };
    std::vector<Job> jobs;
    for (const auto& l : loaded_)
        if (l.trace)
            jobs.push_back({l.trace, l.deviceId, {}});
    ++regrouping_;
    statusBar()->showMessage(tr("Regrouping %n launches…", "", int(launches)));
    auto* watcher = new QFutureWatcher<std::vector<Job>>(this);
    const auto apply = [this, watcher, generation] {
        watcher->deleteLater();
        --regrouping_;
        if (generation != regroupGeneration_)
            return; // superseded
        // Taken, not copied: a copy of millions of records here is what this avoids.
        std::vector<Job> done = watcher->future().takeResult();
        bool applied = false;
        for (Job& job : done)
            for (const auto& l : loaded_) {
                if (!l.trace || l.trace != job.trace)
                    continue;
                applied = true;
                session_.datasets[static_cast<std::size_t>(l.dataset)].records =
                    std::move(job.records);
                std::erase_if(session_.view.selection,
                              [&](const RecordRef& r) { return r.dataset == l.dataset; });
            }
        if (!applied)
            return; // the session was replaced meanwhile
        markChanged();
        refresh();
        statusBar()->showMessage(tr("Regrouped"), 5000);
        emit regrouped();
    };
    connect(watcher, &QFutureWatcher<std::vector<Job>>::finished, this, apply);
    watcher->setFuture(QtConcurrent::run([jobs = std::move(jobs), grouping]() mutable {
        for (Job& job : jobs)
            job.records = mergedDataset(*job.trace, grouping, job.deviceId).records;
        return jobs;
    }));
}

void MainWindow::dragEnterEvent(QDragEnterEvent* event) {
    if (!localFiles(event->mimeData()).isEmpty())
        event->acceptProposedAction();
}

void MainWindow::dropEvent(QDropEvent* event) {
    const QStringList paths = localFiles(event->mimeData());
    if (paths.isEmpty())
        return;
    event->acceptProposedAction();
    openFiles(paths);
}

} // namespace roofscope::ui
