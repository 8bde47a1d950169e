#pragma once
// The explorer window: the roofline (or an analysis view) of the open session above the table
// of its records, the
// datasets and devices on the left, the selected record's details on the right, with the
// selection linked between them; opening sessions and Kineto traces (menu, drag-and-drop,
// command line, recent files), saving sessions, exporting the plot, and remembering the window's
// layout and folders in QSettings.

#include "core/catalog.h"
#include "core/session.h"

#include <QMainWindow>

#include <memory>
#include <optional>

class QAction;
class QColor;
class QDockWidget;
class QMenu;
class QProgressBar;
class QSplitter;
class QStackedWidget;
class QTabWidget;
class QPushButton;
class QToolButton;

namespace roofscope {
struct MultiRankTrace;
enum class Grouping;
} // namespace roofscope

namespace roofscope::ui {

class AnalysisPane;
class Autosaver;
class DatasetPanel;
class DetailsPane;
class RecordPanel;
class RooflinePlot;
class StepTimelinePanel;
class TraceLoader;
class ViewBar;
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
    DatasetPanel* datasetPanel() const { return datasets_; }
    DetailsPane* detailsPane() const { return details_; }
    QSplitter* splitter() const { return splitter_; }
    ViewBar* viewBar() const { return viewBar_; }
    // The analysis views' page (chart, options and table), shown instead of the plot.
    AnalysisPane* analysisPane() const { return analysis_; }
    QTabWidget* bottomTabs() const { return bottomTabs_; }
    QStackedWidget* viewStack() const { return viewStack_; }
    // The step timeline between the view and the table; shown while a run's trace is in memory
    // and View > Step Timeline is on (main_window_timeline.cpp).
    StepTimelinePanel* timeline() const { return timeline_; }

    // The view choices of the last run's view bar (colour by, point style, axes, ...), kept in
    // QSettings, written into `view`: what a new session starts with.
    static void applyRememberedView(ViewSettings& view);

    // Dataset edits from the tree, applied to the session; the plot and table follow.
    void setDatasetVisible(int dataset, bool visible);
    void renameDataset(int dataset, const QString& label);
    void setDatasetColor(int dataset, const QColor& color);
    // Removes at once (no question asked) and says in the status bar what went.
    void removeDataset(int dataset);
    // Tools > Add Model from the Zoo…: main_window_zoo.cpp.
    void addZooModel();
    // Reads measured ceilings at `path` (nccl-tests, ERT, nvbandwidth) and sets them on the
    // device the file names, or the one the user picks when the file does not say and the
    // session has several: main_window_ceilings.cpp.
    void importCeilings(const QString& path);
    // A ceilings document's devices join the session (a probe's measured ones under their
    // measured name, as the probe dialog adds them); nothing is written to the catalog folder.
    void openDevicesFile(const QString& path);
    // Opens the run details dialog (model, stack, tags, repeat) on `dataset`; OK writes them.
    void editRunDetails(int dataset);

    // Most recent first, at most kMaxRecentFiles, kept in QSettings.
    static constexpr int kMaxRecentFiles = 10;
    QStringList recentFiles() const;
    void addRecentFile(const QString& path);
    // Window geometry, dock and splitter layout, table columns: written on close, read when
    // the window is made.
    void saveSettings() const;
    void restoreSettings();

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
    // Regrouping the records of loaded traces with more launches than this, in all, runs off the
    // GUI thread (the status bar says so) and `regrouped` tells when it has been applied; fewer
    // regroup at once. Tests lower it.
    static constexpr std::size_t kBackgroundRegroupLaunches = 200'000;
    void setBackgroundRegroupAbove(std::size_t launches) { backgroundRegroupAbove_ = launches; }
    bool isRegrouping() const { return regrouping_ > 0; }

  signals:
    // A background regroup (see kBackgroundRegroupLaunches) has reached the session.
    void regrouped();

  public:
    // Devices measured by the probe dialog (saved in `files` of the user catalog): added to the
    // session (replacing one of the same id) and the catalog, and drawn.
    void addMeasuredDevices(const std::vector<Device>& devices, const QStringList& files);

    // Autosave and crash recovery: main_window_autosave.cpp.
    // The session changed in a way worth recovering: the autosave writes it at its next tick.
    void markChanged();
    Autosaver* autosaver() const { return autosaver_; }
    // Opens an autosaved session as an unsaved, recovered one and removes the file; false (and
    // the error shown, the file kept) when it does not read.
    bool restoreAutosave(const QString& path);

  protected:
    void closeEvent(QCloseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dropEvent(QDropEvent* event) override;

  private:
    void buildMenus();
    void buildDocks();
    // The timeline's links with the plot and the table, and its View menu entry.
    void buildTimeline(QMenu* view);
    // The runs whose traces are in memory, to the timeline; hides it when there are none.
    void updateTimeline();
    void buildStatusBar();
    // File > Open Recent, View > panes and full screen, Find, Save: main_window_settings.cpp.
    void addDesktopActions(QMenu* file, QMenu* view);
    // Tools > Probe This Machine…: main_window_probe.cpp.
    void addProbeActions(QMenu* tools);
    void rebuildRecentMenu();
    void saveSessionAs();
    QString lastFolder() const;
    void rememberFolder(const QString& file);
    // `label`, or `label (2)`, ... so that no two datasets share a label (hiding goes by label).
    std::string uniqueLabel(const std::string& label, int except = -1) const;
    // Shows the error in a non-blocking message box (object name "errorBox") and the status bar.
    void showError(const QString& title, const QString& message);
    void showWarnings(const QString& summary, const QStringList& warnings);
    void updateTitle();
    // Redraws plot, table, tree and details from session_ and restores the selection.
    void refresh();
    // The same without the tree, for edits the tree made itself.
    void refreshViews();
    // The analysis view's table as a tab beside the records while that view shows; brought to
    // the front when the view changes, left where the user put it when only an option did.
    void showViewTable();
    void selectRecord(std::optional<RecordRef> ref);
    // The view bar changed a choice: into the session, QSettings and the plot.
    void viewEdited(bool refit);
    // The analysis pane's options changed (run B, moves, prices, ...): into the session.
    void analysisEdited();
    void traceLoaded(const TraceLoadOutcome& outcome);
    void showLoadedTraces(const TraceLoadOutcome& outcome);
    // The first file the user opens replaces the demo (keeping the devices measured here).
    void replaceDemoSession();
    // An Nsight Compute export as a run of its own, bound to the GPU it names
    // (main_window_ncu.cpp).
    void openRecordsFile(const QString& path);
    // Puts `deviceId` into the session (from the catalog when it is not there yet) in the system
    // `systemId` (systems.h; "" for none: the system's collective ceilings go); true when the
    // session's device changed.
    bool setDeviceSystem(const std::string& deviceId, const std::string& systemId);
    void regroup(Grouping grouping);
    // Starts the autosave timer and offers the newest autosave a crash left behind.
    void setUpAutosave();
    void offerRecovery();

    // A dataset made from traces still in memory, so that it can be regrouped without reloading.
    // A dataset the window can regroup: from its trace, or (trace null) from the launches of a
    // file read whole (Nsight Compute).
    struct LoadedTraces {
        int dataset = 0;
        std::shared_ptr<const MultiRankTrace> trace;
        std::string deviceId;
        std::shared_ptr<const std::vector<OpRecord>> launches;
    };

    Catalog catalog_;
    Session session_;
    QString sessionPath_;
    QString title_;
    bool replaceable_ = true; // the session holds nothing of the user's yet
    std::vector<LoadedTraces> loaded_;
    // Ceilings files opened with traces, set once the traces are in (openFiles).
    QStringList pendingCeilings_;
    std::size_t backgroundRegroupAbove_ = kBackgroundRegroupLaunches;
    int regroupGeneration_ = 0; // a newer regroup supersedes one still running
    int regrouping_ = 0;        // background regroups running
    RooflinePlot* plot_ = nullptr;
    AnalysisPane* analysis_ = nullptr;
    QStackedWidget* viewStack_ = nullptr;
    RecordPanel* records_ = nullptr;
    // Under the chart: the records, and beside them the analysis view's table while one shows.
    QTabWidget* bottomTabs_ = nullptr;
    std::optional<ViewKind> tableViewKind_; // the view whose table the tab shows
    StepTimelinePanel* timeline_ = nullptr;
    QAction* timelineAction_ = nullptr;
    TraceLoader* loader_ = nullptr;
    DatasetPanel* datasets_ = nullptr;
    DetailsPane* details_ = nullptr;
    QSplitter* splitter_ = nullptr;
    ViewBar* viewBar_ = nullptr;
    // Set while the plot draws the session: the range it fits is not the user's zoom, and a
    // session without a range stays one ("fit to the data").
    bool drawing_ = false;
    QDockWidget* datasetsDock_ = nullptr;
    QDockWidget* detailsDock_ = nullptr;
    QMenu* recentMenu_ = nullptr;
    QProgressBar* progress_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QToolButton* warningsButton_ = nullptr;
    QStringList warnings_;
    Autosaver* autosaver_ = nullptr;
};

} // namespace roofscope::ui
