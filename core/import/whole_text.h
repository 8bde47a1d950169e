#pragma once
// A file's whole text in writable memory, for a reader that parses it where it lies instead of
// copying it through a buffer: a plain file is mapped (its pages are the page cache's, so the
// read() copy is gone, and pages already parsed are handed back as the reader goes, so resident
// memory stays a few batches), bytes given in memory are copied once.
//
// A mapped file that shrinks while it is read (overwritten by a profiler run, truncated) would
// raise SIGBUS on the pages past its new end. Those pages read as zeros instead, and changed()
// says so, for the reader to report rather than the process to die (whole_text_guard.cpp).

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string_view>

namespace roofscope {

class WholeText {
  public:
    // Writable bytes that follow the text (at least simdjson's padding); their values are
    // unspecified.
    static constexpr std::size_t kPadding = 256;

    virtual ~WholeText() = default;

    // data()[0, size()) is the text. data()[-1] and data()[size(), size() + kPadding) are the
    // caller's to write (a parser's brackets and padding); so is the text itself, privately: the
    // file never changes.
    virtual char* data() = 0;
    virtual std::size_t size() const = 0;

    // The first `upTo` bytes will not be read again: their memory may go back to the system.
    // Reading them after this gives the file's bytes again (writes to them are lost).
    virtual void release(std::uint64_t upTo) = 0;

    // Whether the file shrank while it was mapped: the bytes past its new end read as zeros.
    virtual bool changed() const = 0;
};

// Maps the regular file open on `fd` (whose size is `size` bytes) as a WholeText; the mapping
// holds its own reference to the file, `fd` stays the caller's. Null when it cannot be mapped
// (a file system without mmap, no address space, no free guard slot): the caller reads instead.
std::unique_ptr<WholeText> mapWholeFile(int fd, std::uint64_t size);

// `bytes` copied into padded memory, for streams over bytes in memory (tests, fuzzers).
std::unique_ptr<WholeText> copyWholeText(std::string_view bytes);

} // namespace roofscope
