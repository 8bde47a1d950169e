#pragma once
// The plot's view controls, above it in the window: which view (the roofline views or an
// analysis view: MD-Roofline, comparison, placement, matrix, cost), what colours the points, which
// precision's roofs and which memory level's bytes, how points are drawn, and log or linear axes.
// It edits a ViewSettings; the window applies the edit to the session and redraws.

#include "core/session.h"

#include <QToolBar>

class QAction;
class QComboBox;

namespace roofscope::ui {

class ViewBar : public QToolBar {
    Q_OBJECT
  public:
    explicit ViewBar(QWidget* parent = nullptr);

    // Shows `view`'s choices without emitting edited().
    void showView(const ViewSettings& view);
    // Writes the choices into `view`, leaving what the bar does not control as it was.
    void applyTo(ViewSettings& view) const;

  signals:
    // The user changed a choice; `refit` when the change moves the points or changes an axis's
    // scale, so that the view's saved range no longer fits.
    void edited(bool refit);

  private:
    QComboBox* addCombo(const QString& label, const QString& objectName, const QString& toolTip);

    QComboBox* view_ = nullptr;
    QComboBox* colorBy_ = nullptr;
    QComboBox* precision_ = nullptr;
    QComboBox* level_ = nullptr;
    QComboBox* points_ = nullptr;
    QAction* logX_ = nullptr;
    QAction* logY_ = nullptr;
    bool showing_ = false;
};

} // namespace roofscope::ui
