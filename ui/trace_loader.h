#pragma once
// Loads Kineto traces off the GUI thread through core (kineto_load.h), reporting progress and
// honouring Cancel. Several files load together and become the jobs they are (kineto_jobs.h):
// the ranks of one job make one dataset, other files a dataset each. Results arrive on
// the GUI thread through `finished`, with what the window shows of them already made (the
// dataset, the device found in the catalog): made there, a large trace's records would hold
// the window still for as long as they take.

#include "core/catalog.h"
#include "core/import/kineto/kineto_jobs.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>
#include <optional>
#include <string>

namespace roofscope::ui {

// One job of the files loaded: the GPU that ran most kernel time as the trace names it ("" when
// it names none), its catalog device when the catalog names it exactly (a guessed device would
// put every roof in the wrong place), and the job's records under the grouping start() was
// given, on that device. Shared, not copied, as the outcome is passed on: the window takes the
// dataset from it.
struct LoadedJob {
    std::shared_ptr<const MultiRankTrace> trace;
    std::string deviceName;
    std::optional<Device> device;
    std::shared_ptr<Dataset> dataset;
};

struct TraceLoadOutcome {
    QStringList paths;
    std::vector<LoadedJob> jobs; // empty on failure or cancellation
    QString said;                // how several files were opened (TraceJobs::said)
    bool cancelled = false;
    QString error;                        // file, position and reason, when the load failed
    Grouping grouping = Grouping::kernel; // the datasets'
};

class TraceLoader : public QObject {
    Q_OBJECT
  public:
    explicit TraceLoader(QObject* parent = nullptr);
    // Cancels a load in progress and waits for it: the loading threads use this object.
    ~TraceLoader() override;

    // Starts loading; false (and nothing starts) while another load runs. The device is looked
    // up in a copy of `catalog`, so the window may change its own meanwhile.
    bool start(const QStringList& paths, Grouping grouping, const Catalog& catalog);
    void cancel();
    bool isRunning() const { return running_; }

  signals:
    // Permille done over all files, throttled to changes.
    void progress(int permille);
    void finished(const roofscope::ui::TraceLoadOutcome& outcome);

  private:
    QFutureWatcher<TraceLoadOutcome> watcher_;
    std::atomic<bool> cancel_{false};
    std::atomic<int> lastPermille_{-1};
    bool running_ = false;
};

} // namespace roofscope::ui
