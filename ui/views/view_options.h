#pragma once
// One analysis view's options strip, above its chart (run A and B, the rank and cluster rule,
// the moves, the prices): it loads the view's settings group from a session (core/session.h) and
// stores the user's choices back into it, announcing each edit with edited(). AnalysisPane shows
// the strip that the view's row of ui/views/view_list.h makes, rebuilt each time it draws a
// session, so a strip only ever shows what the session says.

#include "core/catalog.h"
#include "core/session.h"

#include <QString>
#include <QVariant>
#include <QWidget>

class QComboBox;
class QHBoxLayout;

namespace roofscope::ui {

class ViewOptions : public QWidget {
    Q_OBJECT
  public:
    explicit ViewOptions(QWidget* parent = nullptr);

    // Shows the choices `session` holds for this view. `catalog` (not owned; may be null)
    // offers its devices as move and projection targets besides the session's own.
    virtual void load(const Session& session, const Catalog* catalog) = 0;
    // Writes the shown choices into the view's settings group of `session` (and its prices).
    virtual void store(Session& session) const = 0;

  signals:
    void edited();

  protected:
    // A labelled combo box; a change of it is an edit unless `announces` is false (a choice
    // that a button then applies).
    QComboBox* addCombo(const QString& label, const QString& objectName, bool announces = true);
    void addWidget(QWidget* widget);
    // Session devices, then the catalog's others after a separator; item data: prefix + id.
    static void addDeviceItems(QComboBox* combo, const Session& session, const Catalog* catalog,
                               const QString& prefix, const QString& suffix = {});

  private:
    QHBoxLayout* layout_;
};

// The strips of the views that have options (ui/views/view_list.h names which).
ViewOptions* makeComparisonOptions(QWidget* parent);
ViewOptions* makeMdOptions(QWidget* parent);
ViewOptions* makePlacementOptions(QWidget* parent);
ViewOptions* makePriceOptions(QWidget* parent); // the matrix and cost views

// Shared by the strips.
QString fromView(std::string_view text);
QString deviceName(const Session& session, const std::string& id);
// Selects the item whose data is `data`, or the first.
void selectData(QComboBox* combo, const QVariant& data);

} // namespace roofscope::ui
