#pragma once
// The pieces behind openByteStream(): where raw bytes come from (a file or memory), and the
// inflater that decodes gzip members (zlib, or ISA-L's igzip when the build found it). Internal
// to core; tests include it to run the same cases through both inflaters.

#include "core/import/byte_stream.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

namespace roofscope::detail {

// Raw bytes of one file, in order.
class RawSource {
  public:
    virtual ~RawSource() = default;
    // Up to `capacity` next bytes, either read into `scratch` or a view of memory the source
    // owns (no copy for in-memory data); empty at the end. Errors name the file and offset.
    virtual Result<std::string_view> next(char* scratch, std::size_t capacity) = 0;
    // Total size in bytes, -1 when unknown.
    virtual std::int64_t size() const = 0;
    virtual const std::string& name() const = 0;
    // The whole text in place (ByteStream::whole()), when this source can give it; null when not.
    virtual std::unique_ptr<WholeText> whole() { return nullptr; }
};

enum class InflateBackend { zlib, isal };

// ISA-L when the build has it (about 3x faster than zlib on trace JSON), zlib otherwise.
InflateBackend defaultInflateBackend();
bool inflateBackendAvailable(InflateBackend backend);

// Decodes raw deflate data of gzip members; one implementation per backend.
class Inflater {
  public:
    struct Step {
        std::size_t consumed = 0;
        std::size_t produced = 0;
        bool memberEnd = false; // the member's trailer was read and its CRC and length match
        std::string error;      // non-empty: the data is corrupt, in the backend's words
    };
    virtual ~Inflater() = default;
    // Prepares for a new member (header first).
    virtual void reset() = 0;
    // Decodes from `in` into `out`; neither length may exceed 2^31.
    virtual Step inflate(const unsigned char* in, std::size_t inLength, char* out,
                         std::size_t outLength) = 0;
};

// Null with `error` set when the backend cannot start (no memory).
std::unique_ptr<Inflater> makeZlibInflater(std::string& error);
// Null when the build has no ISA-L (error says so).
std::unique_ptr<Inflater> makeIsalInflater(std::string& error);

// A stream over `source` whose first bytes are the gzip magic.
std::unique_ptr<ByteStream> makeGzipStream(std::unique_ptr<RawSource> source,
                                           const ByteStreamLimits& limits, InflateBackend backend);

// The public functions with a chosen backend (an unavailable one falls back to zlib).
Result<std::unique_ptr<ByteStream>>
openByteStream(const std::string& path, const ByteStreamLimits& limits, InflateBackend backend);
std::unique_ptr<ByteStream> memoryByteStream(std::string bytes, std::string name,
                                             const ByteStreamLimits& limits,
                                             InflateBackend backend);

} // namespace roofscope::detail
