#pragma once
// Whole-file reads and crash-safe writes for the small documents (sessions, ceilings, catalog).

#include "core/error.h"

#include <cstdint>
#include <string>

namespace roofscope {

// Small documents larger than this are refused rather than read into memory.
inline constexpr std::uint64_t kMaxDocumentBytes = 512ull << 20;

// The whole file as bytes. Errors name the file: missing, unreadable, a directory or anything
// else that is not a regular file (a FIFO is refused at once, never waited on), larger than
// maxBytes.
Result<std::string> readTextFile(const std::string& path,
                                 std::uint64_t maxBytes = kMaxDocumentBytes);

// Writes `content` to a temporary file beside `path`, flushes it to disk, then renames it over
// `path`: readers see either the old or the new file, never a half-written one, even if the
// process dies or the power fails (the file and then its folder are flushed). A symbolic link
// is followed and its target replaced, so the link stays; a replaced file keeps its
// permissions, a new one gets the umask's. The temporary file is removed on failure.
Status writeFileAtomically(const std::string& path, std::string_view content);

} // namespace roofscope
