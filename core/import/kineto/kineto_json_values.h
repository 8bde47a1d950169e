#pragma once
// Internal to the trace reader: reading single values of a simdjson On-Demand document the way
// Kineto writes them (ids as numbers or text, integers as 7 or 7.0, microsecond timestamps),
// visiting an object's fields, and where the iterator stands for error positions. Included by
// kineto_batch_parser_body.h inside the namespace of one instruction set's path, after simdjson.h
// (whose On-Demand kernel that path chose).

#include "core/import/kineto/kineto_event_store.h"
#include "core/import/kineto/kineto_time.h"

#include <charconv>
#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#include <optional>
#include <string_view>

#ifndef ROOFSCOPE_PARSER_NS
#error "kineto_json_values.h is included by kineto_batch_parser_body.h only"
#endif

namespace roofscope::detail::ROOFSCOPE_PARSER_NS {

namespace od = simdjson::ondemand;

// Integers may be written as 7 or 7.0; anything else leaves the value untouched.
template <class V> bool readInt(V&& value, std::int64_t& out) {
    std::int64_t i = 0;
    if (value.get_int64().get(i) == simdjson::SUCCESS) {
        out = i;
        return true;
    }
    double d = 0;
    // Range first: converting a double beyond int64 is undefined (found by fuzz_kineto).
    if (value.get_double().get(d) == simdjson::SUCCESS && d >= -9.2e18 && d <= 9.2e18 &&
        d == static_cast<double>(static_cast<std::int64_t>(d))) {
        out = static_cast<std::int64_t>(d);
        return true;
    }
    return false;
}

// A string value: as written when it has no escape (a view into the batch, where get_string would
// copy it into the parser's buffer: names are most of an event's bytes), else unescaped.
inline simdjson::error_code readString(od::value& value, std::string_view& out) {
    const std::string_view raw = value.raw_json_token(); // may end with blanks
    if (raw.size() >= 2 && raw.front() == '"') {
        const std::size_t close = raw.find_last_of('"');
        if (close > 0 && raw.find('\\') == std::string_view::npos) {
            out = raw.substr(1, close - 1);
            return simdjson::SUCCESS;
        }
    }
    return value.get_string().get(out);
}

template <class V> bool readId(V&& value, TraceId& out) {
    od::json_type type;
    if (value.type().get(type) != simdjson::SUCCESS)
        return false;
    if (type == od::json_type::number) {
        out.present = out.numeric = readInt(value, out.number);
        return out.present;
    }
    if (type == od::json_type::string) {
        std::string_view s;
        if (readString(value, s) != simdjson::SUCCESS)
            return false;
        out.present = true;
        out.text = s;
        // Legacy GPU tids are "stream 7".
        if (s.starts_with("stream "))
            s.remove_prefix(7);
        std::int64_t n = 0;
        const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), n);
        if (ec == std::errc() && end == s.data() + s.size() && !s.empty()) {
            out.numeric = true;
            out.number = n;
        }
        return true;
    }
    return false;
}

inline bool readRawArray(od::value& value, std::string_view& out) {
    od::array array;
    return value.get_array().get(array) == simdjson::SUCCESS &&
           array.raw_json().get(out) == simdjson::SUCCESS;
}

inline bool readTime(od::value& value, std::optional<std::int64_t>& out) {
    const std::string_view token = value.raw_json_token();
    const auto ns = microsToNanos(token);
    if (!ns)
        return false;
    out = *ns;
    return true;
}

// The key as written, without unescaping (which copies): Kineto keys have no escapes, and one
// that has any is unescaped as usual.
inline simdjson::error_code keyOf(od::field& field, std::string_view& key) {
    const char* begin = field.key().raw();
    const char* end = begin;
#if defined(__SSE2__)
    // Sixteen bytes at a time (a byte at a time was a branch per byte of every key): the key's
    // closing quote lies inside the document, and the padding after it makes the bytes past it
    // readable.
    const __m128i quote = _mm_set1_epi8('"'), backslash = _mm_set1_epi8('\\');
    for (;; end += 16) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(end));
        const auto hit = static_cast<unsigned>(_mm_movemask_epi8(
            _mm_or_si128(_mm_cmpeq_epi8(v, quote), _mm_cmpeq_epi8(v, backslash))));
        if (hit) {
            end += __builtin_ctz(hit);
            break;
        }
    }
    if (*end == '\\')
        return field.unescaped_key().get(key);
#else
    while (*end != '"') {
        if (*end == '\\')
            return field.unescaped_key().get(key);
        ++end;
    }
#endif
    key = std::string_view(begin, static_cast<std::size_t>(end - begin));
    return simdjson::SUCCESS;
}

// What a field visitor asks of forEachField: the next field, stop here (the rest of the object is
// skipped), or stop with an error.
struct FieldStep {
    bool stop = false;
    simdjson::error_code error = simdjson::SUCCESS;
    static FieldStep next() { return {}; }
    static FieldStep halt() { return {true, simdjson::SUCCESS}; }
    static FieldStep fail(simdjson::error_code e) { return {true, e}; }
};

// Calls visit(key, value) for each field of `object`; errors of the document's structure end it.
template <class Visit> simdjson::error_code forEachField(od::object& object, Visit&& visit) {
    for (auto result : object) {
        od::field field;
        if (auto err = std::move(result).get(field))
            return err;
        std::string_view key;
        if (auto err = keyOf(field, key))
            return err;
        const FieldStep step = visit(key, field.value());
        if (step.stop)
            return step.error;
    }
    return simdjson::SUCCESS;
}

// Where the document's iterator stands, for error positions; nullptr when it cannot say.
inline const char* location(od::document& doc) {
    const char* where = nullptr;
    if (doc.current_location().get(where) != simdjson::SUCCESS)
        return nullptr;
    return where;
}

} // namespace roofscope::detail::ROOFSCOPE_PARSER_NS
