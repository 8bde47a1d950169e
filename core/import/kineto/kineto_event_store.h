#pragma once
// Internal to the trace reader: what the batch parser reads of one event, and the store that
// turns it into TraceEvents (names interned, shapes and collectives deduplicated, skips counted).
// The store is compiled once, as baseline code, for both instruction-set paths of the parser
// (kineto_batch_parser_isa.h): it grows the event vectors, and a copy of their templates
// compiled for AVX2 could be the one the whole program links.

#include "core/import/kineto/kineto_event_keys.h"
#include "core/import/kineto/kineto_events.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::detail {

// A pid or tid: an integer, or text such as "stream 7" or "PyTorch Profiler".
struct TraceId {
    bool present = false;
    bool numeric = false;
    std::int64_t number = 0;
    std::string_view text;
};

// The args an importer reads; the views point into the batch being parsed.
struct ParsedArgs {
    std::int64_t externalId = -1;
    std::int64_t correlation = -1;
    std::int64_t device = -1;
    std::int64_t stream = -1;
    std::int64_t bytes = -1;
    std::string_view dims, types, concrete; // raw JSON arrays
    bool hasCollective = false;
    std::string_view collectiveName, dtype, pgName, pgDesc;
    std::int64_t inNelems = 0, outNelems = 0, groupSize = 0;
    bool hasCounters = false; // then counters holds this event's instruction counts
    std::array<std::array<double, 3>, 3> counters{};
};

struct ParsedEvent {
    char ph = 0;
    EventClass cls = EventClass::ignored;
    bool hasCat = false;
    std::string_view name;
    TraceId pid, tid;
    std::optional<std::int64_t> tsNs, durNs;
    bool badTime = false;
    bool wrongType = false; // some value had the wrong type and was ignored
    ParsedArgs args;
};

enum class SkipReason { notObject, badTime, negativeDuration, badArgs };

// Events skipped, by SkipReason, each kind with the byte of its first.
struct SkipCounts {
    struct Kind {
        std::int64_t count = 0;
        std::uint64_t firstOffset = 0;
    };
    std::array<Kind, 4> kinds{};

    void add(SkipReason why, std::uint64_t offset);
    // Adds the counts of a later part of the stream (its first offsets come after ours).
    void addLater(const SkipCounts& later);
    // One warning per kind with a count, naming `fileName`, appended to `warnings`.
    void warn(const std::string& fileName, std::vector<std::string>& warnings) const;
};

class EventStore {
  public:
    EventStore(TraceEvents& out, std::string fileName);

    const std::string& fileName() const { return fileName_; }
    void countSeen();

    // Keeps `e` when it is a complete event of a kind the importer reads; `offset` is its byte
    // in the uncompressed stream, for the warnings.
    void store(const ParsedEvent& e, std::uint64_t offset);

    // Counts an event skipped (or, for badArgs, kept with a value ignored) at `offset`.
    void skip(SkipReason why, std::uint64_t offset);

    // Turns the counts of skipped events into warnings; call once at the end.
    void finish();

    const SkipCounts& skips() const { return skipped; }

  private:
    std::uint32_t thread(const TraceId& pid, const TraceId& tid);
    std::uint32_t shapesIndex(const ParsedArgs& a);
    bool wantsShapes(std::uint32_t name);
    std::uint32_t collective(const ParsedArgs& a);

    TraceEvents& out_;
    std::string fileName_;
    std::vector<std::int8_t> keepShapes; // per name id: -1 unknown, 0 no, 1 yes
    std::string threadKey;
    // Consecutive events mostly come from the same thread: remember the last pid/tid's id.
    std::string lastPid, lastTid;
    std::uint32_t lastThread = kNoIndex;
    StringTable shapeKeys;                 // dims \x1f types \x1f concrete
    std::vector<std::uint32_t> shapeOfKey; // shapeKeys id -> index into out_.shapes
    std::string shapeKey;
    SkipCounts skipped;
};

} // namespace roofscope::detail
