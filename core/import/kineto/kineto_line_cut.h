#pragma once
// Internal to the trace reader: where to cut a batch without scanning the JSON structure
// (KinetoReadOptions::speculativeCuts). Kineto writes one event per line ("  {...},\n  {...}"),
// and a line break is never inside a JSON string (it would be escaped there), so in a trace
// written that way a '}' followed by blanks, a ',' and blanks holding a line break, then a '{',
// ends one event where the next begins. Elsewhere it may not: an event written over several
// lines whose args hold a list of objects, or a list after the end of traceEvents. The parse of
// the batch before such a cut then fails (its text is unbalanced, or its array ends before its
// last byte), and the reader reads the file again with every cut scanned.

#include <cstddef>

namespace roofscope::detail {

inline constexpr std::size_t kNoLineCut = static_cast<std::size_t>(-1);

// One past the '}' of the last such boundary whose line break lies in buf[from, limit), searching
// back from limit; buf[0, end) is readable. kNoLineCut when there is none.
std::size_t lineCut(const char* buf, std::size_t from, std::size_t limit, std::size_t end);

} // namespace roofscope::detail
