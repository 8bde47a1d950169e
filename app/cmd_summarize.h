#pragma once
// `roofscope summarize`: one summary per input file (Kineto trace, Nsight Compute CSV or
// nccl-tests output), built by core (core/summary.h) and printed as a table
// (cmd_summarize_table.cpp) or as JSON, schema roofscope.summary/1 (cmd_summarize_json.cpp).

#include "core/summary.h"

#include <iosfwd>
#include <optional>
#include <string>
#include <vector>

namespace roofscope::app {

inline constexpr const char* kSummarySchema = "roofscope.summary/1";

// "kernel", "op" or "launch", as --group spells it.
std::string_view groupingName(Grouping grouping);

// Every file's summary as one JSON document (docs/file-formats.md, "Summary").
std::string summaryJson(const std::vector<FileSummary>& summaries, Grouping grouping);

// One file's entry of that document's "datasets", as compact JSON, for a rank to send on.
std::string summaryDatasetJson(const FileSummary& summary);

// summaryJson's document from entries made by summaryDatasetJson, in the files' order: the same
// bytes as summaryJson of the summaries they were made from. Fails only on an entry that is not
// JSON.
Result<std::string> summaryJsonOfDatasets(const std::vector<std::string>& entries,
                                          Grouping grouping);

// The table of the `top` longest records (0: all), the totals and the collectives.
void printSummaryTable(std::ostream& out, const FileSummary& summary, Grouping grouping,
                       std::size_t top);

} // namespace roofscope::app
