#include "core/import/kineto/kineto_load.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <thread>

namespace roofscope {

namespace {

// Shares one progress callback among threads: each file reports its bytes, the sum over the
// total goes to the caller under a lock.
class SharedProgress {
  public:
    SharedProgress(const TraceLoadOptions& options, std::size_t files)
        : options_(options), done_(files, 0), total_(files, 0) {}

    bool update(std::size_t file, std::uint64_t done, std::int64_t total) {
        if (options_.cancel && options_.cancel->load())
            return false;
        if (!options_.progress)
            return true;
        std::lock_guard lock(mutex_);
        done_[file] = done;
        total_[file] = total > 0 ? static_cast<std::uint64_t>(total) : done;
        std::uint64_t d = 0, t = 0;
        for (std::size_t i = 0; i < done_.size(); ++i) {
            d += done_[i];
            t += total_[i];
        }
        return options_.progress(t ? std::min(1.0, double(d) / double(t)) : 0.0);
    }

  private:
    const TraceLoadOptions& options_;
    std::mutex mutex_;
    std::vector<std::uint64_t> done_, total_;
};

Result<LoadedTrace> loadOne(const std::string& path, const TraceLoadOptions& options,
                            SharedProgress& progress, std::size_t index, unsigned parseThreads) {
    KinetoReadOptions read;
    read.chunkBytes = options.chunkBytes;
    read.threads = parseThreads;
    read.progress = [&](std::uint64_t done, std::int64_t total) {
        return progress.update(index, done, total);
    };
    auto events = readKinetoFile(path, read, options.limits);
    if (!events.ok())
        return events.error();
    LoadedTrace loaded;
    loaded.path = path;
    loaded.analysis = analyzeTrace(events.value());
    loaded.analysis.context.sources = {path};
    // The reader's warnings (skipped events, an early end) come first: they explain the rest.
    auto& warnings = loaded.analysis.warnings;
    warnings.insert(warnings.begin(), events.value().warnings.begin(),
                    events.value().warnings.end());
    return loaded;
}

} // namespace

Result<LoadedTrace> loadKinetoTrace(const std::string& path, const TraceLoadOptions& options) {
    SharedProgress progress(options, 1);
    return loadOne(path, options, progress, 0, options.parseThreads);
}

Result<MultiRankTrace> loadKinetoRanks(const std::vector<std::string>& paths,
                                       const TraceLoadOptions& options) {
    SharedProgress progress(options, paths.size());
    std::vector<std::optional<Result<LoadedTrace>>> results(paths.size());
    unsigned threads = options.threads ? options.threads : std::thread::hardware_concurrency();
    threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(paths.size())));
    const unsigned parseThreads = options.parseThreads
                                      ? options.parseThreads
                                      : std::max(1u, std::thread::hardware_concurrency() / threads);
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t i; (i = next.fetch_add(1)) < paths.size();)
            results[i] = loadOne(paths[i], options, progress, i, parseThreads);
    };
    std::vector<std::thread> pool;
    for (unsigned t = 1; t < threads; ++t)
        pool.emplace_back(work);
    work();
    for (auto& t : pool)
        t.join();

    MultiRankTrace trace;
    for (auto& r : results) {
        if (!r->ok())
            return r->error();
        trace.ranks.push_back(std::move(*r).value());
    }
    std::map<int, std::string> byRank;
    int worldSize = 0;
    for (const auto& rank : trace.ranks) {
        trace.warnings.insert(trace.warnings.end(), rank.analysis.warnings.begin(),
                              rank.analysis.warnings.end());
        const int r = rank.analysis.context.rank;
        if (const auto [it, inserted] = byRank.emplace(r, rank.path); !inserted)
            trace.warnings.push_back(rank.path + " and " + it->second + " both say they are rank " +
                                     std::to_string(r));
        const int w = rank.analysis.context.worldSize;
        if (worldSize && w != worldSize)
            trace.warnings.push_back(rank.path + " has world size " + std::to_string(w) +
                                     ", other files " + std::to_string(worldSize));
        worldSize = std::max(worldSize, w);
    }
    return trace;
}

Dataset mergedDataset(const MultiRankTrace& trace, Grouping grouping, const std::string& deviceId) {
    Dataset dataset;
    if (trace.ranks.empty())
        return dataset;
    const LoadedTrace* lowest = &trace.ranks.front();
    for (const auto& r : trace.ranks)
        if (r.analysis.context.rank < lowest->analysis.context.rank)
            lowest = &r;
    dataset.context = lowest->analysis.context;
    dataset.context.deviceId = deviceId;
    dataset.context.sources.clear();
    for (const auto& r : trace.ranks) {
        dataset.context.sources.push_back(r.path);
        dataset.context.worldSize =
            std::max(dataset.context.worldSize, r.analysis.context.worldSize);
        dataset.steps.insert(dataset.steps.end(), r.analysis.steps.begin(), r.analysis.steps.end());
        auto records = groupLaunches(r.analysis.launches, grouping);
        for (auto& rec : records) {
            rec.deviceId = deviceId;
            dataset.records.push_back(std::move(rec));
        }
    }
    return dataset;
}

} // namespace roofscope
