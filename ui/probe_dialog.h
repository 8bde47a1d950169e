#pragma once
// "Probe This Machine": a non-modal dialog that lists roofscope-probe's benchmarks (from
// `roofscope-probe --list`) grouped by device, runs the ticked ones at the chosen duration with a
// progress bar per benchmark and overall, shows their values as they arrive and the probe's
// warnings in a log, and stops the probe cleanly on Cancel or Close. A run that leaves a ceilings
// file (finished, partial or cancelled) has its devices saved to the user catalog
// (userCatalogDir()) and handed out by devicesMeasured. Every problem is said in words in the
// dialog; nothing blocks the GUI.

#include "core/device.h"
#include "core/probe_events.h"
#include "ui/probe_runner.h"

#include <QDialog>
#include <QHash>

#include <map>
#include <memory>
#include <vector>

class QButtonGroup;
class QLabel;
class QPlainTextEdit;
class QProgressBar;
class QPushButton;
class QTemporaryDir;
class QTreeWidget;
class QTreeWidgetItem;

namespace roofscope::ui {

class ProbeDialog : public QDialog {
    Q_OBJECT
  public:
    enum class Duration { quick, normal, thorough };
    // Columns of benchmarks().
    enum Column { NameColumn, ProgressColumn, StatusColumn };

    // Looks for the probe and asks it for its plan at once (without blocking).
    explicit ProbeDialog(QWidget* parent = nullptr);
    ~ProbeDialog() override;

    // Lists the plan again (after the probe was rebuilt, say).
    void refreshPlan();
    // Starts the ticked benchmarks; false when nothing is ticked, the plan is not known or a run
    // is in progress.
    bool start();
    // Stops the run, keeping what it measured.
    void cancel();
    bool isRunning() const;

    void setDuration(Duration duration);
    Duration duration() const;
    // Ticks or unticks one benchmark of one target.
    void setBenchmarkChecked(const QString& target, const QString& key, bool checked);
    // The probe's options for the ticked benchmarks and the duration, without -o.
    QStringList probeArguments() const;

    QTreeWidget* benchmarks() const { return tree_; }
    // The row of a benchmark on a target; nullptr when the plan has none.
    QTreeWidgetItem* benchmarkItem(const QString& target, const QString& key) const;
    QProgressBar* overallProgress() const { return overall_; }
    QString statusText() const;
    QString logText() const;
    ProbeRunner* runner() const { return runner_; }

  signals:
    void planListed(bool ok);
    void runFinished(const roofscope::ui::ProbeOutcome& outcome);
    // Devices of a run, as saved into the user catalog (`files`), for the window's session.
    void devicesMeasured(const std::vector<roofscope::Device>& devices, const QStringList& files);

  public slots:
    void reject() override; // Close and Esc: stop a run, then hide

  private:
    // One benchmark on one target, as a row of the tree.
    struct Row {
        QTreeWidgetItem* item = nullptr;
        QProgressBar* bar = nullptr;
        enum class State { idle, waiting, running, done, failed, skipped, stopped } state{};
        std::vector<ProbeEvent> results;
    };

    void buildUi();
    void listed(const ProbeOutcome& outcome);
    void fillPlan(const std::vector<PlannedBenchmark>& plan,
                  const std::vector<ProbeTarget>& targets);
    Row& rowFor(const std::string& target, const std::string& key, const std::string& title);
    QTreeWidgetItem* groupFor(const std::string& target);
    void setRunning(bool running);
    bool anyTicked() const;
    void updateStartButton();
    void setStatus(const QString& text, int severity); // 0 info, 1 warning, 2 error
    void log(const QString& line);
    // probe_dialog_rows.cpp: the rows following the run.
    void resetRows();
    void handleEvent(const ProbeEvent& event);
    void settleRow(Row& row);
    void setRowState(Row& row, Row::State state, const QString& text);
    void updateOverall(double fraction);
    void runEnded(const ProbeOutcome& outcome);
    void saveDevices(const ProbeOutcome& outcome);

    ProbeRunner* lister_ = nullptr;
    ProbeRunner* runner_ = nullptr;
    QString probePath_;
    std::vector<PlannedBenchmark> plan_;
    QHash<QString, QString> targetNames_; // "gpu0" -> "NVIDIA H200"
    std::unique_ptr<QTemporaryDir> outputDir_;
    std::map<QString, Row> rows_; // by target + '/' + key; map: current_ must stay valid
    QHash<QString, QTreeWidgetItem*> groups_; // by target
    Row* current_ = nullptr;                  // the row now running
    int runIndex_ = 0, runCount_ = 0;         // from the last `started`
    bool updatingChecks_ = false;

    QLabel* intro_ = nullptr;
    QTreeWidget* tree_ = nullptr;
    QButtonGroup* durationGroup_ = nullptr;
    QProgressBar* overall_ = nullptr;
    QLabel* statusIcon_ = nullptr;
    QLabel* status_ = nullptr;
    QPlainTextEdit* log_ = nullptr;
    QPushButton* start_ = nullptr;
    QPushButton* cancel_ = nullptr;
    QPushButton* close_ = nullptr;
};

} // namespace roofscope::ui
