#include "core/import/kineto/kineto_reader.h"

#include "core/import/huge_pages.h"
#include "core/import/json_structure_scanner.h"
#include "core/import/kineto/kineto_batch_parser.h"
#include "core/import/kineto/kineto_metadata.h"
#include "core/import/kineto/kineto_parallel_batches.h"
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
    Reader(ByteStream& in, const std::string& file, const KinetoReadOptions& options)
        : in_(in), file_(file), options_(options), window_(makeWindow(in, options)),
          batches_(events_, file) {}

    Result<TraceEvents> run();

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
    Status parseBatch(std::size_t start, std::size_t cut, bool last);
    Status afterBatch(std::uint64_t endOffset, std::uint64_t fileOffset);
    unsigned parseThreads() const {
        const unsigned n =
            options_.threads ? options_.threads : std::thread::hardware_concurrency();
        return std::max(1u, n);
    }
    Result<std::string> readKey();
    Status readValue(std::string_view key);
    Status endEarly(const char* where);
    // Once a few MiB are read, sizes the event vectors for the whole file: growing them by
    // doubling copies every event about twice and touches twice the pages.
    void reserveByEstimate(std::uint64_t read) {
        if (reserved_ || in_.fileSize() <= 0 || read < (std::uint64_t(4) << 20))
            return;
        reserved_ = true;
        const double scale = 1.05 * double(in_.fileSize()) / double(read);
        auto reserve = [&](auto& v) {
            detail::reserveHuge(v, static_cast<std::size_t>(double(v.size()) * scale));
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
    // Over a whole text, what the batches handed to the workers in place read: their bytes and
    // simdjson's padding after them (it peeks at the first padding byte). The reader writes no
    // byte a batch in flight reads: lastInPlaceEnd_ is the ']' of the last batch in place (its
    // padding ends kPadding after it), and preparedStart_ the byte before the next batch,
    // turned into its '[' before the batch whose padding holds it was handed over (npos when
    // none was).
    static constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;
    static constexpr std::size_t npos = static_cast<std::size_t>(-1);
    bool inPlaceYet_ = false;
    std::size_t lastInPlaceEnd_ = 0;
    std::size_t preparedStart_ = npos;
    // The byte before the event that follows a batch ending at `cut` (that byte becomes the next
    // batch's '['), as readBatches will find it; npos when no event follows as expected or the
    // byte is `cut` itself (no blank between ',' and the event).
    std::size_t nextBatchStart(std::size_t cut);
    // Whether no batch handed over in place reads byte `i`.
    bool clearOfBatches(std::size_t i) const {
        return !inPlaceYet_ || i > lastInPlaceEnd_ + kPadding;
    }
    std::size_t scanBytes_ = 0; // how far ahead a batch is cut, over a whole text
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

Result<std::string> Reader::readKey() {
    Window& w = window_;
    if (w.buf()[w.pos] != '"')
        return error("expected a key in quotes in the trace object", w.pos);
    ++w.pos;
    std::string key;
    for (bool escaped = false;;) {
        if (w.pos == w.end) {
            if (w.eof()) {
                (void)endEarly("inside a top-level key");
                return key;
            }
            if (auto s = w.fill(); !s.ok())
                return s.error();
            continue;
        }
        const char c = w.buf()[w.pos++];
        if (!escaped && c == '"')
            return key;
        escaped = !escaped && c == '\\';
        if (key.size() < 4096) // a key this long is no key we know; keep reading to its end
            key += c;
    }
}

// Reads one top-level value, keeping its text when the key is one we use.
Status Reader::readValue(std::string_view key) {
    Window& w = window_;
    const bool keep = detail::isKnownTopLevelKey(key);
    std::string text;
    bool tooLarge = false;
    auto take = [&](std::size_t from, std::size_t to) {
        if (!keep || tooLarge)
            return;
        if (text.size() + (to - from) > options_.maxMetadataBytes) {
            tooLarge = true;
            text.clear();
            return;
        }
        text.append(w.buf() + from, to - from);
    };
    // The value goes on past the window: keep what is there and read more.
    auto takeRestAndRefill = [&]() -> Status {
        take(w.pos, w.end);
        w.pos = w.end;
        if (w.eof())
            return endEarly(("inside the value of \"" + std::string(key) + "\"").c_str());
        return w.fill();
    };
    const char first = w.buf()[w.pos];
    if (first == '"') {
        std::size_t i = w.pos + 1;
        bool escaped = false;
        for (;;) {
            for (; i < w.end; ++i) {
                const char c = w.buf()[i];
                if (!escaped && c == '"')
                    break;
                escaped = !escaped && c == '\\';
            }
            if (i < w.end) {
                take(w.pos, i + 1);
                w.pos = i + 1;
                break;
            }
            if (auto more = takeRestAndRefill(); !more.ok() || truncated_)
                return more;
            i = w.pos;
        }
    } else if (first == '{' || first == '[') {
        JsonStructureScanner scanner;
        for (;;) {
            const auto found = scanner.scan(w.buf() + w.pos, w.end - w.pos, true);
            if (found.containerEnd != JsonStructureScanner::npos)
                return error("unbalanced brackets in the value of \"" + std::string(key) + "\"",
                             w.pos + found.containerEnd);
            if (found.lastValueEnd != JsonStructureScanner::npos) {
                take(w.pos, w.pos + found.lastValueEnd);
                w.pos += found.lastValueEnd;
                break;
            }
            if (auto more = takeRestAndRefill(); !more.ok() || truncated_)
                return more;
        }
    } else {
        // A number, true, false or null: up to the next delimiter.
        for (;;) {
            std::size_t i = w.pos;
            while (i < w.end && !isBlank(w.buf()[i]) && w.buf()[i] != ',' && w.buf()[i] != '}')
                ++i;
            take(w.pos, i);
            w.pos = i;
            if (i < w.end || w.eof())
                break;
            if (auto s = w.fill(); !s.ok())
                return s;
        }
    }
    if (tooLarge)
        events_.warnings.push_back(file_ + ": skipped top-level \"" + std::string(key) +
                                   "\", larger than " + std::to_string(options_.maxMetadataBytes) +
                                   " bytes");
    else if (keep)
        detail::readTopLevelValue(key, text, file_, events_.meta, events_.warnings);
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

Status Reader::parseBatch(std::size_t start, std::size_t cut, bool last) {
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
        if (w.whole()) {
            // In place when its '[' is ready or can be written (no batch in flight reads that
            // byte) and the batch is long enough that its ']' lies past the padding of the one
            // before; else copied (a compact trace, with no blank between ',' and '{', has the
            // '[' where the batch before it has its ']').
            const bool prepared = start == preparedStart_;
            const bool inPlace = length >= 2 * kPadding && (prepared || clearOfBatches(start));
            // The next batch's '[' now, before this batch (whose padding may hold it) is
            // handed over.
            const std::size_t next = last ? npos : nextBatchStart(cut);
            preparedStart_ = npos;
            if (next != npos && clearOfBatches(next)) {
                w.buf()[next] = '[';
                preparedStart_ = next;
            }
            if (inPlace) {
                if (!prepared)
                    w.buf()[start] = '[';
                w.buf()[cut] = ']';
                inPlaceYet_ = true;
                lastInPlaceEnd_ = cut;
                return parallel_->submitInPlace(w.buf() + start, length, w.offset(start),
                                                w.offset(cut), fileOffset());
            }
        }
        // A copy of the same size each time (the parsers keep their buffers); over a whole
        // text, the rest of the file is no measure of it.
        const std::size_t copy =
            w.whole() ? std::max(length, options_.chunkBytes) + simdjson::SIMDJSON_PADDING
                      : w.capacity() - start;
        return parallel_->submit(w.buf() + start, length, copy, w.offset(start), w.offset(cut),
                                 fileOffset());
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

std::size_t Reader::nextBatchStart(std::size_t cut) {
    const Window& w = window_;
    const char* b = window_.buf();
    const bool comma = b[cut] == ',';
    if (!comma && !isBlank(b[cut]))
        return npos;
    std::size_t i = cut + 1;
    while (i < w.end && isBlank(b[i]))
        ++i;
    if (!comma) {
        if (i >= w.end || b[i] != ',')
            return npos;
        ++i;
        while (i < w.end && isBlank(b[i]))
            ++i;
    }
    if (i >= w.end || b[i] == ']' || i - 1 == cut)
        return npos;
    return i - 1;
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
        const auto found = scanner.scan(w.buf() + w.pos, limit - w.pos, false);
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
        if (const Status parsed = parseBatch(start, cut, last); !parsed.ok())
            return parsed;
        w.pos = cut + 1; // for the progress over a whole text: the batch is read
        if (!progress())
            return error("cancelled", cut);
        if (last)
            return {};
        w.pos = cut;
        if (preparedStart_ != npos) {
            // The separator is behind the next batch's '[', which parseBatch wrote.
            w.pos = preparedStart_ + 1;
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
        auto key = readKey();
        if (!key.ok())
            return key.error();
        if (truncated_)
            return {};
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
        if (key.value() == "traceEvents") {
            if (w.buf()[w.pos] != '[')
                return error("traceEvents is not an array", w.pos);
            ++w.pos;
            if (auto s = readEvents(false); !s.ok() || truncated_)
                return s;
        } else if (auto s = readValue(key.value()); !s.ok() || truncated_) {
            return s;
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

Result<TraceEvents> readKineto(ByteStream& in, const std::string& fileName,
                               const KinetoReadOptions& options) {
    auto events = Reader(in, fileName, options).run();
    // Whatever was read past the file's new end was zeros: no result stands on it.
    if (WholeText* whole = options.inPlace ? in.whole() : nullptr; whole && whole->changed())
        return makeError("the file shrank while it was read (was it being written?); nothing "
                         "was kept: open it again once it is complete",
                         inFile(fileName));
    return events;
}

Result<TraceEvents> readKinetoFile(const std::string& path, const KinetoReadOptions& options,
                                   const ByteStreamLimits& limits) {
    auto stream = openByteStream(path, limits);
    if (!stream.ok())
        return stream.error();
    return readKineto(*stream.value(), path, options);
}

} // namespace roofscope
