#pragma once
// Internal to the trace reader: turns one batch of whole trace events, wrapped as a JSON array,
// into typed entries of TraceEvents with simdjson On-Demand. One instance per trace: it keeps the
// simdjson parser (and its buffers) and the per-name caches across batches. It runs the path of
// activeParseIsa() as it stood when the parser was made (core/import/parse_isa.h).

#include "core/error.h"
#include "core/import/kineto/kineto_event_store.h"
#include "core/import/kineto/kineto_events.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace roofscope::detail {

class IsaBatchParser;

class KinetoBatchParser {
  public:
    KinetoBatchParser(TraceEvents& out, std::string fileName);
    ~KinetoBatchParser();

    // `data` holds "[ event, event, ... ]" in [0, length); `capacity` >= length + simdjson's
    // padding bytes must be readable. `streamOffset` is the offset of data[0] in the uncompressed
    // stream, for error positions. Fails on invalid JSON (with the byte offset), and, when
    // `wholeArray`, on anything after the array's closing bracket (a batch cut without scanning,
    // KinetoReadOptions::speculativeCuts, whose cut was not between two events).
    Status parse(const char* data, std::size_t length, std::size_t capacity,
                 std::uint64_t streamOffset, bool wholeArray = false);

    // Turns the counts of skipped events into warnings; call once at the end.
    void finish();

    // The events skipped so far (since the last retarget).
    const SkipCounts& skips() const;

    // From now on stores into `out`, with fresh interning and skip counts, keeping the JSON
    // parser's buffers: the parallel reader parses each batch into a TraceEvents of its own.
    void retarget(TraceEvents& out);

  private:
    std::unique_ptr<IsaBatchParser> impl_;
};

} // namespace roofscope::detail
