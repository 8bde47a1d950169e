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

// What kind of failure an Error is, for callers that act on it (a benchmark this machine cannot
// run is skipped, not failed); the message says the rest.
enum class ErrorKind {
    failed,      // the input or the operation is wrong: the default
    unsupported, // this machine, build or device cannot do it; the message starts "not supported:"
    cancelled,   // the user (or a signal) stopped it
    timeLimit,   // a time limit ran out before it finished
    usage,       // a command line that is wrong
};

struct Error {
    std::string message;
    SourceLocation where;
    ErrorKind kind = ErrorKind::failed;

    // "file:line:column: at /json/pointer: message", leaving out the parts that are unknown.
    std::string toString() const;
};

Error makeError(std::string message, SourceLocation where = {});

// An Error of `kind` (ErrorKind::unsupported: use notSupported).
Error makeError(ErrorKind kind, std::string message, SourceLocation where = {});

// "not supported: <what>", of kind ErrorKind::unsupported.
Error notSupported(std::string what);

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

// Returns from the enclosing function (whose result a Result<T> or Status) with the error of
// `expr`, a Result or Status; otherwise `name` holds it and the code goes on:
//     ROOFSCOPE_TRY(text, readTextFile(path));
//     use(text.value());
// It declares `name` in the enclosing block, so it is a statement of its own, never the body of
// an unbraced if or loop.
#define ROOFSCOPE_TRY(name, ...)                                                                   \
    auto name = (__VA_ARGS__);                                                                     \
    if (!name)                                                                                     \
    return name.error()

// Returns the Error of a failed Status (or of a failed Result, through .error()) unchanged, for a
// result the code does not keep: ROOFSCOPE_TRY_STATUS(writeFileAtomically(path, text));
#define ROOFSCOPE_TRY_STATUS(...)                                                                  \
    do {                                                                                           \
        if (auto roofscope_status_ = (__VA_ARGS__); !roofscope_status_)                            \
            return roofscope_status_.error();                                                      \
    } while (0)

// 1-based line and column of a byte offset in text, for parsers that only know the offset.
SourceLocation locateOffset(std::string_view text, std::size_t byteOffset, std::string file);

} // namespace roofscope
