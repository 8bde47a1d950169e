#pragma once
// Sequential bytes of a file, decompressed on the fly when it is gzip (magic 1f 8b), so that
// importers stream traces of any size in bounded memory. Concatenated gzip members are one
// stream, as gzip(1) treats them.

#include "core/error.h"
#include "core/import/whole_text.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

namespace roofscope {

struct ByteStreamLimits {
    // Refuse more than this many decompressed bytes (a gzip bomb, or simply too much); a plain
    // file's bytes count the same way.
    std::uint64_t maxOutputBytes = std::uint64_t(64) << 30; // 64 GiB
    // Refuse output above this many times the compressed bytes read so far, once the output
    // passes ratioGraceBytes (small inputs legitimately compress far better). Real Kineto traces
    // compress 5-30x; a bomb compresses ~1000x.
    double maxRatio = 200;
    std::uint64_t ratioGraceBytes = std::uint64_t(16) << 20; // 16 MiB
};

class ByteStream {
  public:
    virtual ~ByteStream() = default;

    // Fills up to `capacity` bytes of `dst` and returns how many it wrote; 0 only at the end of
    // the data. Errors name the file and the byte offset in it (the compressed offset for gzip):
    // unreadable file, truncated or corrupt gzip, a limit exceeded. After an error the stream
    // stays failed.
    virtual Result<std::size_t> read(char* dst, std::size_t capacity) = 0;

    // Bytes of the file consumed so far (compressed bytes for gzip), for progress.
    virtual std::uint64_t fileOffset() const = 0;
    // Total size of the file in bytes, -1 when unknown (a pipe).
    virtual std::int64_t fileSize() const = 0;
    // Bytes handed out by read() so far.
    virtual std::uint64_t produced() const = 0;
    virtual bool compressed() const = 0;

    // The whole text in place, for a reader that parses it where it lies: a plain file mapped,
    // or the bytes of a memory stream. Null when the stream cannot give it (gzip, a file that
    // cannot be mapped, over maxOutputBytes) or was read from already; then read() as usual.
    // Once it is given, read() is not called. The stream owns it.
    virtual WholeText* whole() { return nullptr; }
};

// Opens `path` and sniffs the first two bytes. Errors when the file cannot be opened or is not
// a regular file (a directory, a FIFO that would block is refused too).
Result<std::unique_ptr<ByteStream>> openByteStream(const std::string& path,
                                                   const ByteStreamLimits& limits = {});

// The same over bytes already in memory (tests, fuzzers); `name` stands for the file in errors.
std::unique_ptr<ByteStream> memoryByteStream(std::string bytes, std::string name,
                                             const ByteStreamLimits& limits = {});

} // namespace roofscope
