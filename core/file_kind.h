#pragma once
// Which kind of document a file is, decided from its content (never its name), so that
// `roofscope info` and `roofscope summarize` dispatch the same way.

#include "core/error.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace roofscope {

enum class FileKind {
    session,     // "format": "roofscope-session"
    ceilings,    // "format": "roofscope-ceilings"
    kinetoTrace, // Chrome trace JSON: a "traceEvents" key, or the bare array form
    ertRoofline, // ERT roofline.json ("empirical")
    ncclTests,   // nccl-tests text (a "busbw" column) or -J JSON ("results")
    ncuCsv,      // Nsight Compute CSV (a "Kernel Name" column)
    nvbandwidth, // nvbandwidth text ("bandwidth (GB/s)") or -j JSON ("nvbandwidth", "testcases")
    unknown,
};

// A short description for messages: "Kineto trace", "Nsight Compute CSV", ...
std::string_view fileKindName(FileKind kind);

// The kind of a document from its text, whole or its beginning (kFileKindHeadBytes suffice for
// every kind Roofscope reads: each is recognised by keys or columns near the top).
FileKind detectFileKind(std::string_view text);

inline constexpr std::size_t kFileKindHeadBytes = std::size_t(1) << 20;

// Reads up to kFileKindHeadBytes of `path`, decompressed when gzip, and detects the kind. Errors
// name the file: missing, unreadable, a corrupt gzip header.
Result<FileKind> detectFileKindOf(const std::string& path);

} // namespace roofscope
