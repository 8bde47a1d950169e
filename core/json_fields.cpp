#include "core/json_fields.h"

#include <cmath>
#include <limits>

namespace roofscope::json {

void fail(const std::string& path, std::string message) {
    throw FieldError{path.empty() ? "/" : path, std::move(message)};
}

std::string child(const std::string& path, std::string_view key) {
    std::string out = path + "/";
    // JSON pointer escaping (RFC 6901).
    for (char c : key) {
        if (c == '~')
            out += "~0";
        else if (c == '/')
            out += "~1";
        else
            out += c;
    }
    return out;
}

std::string child(const std::string& path, std::size_t index) {
    return path + "/" + std::to_string(index);
}

const Json* find(const Json& object, std::string_view key) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json& require(const Json& object, std::string_view key, const std::string& path) {
    const Json* value = find(object, key);
    if (!value)
        fail(child(path, key), "missing");
    return *value;
}

void requireObject(const Json& value, const std::string& path) {
    if (!value.is_object())
        fail(path, std::string("expected an object, found ") + value.type_name());
}

const Json& requireArray(const Json& object, std::string_view key, const std::string& path) {
    const Json& value = require(object, key, path);
    if (!value.is_array())
        fail(child(path, key), std::string("expected an array, found ") + value.type_name());
    return value;
}

std::string getString(const Json& object, std::string_view key, const std::string& path,
                      std::optional<std::string> fallback) {
    const Json* value = find(object, key);
    if (!value) {
        if (fallback)
            return *fallback;
        fail(child(path, key), "missing");
    }
    if (!value->is_string())
        fail(child(path, key), std::string("expected a string, found ") + value->type_name());
    return value->get<std::string>();
}

double getNumber(const Json& object, std::string_view key, const std::string& path,
                 std::optional<double> fallback) {
    const Json* value = find(object, key);
    if (!value) {
        if (fallback)
            return *fallback;
        fail(child(path, key), "missing");
    }
    if (!value->is_number())
        fail(child(path, key), std::string("expected a number, found ") + value->type_name());
    const double number = value->get<double>();
    if (!std::isfinite(number))
        fail(child(path, key), "number out of range");
    return number;
}

double getNonNegative(const Json& object, std::string_view key, const std::string& path,
                      std::optional<double> fallback) {
    const double number = getNumber(object, key, path, fallback);
    if (number < 0)
        fail(child(path, key), "must not be negative, found " + std::to_string(number));
    return number;
}

std::int64_t getInteger(const Json& object, std::string_view key, const std::string& path,
                        std::optional<std::int64_t> fallback) {
    const Json* value = find(object, key);
    if (!value) {
        if (fallback)
            return *fallback;
        fail(child(path, key), "missing");
    }
    if (!value->is_number_integer())
        fail(child(path, key), std::string("expected an integer, found ") + value->type_name());
    if (value->is_number_unsigned() &&
        value->get<std::uint64_t>() > static_cast<std::uint64_t>(INT64_MAX))
        fail(child(path, key), "integer out of range");
    return value->get<std::int64_t>();
}

int getInt(const Json& object, std::string_view key, const std::string& path,
           std::optional<int> fallback) {
    const std::int64_t value = getInteger(object, key, path, fallback);
    if (value < std::numeric_limits<int>::min() || value > std::numeric_limits<int>::max())
        fail(child(path, key), "integer out of range");
    return static_cast<int>(value);
}

bool getBool(const Json& object, std::string_view key, const std::string& path,
             std::optional<bool> fallback) {
    const Json* value = find(object, key);
    if (!value) {
        if (fallback)
            return *fallback;
        fail(child(path, key), "missing");
    }
    if (!value->is_boolean())
        fail(child(path, key), std::string("expected true or false, found ") + value->type_name());
    return value->get<bool>();
}

std::vector<std::string> getStrings(const Json& object, std::string_view key,
                                    const std::string& path) {
    std::vector<std::string> out;
    const Json* value = find(object, key);
    if (!value)
        return out;
    if (!value->is_array())
        fail(child(path, key),
             std::string("expected an array of strings, found ") + value->type_name());
    for (std::size_t i = 0; i < value->size(); ++i) {
        const Json& item = (*value)[i];
        if (!item.is_string())
            fail(child(child(path, key), i), "expected a string");
        out.push_back(item.get<std::string>());
    }
    return out;
}

namespace {

// Returns the byte offset at which nesting first exceeds the limit, or npos.
std::size_t tooDeepAt(std::string_view text) {
    int depth = 0;
    bool inString = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                inString = false;
            continue;
        }
        if (c == '"')
            inString = true;
        else if (c == '{' || c == '[') {
            if (++depth > kMaxNesting)
                return i;
        } else if (c == '}' || c == ']')
            --depth;
    }
    return std::string_view::npos;
}

// Builds the same DOM as Json::parse but remembers where parsing failed: nlohmann reports a
// number overflow as out_of_range, which carries no position.
struct PositionedDomParser : nlohmann::detail::json_sax_dom_parser<Json> {
    using json_sax_dom_parser::json_sax_dom_parser;
    std::size_t errorAt = 0;

    template <class Exception>
    bool parse_error(std::size_t position, const std::string& token, const Exception& ex) {
        errorAt = position;
        return json_sax_dom_parser::parse_error(position, token, ex); // throws ex
    }
};

} // namespace

Result<Json> parseJsonText(std::string_view text, const std::string& file, std::string_view what) {
    if (text.find_first_not_of(" \t\r\n") == std::string_view::npos)
        return makeError("file is empty, expected " + std::string(what), inFile(file));
    if (const auto at = tooDeepAt(text); at != std::string_view::npos)
        return makeError("nesting deeper than " + std::to_string(kMaxNesting) + " levels",
                         locateOffset(text, at, file));
    Json root;
    PositionedDomParser sax(root);
    try {
        Json::sax_parse(text.begin(), text.end(), &sax);
    } catch (const Json::exception& e) {
        // parse_error for syntax, out_of_range for a number that overflows a double (1e999):
        // both at the 1-based offset of the byte the parser stopped at.
        const std::size_t offset = sax.errorAt > 0 ? sax.errorAt - 1 : 0;
        std::string message = e.what();
        // Drop nlohmann's "[json.exception.parse_error.101] " and "parse error at line 1,
        // column 2: " prefixes: the location is ours to print.
        if (message.rfind("[json.exception", 0) == 0)
            if (const auto close = message.find("] "); close != std::string::npos)
                message = message.substr(close + 2);
        if (message.rfind("parse error", 0) == 0)
            if (const auto colon = message.find(": "); colon != std::string::npos)
                message = message.substr(colon + 2);
        return makeError("invalid JSON: " + message, locateOffset(text, offset, file));
    }
    return root;
}

Status parseDocument(std::string_view text, const std::string& file, const DocumentKind& kind,
                     const std::function<void(const Json& root)>& reader) {
    ROOFSCOPE_TRY(parsed, parseJsonText(text, file, "a " + std::string(kind.what) + " document"));
    const Json root = std::move(parsed).value();
    try {
        requireObject(root, "");
        const std::string format = getString(root, "format", "");
        if (format != kind.format)
            fail("/format", "this is a '" + format + "' document, not a " + std::string(kind.what) +
                                " ('" + std::string(kind.format) + "')");
        const auto version = getInteger(root, "version", "");
        if (version > kind.newestVersion)
            fail("/version", "written by a newer Roofscope: " + std::string(kind.what) +
                                 " format version " + std::to_string(version) +
                                 ", this build reads up to version " +
                                 std::to_string(kind.newestVersion) + "; please upgrade Roofscope");
        if (version < 1)
            fail("/version", "invalid version " + std::to_string(version));
        reader(root);
    } catch (const FieldError& e) {
        SourceLocation where = inFile(file);
        where.path = e.path;
        return makeError(e.message, where);
    } catch (const Json::exception& e) {
        return makeError(std::string("unexpected content: ") + e.what(), inFile(file));
    }
    return {};
}

} // namespace roofscope::json
