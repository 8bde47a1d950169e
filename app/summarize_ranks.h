#pragma once
// `roofscope summarize` across MPI ranks: which rank summarises which file, and one file's
// outcome as bytes that travel to rank 0, which writes them in the files' order, so that the
// output is the single process's byte for byte.

#include "core/error.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::app {

// For each file (by its size in bytes, compressed or not), the rank that reads it: the largest
// file first to the rank with the fewest bytes so far (ties to the lowest rank), so every rank
// computes the same split and the longest load does not come last. ranks >= 1.
std::vector<int> assignFiles(const std::vector<std::uint64_t>& sizes, int ranks);

// What summarising one file wrote: the text for stdout (a table, or the file's entry of the JSON
// document) and for stderr (warnings, or the error), and whether it failed.
struct FileOutcome {
    std::size_t index = 0; // the file's place on the command line
    bool failed = false;
    std::string out;
    std::string err;
};

// Appends `o` to `bytes`.
void encodeOutcome(const FileOutcome& o, std::string& bytes);

// Every outcome in `bytes` (as many as were encoded), or an error at the offset where the bytes
// stop making sense.
Result<std::vector<FileOutcome>> decodeOutcomes(std::string_view bytes);

} // namespace roofscope::app
