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
//
// Over a WholeText the window is the whole text at once (nothing to fill, eof from the start):
// batches are parsed where they lie, and buf()[0] is the byte before the text.
class Window {
  public:
    Window(ByteStream& in, std::size_t chunk) : in_(in), own_(1 + chunk + kSpare) { adopt(); }
    Window(ByteStream& in, WholeText& whole) : in_(in), eof_(true), whole_(&whole) {
        buf_ = whole.data() - 1;
        capacity_ = 1 + whole.size() + WholeText::kPadding;
        end = 1 + whole.size();
    }

    char* buf() { return buf_; }
    std::size_t capacity() const { return capacity_; }
    std::size_t pos = 1;
    std::size_t end = 1;
    bool eof() const { return eof_; }
    bool streamFailed() const { return streamFailed_; }
    std::size_t usable() const { return capacity_ - kSpare; }
    std::uint64_t offset(std::size_t index) const { return base_ + index - 1; }
    // The whole text the window is over, null when it streams.
    WholeText* whole() const { return whole_; }

    // Moves the unread bytes to the front and reads until the window is full or the data ends.
    Status fill();

    void grow(std::size_t chunk) {
        own_.resize(1 + chunk + kSpare);
        adopt();
    }

    // Skips blanks, refilling as needed; false at the end of the data.
    Result<bool> skipBlanks();

  private:
    // After the data: one byte for the ']' that closes a batch ending at the last byte read,
    // then simdjson's padding.
    static constexpr std::size_t kSpare = 1 + simdjson::SIMDJSON_PADDING;
    static_assert(WholeText::kPadding >= kSpare);
    void adopt() {
        buf_ = own_.data();
        capacity_ = own_.size();
    }
    ByteStream& in_;
    std::vector<char> own_; // the buffer when streaming
    char* buf_ = nullptr;
    std::size_t capacity_ = 0;
    std::uint64_t base_ = 0; // stream offset of buf_[1]
    bool eof_ = false;
    bool streamFailed_ = false;
    WholeText* whole_ = nullptr;
};

} // namespace roofscope::detail
