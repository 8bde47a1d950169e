#pragma once
// Internal to the trace reader: the events of one batch, parsed on a worker thread into a
// TraceEvents of its own (a segment), appended to the whole trace's in stream order. Appending the
// segments in order gives exactly what the serial reader builds: a segment's strings and shapes
// are numbered by first appearance within it, so interning them in that order gives each the id
// it gets when the batches are stored one after the other.

#include "core/import/kineto/kineto_event_store.h"
#include "core/import/kineto/kineto_events.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope::detail {

class SegmentMerger {
  public:
    // Moves `part`'s events onto the end of `whole`'s, remapping their string, shape and
    // collective indices; `skips` are the part's skipped events. `part` is left cleared with its
    // vectors' capacity, for reuse.
    void append(TraceEvents& whole, TraceEvents& part, const SkipCounts& skips);

    // The skipped events of every part appended so far.
    const SkipCounts& skips() const { return skipped_; }

  private:
    StringTable shapeKeys_;                 // dims \x1f types \x1f concrete, as EventStore's
    std::vector<std::uint32_t> shapeOfKey_; // shapeKeys_ id -> index into whole.shapes
    std::string key_;
    std::vector<std::uint32_t> strings_, shapes_; // the part's id -> the whole's
    SkipCounts skipped_;
};

} // namespace roofscope::detail
