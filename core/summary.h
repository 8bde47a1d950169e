#pragma once
// A file's summary, as `roofscope summarize` prints it: its records grouped and bounded against
// the device's ceilings, longest first, its collectives, steps and warnings. Built here for every
// kind the importer table (core/import/importer.h) can summarize; printed by app/.

#include "core/catalog.h"
#include "core/dataset.h"
#include "core/error.h"
#include "core/file_kind.h"
#include "core/import/kineto/kineto_analysis.h" // Grouping
#include "core/steps.h"
#include "core/systems.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct SummaryRecord {
    OpRecord record;
    Bottleneck bottleneck = Bottleneck::none;
};

struct SummaryCollective {
    std::optional<Collective> op; // nullopt when an nccl-tests file does not name its collective
    int groupSize = 0;            // 0 when unknown
    std::int64_t count = 0;       // calls; 1 per nccl-tests row (an average over its iterations)
    double bytes = 0;             // message bytes S summed over calls
    double timeS = 0;
    double algbwBytesPerS = 0;
    double busbwBytesPerS = 0;
};

struct SummaryTotals {
    double timeS = 0, flops = 0, bytesDram = 0, commBytes = 0; // over the known values
};

struct FileSummary {
    std::string source; // the path as given
    FileKind kind = FileKind::unknown;
    std::string deviceId;   // catalog id; empty when the device is unknown
    std::string deviceName; // as the file names it; empty when it does not
    int rank = 0;
    int worldSize = 1;
    SoftwareStack stack;
    std::vector<SummaryRecord> records; // by time, longest first; untimed records last
    std::vector<SummaryCollective> collectives;
    std::vector<std::string> warnings;
    // Traces only: the steps (one unmarked step for a trace without step markers), the iteration
    // over them and the launches of no traced step. Empty / zero for the other kinds.
    std::vector<Step> steps;
    OutsideSteps outside;

    SummaryTotals totals() const;
    // Appends the records, not yet bounded (Bottleneck::none).
    void addRecords(const std::vector<OpRecord>& more);
};

struct SummaryOptions {
    Grouping grouping = Grouping::kernel;
    const CatalogEntry* device = nullptr; // --device; nullptr: resolve the name the file gives
    // --system: the node or instance the device was in (withSystem), its links bounding the
    // collectives; nullptr keeps the catalog's suggestion. noSystem: in none (--system none).
    const System* system = nullptr;
    bool noSystem = false;
    // Threads that parse one trace (KinetoReadOptions::threads; 0: one per core): fewer when
    // several files are summarised side by side.
    unsigned parseThreads = 0;
};

// Loads the file with the importer its content calls for, groups and bounds its records. Errors
// name the file and the position of the problem; a kind that holds no records is an error that
// says which kinds summarize reads.
Result<FileSummary> summarizeInput(const std::string& path, const Catalog& catalog,
                                   const SummaryOptions& options);

} // namespace roofscope
