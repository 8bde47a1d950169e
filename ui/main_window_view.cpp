// MainWindow's view bar: its choices go into the session (saved with it), into QSettings (what
// the next run's new sessions start with) and onto the plot.
#include "ui/main_window.h"

#include "ui/roofline_plot.h"
#include "ui/view_bar.h"
#include "ui/views/analysis_pane.h"
#include "ui/views/view_table_model.h"

#include <QSettings>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>

namespace roofscope::ui {
namespace {

const QString kViewGroup = QStringLiteral("view");

template <class E> void read(const QSettings& settings, const QString& key, E& field) {
    if (const auto value = parseEnum<E>(settings.value(key).toString().toStdString()))
        field = *value;
}

template <class E> void write(QSettings& settings, const QString& key, E value) {
    settings.setValue(key, QString::fromUtf8(toString(value).data()));
}

void rememberView(const ViewSettings& v) {
    QSettings settings;
    settings.beginGroup(kViewGroup);
    write(settings, QStringLiteral("view"), v.view);
    write(settings, QStringLiteral("colorBy"), v.colorBy);
    write(settings, QStringLiteral("precision"), v.precision);
    write(settings, QStringLiteral("memoryLevel"), v.memoryLevel);
    write(settings, QStringLiteral("pointStyle"), v.pointStyle);
    settings.setValue(QStringLiteral("logX"), v.logX);
    settings.setValue(QStringLiteral("logY"), v.logY);
}

} // namespace

void MainWindow::applyRememberedView(ViewSettings& v) {
    QSettings settings;
    settings.beginGroup(kViewGroup);
    read(settings, QStringLiteral("view"), v.view);
    read(settings, QStringLiteral("colorBy"), v.colorBy);
    read(settings, QStringLiteral("precision"), v.precision);
    read(settings, QStringLiteral("memoryLevel"), v.memoryLevel);
    read(settings, QStringLiteral("pointStyle"), v.pointStyle);
    v.logX = settings.value(QStringLiteral("logX"), v.logX).toBool();
    v.logY = settings.value(QStringLiteral("logY"), v.logY).toBool();
}

void MainWindow::showViewTable() {
    QTableView* table = analysis_->tableView();
    int index = bottomTabs_->indexOf(table);
    if (viewStack_->currentWidget() != analysis_) {
        if (index >= 0)
            bottomTabs_->removeTab(index);
        tableViewKind_.reset();
        return;
    }
    if (index < 0)
        index = bottomTabs_->addTab(table, QString());
    bottomTabs_->setTabText(index, analysis_->tableTitle());
    // An empty table (the view cannot draw and says why above) does not hide the records.
    if (tableViewKind_ != session_.view.view)
        bottomTabs_->setCurrentIndex(analysis_->tableModel()->rowCount() > 0 ? index : 0);
    tableViewKind_ = session_.view.view;
}

void MainWindow::viewEdited(bool refit) {
    const ViewSettings before = session_.view;
    viewBar_->applyTo(session_.view);
    rememberView(session_.view);
    if (refit)
        session_.view.xMin = session_.view.xMax = session_.view.yMin = session_.view.yMax = 0;
    ViewSettings styleOnly = before;
    styleOnly.pointStyle = session_.view.pointStyle;
    if (styleOnly == session_.view) {
        // Only how the points are drawn: the points, the table and the details stay.
        plot_->setPointStyle(session_.view.pointStyle);
    } else {
        refreshViews();
    }
    markChanged();
}

void MainWindow::analysisEdited() {
    analysis_->applyTo(session_);
    refreshViews();
    markChanged();
}

} // namespace roofscope::ui
