#pragma once
// CSV tokenising for Nsight Compute exports: splits text into physical lines (LF or CRLF, BOM
// dropped) and one line into fields. Nsight writes one record per line and quotes every field,
// so a quoted field never spans lines; a quote left open at the end of a line means the file was
// cut short, and is reported as such rather than joined with the next line.

#include "core/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::ncu {

struct CsvLine {
    std::string_view text; // without the line end
    std::int64_t number;   // 1-based
};

// The lines of `text`. A leading UTF-8 BOM is dropped; "\r\n" and "\n" both end a line; a last
// line without an end is kept. Nothing is copied: the views point into `text`.
std::vector<CsvLine> splitLines(std::string_view text);

struct CsvField {
    std::string value;       // unquoted, "" inside quotes turned into "
    std::int64_t column = 1; // 1-based byte column where the field starts on its line
    bool quoted = false;
};

// The comma-separated fields of one line. Quoted fields may contain commas and doubled quotes.
// Errors (with file, line and column): a quote left open at the end of the line, or text after
// a closing quote other than a comma.
Result<std::vector<CsvField>> splitFields(const CsvLine& line, const std::string& file);

// True when the line is a CSV record of an Nsight export (it starts with a quote), as opposed to
// "==PROF==" messages and the profiled program's own output, which ncu interleaves with the CSV.
bool looksLikeRecord(std::string_view line);

} // namespace roofscope::ncu
