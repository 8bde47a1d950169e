#pragma once
// The explorer's page for the analysis views (MD-Roofline, comparison, placement, matrix, cost):
// the view's own options strip on top (ui/views/view_options.h, made by the view's row of
// ui/views/view_list.h), the chart with its notes beside it, and the table of its numbers, which
// the pane fills but does not lay out (tableView(): the window shows it at its full width). It draws
// from the session it is given; an edit of the options is announced with optionsEdited() and
// written into a session by applyTo(), so that the window keeps one source of truth.

#include "core/catalog.h"
#include "core/session.h"

#include <QWidget>

class QHBoxLayout;
class QLabel;
class QSortFilterProxyModel;
class QSplitter;
class QTableView;

namespace roofscope::ui {

class ViewChart;
class ViewOptions;
class ViewTableModel;

class AnalysisPane : public QWidget {
    Q_OBJECT
  public:
    explicit AnalysisPane(QWidget* parent = nullptr);

    // Draws session.view.view's chart and table (replacing the chart when the view changed) and
    // shows the options of that view set as the session has them.
    void setSession(const Session& session);
    // Writes the options strip's choices into `session` (view fields and prices), adding the
    // catalog device a move or a projection chose when the session lacks it.
    void applyTo(Session& session) const;
    // Devices offered as move and projection targets besides the session's own (not owned; may
    // be null). A CPU or an accelerator from the catalog can so be a target of a what-if.
    void setCatalog(const Catalog* catalog) { catalog_ = catalog; }

    ViewChart* chart() const { return chart_; }
    // The view's table, owned by the pane and placed by whoever shows the pane.
    QTableView* tableView() const { return table_; }
    // What the table is, for its tab: "Comparison: 32 rows".
    QString tableTitle() const;
    ViewTableModel* tableModel() const { return model_; }
    QLabel* notes() const { return notes_; }

  signals:
    void optionsEdited();
    void recordActivated(roofscope::RecordRef ref);

  protected:
    void resizeEvent(QResizeEvent* event) override;

  private:
    void rebuildOptions(const Session& session);
    void split();
    void edited();

    ViewKind kind_ = ViewKind::roofline;
    ViewChart* chart_ = nullptr;
    QWidget* options_ = nullptr;
    QHBoxLayout* optionsLayout_ = nullptr;
    QSplitter* splitter_ = nullptr;
    QTableView* table_ = nullptr;
    ViewTableModel* model_ = nullptr;
    QSortFilterProxyModel* proxy_ = nullptr;
    QLabel* notes_ = nullptr;
    // The strip of the view shown; null when the view has none.
    ViewOptions* strip_ = nullptr;
    bool showing_ = false;
    bool userSplit_ = false; // the user has dragged the chart's edge
    const Catalog* catalog_ = nullptr;
};

} // namespace roofscope::ui
