#pragma once
// Internal to core: typed access to nlohmann_json values that reports the JSON pointer of
// whatever is missing or wrong. Failures are thrown as FieldError inside a document reader and
// turned into an Error value by parseDocument(); they never leave core's public functions.

#include "core/enums.h"
#include "core/error.h"

#include <nlohmann/json.hpp>

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::json {

using Json = nlohmann::json;

struct FieldError {
    std::string path;
    std::string message;
};

[[noreturn]] void fail(const std::string& path, std::string message);

std::string child(const std::string& path, std::string_view key);
std::string child(const std::string& path, std::size_t index);

const Json* find(const Json& object, std::string_view key);
const Json& require(const Json& object, std::string_view key, const std::string& path);
void requireObject(const Json& value, const std::string& path);
const Json& requireArray(const Json& object, std::string_view key, const std::string& path);

std::string getString(const Json& object, std::string_view key, const std::string& path,
                      std::optional<std::string> fallback = std::nullopt);
// Finite number; `fallback` when the key is missing (an error when there is no fallback).
double getNumber(const Json& object, std::string_view key, const std::string& path,
                 std::optional<double> fallback = std::nullopt);
// Finite, non-negative number.
double getNonNegative(const Json& object, std::string_view key, const std::string& path,
                      std::optional<double> fallback = std::nullopt);
std::int64_t getInteger(const Json& object, std::string_view key, const std::string& path,
                        std::optional<std::int64_t> fallback = std::nullopt);
// Integer that fits an int (counts, ranks, indices): larger values are an error, not truncated.
int getInt(const Json& object, std::string_view key, const std::string& path,
           std::optional<int> fallback = std::nullopt);
bool getBool(const Json& object, std::string_view key, const std::string& path,
             std::optional<bool> fallback = std::nullopt);
std::vector<std::string> getStrings(const Json& object, std::string_view key,
                                    const std::string& path);

template <class E>
E getEnum(const Json& object, std::string_view key, const std::string& path,
          std::optional<E> fallback = std::nullopt) {
    const Json* value = find(object, key);
    if (!value) {
        if (fallback)
            return *fallback;
        fail(child(path, key), "missing");
    }
    if (!value->is_string())
        fail(child(path, key), "expected a string");
    const auto text = value->get_ref<const std::string&>();
    if (const auto parsed = parseEnum<E>(text))
        return *parsed;
    std::string known;
    for (const auto& entry : enumNames<E>())
        known += (known.empty() ? "" : ", ") + std::string(entry.name);
    fail(child(path, key), "unknown value '" + text + "' (expected one of: " + known + ")");
}

// Parses `text` as JSON. Errors name `file`: empty text ("expected <what>"), nesting deeper than
// kMaxNesting, or invalid JSON (including numbers that overflow a double) at its line:column.
Result<Json> parseJsonText(std::string_view text, const std::string& file, std::string_view what);

// Identifies a versioned document: `format` names its kind, `version` its schema.
struct DocumentKind {
    std::string_view format; // e.g. "roofscope-session"
    int newestVersion;       // the newest version this build reads
    std::string_view what;   // e.g. "session"
};

// Parses `text` as JSON, checks its format and version against `kind`, and runs `reader` on the
// root object. Any syntax error, FieldError or refused version becomes an Error naming `file`
// and the position (line:column for syntax, JSON pointer for content).
Status parseDocument(std::string_view text, const std::string& file, const DocumentKind& kind,
                     const std::function<void(const Json& root)>& reader);

// The deepest nesting of arrays and objects in `text`, counted outside strings; parsing refuses
// documents deeper than kMaxNesting so that a hostile file cannot exhaust the stack.
inline constexpr int kMaxNesting = 256;

} // namespace roofscope::json
