#pragma once
// Nsight Compute CSV import (`ncu --csv`, `ncu --import x.ncu-rep --csv`): the "long" page (one
// row per launch x metric, columns "ID", "Kernel Name", ..., "Metric Name", "Metric Unit",
// "Metric Value") and the "raw" page (`--page raw`: one row per launch, one column per metric,
// a second row of units). Values are converted to SI with toSi() at this boundary.
//
// Accepted quirks: "==PROF==" lines and program output before and among the rows, a UTF-8 BOM,
// CRLF, quoted fields with commas, thousands separators ("1,234,567.5"), "n/a" (metric absent),
// auto-scaled units ("Mbyte", "usecond", "Gbyte/second"), a trailing comma on every row, and
// several exports concatenated into one file (repeated header lines, IDs that start again at 0:
// rows with the same ID and kernel name merge into one launch, the first value of a metric wins).
// Not accepted: locale-grouped numbers ("27.595.520", "1,5"), which are refused as not a number
// rather than misread; quoted fields spanning lines (Nsight never writes them).

#include "core/error.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

enum class NcuLayout { longPage, rawPage };

struct NcuMetric {
    double value = 0;       // SI base unit (s, B, B/s, Hz, ...) when `scaled`, else as printed
    std::string sourceUnit; // unit as exported ("Mbyte", "usecond", "cycle"); empty if unitless
    bool scaled = true;     // false when toSi() does not know the unit ("warp", "register/thread")
};

// One kernel launch. Text columns that a layout lacks are empty.
struct NcuLaunch {
    std::string id; // "ID" column; when the export has none, "<kernel name>#<n-th launch>"
    std::string kernelName;
    std::string processId;
    std::string device; // "Device" column (a device index), when present
    std::string context;
    std::string stream;
    std::int64_t firstLine = 0;               // 1-based line of the launch's first row
    std::map<std::string, NcuMetric> metrics; // by metric name; "n/a" and empty values left out
    // Non-numeric values without a unit ("Function Cache Configuration" = "CachePreferNone") and
    // non-metric columns of the raw page that Roofscope does not interpret.
    std::map<std::string, std::string> attributes;

    // The metric in SI, or nullptr when absent.
    const NcuMetric* metric(std::string_view name) const;
};

struct NcuReport {
    std::string file;
    NcuLayout layout = NcuLayout::longPage; // of the first export in the file
    std::vector<NcuLaunch> launches;        // in order of first appearance
};

// Parses the whole text of an export. `file` names it in errors. Errors carry file, line and,
// when known, column: no recognisable header ("ID"/"Kernel Name" plus either "Metric Name" and
// "Metric Value", or metric columns), a row whose field count differs from its header's, a
// quoted field cut off by the end of a line (a truncated file), a value that is neither a number
// nor "n/a" where a unit says it is a quantity, and a unit that toSi() rejects on a metric that
// the roofline formulas use. Never throws.
Result<NcuReport> parseNcuCsv(std::string_view text, const std::string& file);

} // namespace roofscope
