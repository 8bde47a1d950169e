#include "ui/dataset_panel.h"

#include "ui/dataset_tree_model.h"

#include <QAction>
#include <QColorDialog>
#include <QHeaderView>
#include <QMenu>
#include <QMouseEvent>
#include <QStyle>
#include <QTreeView>
#include <QVBoxLayout>

namespace roofscope::ui {

DatasetPanel::DatasetPanel(QWidget* parent)
    : QWidget(parent), model_(new DatasetTreeModel(this)), tree_(new QTreeView(this)) {
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    layout->addWidget(tree_);
    tree_->setObjectName(QStringLiteral("datasetTree"));
    tree_->setModel(model_);
    tree_->setUniformRowHeights(true);
    tree_->setAlternatingRowColors(true);
    tree_->setEditTriggers(QAbstractItemView::DoubleClicked | QAbstractItemView::EditKeyPressed |
                           QAbstractItemView::SelectedClicked);
    tree_->setContextMenuPolicy(Qt::CustomContextMenu);
    tree_->header()->setStretchLastSection(true);
    tree_->header()->setSectionResizeMode(DatasetTreeModel::NameColumn,
                                          QHeaderView::ResizeToContents);

    connect(model_, &DatasetTreeModel::visibilityChanged, this, &DatasetPanel::visibilityChanged);
    connect(model_, &DatasetTreeModel::renamed, this, &DatasetPanel::renamed);
    connect(model_, &DatasetTreeModel::colorChanged, this, &DatasetPanel::colorChanged);
    connect(tree_, &QWidget::customContextMenuRequested, this, &DatasetPanel::showContextMenu);

    // Delete removes at once and without asking: the status bar says what went, and the data
    // is still in its files.
    auto* remove = new QAction(tr("Remove Dataset"), this);
    remove->setObjectName(QStringLiteral("removeDataset"));
    remove->setShortcuts({QKeySequence::Delete, QKeySequence(Qt::Key_Backspace)});
    remove->setShortcutContext(Qt::WidgetWithChildrenShortcut);
    connect(remove, &QAction::triggered, this, [this] {
        if (const int d = currentDataset(); d >= 0)
            emit removeRequested(d);
    });
    tree_->addAction(remove);
    tree_->viewport()->installEventFilter(this);
}

bool DatasetPanel::eventFilter(QObject* watched, QEvent* event) {
    // A click on a dataset's swatch opens the colour dialog: the swatch sits right of the check
    // box, where a view has no click action of its own.
    if (watched == tree_->viewport() && event->type() == QEvent::MouseButtonRelease) {
        const QPoint pos = static_cast<QMouseEvent*>(event)->position().toPoint();
        const QModelIndex index = tree_->indexAt(pos);
        const int dataset = index.data(DatasetTreeModel::DatasetRole).toInt();
        if (index.isValid() && index.column() == DatasetTreeModel::NameColumn &&
            index == model_->datasetIndex(dataset)) {
            const int check = tree_->style()->pixelMetric(QStyle::PM_IndicatorWidth) + 4;
            const int x = pos.x() - tree_->visualRect(index).left();
            if (x >= check &&
                x < check + tree_->style()->pixelMetric(QStyle::PM_SmallIconSize) + 6) {
                chooseColor(dataset);
                return true;
            }
        }
    }
    return QWidget::eventFilter(watched, event);
}

void DatasetPanel::setSession(const Session& session, const QString& sessionFolder) {
    // Keep the user's view of the tree (what is expanded) across the reset.
    const int current = currentDataset();
    // Devices start open: a group that had no children yet counts as open too.
    const QModelIndex devices = model_->devicesRoot();
    const bool devicesOpen =
        !devices.isValid() || model_->rowCount(devices) == 0 || tree_->isExpanded(devices);
    model_->setSession(session, sessionFolder);
    tree_->expand(model_->datasetsRoot());
    tree_->setExpanded(model_->devicesRoot(), devicesOpen);
    if (const QModelIndex index = model_->datasetIndex(current); index.isValid())
        tree_->setCurrentIndex(index);
}

int DatasetPanel::currentDataset() const {
    const QModelIndex index = tree_->currentIndex();
    return index.isValid() ? index.data(DatasetTreeModel::DatasetRole).toInt() : -1;
}

void DatasetPanel::chooseColor(int dataset) {
    const QModelIndex index = model_->datasetIndex(dataset);
    if (!index.isValid())
        return;
    delete colorDialog_;
    colorDialog_ = new QColorDialog(index.data(Qt::DecorationRole).value<QColor>(), this);
    colorDialog_->setObjectName(QStringLiteral("datasetColorDialog"));
    colorDialog_->setWindowTitle(tr("Colour of %1").arg(index.data().toString()));
    colorDialog_->setAttribute(Qt::WA_DeleteOnClose);
    connect(colorDialog_, &QColorDialog::colorSelected, this, [this, dataset](const QColor& c) {
        model_->setData(model_->datasetIndex(dataset), c, Qt::DecorationRole);
    });
    colorDialog_->open();
}

void DatasetPanel::showContextMenu(const QPoint& pos) {
    const QModelIndex at = tree_->indexAt(pos);
    const int dataset = at.isValid() ? at.data(DatasetTreeModel::DatasetRole).toInt() : -1;
    if (dataset < 0)
        return;
    const QModelIndex index = model_->datasetIndex(dataset);
    tree_->setCurrentIndex(index);
    QMenu menu(this);
    const bool shown = index.data(Qt::CheckStateRole).value<Qt::CheckState>() == Qt::Checked;
    menu.addAction(shown ? tr("Hide") : tr("Show"), this, [this, index, shown] {
        model_->setData(index, shown ? Qt::Unchecked : Qt::Checked, Qt::CheckStateRole);
    });
    menu.addAction(tr("Rename"), this, [this, index] { tree_->edit(index); });
    menu.addAction(tr("Colour…"), this, [this, dataset] { chooseColor(dataset); });
    menu.addAction(tr("Run Details…"), this, [this, dataset] { emit detailsRequested(dataset); });
    menu.addSeparator();
    menu.addAction(tr("Remove"), this, [this, dataset] { emit removeRequested(dataset); });
    menu.exec(tree_->viewport()->mapToGlobal(pos));
}

} // namespace roofscope::ui
