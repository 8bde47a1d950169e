#pragma once
// Streaming reader for Kineto / PyTorch profiler traces (Chrome trace JSON, plain or gzip).
// The trace is never held whole: bytes stream through a bounded buffer, traceEvents is cut into
// batches of whole events, and each batch is parsed with simdjson On-Demand into the compact
// TraceEvents. Memory is the buffer (chunkBytes, growing only for a single larger event) plus
// the kept events, whatever the file size, so traces beyond simdjson's 4 GB document cap load.
// A plain file is mapped instead and its batches parsed where they lie, each batch's pages
// handed back once it is merged, so that memory stays as bounded without the copies.
//
// Accepted: the object form (every top-level key optional, in any order, unknown keys skipped)
// and the bare array form of the Trace Event Format (whose closing ']' may be missing). Modern
// and 2021-legacy spellings are normalised (see kineto_events.h). ts and dur are microseconds
// whatever displayTimeUnit says; with baseTimeNanoseconds they are relative to it and are made
// absolute.

#include "core/error.h"
#include "core/import/byte_stream.h"
#include "core/import/kineto/kineto_events.h"

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>

namespace roofscope {

struct KinetoReadOptions {
    // Called after each batch with the file bytes consumed so far and the file size (-1 when
    // unknown); returning false cancels the load, which then fails with "cancelled".
    std::function<bool(std::uint64_t done, std::int64_t total)> progress;
    std::size_t chunkBytes = std::size_t(512) << 10; // measured fastest: the batch stays in cache
    std::size_t maxEventBytes = std::size_t(256) << 20;   // one event larger than this: error
    std::size_t maxMetadataBytes = std::size_t(64) << 20; // larger top-level values are skipped
    std::uint64_t maxEvents = std::uint64_t(1) << 31;     // more elements in traceEvents: error
    // Threads that parse batches while the calling thread reads and cuts the next (0: one per
    // core; 1: the calling thread parses). The events are the same whatever the number.
    unsigned threads = 0;
    // Parse a plain file where it lies (mapped; ByteStream::whole()) instead of copying it
    // through the buffer; false reads it as a gzip stream is read. The events are the same.
    bool inPlace = true;
    // readKinetoFile over a plain file on several threads: batches are cut at the line breaks
    // between events (Kineto writes one event per line) without scanning the JSON structure;
    // each batch's parse checks its cut, and should any check fail (an event written over
    // several lines, a damaged trace) or the read end with an error or a warning, the file is
    // read again with every cut scanned. The events, warnings and errors are the same; scanning
    // was a tenth of the reading's CPU.
    bool speculativeCuts = true;
};

// Reads the whole stream. Errors (file, byte offset of the uncompressed text and what is wrong)
// for: a file that is not a JSON trace, invalid JSON, a limit exceeded, cancellation, and a
// failing stream before any event was read. A trace that ends early (truncated file or gzip)
// after some events were read is returned with what was read and a warning saying where it
// ended. Events of the wrong shape (a string ts, a negative dur, a non-object element) are
// skipped and counted in one warning per kind.
Result<TraceEvents> readKineto(ByteStream& in, const std::string& fileName,
                               const KinetoReadOptions& options = {});

Result<TraceEvents> readKinetoFile(const std::string& path, const KinetoReadOptions& options = {},
                                   const ByteStreamLimits& limits = {});

namespace detail {
// How many reads readKinetoFile has started again with every cut scanned, since the program
// started (for tests).
std::uint64_t kinetoRereads();
} // namespace detail

} // namespace roofscope
