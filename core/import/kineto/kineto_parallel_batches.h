#pragma once
// Internal to the trace reader: batches of traceEvents parsed on worker threads while the reader
// goes on cutting the next ones, and merged back into the trace in stream order
// (kineto_segment_merge.h), so the events, their ids and the warnings are those of the serial
// reader whatever the number of threads. The reader thread reads, cuts, copies (unless the text
// is parsed where it lies) and merges; the workers run simdjson and the event store, which is
// most of the time.

#include "core/error.h"
#include "core/import/kineto/kineto_event_store.h"
#include "core/import/kineto/kineto_events.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

namespace roofscope::detail {

class ParallelBatches {
  public:
    // Called on the reader thread after each batch is merged, in stream order, with the
    // uncompressed offset of the batch's end and the file offset the reader had reached when it
    // was cut; an error stops the read (a limit exceeded).
    using AfterMerge = std::function<Status(std::uint64_t endOffset, std::uint64_t fileOffset)>;

    // Parses on `threads` workers (at least 1) into `whole`, which only the reader thread
    // touches.
    ParallelBatches(TraceEvents& whole, const std::string& fileName, unsigned threads,
                    AfterMerge afterMerge);
    ~ParallelBatches(); // stops the workers; batches not yet merged are dropped
    ParallelBatches(const ParallelBatches&) = delete;
    ParallelBatches& operator=(const ParallelBatches&) = delete;

    // Copies the events in data[0, length) and queues them: data[0] and data[length - 1] are
    // the bytes around them, which the copy has as '[' and ']' (data itself is not written).
    // `capacity` >= length + simdjson's padding is the size of the copy, kept the same from
    // batch to batch so that the parsers' buffers are not reallocated. `streamOffset` is
    // data[0]'s offset in the uncompressed stream. First merges the batches already parsed,
    // waiting for the oldest while a few per worker are in flight. Returns the first failure of
    // a merged batch, in stream order: its JSON error, else what afterMerge returned.
    // `unscanned`: the batch was cut without scanning (KinetoReadOptions::speculativeCuts), and
    // its parse also fails when its array does not end at its last byte.
    Status submit(const char* data, std::size_t length, std::size_t capacity,
                  std::uint64_t streamOffset, std::uint64_t endOffset, std::uint64_t fileOffset,
                  bool unscanned = false);

    // The same without a copy: data[0, length) is "[ event, ... ]" already, followed by at least
    // simdjson's padding of readable bytes, and stays as it is until the batch is merged.
    Status submitInPlace(const char* data, std::size_t length, std::uint64_t streamOffset,
                         std::uint64_t endOffset, std::uint64_t fileOffset, bool unscanned = false);

    // Waits for every queued batch and merges it; the first failure as for submit.
    Status drain();

    // The events skipped in the merged batches.
    const SkipCounts& skips() const;

  private:
    struct State;
    std::unique_ptr<State> state_;
};

} // namespace roofscope::detail
