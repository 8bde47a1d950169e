#pragma once
// `roofscope summarize`: one summary per input file (Kineto trace, Nsight Compute CSV or
// nccl-tests output), built in cmd_summarize_load.cpp and printed as a table
// (cmd_summarize_table.cpp) or as JSON, schema roofscope.summary/1 (cmd_summarize_json.cpp).

#include "core/catalog.h"
#include "core/dataset.h"
#include "core/error.h"
#include "core/file_kind.h"
#include "core/import/kineto/kineto_analysis.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace roofscope::app {

inline constexpr const char* kSummarySchema = "roofscope.summary/1";

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
};

struct SummaryOptions {
    Grouping grouping = Grouping::kernel;
    const CatalogEntry* device = nullptr; // --device; nullptr: resolve the name the file gives
};

// "kernel", "op" or "launch", as --group spells it.
std::string_view groupingName(Grouping grouping);

// Loads, groups and bounds one file. Errors name the file and the position of the problem.
Result<FileSummary> summarizeInput(const std::string& path, const Catalog& catalog,
                                   const SummaryOptions& options);

// Every file's summary as one JSON document (docs/file-formats.md, "Summary").
std::string summaryJson(const std::vector<FileSummary>& summaries, Grouping grouping);

// The table of the `top` longest records (0: all), the totals and the collectives.
void printSummaryTable(std::ostream& out, const FileSummary& summary, Grouping grouping,
                       std::size_t top);

} // namespace roofscope::app
