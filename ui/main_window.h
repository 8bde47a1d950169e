#pragma once
// The explorer window: the roofline of the open session above the table of its records, with
// the selection linked between them; opening sessions and Kineto traces (menu, drag-and-drop,
// command line), saving sessions, exporting the plot. Dataset tree and details come later.

#include "catalog.h"
#include "session.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QProgressBar;
class QPushButton;
class QToolButton;

namespace roofscope {
struct MultiRankTrace;
enum class Grouping;
} // namespace roofscope

namespace roofscope::ui {

class RecordPanel;
class RooflinePlot;
class TraceLoader;
struct TraceLoadOutcome;

class MainWindow : public QMainWindow {
    Q_OBJECT
  public:
    explicit MainWindow(Catalog catalog, QWidget* parent = nullptr);
    ~MainWindow() override;

    // A session without a path (the demo) is replaced by the first trace opened; any other
    // session gets traces added to it as new datasets.
    void setSession(Session session, const QString& path = {});
    const Session& session() const { return session_; }
    RooflinePlot* plot() const { return plot_; }
    RecordPanel* recordPanel() const { return records_; }
    TraceLoader* traceLoader() const { return loader_; }

    // Opens a session file; on failure shows the error (file and position) and keeps the
    // current session. Returns whether it loaded.
    bool openSession(const QString& path);
    bool saveSession(const QString& path);

    // Sessions (*.roofscope) open as sessions; every other file is a Kineto trace, and the
    // traces given together load in the background as the ranks of one dataset.
    void openFiles(const QStringList& paths);
    // False when a load is already running.
    bool loadTraces(const QStringList& paths);
    void cancelLoad();

  protected:
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void buildMenus();
    void buildStatusBar();
    // Shows the error in a non-blocking message box (object name "errorBox") and the status bar.
    void showError(const QString& title, const QString& message);
    void showWarnings(const QString& summary, const QStringList& warnings);
    void updateTitle();
    // Redraws plot and table from session_ and restores the selection.
    void refresh();
    void selectRecord(std::optional<RecordRef> ref);
    void traceLoaded(const TraceLoadOutcome& outcome);
    void regroup(Grouping grouping);

    // A dataset made from traces still in memory, so that it can be regrouped without reloading.
    struct LoadedTraces {
        int dataset = 0;
        std::shared_ptr<const MultiRankTrace> trace;
        std::string deviceId;
    };

    Catalog catalog_;
    Session session_;
    QString sessionPath_;
    QString title_;
    bool replaceable_ = true; // the session holds nothing of the user's yet
    std::vector<LoadedTraces> loaded_;
    RooflinePlot* plot_ = nullptr;
    RecordPanel* records_ = nullptr;
    TraceLoader* loader_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QToolButton* warningsButton_ = nullptr;
    QStringList warnings_;
};

} // namespace roofscope::ui
