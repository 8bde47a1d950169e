#pragma once
// The step timeline's plot: one row per lane (rank, GPU, stream), each launch of the step a bar
// over its time, coloured by category or bottleneck. Geometry, lanes and words come from core
// (core/import/kineto/kineto_timeline.h); this class only draws. The wheel zooms time, a drag
// pans, a double click shows the whole step again; hovering a bar says what it ran and what ran
// beside it, a click names its record, and the bars of the selected and of the hovered record
// are outlined.

#include "core/import/kineto/kineto_timeline.h"
#include "core/import/kineto/timeline_table.h"

#include <qcustomplot.h>

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace roofscope::ui {

class TimelineBars;

// A timeline key's colour (timelineKeys): the plot's category colours, or the MD chart's
// bottleneck colours, so that a bottleneck reads the same in both; grey for -1 (unknown).
QColor timelineKeyColor(int key, TimelineColoring coloring);

class StepTimelinePlot : public QCustomPlot {
    Q_OBJECT
  public:
    explicit StepTimelinePlot(QWidget* parent = nullptr);

    // Draws `timeline` over the whole step, in grey until setColors.
    void setTimeline(StepTimeline timeline);
    // Each slice's bar in `colors[slice]`; `what` names the records of the slices (core's
    // recordText) for the tips. The view stays.
    void setColors(std::vector<QRgb> colors, std::unordered_map<int, std::string> what);
    const StepTimeline& timeline() const { return timeline_; }

    // Outlines the bars of the selected record (solid) and of the hovered one (dashed); nullopt
    // outlines none. Selecting a record none of whose bars is in view scrolls to its first.
    void setSelectedRecord(std::optional<int> record);
    void setHoveredRecord(std::optional<int> record);
    std::optional<int> selectedRecord() const { return selected_; }
    std::optional<int> hoveredRecord() const { return hovered_; }

    // The slice drawn under `pixel` (widget coordinates), within a few pixels along time.
    std::optional<std::size_t> sliceAtPixel(const QPointF& pixel) const;
    // The centre of a slice in widget pixels.
    QPointF slicePixel(std::size_t slice) const;
    QString toolTipAt(const QPointF& pixel) const;
    // Bars drawn at the last replot; bars under a pixel wide of one colour share their pixel.
    int drawnBars() const;

    // Shows the whole step.
    void resetView();

  signals:
    // A click (press and release without dragging) landed on a bar of the record.
    void recordClicked(int record);
    // The bar under the mouse now belongs to another record (nullopt: none).
    void recordHovered(std::optional<int> record);

  protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseDoubleClickEvent(QMouseEvent* event) override;
    void leaveEvent(QEvent* event) override;
    // As many lanes as fit at a readable height; the first one shown stays.
    void resizeEvent(QResizeEvent* event) override;

  private:
    friend class TimelineBars;

    // A timeline key's colour (timelineKeys): the plot's category colours, or the MD chart's
    // bottleneck colours, so that a bottleneck reads the same in both; grey for -1 (unknown).
    QColor timelineKeyColor(int key, TimelineColoring coloring);
    void fitLanes(double first);
    void hover(std::optional<int> record);

    StepTimeline timeline_;
    std::vector<QRgb> colors_;
    std::unordered_map<int, std::string> what_;
    TimelineBars* bars_ = nullptr;
    std::optional<int> selected_, hovered_, hoverEmitted_;
    QPointF pressPos_;
};

} // namespace roofscope::ui
