#include "core/import/kineto/kineto_load.h"

#include "core/background_release.h"
#include "core/import/importer.h"
#include "core/import/nsys/nsys_reader.h"
#include "core/import/xplane/xplane_reader.h"

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

LoadedTrace analysed(const std::string& path, const TraceEvents& events) {
    LoadedTrace loaded;
    loaded.path = path;
    loaded.analysis = analyzeTrace(events);
    loaded.analysis.context.sources = {path};
    // The reader's warnings (skipped events, an early end) come first: they explain the rest.
    auto& warnings = loaded.analysis.warnings;
    warnings.insert(warnings.begin(), events.warnings.begin(), events.warnings.end());
    return loaded;
}

// An Nsight Systems export: each process that ran GPU work is a rank, numbered in pid order
// (the export does not record torch.distributed's rank).
Result<std::vector<LoadedTrace>> loadNsys(const std::string& path, SharedProgress& progress,
                                          std::size_t index) {
    ROOFSCOPE_TRY(read, readNsysExport(path));
    NsysExport& exported = read.value();
    std::vector<LoadedTrace> out;
    const int ranks = static_cast<int>(exported.processes.size());
    for (int r = 0; r < ranks; ++r) {
        NsysProcess& p = exported.processes[static_cast<std::size_t>(r)];
        TraceEvents& events = p.events;
        if (ranks > 1) {
            events.meta.distributed.rank = r;
            events.meta.distributed.worldSize = ranks;
        }
        if (r == 0) // said once for the file
            events.warnings.insert(events.warnings.begin(), exported.warnings.begin(),
                                   exported.warnings.end());
        if (ranks > 1)
            events.warnings.push_back("process " + std::to_string(p.pid) +
                                      (p.name.empty() ? "" : " (" + p.name + ")") + " is rank " +
                                      std::to_string(r) + " of " + std::to_string(ranks) +
                                      ", numbered by process id: the export does not record the "
                                      "rank");
        out.push_back(analysed(path, events));
        if (ranks > 1)
            out.back().process = r;
        if (!progress.update(index, static_cast<std::uint64_t>(r + 1), ranks))
            return makeError(ErrorKind::cancelled, "cancelled", inFile(path));
    }
    if (out.empty())
        return makeError("the export holds no CUDA kernels, copies or memsets", inFile(path));
    return out;
}

// An XPlane profile: each GPU plane that ran work is a rank, numbered by its device index (one
// JAX process drives every local GPU; the profile records no torch.distributed-style rank).
Result<std::vector<LoadedTrace>> loadXplane(const std::string& path, SharedProgress& progress,
                                            std::size_t index) {
    ROOFSCOPE_TRY(read, readXplane(path));
    XplaneProfile& profile = read.value();
    std::vector<XplaneDevice*> working;
    for (XplaneDevice& d : profile.devices)
        if (!d.events.gpu.empty())
            working.push_back(&d);
    if (working.empty())
        return makeError("the profile's " + std::to_string(profile.devices.size()) +
                             " GPU plane(s) hold no kernels, copies or memsets",
                         inFile(path));
    const int gpus = static_cast<int>(profile.devices.size());
    const int ranks = static_cast<int>(working.size());
    std::vector<LoadedTrace> out;
    for (int r = 0; r < ranks; ++r) {
        XplaneDevice& d = *working[static_cast<std::size_t>(r)];
        TraceEvents& events = d.events;
        if (ranks > 1) {
            events.meta.distributed.rank = d.index;
            events.meta.distributed.worldSize = gpus;
        }
        if (r == 0) // said once for the file
            events.warnings.insert(events.warnings.begin(), profile.warnings.begin(),
                                   profile.warnings.end());
        out.push_back(analysed(path, events));
        if (ranks > 1)
            out.back().process = r;
        if (!progress.update(index, static_cast<std::uint64_t>(r + 1), ranks))
            return makeError(ErrorKind::cancelled, "cancelled", inFile(path));
    }
    return out;
}

Result<std::vector<LoadedTrace>> loadOne(const std::string& path, const TraceLoadOptions& options,
                                         SharedProgress& progress, std::size_t index,
                                         unsigned parseThreads) {
    if (const auto kind = detectFileKindOf(path); kind && kind.value() == FileKind::nsysSqlite)
        return loadNsys(path, progress, index);
    else if (kind && kind.value() == FileKind::xplane)
        return loadXplane(path, progress, index);
    KinetoReadOptions read;
    read.chunkBytes = options.chunkBytes;
    read.threads = parseThreads;
    read.progress = [&](std::uint64_t done, std::int64_t total) {
        return progress.update(index, done, total);
    };
    auto events = readKinetoFile(path, read, options.limits);
    if (!events.ok())
        return events.error();
    // Not a braced list: that copies its elements, every launch of the trace once more.
    std::vector<LoadedTrace> out;
    out.push_back(analysed(path, events.value()));
    // The events are not kept: freeing them (3 ms for the 315 MB bench trace) is done beside
    // what the caller does next.
    releaseInBackground(std::move(events).value());
    return out;
}

} // namespace

Result<LoadedTrace> loadKinetoTrace(const std::string& path, const TraceLoadOptions& options) {
    SharedProgress progress(options, 1);
    ROOFSCOPE_TRY(loaded, loadOne(path, options, progress, 0, options.parseThreads));
    return std::move(loaded.value().front());
}

Result<MultiRankTrace> loadKinetoRanks(const std::vector<std::string>& paths,
                                       const TraceLoadOptions& options) {
    SharedProgress progress(options, paths.size());
    std::vector<std::optional<Result<std::vector<LoadedTrace>>>> results(paths.size());
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
        for (auto& rank : std::move(*r).value())
            trace.ranks.push_back(std::move(rank));
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
