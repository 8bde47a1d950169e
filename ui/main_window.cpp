#include "main_window.h"

#include "roofline_plot.h"
#include "roofscope_features.h"
#include "session_file.h"

#include <QAction>
#include <QApplication>
#include <QFileDialog>
#include <QFileInfo>
#include <QMenuBar>
#include <QMessageBox>
#include <QStatusBar>

namespace roofscope::ui {

MainWindow::MainWindow(Catalog catalog, QWidget* parent)
    : QMainWindow(parent), catalog_(std::move(catalog)), plot_(new RooflinePlot(this)) {
    setCentralWidget(plot_);
    buildMenus();
    resize(1200, 800);
    updateTitle();
}

void MainWindow::buildMenus() {
    QMenu* file = menuBar()->addMenu(tr("&File"));
    QAction* open = file->addAction(tr("&Open Session…"), this, [this] {
        const QString path = QFileDialog::getOpenFileName(
            this, tr("Open Session"), {}, tr("Roofscope sessions (*.roofscope);;All files (*)"));
        if (!path.isEmpty())
            openSession(path);
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
    plot_->setSession(session_);
    updateTitle();
}

bool MainWindow::openSession(const QString& path) {
    auto loaded = readSessionFile(path.toStdString());
    if (!loaded) {
        showError(tr("Cannot open session"), QString::fromStdString(loaded.error().toString()));
        return false;
    }
    setSession(std::move(loaded).value(), path);
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
    const QString name = sessionPath_.isEmpty() ? tr("Demo") : QFileInfo(sessionPath_).fileName();
    setWindowTitle(tr("%1 — Roofscope").arg(name));
}

} // namespace roofscope::ui
