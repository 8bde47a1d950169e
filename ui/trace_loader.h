#pragma once
// Loads Kineto traces off the GUI thread through core (kineto_load.h), reporting progress and
// honouring Cancel. Several files are the ranks of one job and load together. Results arrive on
// the GUI thread through `finished`.

#include "core/import/kineto/kineto_load.h"

#include <QFutureWatcher>
#include <QObject>
#include <QStringList>

#include <atomic>
#include <memory>

namespace roofscope::ui {

struct TraceLoadOutcome {
    QStringList paths;
    std::shared_ptr<const MultiRankTrace> trace; // null on failure or cancellation
    bool cancelled = false;
    QString error; // file, position and reason, when the load failed
};

class TraceLoader : public QObject {
    Q_OBJECT
  public:
    explicit TraceLoader(QObject* parent = nullptr);
    // Cancels a load in progress and waits for it: the loading threads use this object.
    ~TraceLoader() override;

    // Starts loading; false (and nothing starts) while another load runs.
    bool start(const QStringList& paths);
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
