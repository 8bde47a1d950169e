#pragma once
// A chart of one analysis view (MD-Roofline, comparison, placement, matrix, cost): a QCustomPlot
// drawn from a session, with the table of its numbers. The explorer shows the chart with the
// table beside it; File > Export and `roofscope export --view` draw the chart to PNG, PDF or SVG
// and write the table as CSV or JSON (see plot_export.h).

#include "core/analysis/view_table.h"
#include "core/session.h"
#include "ui/views/chart_picks.h"

#include <qcustomplot.h>

#include <QString>

#include <optional>
#include <vector>

namespace roofscope::ui {

class ViewChart : public QCustomPlot {
    Q_OBJECT
  public:
    // Text elements made by resetChartFrame refill their lines to the chart's width at each
    // replot and export (the width is not known when a session is drawn).
    explicit ViewChart(QWidget* parent = nullptr);

    // Rebuilds the chart and the table from `session`, reading the view settings it needs
    // (session.view's baseline, target, moves, ...). Never fails: when the session lacks what the
    // view needs, the chart shows why (emptyReason) and the table is empty.
    virtual void setSession(const Session& session) = 0;

    // The numbers drawn, as exported.
    const ViewTable& table() const { return table_; }
    // Column keys the window's table shows first, in this order (the rest follow in the
    // table's): what a user reads without scrolling sideways. Empty: the table's own order.
    virtual std::vector<std::string> leadingColumns() const { return {}; }
    // Why nothing is drawn ("the comparison needs two datasets", ...); empty when drawn.
    const QString& emptyReason() const { return emptyReason_; }

    // What hovering at `at` (widget pixels) shows: the tip of the point within a marker's reach,
    // or of the bar under it, with those of points at the same spot (picksAt); empty when there
    // is none.
    QString toolTipAt(QPointF at) const;
    // The record a left click at `at` selects: that of the topmost op point there; nullopt
    // elsewhere and on points that are no single record (aggregates, configurations, bars).
    std::optional<RecordRef> recordAt(QPointF at) const;
    // Everything that can be hovered, in the order added.
    const std::vector<ChartPick>& picks() const { return picks_; }

    // Small: QCustomPlot would ask for its legend's and title's width in one line, and so take
    // the notes' share of the page; fitToLayout wraps them to the width the chart is given.
    QSize minimumSizeHint() const override { return {360, 240}; }

  signals:
    // The user clicked the point of a record (the explorer selects it everywhere).
    void recordActivated(roofscope::RecordRef ref);

  protected:
    void draw(QCPPainter* painter) override;
    // Before each replot and export: titles refilled to the width, fewer ticks on short axes,
    // labels moved back inside the plot they overrun.
    void fitToLayout();
    // Clears the chart and shows `reason` in its middle, as every view does when it cannot draw.
    void showEmpty(const QString& reason);

    // Makes the point (xValue, yValue) on axes `x` and `y` hoverable, saying `tip`, and, with
    // `ref`, clickable. `owner`: the plottable drawing it, hidden with it.
    void addPick(QCPAxis* x, QCPAxis* y, double xValue, double yValue, QString tip,
                 std::optional<RecordRef> ref = std::nullopt,
                 QCPAbstractPlottable* owner = nullptr);
    // Makes the segment of `bars` at `key` from `base` to `base + value` hoverable, saying `tip`.
    void addBarPick(QCPBars* bars, double key, double base, double value, QString tip);
    // Forgets every pick: each chart calls it where it clears itself (showEmpty does too).
    void clearPicks() { picks_.clear(); }

    // A left click on a record's point emits recordActivated; moving the mouse shows its tip.
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;

    ViewTable table_;
    QString emptyReason_;

  private:
    std::vector<ChartPick> picks_;
};

// The chart that draws `view`, owned by `parent`; nullptr for roofline and hierarchical
// (RooflinePlot draws those).
ViewChart* makeViewChart(ViewKind view, QWidget* parent = nullptr);

// What menus, the view bar and figure titles call `view`: "MD-Roofline", "Comparison", ...
QString viewTitle(ViewKind view);

} // namespace roofscope::ui
