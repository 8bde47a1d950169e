#include "main_window.h"

#include "import/kineto_load.h"
#include "record_panel.h"
#include "roofline_plot.h"
#include "roofscope_features.h"
#include "session_file.h"
#include "trace_loader.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QSplitter>
#include <QStatusBar>

namespace roofscope::ui {

MainWindow::MainWindow(Catalog catalog, QWidget* parent)
    : QMainWindow(parent), catalog_(std::move(catalog)), plot_(new RooflinePlot(this)),
      records_(new RecordPanel(this)), loader_(new TraceLoader(this)) {
    auto* splitter = new QSplitter(Qt::Vertical, this);
    splitter->addWidget(plot_);
    splitter->addWidget(records_);
    splitter->setStretchFactor(0, 3);
    splitter->setStretchFactor(1, 2);
    splitter->setChildrenCollapsible(false);
    setCentralWidget(splitter);
    buildMenus();
    buildStatusBar();
    setAcceptDrops(true);
    resize(1200, 800);
    splitter->setSizes({480, 320});
    // Sane empty axes until a session or trace arrives (a trace loads after the window shows).
    refresh();
    updateTitle();

    connect(plot_, &RooflinePlot::recordClicked, this,
            [this](RecordRef ref) { selectRecord(ref); });
    connect(records_, &RecordPanel::recordSelected, this, [this](std::optional<RecordRef> ref) {
        plot_->setHighlighted(ref);
        session_.view.selection.clear();
        if (ref)
            session_.view.selection.push_back(*ref);
    });
    connect(records_, &RecordPanel::groupingChanged, this, &MainWindow::regroup);
    connect(loader_, &TraceLoader::finished, this, &MainWindow::traceLoaded);
}

MainWindow::~MainWindow() = default;

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open…"), this, [this] {
        const QStringList paths = QFileDialog::getOpenFileNames(
            this, tr("Open Session or Traces"), {},
            tr("Sessions and Kineto traces (*.roofscope *.json *.json.gz *.gz);;"
               "Roofscope sessions (*.roofscope);;"
               "Kineto traces, one file per rank (*.json *.json.gz *.pt.trace.json.gz);;"
               "All files (*)"));
        openFiles(paths);
    });
    open->setShortcut(QKeySequence::Open);
    QAction* save = file->addAction(tr("&Save Session As…"), this, [this] {
        QString path = QFileDialog::getSaveFileName(this, tr("Save Session"), sessionPath_,
                                                    tr("Roofscope sessions (*.roofscope)"));
        if (path.isEmpty())
            return;
        if (!path.endsWith(QStringLiteral(".roofscope")))
            path += QStringLiteral(".roofscope");
        saveSession(path);
    });
    save->setShortcut(QKeySequence::SaveAs);
    QAction* exportPlot = file->addAction(tr("&Export Plot…"), this, [this] {
        const QString path = QFileDialog::getSaveFileName(this, tr("Export Plot"), {},
                                                          tr("PNG (*.png);;PDF (*.pdf)"));
        if (path.isEmpty())
            return;
        const bool ok = path.endsWith(QStringLiteral(".pdf"), Qt::CaseInsensitive)
                            ? plot_->savePdf(path, plot_->width(), plot_->height())
                            : plot_->savePng(path, plot_->width(), plot_->height(), 2.0);
        if (!ok)
            showError(tr("Export failed"), tr("Cannot write %1").arg(path));
        else
            statusBar()->showMessage(tr("Exported %1").arg(path), 5000);
    });
    exportPlot->setShortcut(QKeySequence(tr("Ctrl+E")));
    file->addSeparator();
    QAction* quit = file->addAction(tr("&Quit"), qApp, &QApplication::closeAllWindows);
    quit->setShortcut(QKeySequence::Quit);

    QMenu* view = menuBar()->addMenu(tr("&View"));
    QAction* reset = view->addAction(tr("&Reset Zoom"), plot_, &RooflinePlot::resetView);
    reset->setShortcut(QKeySequence(tr("Ctrl+0")));

    QMenu* help = menuBar()->addMenu(tr("&Help"));
    help->addAction(tr("&About Roofscope"), this, [this] {
        QMessageBox::about(this, tr("About Roofscope"),
                           tr("<b>Roofscope %1</b><br>Roofline explorer for deep-learning "
                              "training.<br>Qt %2, QCustomPlot %3")
                               .arg(QStringLiteral(ROOFSCOPE_VERSION),
                                    QString::fromLatin1(qVersion()),
                                    QStringLiteral(QCUSTOMPLOT_VERSION_STR)));
    });
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
    plot_->setSession(session_);
    records_->setSession(session_);
    const auto& selection = session_.view.selection;
    const auto ref = selection.empty() ? std::nullopt : std::optional<RecordRef>(selection.front());
    plot_->setHighlighted(ref);
    records_->selectRecord(ref);
}

void MainWindow::selectRecord(std::optional<RecordRef> ref) {
    session_.view.selection.clear();
    if (ref)
        session_.view.selection.push_back(*ref);
    plot_->setHighlighted(ref);
    records_->selectRecord(ref);
}

bool MainWindow::openSession(const QString& path) {
    auto loaded = readSessionFile(path.toStdString());
    if (!loaded) {
        showError(tr("Cannot open session"), QString::fromStdString(loaded.error().toString()));
        return false;
    }
    setSession(std::move(loaded).value(), path);
    replaceable_ = false;
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
