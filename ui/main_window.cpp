#include "ui/main_window.h"

#include "core/analysis/view_tables.h"
#include "core/import/importer.h"
#include "core/import/kineto/kineto_load.h"
#include "core/session_file.h"
#include "roofscope_features.h"
#include "ui/about_dialog.h"
#include "ui/app_identity.h"
#include "ui/autosave.h"
#include "ui/dataset_panel.h"
#include "ui/details_pane.h"
#include "ui/export_dialog.h"
#include "ui/record_panel.h"
#include "ui/roofline_plot.h"
#include "ui/step_timeline_panel.h"
#include "ui/trace_loader.h"
#include "ui/view_bar.h"
#include "ui/views/analysis_pane.h"

#include <QAction>
#include <QApplication>
#include <QDesktopServices>
#include <QDockWidget>
#include <QFileDialog>
#include <QFileInfo>
#include <QGuiApplication>
#include <QMenuBar>
#include <QMessageBox>
#include <QScreen>
#include <QSplitter>
#include <QStackedWidget>
#include <QStatusBar>
#include <QTabWidget>

namespace roofscope::ui {

MainWindow::MainWindow(Catalog catalog, QWidget* parent)
    : QMainWindow(parent), catalog_(std::move(catalog)), plot_(new RooflinePlot(this)),
      records_(new RecordPanel(this)), timeline_(new StepTimelinePanel(this)),
      loader_(new TraceLoader(this)), datasets_(new DatasetPanel(this)),
      details_(new DetailsPane(this)), splitter_(new QSplitter(Qt::Vertical, this)),
      viewBar_(new ViewBar(this)) {
    analysis_ = new AnalysisPane(this);
    analysis_->setCatalog(&catalog_);
    viewStack_ = new QStackedWidget(this);
    viewStack_->setObjectName(QStringLiteral("viewStack"));
    viewStack_->addWidget(plot_);
    viewStack_->addWidget(analysis_);
    splitter_->setObjectName(QStringLiteral("plotTableSplitter"));
    splitter_->addWidget(viewStack_);
    splitter_->addWidget(timeline_);
    bottomTabs_ = new QTabWidget(this);
    bottomTabs_->setObjectName(QStringLiteral("bottomTabs"));
    bottomTabs_->setDocumentMode(true);
    bottomTabs_->setTabBarAutoHide(true);
    bottomTabs_->addTab(records_, tr("Records"));
    splitter_->addWidget(bottomTabs_);
    splitter_->setStretchFactor(0, 3);
    splitter_->setStretchFactor(1, 1);
    splitter_->setStretchFactor(2, 2);
    splitter_->setChildrenCollapsible(false);
    setCentralWidget(splitter_);
    addToolBar(Qt::TopToolBarArea, viewBar_);
    // Home resets the zoom only while the plot has focus: the table and the filter need Home.
    plot_->setFocusPolicy(Qt::ClickFocus);
    buildDocks();
    buildMenus();
    buildStatusBar();
    setAcceptDrops(true);
    // 1400 x 860 where it fits; on a laptop's 1366 x 768 a window larger than the screen hides
    // its status bar and the notes under the plots.
    QSize size(1400, 860);
    if (const QScreen* screen = QGuiApplication::primaryScreen())
        size = size.boundedTo(screen->availableGeometry().size() * 0.95);
    resize(size);
    // The timeline takes its share only while it shows (updateTimeline).
    splitter_->setSizes({size.height() * 9 / 16, size.height() / 5, size.height() * 3 / 8});
    restoreSettings();
    // Sane empty axes until a session or trace arrives (a trace loads after the window shows).
    refresh();
    updateTitle();

    connect(plot_, &RooflinePlot::recordClicked, this,
            [this](RecordRef ref) { selectRecord(ref); });
    connect(records_, &RecordPanel::recordSelected, this, [this](std::optional<RecordRef> ref) {
        plot_->setHighlighted(ref);
        timeline_->setSelectedRecord(ref);
        session_.view.selection.clear();
        if (ref)
            session_.view.selection.push_back(*ref);
        details_->showRecord(session_, ref);
    });
    connect(records_, &RecordPanel::groupingChanged, this, &MainWindow::regroup);
    connect(viewBar_, &ViewBar::edited, this, &MainWindow::viewEdited);
    connect(analysis_, &AnalysisPane::optionsEdited, this, &MainWindow::analysisEdited);
    connect(analysis_, &AnalysisPane::recordActivated, this,
            [this](RecordRef ref) { selectRecord(ref); });
    // The user's zoom is part of the view: a saved session reopens at the zoom it was saved at.
    // Both axes are taken together, since a range means nothing without the other axis's.
    for (QCPAxis* axis : {plot_->xAxis, plot_->yAxis})
        connect(axis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, [this] {
            if (drawing_)
                return;
            session_.view.xMin = plot_->xAxis->range().lower;
            session_.view.xMax = plot_->xAxis->range().upper;
            session_.view.yMin = plot_->yAxis->range().lower;
            session_.view.yMax = plot_->yAxis->range().upper;
        });
    connect(loader_, &TraceLoader::finished, this, &MainWindow::traceLoaded);
    setUpAutosave();
}

void MainWindow::buildDocks() {
    datasetsDock_ = new QDockWidget(tr("Datasets and Devices"), this);
    datasetsDock_->setObjectName(QStringLiteral("datasetsDock"));
    datasetsDock_->setWidget(datasets_);
    addDockWidget(Qt::LeftDockWidgetArea, datasetsDock_);
    detailsDock_ = new QDockWidget(tr("Details"), this);
    detailsDock_->setObjectName(QStringLiteral("detailsDock"));
    detailsDock_->setWidget(details_);
    addDockWidget(Qt::RightDockWidgetArea, detailsDock_);
    resizeDocks({datasetsDock_, detailsDock_}, {320, 300}, Qt::Horizontal);

    connect(datasets_, &DatasetPanel::visibilityChanged, this, &MainWindow::setDatasetVisible);
    connect(datasets_, &DatasetPanel::renamed, this, &MainWindow::renameDataset);
    connect(datasets_, &DatasetPanel::colorChanged, this, &MainWindow::setDatasetColor);
    connect(datasets_, &DatasetPanel::removeRequested, this, &MainWindow::removeDataset);
    connect(datasets_, &DatasetPanel::detailsRequested, this, &MainWindow::editRunDetails);
}

MainWindow::~MainWindow() {
    // The panes outlive this part of the destruction: an editor still open in the tree would
    // commit into a half-destroyed window.
    datasets_->disconnect(this);
    records_->disconnect(this);
    plot_->disconnect(this);
    timeline_->disconnect(this);
    analysis_->disconnect(this);
}

namespace {

// The importer table's entries the window opens, after one entry for all of them together; the
// kind is then decided by content (openFiles), so the patterns only narrow what the dialog lists.
QString openDialogFilter() {
    const auto text = [](std::string_view s) {
        return QString::fromUtf8(s.data(), qsizetype(s.size()));
    };
    QStringList entries, patterns;
    for (const Importer* i : importers()) {
        if (i->dialogName.empty())
            continue;
        entries.append(QStringLiteral("%1 (%2)").arg(text(i->dialogName), text(i->patterns)));
        for (const QString& p : text(i->patterns).split(QLatin1Char(' '), Qt::SkipEmptyParts))
            if (!patterns.contains(p))
                patterns.append(p);
    }
    entries.prepend(
        MainWindow::tr("Everything Roofscope opens (%1)").arg(patterns.join(QLatin1Char(' '))));
    entries.append(MainWindow::tr("All files (*)"));
    return entries.join(QStringLiteral(";;"));
}

} // namespace

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(this, tr("Open Session or Traces"),
                                                                lastFolder(), openDialogFilter());
        if (!paths.isEmpty())
            rememberFolder(paths.front());
        openFiles(paths);
    });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save Session"), this, [this] {
        if (sessionPath_.isEmpty())
            saveSessionAs();
        else
            saveSession(sessionPath_);
    });
    save->setShortcut(QKeySequence::Save);
    QAction* saveAs = file->addAction(tr("Save Session &As…"), this, &MainWindow::saveSessionAs);
    saveAs->setShortcut(QKeySequence::SaveAs);
    QAction* exportPlot = file->addAction(tr("&Export…"), this, [this] {
        // What the window shows: its zoom travels with the session, not a fresh fit.
        Session shown = session_;
        shown.view.xMin = plot_->xAxis->range().lower;
        shown.view.xMax = plot_->xAxis->range().upper;
        shown.view.yMin = plot_->yAxis->range().lower;
        shown.view.yMax = plot_->yAxis->range().upper;
        auto* dialog = new ExportDialog(std::move(shown), this);
        dialog->setAttribute(Qt::WA_DeleteOnClose);
        connect(dialog, &ExportDialog::exported, this, [this](const QString& path) {
            statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
        });
        dialog->open();
    });
    exportPlot->setObjectName(QStringLiteral("exportAction"));
    exportPlot->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* reset = view->addAction(tr("&Reset Zoom"), plot_, &RooflinePlot::resetView);
    reset->setShortcut(QKeySequence(tr("Ctrl+0")));
    QAction* zoomBox = view->addAction(tr("&Zoom Box"));
    zoomBox->setObjectName(QStringLiteral("zoomBoxAction"));
    zoomBox->setCheckable(true);
    zoomBox->setShortcut(QKeySequence(tr("Z")));
    zoomBox->setToolTip(tr("Drag a rectangle to zoom to it instead of panning"));
    connect(zoomBox, &QAction::toggled, plot_, &RooflinePlot::setZoomBox);
    viewBar_->addSeparator();
    viewBar_->addAction(zoomBox);
    viewBar_->addAction(reset);
    buildTimeline(view);
    addDesktopActions(file, view);
    addProbeActions(menuBar()->addMenu(tr("&Tools")));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    // The installed documentation when there is one (share/doc/roofscope), else the online copy.
    help->addAction(tr("&User Guide"), this, [] {
        QDesktopServices::openUrl(
            helpUrl(HelpTopic::UserGuide, QCoreApplication::applicationDirPath()));
    });
    help->addAction(tr("&File Formats"), this, [] {
        QDesktopServices::openUrl(
            helpUrl(HelpTopic::FileFormats, QCoreApplication::applicationDirPath()));
    });
    help->addSeparator();
    help->addAction(tr("&About Roofscope"), this, [this] { showAboutDialog(this); });
}

void MainWindow::setSession(Session session, const QString& path) {
    session_ = std::move(session);
    sessionPath_ = path;
    title_.clear();
    replaceable_ = path.isEmpty();
    loaded_.clear();
    records_->setGroupingEnabled(false);
    refresh();
    updateTitle();
}

void MainWindow::refresh() {
    // Relative trace paths in a saved session are relative to its folder.
    datasets_->setSession(
        session_, sessionPath_.isEmpty() ? QString() : QFileInfo(sessionPath_).absolutePath());
    refreshViews();
}

void MainWindow::refreshViews() {
    viewBar_->showView(session_.view);
    if (isRooflineView(session_.view.view) || !isExportableView(session_.view.view)) {
        plot_->setPointStyle(session_.view.pointStyle, false);
        drawing_ = true;
        plot_->setSession(session_);
        drawing_ = false;
        viewStack_->setCurrentWidget(plot_);
    } else {
        analysis_->setSession(session_);
        viewStack_->setCurrentWidget(analysis_);
    }
    showViewTable();
    records_->setSession(session_);
    const auto& selection = session_.view.selection;
    const auto ref = selection.empty() ? std::nullopt : std::optional<RecordRef>(selection.front());
    plot_->setHighlighted(ref);
    updateTimeline();
    timeline_->setSelectedRecord(ref);
    records_->selectRecord(ref);
    details_->showRecord(session_, ref);
}

void MainWindow::selectRecord(std::optional<RecordRef> ref) {
    session_.view.selection.clear();
    if (ref)
        session_.view.selection.push_back(*ref);
    plot_->setHighlighted(ref);
    timeline_->setSelectedRecord(ref);
    records_->selectRecord(ref);
    details_->showRecord(session_, ref);
}

bool MainWindow::openSession(const QString& path) {
    auto loaded = readSessionFile(path.toStdString());
    if (!loaded) {
        showError(tr("Cannot open session"), QString::fromStdString(loaded.error().toString()));
        return false;
    }
    setSession(std::move(loaded).value(), path);
    replaceable_ = false;
    addRecentFile(path);
    statusBar()->showMessage(tr("Opened %1").arg(path), 5000);
    return true;
}

bool MainWindow::saveSession(const QString& path) {
    const Status status = writeSessionFile(path.toStdString(), session_);
    if (!status) {
        showError(tr("Cannot save session"), QString::fromStdString(status.error().toString()));
        return false;
    }
    sessionPath_ = path;
    replaceable_ = false;
    autosaver_->markSaved();
    addRecentFile(path);
    updateTitle();
    statusBar()->showMessage(tr("Saved %1").arg(path), 5000);
    return true;
}

void MainWindow::showError(const QString& title, const QString& message) {
    // Window-modal but not blocking: the event loop (and a test driving it) keeps running.
    auto* box = new QMessageBox(QMessageBox::Critical, title, message, QMessageBox::Ok, this);
    box->setAttribute(Qt::WA_DeleteOnClose);
    box->setObjectName(QStringLiteral("errorBox"));
    box->open();
    statusBar()->showMessage(message, 10000);
}

void MainWindow::updateTitle() {
    QString name = title_;
    if (name.isEmpty())
        name = session_.datasets.empty() ? tr("Untitled") : tr("Demo");
    if (!sessionPath_.isEmpty())
        name = QFileInfo(sessionPath_).fileName();
    setWindowTitle(tr("%1 — Roofscope").arg(name));
}

} // namespace roofscope::ui
