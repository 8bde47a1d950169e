#include "core/error.h"

#include <algorithm>

namespace roofscope {

std::string Error::toString() const {
    std::string out;
    if (!where.file.empty()) {
        out += where.file;
        if (where.line > 0) {
            out += ':' + std::to_string(where.line);
            if (where.column > 0)
                out += ':' + std::to_string(where.column);
        } else if (where.byteOffset >= 0) {
            out += ": byte " + std::to_string(where.byteOffset);
        }
        out += ": ";
    } else if (where.line > 0) {
        out += "line " + std::to_string(where.line) + ": ";
    }
    if (!where.path.empty())
        out += "at " + where.path + ": ";
    out += message;
    return out;
}

Error makeError(std::string message, SourceLocation where) {
    return Error{std::move(message), std::move(where), ErrorKind::failed};
}

Error makeError(ErrorKind kind, std::string message, SourceLocation where) {
    return Error{std::move(message), std::move(where), kind};
}

Error notSupported(std::string what) {
    return makeError(ErrorKind::unsupported, "not supported: " + std::move(what));
}

SourceLocation locateOffset(std::string_view text, std::size_t byteOffset, std::string file) {
    SourceLocation loc;
    loc.file = std::move(file);
    const std::size_t end = std::min(byteOffset, text.size());
    loc.byteOffset = static_cast<std::int64_t>(end);
    loc.line = 1 + std::count(text.begin(), text.begin() + static_cast<std::ptrdiff_t>(end), '\n');
    const auto lastNewline = text.substr(0, end).rfind('\n');
    loc.column = static_cast<std::int64_t>(
        lastNewline == std::string_view::npos ? end + 1 : end - lastNewline);
    return loc;
}

} // namespace roofscope
