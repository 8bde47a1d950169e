#pragma once
// Errors are values: every fallible core function returns Result<T>, never throws across the
// public API and never ends the process. An Error names the input and the place in it.

#include <cstdint>
#include <string>
#include <utility>
#include <variant>

namespace roofscope {

struct SourceLocation {
    std::string file;             // path as the user gave it; empty for in-memory text
    std::int64_t line = 0;        // 1-based; 0 when unknown
    std::int64_t column = 0;      // 1-based; 0 when unknown
    std::int64_t byteOffset = -1; // 0-based; -1 when unknown
    std::string path; // JSON pointer or field of a structured input, e.g. "/devices/2/id"
};

struct Error {
    std::string message;
    SourceLocation where;

    // "file:line:column: at /json/pointer: message", leaving out the parts that are unknown.
    std::string toString() const;
};

Error makeError(std::string message, SourceLocation where = {});

// A location that names only the file.
inline SourceLocation inFile(std::string file) {
    SourceLocation where;
    where.file = std::move(file);
    return where;
}

// Holds either a value or an Error. Accessing the wrong alternative is a programming error
// (checked by std::get), so callers test ok() first.
template <class T> class [[nodiscard]] Result {
  public:
    Result(T value) : data_(std::move(value)) {}
    Result(Error error) : data_(std::move(error)) {}

    bool ok() const { return std::holds_alternative<T>(data_); }
    explicit operator bool() const { return ok(); }
    const T& value() const& { return std::get<T>(data_); }
    T& value() & { return std::get<T>(data_); }
    T&& value() && { return std::get<T>(std::move(data_)); }
    const Error& error() const { return std::get<Error>(data_); }

  private:
    std::variant<T, Error> data_;
};

// Result of an operation that yields nothing but can fail.
class [[nodiscard]] Status {
  public:
    Status() = default;
    Status(Error error) : error_(std::move(error)), failed_(true) {}
    bool ok() const { return !failed_; }
    explicit operator bool() const { return ok(); }
    const Error& error() const { return error_; }

  private:
    Error error_;
    bool failed_ = false;
};

// 1-based line and column of a byte offset in text, for parsers that only know the offset.
SourceLocation locateOffset(std::string_view text, std::size_t byteOffset, std::string file);

} // namespace roofscope
