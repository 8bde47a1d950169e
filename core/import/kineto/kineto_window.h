#pragma once
// Internal to the trace reader: the bounded buffer the uncompressed stream passes through.

#include "core/error.h"
#include "core/import/byte_stream.h"

#include <simdjson.h>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace roofscope::detail {

inline bool isBlank(char c) {
    return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

// A window onto the stream: bytes [pos, end) of buf are unread. Byte 0 is kept free so that a
// batch can be wrapped as "[...]" in place, and simdjson's padding follows the end.
class Window {
  public:
    Window(ByteStream& in, std::size_t chunk) : in_(in), buf_(1 + chunk + kSpare) {}

    char* buf() { return buf_.data(); }
    std::size_t capacity() const { return buf_.size(); }
    std::size_t pos = 1;
    std::size_t end = 1;
    bool eof() const { return eof_; }
    bool streamFailed() const { return streamFailed_; }
    std::size_t usable() const { return buf_.size() - kSpare; }
    std::uint64_t offset(std::size_t index) const { return base_ + index - 1; }

    // Moves the unread bytes to the front and reads until the window is full or the data ends.
    Status fill();

    void grow(std::size_t chunk) { buf_.resize(1 + chunk + kSpare); }

    // Skips blanks, refilling as needed; false at the end of the data.
    Result<bool> skipBlanks();

  private:
    // After the data: one byte for the ']' that closes a batch ending at the last byte read,
    // then simdjson's padding.
    static constexpr std::size_t kSpare = 1 + simdjson::SIMDJSON_PADDING;
    ByteStream& in_;
    std::vector<char> buf_;
    std::uint64_t base_ = 0; // stream offset of buf_[1]
    bool eof_ = false;
    bool streamFailed_ = false;
};

} // namespace roofscope::detail
