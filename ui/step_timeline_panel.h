#pragma once
// The step timeline under the roofline: a bar to pick the run (of those whose trace is still in
// memory), the step and the colouring, and the timeline of that step (StepTimelinePlot). Its
// selection is the window's: a click on a bar selects the record in the plot and the table, a
// record selected there is outlined here, and hovering a bar or a point outlines the same record
// in the other. Building a step's timeline reads every launch of the trace, so it runs on a worker
// thread; `timelineShown` says when it has reached the plot.

#include "core/import/kineto/kineto_timeline.h"
#include "core/session.h"

#include <QWidget>

#include <memory>
#include <optional>
#include <vector>

class QComboBox;
class QLabel;
class QScrollBar;

namespace roofscope::ui {

class StepTimelinePlot;

class StepTimelinePanel : public QWidget {
    Q_OBJECT
  public:
    enum class Coloring { category, bottleneck };

    // A dataset of the session made from a trace in memory (mergedDataset of `trace`).
    struct Source {
        int dataset = 0;
        std::shared_ptr<const MultiRankTrace> trace;
    };

    explicit StepTimelinePanel(QWidget* parent = nullptr);
    ~StepTimelinePanel() override;

    // The runs that can show a timeline, in `session` (which must outlive the panel: the colours
    // and tips read its records when a build arrives), with their records grouped by `grouping`.
    // The run and step shown stay when they still exist. No source: nothing to show.
    void setSources(const Session* session, std::vector<Source> sources, Grouping grouping);
    bool hasSources() const { return !sources_.empty(); }

    // Outlines the record's bars, showing its run when it is another source; a record of a run
    // without a timeline outlines nothing.
    void setSelectedRecord(std::optional<RecordRef> ref);
    void setHoveredRecord(std::optional<RecordRef> ref);

    void setColoring(Coloring coloring);
    Coloring coloring() const;
    // The dataset shown, -1 when none; its step's name, "" when none.
    int shownDataset() const;
    QString shownStep() const;
    // Picks the step by name (the step chooser does the same); false when the run has none.
    bool showStep(const QString& step);
    QStringList steps() const;
    // A build is running on the worker thread.
    bool isBuilding() const { return building_ > 0; }
    // What the bar above the plot says: step, span, launches, lanes.
    QString summary() const;
    StepTimelinePlot* plot() const { return plot_; }
    QScrollBar* laneBar() const { return lanes_; }

  signals:
    void recordClicked(roofscope::RecordRef ref);
    void recordHovered(std::optional<roofscope::RecordRef> ref);
    // A timeline (or its absence) reached the plot.
    void timelineShown();

  private:
    void fillRuns();
    void fillSteps();
    void build();
    void shown(int generation, int dataset, StepTimeline timeline,
               std::shared_ptr<const LaunchRecords> records);
    void recolor();
    const Source* currentSource() const;
    void syncLaneBar();

    const Session* session_ = nullptr;
    std::vector<Source> sources_;
    Grouping grouping_ = Grouping::kernel;
    // Launch -> record of the shown run, kept while its trace and grouping stay.
    std::shared_ptr<const LaunchRecords> records_;
    std::shared_ptr<const MultiRankTrace> recordsOf_;
    int shownDataset_ = -1;
    std::optional<RecordRef> selected_;
    int generation_ = 0;
    int building_ = 0;
    QComboBox* run_ = nullptr;
    QComboBox* step_ = nullptr;
    QStringList steps_; // the steps' names, in step_'s order
    // The index of `step` in steps_, -1 when absent.
    int stepIndex(const QString& step) const;
    QComboBox* color_ = nullptr;
    QLabel* summary_ = nullptr;
    QLabel* key_ = nullptr;
    StepTimelinePlot* plot_ = nullptr;
    QScrollBar* lanes_ = nullptr; // scrolls the lanes that do not fit
};

} // namespace roofscope::ui
