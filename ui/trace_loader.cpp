#include "ui/trace_loader.h"

#include <QtConcurrent/QtConcurrentRun>

namespace roofscope::ui {
namespace {

// Error::toString names the file and line; a trace's errors often sit in one long line, so the
// byte offset is added whenever it is known.
QString describe(const Error& error) {
    QString text = QString::fromStdString(error.toString());
    if (error.where.line > 0 && error.where.byteOffset >= 0)
        text += QObject::tr(" (byte %1)").arg(error.where.byteOffset);
    return text;
}

} // namespace

TraceLoader::TraceLoader(QObject* parent) : QObject(parent) {
    connect(&watcher_, &QFutureWatcher<TraceLoadOutcome>::finished, this, [this] {
        running_ = false;
        emit finished(watcher_.result());
    });
}

TraceLoader::~TraceLoader() {
    cancel_ = true;
    watcher_.waitForFinished();
}

bool TraceLoader::start(const QStringList& paths, Grouping grouping, const Catalog& catalog) {
    if (running_ || paths.isEmpty())
        return false;
    running_ = true;
    cancel_ = false;
    lastPermille_ = -1;
    std::vector<std::string> files;
    for (const QString& p : paths)
        files.push_back(p.toStdString());
    watcher_.setFuture(
        QtConcurrent::run([this, paths, grouping, catalog, files = std::move(files)] {
            TraceLoadOptions options;
            options.cancel = &cancel_;
            options.progress = [this](double fraction) {
                const int permille = static_cast<int>(fraction * 1000);
                if (lastPermille_.exchange(permille) != permille)
                    QMetaObject::invokeMethod(
                        this, [this, permille] { emit progress(permille); }, Qt::QueuedConnection);
                return !cancel_.load();
            };
            TraceLoadOutcome outcome;
            outcome.paths = paths;
            outcome.grouping = grouping;
            auto loaded = loadKinetoRanks(files, options);
            if (cancel_.load()) {
                outcome.cancelled = true;
                return outcome;
            }
            if (!loaded) {
                outcome.error = describe(loaded.error());
                return outcome;
            }
            TraceJobs jobs = splitIntoJobs(std::move(loaded).value());
            outcome.said = QString::fromStdString(jobs.said);
            for (MultiRankTrace& trace : jobs.jobs) {
                LoadedJob job;
                job.trace = std::make_shared<const MultiRankTrace>(std::move(trace));
                for (const auto& rank : job.trace->ranks)
                    if (job.deviceName.empty())
                        job.deviceName = rank.analysis.deviceName;
                if (const CatalogEntry* entry =
                        job.deviceName.empty() ? nullptr : catalog.findByName(job.deviceName))
                    job.device = entry->device;
                job.dataset = std::make_shared<Dataset>(mergedDataset(
                    *job.trace, grouping, job.device ? job.device->id : std::string()));
                outcome.jobs.push_back(std::move(job));
            }
            return outcome;
        }));
    return true;
}

void TraceLoader::cancel() {
    cancel_ = true;
}

} // namespace roofscope::ui
