#pragma once
// The left pane: the tree of datasets and devices with what can be done to a dataset from there
// (show or hide, rename in place, colour, remove). It says what the user asked for by signals;
// the window changes the session and redraws.

#include "core/session.h"

#include <QPointer>
#include <QWidget>

class QColorDialog;
class QTreeView;

namespace roofscope::ui {

class DatasetTreeModel;

class DatasetPanel : public QWidget {
    Q_OBJECT
  public:
    explicit DatasetPanel(QWidget* parent = nullptr);

    // `sessionFolder`: see DatasetTreeModel::setSession.
    void setSession(const Session& session, const QString& sessionFolder = {});

    // The dataset of the current row (a dataset or one of its details); -1 when none.
    int currentDataset() const;
    // Opens a colour dialog for the dataset (object name "datasetColorDialog"), not blocking;
    // choosing a colour emits colorChanged.
    void chooseColor(int dataset);

    QTreeView* tree() const { return tree_; }
    DatasetTreeModel* model() const { return model_; }

  signals:
    void visibilityChanged(int dataset, bool visible);
    void renamed(int dataset, const QString& label);
    void colorChanged(int dataset, const QColor& color);
    void removeRequested(int dataset);
    // The user asked to edit the run's model, software stack, tags and repeat.
    void detailsRequested(int dataset);

  protected:
    bool eventFilter(QObject* watched, QEvent* event) override;

  private:
    void showContextMenu(const QPoint& pos);

    DatasetTreeModel* model_ = nullptr;
    QTreeView* tree_ = nullptr;
    // Guarded, not reset from the dialog's destroyed signal: the dialog is our child, destroyed
    // in ~QWidget when this object is no longer a DatasetPanel (UBSan: vptr).
    QPointer<QColorDialog> colorDialog_;
};

} // namespace roofscope::ui
