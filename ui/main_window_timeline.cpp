// MainWindow's step timeline: which runs can show one (those whose traces are still in memory),
// and its selection and hover linked both ways with the plot and the table.
#include "ui/main_window.h"

#include "core/import/kineto/kineto_load.h"
#include "core/plot_points.h"
#include "ui/record_panel.h"
#include "ui/roofline_plot.h"
#include "ui/step_timeline_panel.h"

#include <QAction>
#include <QMenu>
#include <QSettings>
#include <QSplitter>

#include <algorithm>

namespace roofscope::ui {

namespace {
const QString kTimelineShown = QStringLiteral("window/stepTimeline");
}

void MainWindow::buildTimeline(QMenu* view) {
    timelineAction_ = view->addAction(tr("Step &Timeline"));
    timelineAction_->setObjectName(QStringLiteral("timelineAction"));
    timelineAction_->setCheckable(true);
    timelineAction_->setChecked(QSettings().value(kTimelineShown, true).toBool());
    timelineAction_->setToolTip(
        tr("Show a step's kernels on their streams under the plot (traces in memory)"));
    connect(timelineAction_, &QAction::toggled, this, [this](bool on) {
        QSettings().setValue(kTimelineShown, on);
        updateTimeline();
    });
    connect(timeline_, &StepTimelinePanel::recordClicked, this,
            [this](RecordRef ref) { selectRecord(ref); });
    connect(timeline_, &StepTimelinePanel::recordHovered, plot_, &RooflinePlot::setHovered);
    connect(plot_, &RooflinePlot::recordHovered, timeline_, &StepTimelinePanel::setHoveredRecord);
    timeline_->hide();
}

void MainWindow::updateTimeline() {
    std::vector<StepTimelinePanel::Source> sources;
    for (const LoadedTraces& l : loaded_)
        if (l.trace && l.dataset >= 0 && l.dataset < static_cast<int>(session_.datasets.size()))
            sources.push_back({l.dataset, l.trace});
    timeline_->setSources(&session_, std::move(sources), records_->grouping());
    // Under the roofline: the analysis views need the height for their planes and bars, and
    // their tables list the ops.
    const bool show = timeline_->hasSources() && timelineAction_ && timelineAction_->isChecked() &&
                      isRooflineView(session_.view.view);
    if (show == timeline_->isVisible())
        return;
    timeline_->setVisible(show);
    if (show) {
        // A third of its share from the plot, the rest from the table, which keeps a few rows:
        // on a laptop's screen the plot has little to spare.
        QList<int> sizes = splitter_->sizes();
        if (sizes.size() == 3 && sizes[1] < 80) {
            const int want = std::clamp(height() / 6, 110, 180);
            const int fromTable = std::min(want * 2 / 3, std::max(0, sizes[2] - 150));
            sizes[1] = want;
            sizes[2] -= fromTable;
            sizes[0] = std::max(200, sizes[0] - (want - fromTable));
            splitter_->setSizes(sizes);
        }
    }
}

} // namespace roofscope::ui
