#pragma once
// What an XPlane file may hold before Roofscope refuses it, and the scan that checks a file
// against those limits before protobuf allocates anything. An XSpace is one protobuf message, read
// whole: a hostile file of a few megabytes of empty events would otherwise make protobuf build
// hundreds of millions of objects (an empty XEvent is 2 bytes on the wire and about 60 in memory).

#include "core/error.h"

#include <cstdint>
#include <string>
#include <string_view>

namespace roofscope {

struct XplaneLimits {
    // The file (decompressed when gzip). A profile of a few seconds of 8 GPUs is tens to a few
    // hundred MB; beyond this, profile a shorter window.
    std::uint64_t maxFileBytes = std::uint64_t(1) << 30; // 1 GiB
    std::uint64_t maxPlanes = 4096;                      // devices and host thread groups
    std::uint64_t maxLines = std::uint64_t(1) << 20;     // streams and threads, all planes
    std::uint64_t maxEvents = std::uint64_t(16) << 20;   // timed events, all lines
    std::uint64_t maxStats = std::uint64_t(128) << 20;   // stats of events, planes and metadata
    std::uint64_t maxMetadata = std::uint64_t(4) << 20;  // event and stat metadata entries
    // What the parsed message may take in memory, estimated from the counts (xplane_reader.cpp):
    // the last word on a file within every count above.
    std::uint64_t maxMemoryBytes = std::uint64_t(2) << 30; // 2 GiB
};

// What a scan counted: the messages protobuf would build.
struct XplaneCounts {
    std::uint64_t planes = 0;
    std::uint64_t lines = 0;
    std::uint64_t events = 0;
    std::uint64_t stats = 0;
    std::uint64_t metadata = 0;
};

// Walks the wire format of an XSpace without building it: every length must fit inside its
// message (a truncated file fails here, with the byte offset), and the counts must stay within
// `limits`. Errors name `path` and the byte offset where the problem was found.
Result<XplaneCounts> scanXspace(std::string_view bytes, const XplaneLimits& limits,
                                const std::string& path);

// Whether `head` (a file's first bytes) starts like an XSpace as profilers write it: its first
// field is a plane (field 1, length-delimited) that fits in the head or runs past it, whose first
// fields are an optional id and a printable name. No text document starts that way: byte 0 is a
// newline followed by a length and a protobuf tag, a control character.
bool isXspaceHead(std::string_view head);

} // namespace roofscope
