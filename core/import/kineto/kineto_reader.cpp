#include "core/import/kineto/kineto_read_once.h"

#include "core/import/json_structure_scanner.h"
#include "core/import/kineto/kineto_batch_parser.h"
#include "core/import/kineto/kineto_in_place.h"
#include "core/import/kineto/kineto_line_cut.h"
#include "core/import/kineto/kineto_metadata.h"
#include "core/import/kineto/kineto_parallel_batches.h"
#include "core/import/kineto/kineto_top_level.h"
#include "core/import/kineto/kineto_window.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <thread>
#include <vector>

namespace roofscope {

namespace {

using detail::isBlank;
using detail::JsonStructureScanner;
using detail::Window;

class Reader {
  public:
    // `unscannedCuts`: over a whole text parsed on several threads, batches may be cut at line
    // breaks without scanning (kineto_line_cut.h).
    Reader(ByteStream& in, const std::string& file, const KinetoReadOptions& options,
           bool unscannedCuts)
        : in_(in), file_(file), options_(options), window_(makeWindow(in, options)),
          batches_(events_, file), unscannedCuts_(unscannedCuts) {}

    Result<TraceEvents> run();
    // See KinetoRead (kineto_read_once.h).
    bool cutUnscanned() const { return cutUnscanned_; }
    bool textChanged() const { return window_.whole() && window_.whole()->changed(); }

  private:
    static Window makeWindow(ByteStream& in, const KinetoReadOptions& options) {
        if (options.inPlace)
            if (WholeText* whole = in.whole())
                return Window(in, *whole);
        return Window(in, options.chunkBytes);
    }
    // File bytes consumed so far, for progress and the size estimate.
    std::uint64_t fileOffset() const {
        return window_.whole() ? window_.offset(window_.pos) : in_.fileOffset();
    }
    // At window index `index`.
    Error error(std::string message, std::size_t index) const {
        return errorAt(std::move(message), window_.offset(index));
    }
    Error errorAt(std::string message, std::uint64_t streamOffset) const {
        SourceLocation where = inFile(file_);
        where.byteOffset = static_cast<std::int64_t>(streamOffset);
        return makeError(std::move(message), where);
    }
    Status readObject();
    Status readEvents(bool bareArray);
    Status readBatches(bool bareArray);
    Status parseBatch(std::size_t start, std::size_t cut, bool last, bool unscanned);
    Status afterBatch(std::uint64_t endOffset, std::uint64_t fileOffset);
    unsigned parseThreads() const {
        const unsigned n =
            options_.threads ? options_.threads : std::thread::hardware_concurrency();
        return std::max(1u, n);
    }
    Status endEarly(const char* where);
    // Once a few MiB are read, sizes the event vectors for the whole file: growing them by
    // doubling copies every event about twice and touches twice the pages.
    void reserveByEstimate(std::uint64_t read) {
        if (reserved_ || in_.fileSize() <= 0 || read < (std::uint64_t(4) << 20))
            return;
        reserved_ = true;
        const double scale = 1.05 * double(in_.fileSize()) / double(read);
        auto reserve = [&](auto& v) {
            v.reserve(static_cast<std::size_t>(double(v.size()) * scale));
        };
        reserve(events_.cpu);
        reserve(events_.gpu);
        reserve(events_.runtime);
    }
    bool progress() {
        return !options_.progress || options_.progress(fileOffset(), in_.fileSize());
    }

    ByteStream& in_;
    const std::string& file_;
    const KinetoReadOptions& options_;
    TraceEvents events_;
    Window window_;
    detail::KinetoBatchParser batches_;
    bool truncated_ = false;
    bool reserved_ = false;
    // Set at the first batch of a traceEvents that takes more than one, when there are cores
    // to parse on; then every batch goes through it.
    std::unique_ptr<detail::ParallelBatches> parallel_;
    bool decided_ = false;
    // Over a whole text, which batches are parsed where they lie (with parallel_ only).
    detail::InPlaceBatches inPlace_;
    std::size_t scanBytes_ = 0; // how far ahead a batch is cut, over a whole text
    bool unscannedCuts_;
    bool cutUnscanned_ = false;
};

Status Reader::endEarly(const char* where) {
    // The warning counts the events before the end: those still being parsed too.
    if (parallel_)
        if (Status merged = parallel_->drain(); !merged.ok())
            return merged;
    truncated_ = true;
    events_.warnings.push_back(file_ + ": the trace ends early, " + where + ", at byte " +
                               std::to_string(window_.offset(window_.end)) +
                               " (truncated file?): kept the " +
                               std::to_string(events_.eventsSeen) + " events before it");
    return {};
}

Status Reader::readEvents(bool bareArray) {
    const Status read = readBatches(bareArray);
    // A batch still being parsed comes before whatever stopped the reading: its error first.
    if (parallel_)
        if (Status merged = parallel_->drain(); !merged.ok())
            return merged;
    return read;
}

// What is checked after each batch is stored, in stream order.
Status Reader::afterBatch(std::uint64_t endOffset, std::uint64_t fileOffset) {
    if (static_cast<std::uint64_t>(events_.eventsSeen) > options_.maxEvents)
        return errorAt("more than " + std::to_string(options_.maxEvents) +
                           " trace events; the limit is set by the importer",
                       endOffset);
    reserveByEstimate(fileOffset);
    // Parsed: those pages of the text go back (only those before the batch's end; the next
    // batches, being cut or parsed, lie after it).
    if (WholeText* whole = window_.whole())
        whole->release(endOffset);
    return {};
}

Status Reader::parseBatch(std::size_t start, std::size_t cut, bool last, bool unscanned) {
    Window& w = window_;
    if (!decided_) {
        decided_ = true;
        if (!last && parseThreads() > 1) {
            events_.parseThreads = parseThreads();
            parallel_ = std::make_unique<detail::ParallelBatches>(
                events_, file_, parseThreads(),
                [this](std::uint64_t end, std::uint64_t at) { return afterBatch(end, at); });
        }
    }
    const std::size_t length = cut + 1 - start;
    if (parallel_) {
        if (w.whole() && inPlace_.prepare(w.buf(), w.end, start, cut, last))
            return parallel_->submitInPlace(w.buf() + start, length, w.offset(start), w.offset(cut),
                                            fileOffset(), unscanned);
        // A copy of the same size each time (the parsers keep their buffers); over a whole
        // text, the rest of the file is no measure of it.
        const std::size_t copy =
            w.whole() ? std::max(length, options_.chunkBytes) + simdjson::SIMDJSON_PADDING
                      : w.capacity() - start;
        return parallel_->submit(w.buf() + start, length, copy, w.offset(start), w.offset(cut),
                                 fileOffset(), unscanned);
    }
    const char saved = w.buf()[cut];
    w.buf()[start] = '[';
    w.buf()[cut] = ']';
    const std::size_t readable =
        w.whole() ? length + simdjson::SIMDJSON_PADDING : w.capacity() - start;
    const Status parsed = batches_.parse(w.buf() + start, length, readable, w.offset(start));
    w.buf()[cut] = saved;
    if (!parsed.ok())
        return parsed;
    return afterBatch(w.offset(cut), fileOffset());
}

Status Reader::readBatches(bool bareArray) {
    Window& w = window_;
    JsonStructureScanner scanner;
    for (bool first = true;;) {
        if (w.end - w.pos < options_.chunkBytes / 2 && !w.eof())
            if (auto s = w.fill(); !s.ok())
                return s;
        auto more = w.skipBlanks();
        if (!more.ok())
            return more.error();
        if (!more.value())
            return bareArray ? Status() : endEarly("inside traceEvents");
        if (w.buf()[w.pos] == ']') {
            ++w.pos;
            return {};
        }
        if (!first) {
            if (w.buf()[w.pos] != ',')
                return error("expected ',' or ']' between trace events", w.pos);
            ++w.pos;
            more = w.skipBlanks();
            if (!more.ok())
                return more.error();
            if (!more.value())
                return bareArray ? Status() : endEarly("inside traceEvents");
        }
        first = false;

        scanner.reset();
        // Over a whole text, a batch is cut from the next chunk of it.
        if (w.whole() && scanBytes_ == 0)
            scanBytes_ = options_.chunkBytes;
        const std::size_t limit = w.whole() ? std::min(w.end, w.pos + scanBytes_) : w.end;
        // Far from the text's end, on several threads: at a line break between events, unscanned
        // (checked by the batch's parse). Near the end, where traceEvents closes, scanned.
        std::size_t lineCutAt = detail::kNoLineCut;
        if (unscannedCuts_ && parallel_ && w.whole() && w.end - w.pos > 4 * scanBytes_)
            lineCutAt = detail::lineCut(w.buf(), w.pos + scanBytes_ / 2, limit, w.end);
        JsonStructureScanner::Found found;
        if (lineCutAt != detail::kNoLineCut) {
            found.lastValueEnd = lineCutAt - w.pos;
            cutUnscanned_ = true;
        } else {
            found = scanner.scan(w.buf() + w.pos, limit - w.pos, false);
        }
        std::size_t cut = 0;
        bool last = false;
        if (found.containerEnd != JsonStructureScanner::npos) {
            cut = w.pos + found.containerEnd; // the closing ']' ends the batch as it is
            last = true;
        } else if (found.lastValueEnd != JsonStructureScanner::npos) {
            cut = w.pos + found.lastValueEnd;
        } else if (w.eof() && limit == w.end) {
            return bareArray ? Status() : endEarly("inside a trace event");
        } else if (w.whole()) {
            // Not one whole event in the chunk: look twice as far.
            if (scanBytes_ * 2 > options_.maxEventBytes)
                return error("a trace event is larger than " +
                                 std::to_string(options_.maxEventBytes >> 20) +
                                 " MiB (corrupt file?)",
                             w.pos);
            scanBytes_ *= 2;
            first = true; // the separator before this event is already consumed
            continue;
        } else {
            // Not one whole event in the window: read more, growing it for a huge event.
            if (w.pos == 1 && w.end == w.usable()) {
                const std::size_t size = w.capacity() * 2;
                if (size > options_.maxEventBytes)
                    return error("a trace event is larger than " +
                                     std::to_string(options_.maxEventBytes >> 20) +
                                     " MiB (corrupt file?)",
                                 w.pos);
                w.grow(size);
            }
            first = true; // the separator before this event is already consumed
            if (auto s = w.fill(); !s.ok())
                return s;
            continue;
        }
        const std::size_t start = w.pos - 1; // a consumed '[' , ',' or blank: becomes '['
        // What follows the batch, before an in-place parse writes its ']' there.
        const char after = w.buf()[cut];
        if (const Status parsed = parseBatch(start, cut, last, lineCutAt != detail::kNoLineCut);
            !parsed.ok())
            return parsed;
        w.pos = cut + 1; // for the progress over a whole text: the batch is read
        if (!progress())
            return error("cancelled", cut);
        if (last)
            return {};
        w.pos = cut;
        if (const std::size_t next = inPlace_.preparedStart();
            parallel_ && w.whole() && next != detail::InPlaceBatches::npos) {
            // The separator is behind the next batch's '[', which parseBatch wrote.
            w.pos = next + 1;
            first = true;
        } else if (w.whole() && cut < w.end) {
            // The byte after the batch may be its ']' now: step over what it was.
            if (after == ']') {
                w.pos = cut + 1;
                return {};
            }
            if (after != ',' && !isBlank(after))
                return error("expected ',' or ']' between trace events", cut);
            w.pos = cut + 1;
            first = after == ','; // a ',' consumed: the next event comes
        }
    }
}

Status Reader::readObject() {
    Window& w = window_;
    ++w.pos; // '{'
    for (bool first = true;;) {
        auto more = w.skipBlanks();
        if (!more.ok())
            return more.error();
        if (!more.value())
            return endEarly("inside the top-level object");
        if (w.buf()[w.pos] == '}') {
            ++w.pos;
            return {};
        }
        if (!first) {
            if (w.buf()[w.pos] != ',')
                return error("expected ',' or '}' in the trace object", w.pos);
            ++w.pos;
            if (more = w.skipBlanks(); !more.ok())
                return more.error();
            if (!more.value())
                return endEarly("inside the top-level object");
        }
        first = false;
        std::string key;
        if (auto whole = detail::readTopLevelKey(w, file_, key); !whole.ok())
            return whole.error();
        else if (!whole.value())
            return endEarly("inside a top-level key");
        if (more = w.skipBlanks(); !more.ok())
            return more.error();
        if (!more.value() || w.buf()[w.pos] != ':')
            return more.value() ? Status(error("expected ':' after a key", w.pos))
                                : endEarly("after a top-level key");
        ++w.pos;
        if (more = w.skipBlanks(); !more.ok())
            return more.error();
        if (!more.value())
            return endEarly("after a top-level key");
        if (key == "traceEvents") {
            if (w.buf()[w.pos] != '[')
                return error("traceEvents is not an array", w.pos);
            ++w.pos;
            if (auto s = readEvents(false); !s.ok() || truncated_)
                return s;
        } else if (auto whole = detail::readTopLevelValueText(w, key, file_,
                                                              options_.maxMetadataBytes, events_);
                   !whole.ok()) {
            return whole.error();
        } else if (!whole.value()) {
            return endEarly(("inside the value of \"" + key + "\"").c_str());
        }
    }
}

Result<TraceEvents> Reader::run() {
    Window& w = window_;
    Status status = w.fill();
    if (status.ok()) {
        // A UTF-8 byte order mark is harmless; skip it.
        if (w.end - w.pos >= 3 && std::memcmp(w.buf() + w.pos, "\xEF\xBB\xBF", 3) == 0)
            w.pos += 3;
        auto more = w.skipBlanks();
        if (!more.ok())
            status = more.error();
        else if (!more.value())
            return error("empty file: not a trace", w.pos);
        else if (w.buf()[w.pos] == '{')
            status = readObject();
        else if (w.buf()[w.pos] == '[') {
            ++w.pos;
            status = readEvents(true);
        } else
            return error("not a JSON trace: expected '{' or '['", w.pos);
    }
    if (!status.ok()) {
        // A stream that fails after events were read (a truncated or damaged gzip) still
        // leaves a usable trace; a JSON error, a limit or cancellation does not.
        if (!w.streamFailed() || events_.eventsSeen == 0)
            return status.error();
        events_.warnings.push_back(status.error().toString() + " (kept the " +
                                   std::to_string(events_.eventsSeen) + " events before it)");
    } else if (!truncated_) {
        auto more = w.skipBlanks();
        if (more.ok() && more.value())
            events_.warnings.push_back(file_ +
                                       ": ignored data after the end of the trace at byte " +
                                       std::to_string(w.offset(w.pos)));
    }
    batches_.finish();
    // Over a whole text, progress counts the batches' bytes: the rest was read too.
    if (w.whole() && status.ok() && options_.progress)
        (void)options_.progress(w.whole()->size(), in_.fileSize());
    if (parallel_)
        parallel_->skips().warn(file_, events_.warnings);
    if (const auto base = events_.meta.baseTimeNs) {
        for (auto& e : events_.cpu)
            e.tsNs += *base;
        for (auto& e : events_.gpu)
            e.tsNs += *base;
        for (auto& e : events_.runtime)
            e.tsNs += *base;
        for (auto& e : events_.counters)
            e.tsNs += *base;
    }
    return std::move(events_);
}

} // namespace

namespace detail {

KinetoRead readKinetoOnce(ByteStream& in, const std::string& fileName,
                          const KinetoReadOptions& options, bool unscannedCuts) {
    Reader reader(in, fileName, options, unscannedCuts);
    auto events = reader.run();
    return {std::move(events), reader.cutUnscanned(), reader.textChanged()};
}

} // namespace detail

} // namespace roofscope
