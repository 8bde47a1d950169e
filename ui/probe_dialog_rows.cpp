// The dialog following a run: each benchmark's row (waiting, running 40 %, its values, failed or
// skipped with the reason), the overall bar, the end of the run in words, and the measured
// devices saved into the user catalog.
#include "ui/probe_dialog.h"

#include "ui/catalog_loader.h"
#include "ui/probe_format.h"
#include "ui/probe_import.h"

#include <QPalette>
#include <QPixmap>
#include <QPlainTextEdit>
#include <QProgressBar>
#include <QPushButton>
#include <QStyle>
#include <QTreeWidget>

#include <algorithm>

namespace roofscope::ui {

void ProbeDialog::resetRows() {
    current_ = nullptr;
    runIndex_ = runCount_ = 0;
    overall_->setValue(0);
    log_->clear();
    for (auto& [id, row] : rows_) {
        row.results.clear();
        row.item->setToolTip(StatusColumn, {});
        row.bar->setValue(0);
        if (row.item->checkState(NameColumn) == Qt::Checked)
            setRowState(row, Row::State::waiting, tr("waiting"));
        else
            setRowState(row, Row::State::idle, tr("not selected"));
    }
}

void ProbeDialog::setRowState(Row& row, Row::State state, const QString& text) {
    row.state = state;
    QTreeWidgetItem* item = row.item;
    item->setText(StatusColumn, text);
    QVariant foreground;
    QStyle::StandardPixmap icon = QStyle::SP_CustomBase; // none
    switch (state) {
    case Row::State::done:
        icon = QStyle::SP_DialogApplyButton;
        break;
    case Row::State::failed:
        foreground = QColor(0xc0, 0x1c, 0x28);
        icon = QStyle::SP_MessageBoxCritical;
        break;
    case Row::State::stopped:
        icon = QStyle::SP_MessageBoxWarning;
        break;
    case Row::State::skipped:
    case Row::State::idle:
        foreground = palette().color(QPalette::PlaceholderText);
        break;
    case Row::State::running:
        icon = QStyle::SP_MediaPlay;
        break;
    case Row::State::waiting:
        break;
    }
    item->setData(StatusColumn, Qt::ForegroundRole, foreground);
    if (icon != QStyle::SP_CustomBase) {
        item->setIcon(StatusColumn, style()->standardIcon(icon, nullptr, this));
    } else {
        // A blank of the same size keeps "waiting" in line with the values beside their icons.
        const int size = style()->pixelMetric(QStyle::PM_SmallIconSize, nullptr, this);
        QPixmap blank(size, size);
        blank.fill(Qt::transparent);
        item->setIcon(StatusColumn, QIcon(blank));
    }
    // An idle row has not been asked to run and a skipped one never will: no bar to fill.
    const bool barShown = state != Row::State::idle && state != Row::State::skipped;
    row.bar->parentWidget()->setVisible(barShown);
}

void ProbeDialog::settleRow(Row& row) {
    if (row.state != Row::State::running)
        return;
    row.bar->setValue(100);
    setRowState(row, Row::State::done,
                row.results.empty() ? tr("done (no value)") : resultsSummary(row.results));
}

void ProbeDialog::updateOverall(double fraction) {
    if (runCount_ <= 0)
        return;
    const double done = (runIndex_ + std::clamp(fraction, 0.0, 1.0)) / runCount_;
    overall_->setValue(std::clamp(int(done * 1000), overall_->value(), 1000));
}

void ProbeDialog::handleEvent(const ProbeEvent& event) {
    switch (event.type) {
    case ProbeEventType::hello:
        // The run may plan what the listing did not (a GPU that appeared): give it rows.
        for (const auto& t : event.targets)
            if (!t.name.empty())
                targetNames_.insert(QString::fromStdString(t.target),
                                    QString::fromStdString(t.name));
        for (const auto& p : event.plan) {
            Row& row = rowFor(p.target, p.key, p.title);
            if (row.state == Row::State::idle && row.item->checkState(NameColumn) == Qt::Checked)
                setRowState(row, Row::State::waiting, tr("waiting"));
        }
        if (!event.message.empty())
            log(QString::fromStdString(event.message));
        break;
    case ProbeEventType::started: {
        Row& row = rowFor(event.target, event.benchmark, event.title);
        if (current_ && current_ != &row)
            settleRow(*current_);
        current_ = &row;
        runIndex_ = event.index;
        runCount_ = event.count;
        row.bar->setValue(0);
        setRowState(row, Row::State::running, tr("running"));
        updateOverall(0);
        setStatus(tr("Measuring %1 of %2: %3 on %4")
                      .arg(event.index + 1)
                      .arg(event.count)
                      .arg(row.item->text(NameColumn), targetTitle(event.target)),
                  0);
        break;
    }
    case ProbeEventType::progress: {
        Row& row = rowFor(event.target, event.benchmark, {});
        if (row.state != Row::State::running && row.state != Row::State::waiting)
            break;
        const int percent = std::clamp(int(event.fraction * 100 + 0.5), 0, 100);
        row.bar->setValue(percent);
        QString text = tr("running %1 %").arg(percent);
        if (!row.results.empty())
            text += QStringLiteral(" · ") + resultsSummary(row.results);
        setRowState(row, Row::State::running, text);
        if (&row == current_)
            updateOverall(event.fraction);
        break;
    }
    case ProbeEventType::result: {
        Row& row = rowFor(event.target, event.benchmark, {});
        row.results.push_back(event);
        QStringList details;
        for (const auto& r : row.results)
            details.append(resultDetails(r));
        row.item->setToolTip(StatusColumn, details.join(QStringLiteral("\n\n")));
        if (row.state == Row::State::running)
            row.item->setText(
                StatusColumn,
                tr("running %1 % · %2").arg(row.bar->value()).arg(resultsSummary(row.results)));
        else
            row.item->setText(StatusColumn, resultsSummary(row.results));
        break;
    }
    case ProbeEventType::failed: {
        Row& row = rowFor(event.target, event.benchmark, {});
        const QString reason = QString::fromStdString(event.message);
        setRowState(row, Row::State::failed, tr("failed: %1").arg(reason));
        log(tr("%1 on %2 failed: %3")
                .arg(QString::fromStdString(event.benchmark), targetTitle(event.target), reason));
        break;
    }
    case ProbeEventType::skipped: {
        Row& row = rowFor(event.target, event.benchmark, {});
        setRowState(row, Row::State::skipped,
                    tr("skipped: %1").arg(QString::fromStdString(event.message)));
        break;
    }
    case ProbeEventType::done:
        // A cancelled or failed run leaves its last benchmark unfinished: runEnded says why.
        if (event.status == ProbeRunStatus::ok || event.status == ProbeRunStatus::partial) {
            if (current_)
                settleRow(*current_);
            current_ = nullptr;
            overall_->setValue(1000);
        }
        if (!event.message.empty())
            log(QString::fromStdString(event.message));
        break;
    case ProbeEventType::observation:
    case ProbeEventType::warning: // logged through ProbeRunner::warning
        break;
    }
}

void ProbeDialog::runEnded(const ProbeOutcome& outcome) {
    QString stopped;
    switch (outcome.end) {
    case ProbeEnd::completed:
        stopped = outcome.status == ProbeRunStatus::cancelled ? tr("cancelled") : tr("no result");
        break;
    case ProbeEnd::cancelled:
        stopped = tr("cancelled");
        break;
    case ProbeEnd::crashed:
        stopped = tr("crashed");
        break;
    case ProbeEnd::hung:
        stopped = tr("hung: stopped");
        break;
    default:
        stopped = tr("no result");
        break;
    }
    for (auto& [id, row] : rows_) {
        const bool finished =
            outcome.end == ProbeEnd::completed &&
            (outcome.status == ProbeRunStatus::ok || outcome.status == ProbeRunStatus::partial);
        if (row.state == Row::State::running && finished)
            settleRow(row);
        else if (row.state == Row::State::running)
            setRowState(row, Row::State::stopped,
                        row.results.empty()
                            ? stopped
                            : stopped + QStringLiteral(" · ") + resultsSummary(row.results));
        else if (row.state == Row::State::waiting)
            setRowState(row, Row::State::stopped, tr("not run"));
    }
    current_ = nullptr;
    if (!outcome.message.isEmpty())
        log(outcome.message);
    if (!outcome.stderrTail.isEmpty() && outcome.status != ProbeRunStatus::ok)
        log(tr("roofscope-probe said:\n%1").arg(outcome.stderrTail));

    const std::size_t measured = outcome.results.size();
    QString summary;
    int severity = 0;
    switch (outcome.status) {
    case ProbeRunStatus::ok:
        summary =
            tr("Done: %1 measured.").arg(countOf(qsizetype(measured), tr("value"), tr("values")));
        if (!outcome.message.isEmpty()) {
            summary += QLatin1Char(' ') + outcome.message;
            severity = 1;
        }
        break;
    case ProbeRunStatus::partial:
    case ProbeRunStatus::cancelled:
        summary = outcome.message.isEmpty()
                      ? tr("Partial run: %1 measured.")
                            .arg(countOf(qsizetype(measured), tr("value"), tr("values")))
                      : outcome.message;
        severity = 1;
        break;
    case ProbeRunStatus::failed:
        summary = outcome.message.isEmpty() ? tr("The probe measured nothing.") : outcome.message;
        severity = 2;
        break;
    }
    setStatus(summary, severity);
    saveDevices(outcome);
    setRunning(false);
    emit runFinished(outcome);
}

void ProbeDialog::saveDevices(const ProbeOutcome& outcome) {
    std::vector<Device> measured;
    for (const Device& d : outcome.devices)
        if (!d.ceilings.empty())
            measured.push_back(d);
    if (measured.empty())
        return;
    const SavedMeasurement saved = saveMeasuredDevices(measured, userCatalogDir());
    std::vector<Device> devices;
    QStringList files;
    for (std::size_t i = 0; i < saved.devices.size(); ++i) {
        const QString& file = saved.files[qsizetype(i)];
        if (file.isEmpty())
            continue;
        devices.push_back(saved.devices[i]);
        files.append(file);
        log(tr("Saved “%1” to %2").arg(QString::fromStdString(saved.devices[i].name), file));
    }
    for (const QString& error : saved.errors)
        log(tr("Could not save to the device catalog: %1").arg(error));
    if (!saved.errors.isEmpty())
        setStatus(statusText() + QLatin1Char(' ') +
                      tr("Could not save every device to the catalog; see the messages below."),
                  1);
    if (!devices.empty())
        emit devicesMeasured(devices, files);
}

} // namespace roofscope::ui
