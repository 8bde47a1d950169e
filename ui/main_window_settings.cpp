// MainWindow's desktop conventions: recent files, the last folder of the file dialogs, the
// window's geometry and layout remembered across runs, and the standard shortcuts that do not
// belong to one menu entry (Find, full screen, Home on the plot).
#include "ui/main_window.h"

#include "ui/autosave.h"
#include "ui/record_panel.h"
#include "ui/roofline_plot.h"

#include <QAction>
#include <QCloseEvent>
#include <QDir>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QHeaderView>
#include <QLineEdit>
#include <QMenu>
#include <QSettings>
#include <QSplitter>
#include <QTableView>

namespace roofscope::ui {
namespace {

const QString kRecent = QStringLiteral("recentFiles");
const QString kLastFolder = QStringLiteral("lastFolder");
const QString kGeometry = QStringLiteral("window/geometry");
const QString kState = QStringLiteral("window/state");
const QString kSplitter = QStringLiteral("window/plotTimelineTableSplitter");
const QString kColumns = QStringLiteral("records/header");
// Bump when docks are added or renamed: an old layout would restore them wrongly.
constexpr int kStateVersion = 1;

} // namespace

void MainWindow::addDesktopActions(QMenu* file, QMenu* view) {
    recentMenu_ = new QMenu(tr("Open &Recent"), this);
    recentMenu_->setObjectName(QStringLiteral("recentMenu"));
    file->insertMenu(file->actions().value(1), recentMenu_);
    rebuildRecentMenu();

    QAction* find = view->addAction(tr("&Find Record"), this, [this] {
        if (auto* edit = records_->findChild<QLineEdit*>(QStringLiteral("nameFilter"))) {
            edit->setFocus(Qt::ShortcutFocusReason);
            edit->selectAll();
        }
    });
    find->setShortcut(QKeySequence::Find);
    auto* home = new QAction(tr("Reset Zoom"), plot_);
    home->setShortcut(QKeySequence(Qt::Key_Home));
    home->setShortcutContext(Qt::WidgetShortcut);
    connect(home, &QAction::triggered, plot_, &RooflinePlot::resetView);
    plot_->addAction(home);
    view->addSeparator();
    view->addAction(datasetsDock_->toggleViewAction());
    view->addAction(detailsDock_->toggleViewAction());
    QAction* fullScreen = view->addAction(tr("&Full Screen"));
    fullScreen->setObjectName(QStringLiteral("fullScreen"));
    fullScreen->setCheckable(true);
    QList<QKeySequence> keys{QKeySequence(Qt::Key_F11)};
    if (QKeySequence(QKeySequence::FullScreen) != keys.front() &&
        !QKeySequence(QKeySequence::FullScreen).isEmpty())
        keys.append(QKeySequence::FullScreen);
    fullScreen->setShortcuts(keys);
    connect(fullScreen, &QAction::toggled, this,
            [this](bool on) { on ? showFullScreen() : showNormal(); });
}

void MainWindow::saveSessionAs() {
    const QString start = sessionPath_.isEmpty() ? lastFolder() : sessionPath_;
    QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), start,
                                                tr("Roofscope sessions (*.roofscope)"));
    if (path.isEmpty())
        return;
    if (!path.endsWith(QStringLiteral(".roofscope")))
        path += QStringLiteral(".roofscope");
    rememberFolder(path);
    saveSession(path);
}

QStringList MainWindow::recentFiles() const {
    return QSettings().value(kRecent).toStringList();
}

void MainWindow::addRecentFile(const QString& path) {
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList files = recentFiles();
    files.removeAll(absolute);
    files.prepend(absolute);
    while (files.size() > kMaxRecentFiles)
        files.removeLast();
    QSettings().setValue(kRecent, files);
    rebuildRecentMenu();
}

void MainWindow::rebuildRecentMenu() {
    if (!recentMenu_)
        return;
    recentMenu_->clear();
    const QStringList files = recentFiles();
    for (int i = 0; i < files.size(); ++i) {
        const QString& path = files[i];
        // &1 .. &9 and 1&0: the keyboard reaches every entry.
        const QString number = i < 9 ? QStringLiteral("&%1").arg(i + 1) : QStringLiteral("1&0");
        QAction* a =
            recentMenu_->addAction(QStringLiteral("%1 %2").arg(number, QFileInfo(path).fileName()),
                                   this, [this, path] { openFiles({path}); });
        a->setToolTip(path);
        a->setStatusTip(path);
    }
    recentMenu_->setEnabled(!files.isEmpty());
    if (!files.isEmpty()) {
        recentMenu_->addSeparator();
        recentMenu_->addAction(tr("&Clear Menu"), this, [this] {
            QSettings().remove(kRecent);
            rebuildRecentMenu();
        });
    }
}

QString MainWindow::lastFolder() const {
    const QString folder = QSettings().value(kLastFolder).toString();
    return !folder.isEmpty() && QDir(folder).exists() ? folder : QDir::homePath();
}

void MainWindow::rememberFolder(const QString& file) {
    QSettings().setValue(kLastFolder, QFileInfo(file).absolutePath());
}

void MainWindow::saveSettings() const {
    QSettings s;
    s.setValue(kGeometry, saveGeometry());
    s.setValue(kState, saveState(kStateVersion));
    s.setValue(kSplitter, splitter_->saveState());
    s.setValue(kColumns, records_->table()->horizontalHeader()->saveState());
}

void MainWindow::restoreSettings() {
    const QSettings s;
    if (const QByteArray geometry = s.value(kGeometry).toByteArray(); !geometry.isEmpty())
        restoreGeometry(geometry);
    if (const QByteArray state = s.value(kState).toByteArray(); !state.isEmpty())
        restoreState(state, kStateVersion);
    if (const QByteArray sizes = s.value(kSplitter).toByteArray(); !sizes.isEmpty())
        splitter_->restoreState(sizes);
    if (const QByteArray columns = s.value(kColumns).toByteArray(); !columns.isEmpty())
        records_->table()->horizontalHeader()->restoreState(columns);
}

void MainWindow::closeEvent(QCloseEvent* event) {
    saveSettings();
    autosaver_->discard();
    QMainWindow::closeEvent(event);
}

} // namespace roofscope::ui
