#pragma once
// nccl-tests results (all_reduce_perf and friends, NVIDIA/nccl-tests): the table printed on
// stdout and the document written with -J. Values are converted to SI at the boundary: the
// text header's time unit (printed "(us)") is trusted, bandwidths are decimal GB/s (1e9 B/s).

#include "core/ceilings.h"
#include "core/enums.h"
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

struct NcclTestsTiming {
    double timeS = 0;                  // time, or cputime with -C, per iteration, in seconds
    double algBytesPerS = 0;           // algbw in B/s
    double busBytesPerS = 0;           // busbw in B/s
    std::optional<std::int64_t> wrong; // #wrong; nullopt when printed as N/A (no checking)
};

struct NcclTestsRow {
    std::int64_t sizeBytes = 0;
    std::int64_t count = 0; // elements
    std::string type;       // "float", "half", ...
    std::string redop;      // "sum", "none", ...
    int root = -1;          // -1 for rootless collectives
    NcclTestsTiming outOfPlace;
    NcclTestsTiming inPlace;
    int line = 0; // 1-based line of the row in a text file; 0 for JSON
};

struct NcclTestsRun {
    std::optional<Collective> collective; // nullopt when neither header nor binary name says
    std::string version;                  // "2.13.8" when printed, else empty
    // Ranks listed by "#  Rank N ..." lines or JSON device objects. When the output lists none
    // (an excerpt), the count is inferred from busbw / algbw of the largest row, which pins n
    // for every collective whose factor depends on n; ranksInferred says so. 0 when unknown.
    int ranks = 0;
    bool ranksInferred = false;
    std::vector<std::string> hosts;        // distinct host names in order of appearance
    std::vector<std::string> devices;      // distinct device names ("NVIDIA H100 80GB HBM3")
    std::optional<double> avgBusBytesPerS; // the "# Avg bus bandwidth" footer, B/s
    std::vector<NcclTestsRow> rows;        // at least one
};

// Parses nccl-tests output: JSON when the first non-blank character is '{' (OpenMPI's
// "[1,0]<stdout>:" prefix rules out '['), else text. Text may
// carry launcher prefixes ("0: " from srun -l, "[1,0]<stdout>:" from OpenMPI) and unrelated
// program output between its lines; columns are found by the header line, so -C (cputime),
// -S (timestamp) and extra columns are accepted. Errors name `file` and the line (text) or the
// JSON pointer / position (JSON): no data rows, a malformed row, a missing header.
Result<NcclTestsRun> parseNcclTests(std::string_view text, const std::string& file);

// The peak out-of-place busbw over all rows, as a measured ceiling in B/s: tool
// "nccl-tests <version>" ("unknown" when not printed), method naming the test, the size range
// and the ranks, samples = number of rows. Errors when the run has no rows.
Result<Ceiling> ncclBusBandwidthCeiling(const NcclTestsRun& run, const std::string& file);

// inter_node when the run names more than one distinct host, intra_node when it names one;
// nullopt when it names none (an excerpt without "# Rank" lines): the caller must ask.
std::optional<Link> ncclLinkKind(const NcclTestsRun& run);

} // namespace roofscope
