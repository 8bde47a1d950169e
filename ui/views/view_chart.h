#pragma once
// A chart of one analysis view (MD-Roofline, comparison, placement, matrix, cost): a QCustomPlot
// drawn from a session, with the table of its numbers. The explorer shows the chart with the
// table beside it; File > Export and `roofscope export --view` draw the chart to PNG, PDF or SVG
// and write the table as CSV or JSON (see plot_export.h).

#include "analysis/view_table.h"
#include "session.h"

#include <qcustomplot.h>

#include <QString>

namespace roofscope::ui {

class ViewChart : public QCustomPlot {
    Q_OBJECT
  public:
    explicit ViewChart(QWidget* parent = nullptr) : QCustomPlot(parent) {}

    // Rebuilds the chart and the table from `session`, reading the view settings it needs
    // (session.view's baseline, target, moves, ...). Never fails: when the session lacks what the
    // view needs, the chart shows why (emptyReason) and the table is empty.
    virtual void setSession(const Session& session) = 0;

    // The numbers drawn, as exported.
    const ViewTable& table() const { return table_; }
    // Why nothing is drawn ("the comparison needs two datasets", ...); empty when drawn.
    const QString& emptyReason() const { return emptyReason_; }

  signals:
    // The user clicked the point of a record (the explorer selects it everywhere).
    void recordActivated(roofscope::RecordRef ref);

  protected:
    // Clears the chart and shows `reason` in its middle, as every view does when it cannot draw.
    void showEmpty(const QString& reason);

    ViewTable table_;
    QString emptyReason_;
};

// The chart that draws `view`, owned by `parent`; nullptr for roofline and hierarchical
// (RooflinePlot draws those) and for time_based, which has no chart.
ViewChart* makeViewChart(ViewKind view, QWidget* parent = nullptr);

// What menus, the view bar and figure titles call `view`: "MD-Roofline", "Comparison", ...
QString viewTitle(ViewKind view);

} // namespace roofscope::ui
