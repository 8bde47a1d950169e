#pragma once
// Loading Kineto traces end to end: read (kineto_reader.h), analyse (kineto_analysis.h) and, for
// several files of one job (one per rank), do both in parallel on all cores and merge the ranks
// into one dataset. Progress and cancellation cover all files together.

#include "core/dataset.h"
#include "core/error.h"
#include "core/import/byte_stream.h"
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"

#include <atomic>
#include <functional>
#include <string>
#include <vector>

namespace roofscope {

struct TraceLoadOptions {
    ByteStreamLimits limits;
    std::size_t chunkBytes = std::size_t(512) << 10; // measured fastest: the batch stays in cache
    // Fraction done in [0, 1] over all files (by file bytes read); return false to cancel. Called
    // from the loading threads, never concurrently.
    std::function<bool(double fraction)> progress;
    // Checked between batches; set it from any thread to cancel.
    const std::atomic<bool>* cancel = nullptr;
    unsigned threads = 0; // 0: one per core, at most one per file
    // Threads parsing each file (KinetoReadOptions::threads); 0: the cores left to each of the
    // files loaded side by side.
    unsigned parseThreads = 0;
};

// One rank's trace.
struct LoadedTrace {
    std::string path;
    KinetoAnalysis analysis; // context.sources = {path}
    // Which of the file's processes (or GPUs) this is, when the file holds several (an Nsight
    // Systems export, an XPlane profile); -1 for a file of one.
    int process = -1;
};

// The ranks of one job as one dataset.
struct MultiRankTrace {
    std::vector<LoadedTrace> ranks;    // in the order of the paths given
    std::vector<std::string> warnings; // every rank's warnings, then those of the merge
};

// Reads and analyses one trace. An Nsight Systems export (nsys_reader.h) and an XPlane profile
// (xplane_reader.h) are read through the same model; of a file of several processes or GPUs,
// this gives the first (loadKinetoRanks gives all).
Result<LoadedTrace> loadKinetoTrace(const std::string& path, const TraceLoadOptions& options = {});

// Loads every file, an Nsight Systems export giving one rank per process that ran GPU work and an
// XPlane profile one per GPU plane that did (numbered by the GPU's index); the
// first failure (in path order) is returned and the rest discarded.
// Warns when two files claim the same rank or their world sizes disagree.
Result<MultiRankTrace> loadKinetoRanks(const std::vector<std::string>& paths,
                                       const TraceLoadOptions& options = {});

// All ranks' launches as one dataset: records grouped by `grouping` within each rank (record.rank
// tells them apart), context from the lowest rank with sources = every path, worldSize the
// largest seen; deviceId as given (a catalog id the caller resolved from deviceName).
Dataset mergedDataset(const MultiRankTrace& trace, Grouping grouping, const std::string& deviceId);

} // namespace roofscope
