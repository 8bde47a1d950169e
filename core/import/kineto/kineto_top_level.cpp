#include "core/import/kineto/kineto_top_level.h"

#include "core/import/json_structure_scanner.h"
#include "core/import/kineto/kineto_metadata.h"

namespace roofscope::detail {

namespace {

Error errorAt(const Window& w, const std::string& file, std::string message, std::size_t index) {
    SourceLocation where = inFile(file);
    where.byteOffset = static_cast<std::int64_t>(w.offset(index));
    return makeError(std::move(message), where);
}

} // namespace

Result<bool> readTopLevelKey(Window& w, const std::string& file, std::string& key) {
    if (w.buf()[w.pos] != '"')
        return errorAt(w, file, "expected a key in quotes in the trace object", w.pos);
    ++w.pos;
    key.clear();
    for (bool escaped = false;;) {
        if (w.pos == w.end) {
            if (w.eof())
                return false;
            if (auto s = w.fill(); !s.ok())
                return s.error();
            continue;
        }
        const char c = w.buf()[w.pos++];
        if (!escaped && c == '"')
            return true;
        escaped = !escaped && c == '\\';
        if (key.size() < 4096) // a key this long is no key we know; keep reading to its end
            key += c;
    }
}

Result<bool> readTopLevelValueText(Window& w, std::string_view key, const std::string& file,
                                   std::size_t maxBytes, TraceEvents& events) {
    const bool keep = isKnownTopLevelKey(key);
    std::string text;
    bool tooLarge = false;
    auto take = [&](std::size_t from, std::size_t to) {
        if (!keep || tooLarge)
            return;
        if (text.size() + (to - from) > maxBytes) {
            tooLarge = true;
            text.clear();
            return;
        }
        text.append(w.buf() + from, to - from);
    };
    // The value goes on past the window: keep what is there and read more. False at the end of
    // the data.
    auto takeRestAndRefill = [&]() -> Result<bool> {
        take(w.pos, w.end);
        w.pos = w.end;
        if (w.eof())
            return false;
        if (auto s = w.fill(); !s.ok())
            return s.error();
        return true;
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
            if (auto more = takeRestAndRefill(); !more.ok() || !more.value())
                return more;
            i = w.pos;
        }
    } else if (first == '{' || first == '[') {
        JsonStructureScanner scanner;
        for (;;) {
            const auto found = scanner.scan(w.buf() + w.pos, w.end - w.pos, true);
            if (found.containerEnd != JsonStructureScanner::npos)
                return errorAt(w, file,
                               "unbalanced brackets in the value of \"" + std::string(key) + "\"",
                               w.pos + found.containerEnd);
            if (found.lastValueEnd != JsonStructureScanner::npos) {
                take(w.pos, w.pos + found.lastValueEnd);
                w.pos += found.lastValueEnd;
                break;
            }
            if (auto more = takeRestAndRefill(); !more.ok() || !more.value())
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
                return s.error();
        }
    }
    if (tooLarge)
        events.warnings.push_back(file + ": skipped top-level \"" + std::string(key) +
                                  "\", larger than " + std::to_string(maxBytes) + " bytes");
    else if (keep)
        readTopLevelValue(key, text, file, events.meta, events.warnings);
    return true;
}

} // namespace roofscope::detail
