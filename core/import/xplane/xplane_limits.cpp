// The scan reads protobuf's wire format (varints, tags of field number and wire type, and
// length-delimited fields) with the field numbers of xplane.proto; anything it does not know it
// skips by wire type, as protobuf itself would.
#include "core/import/xplane/xplane_limits.h"

#include <optional>

namespace roofscope {
namespace {

enum class WireType : std::uint8_t { varint = 0, i64 = 1, len = 2, i32 = 5 };

class Wire {
  public:
    Wire(std::string_view bytes, std::size_t base) : bytes_(bytes), base_(base) {}

    bool done() const { return at_ >= bytes_.size(); }
    std::size_t offset() const { return base_ + at_; } // in the file

    std::optional<std::uint64_t> varint() {
        std::uint64_t value = 0;
        for (int shift = 0; shift < 64 && at_ < bytes_.size(); shift += 7) {
            const auto byte = static_cast<std::uint8_t>(bytes_[at_++]);
            value |= std::uint64_t(byte & 0x7f) << shift;
            if (!(byte & 0x80))
                return value;
        }
        return std::nullopt; // past the end, or longer than 10 bytes
    }

    // The payload of a length-delimited field whose length was just read.
    std::optional<Wire> take(std::uint64_t length) {
        if (length > bytes_.size() - at_)
            return std::nullopt;
        Wire inner(bytes_.substr(at_, static_cast<std::size_t>(length)), offset());
        at_ += static_cast<std::size_t>(length);
        return inner;
    }

    bool skip(std::size_t n) {
        if (n > bytes_.size() - at_)
            return false;
        at_ += n;
        return true;
    }

  private:
    std::string_view bytes_;
    std::size_t base_;
    std::size_t at_ = 0;
};

// The messages of xplane.proto that hold others, and the leaves that are counted.
enum class Message {
    space,
    plane,
    line,
    event,
    eventMetadataEntry, // a map entry of XPlane.event_metadata: key, XEventMetadata
    eventMetadata,
    statMetadataEntry, // counted, not entered: it holds no messages that count
    stat,
    other,
};

class Scanner {
  public:
    Scanner(const XplaneLimits& limits, const std::string& path) : limits_(limits), path_(path) {}

    Status scan(Wire wire, Message message) {
        while (!wire.done()) {
            const std::size_t at = wire.offset();
            const auto tag = wire.varint();
            if (!tag)
                return failure("a field tag runs past the end of its message (truncated file?)",
                               at);
            const auto field = *tag >> 3;
            switch (static_cast<WireType>(*tag & 7)) {
            case WireType::varint:
                if (!wire.varint())
                    return failure("a number runs past the end of its message (truncated file?)",
                                   at);
                break;
            case WireType::i64:
                if (!wire.skip(8))
                    return failure("a 64-bit value runs past the end (truncated file?)", at);
                break;
            case WireType::i32:
                if (!wire.skip(4))
                    return failure("a 32-bit value runs past the end (truncated file?)", at);
                break;
            case WireType::len: {
                const auto length = wire.varint();
                if (!length)
                    return failure("a length runs past the end of its message (truncated file?)",
                                   at);
                auto inner = wire.take(*length);
                if (!inner)
                    return failure("field " + std::to_string(field) + " claims " +
                                       std::to_string(*length) +
                                       " bytes, more than its message has left (truncated "
                                       "file?)",
                                   at);
                const Message child = childOf(message, field);
                if (Status s = count(child, at); !s)
                    return s;
                if (holdsMessages(child))
                    if (Status s = scan(*inner, child); !s)
                        return s;
                break;
            }
            default:
                return failure("wire type " + std::to_string(*tag & 7) +
                                   " is not one XSpace uses (not an XPlane file, or damaged)",
                               at);
            }
        }
        return {};
    }

    const XplaneCounts& counts() const { return counts_; }

  private:
    const XplaneLimits& limits_;
    const std::string& path_;
    XplaneCounts counts_;

    // Field numbers from xplane.proto.
    static Message childOf(Message parent, std::uint64_t field) {
        switch (parent) {
        case Message::space:
            return field == 1 ? Message::plane : Message::other;
        case Message::plane:
            switch (field) {
            case 3:
                return Message::line;
            case 4:
                return Message::eventMetadataEntry;
            case 5:
                return Message::statMetadataEntry;
            case 6:
                return Message::stat;
            default:
                return Message::other;
            }
        case Message::eventMetadataEntry:
            return field == 2 ? Message::eventMetadata : Message::other;
        case Message::eventMetadata:
            return field == 5 ? Message::stat : Message::other;
        case Message::line:
            return field == 4 ? Message::event : Message::other;
        case Message::event:
            return field == 4 ? Message::stat : Message::other;
        default:
            return Message::other;
        }
    }

    static bool holdsMessages(Message m) {
        return m == Message::plane || m == Message::line || m == Message::event ||
               m == Message::eventMetadataEntry || m == Message::eventMetadata;
    }

    Status count(Message child, std::size_t at) {
        const auto over = [&](std::uint64_t n, std::uint64_t limit, const char* what) -> Status {
            if (n <= limit)
                return {};
            return failure("more than " + std::to_string(limit) + " " + what +
                               ": beyond what Roofscope reads from one XPlane file (profile a "
                               "shorter window)",
                           at);
        };
        switch (child) {
        case Message::plane:
            return over(++counts_.planes, limits_.maxPlanes, "planes");
        case Message::line:
            return over(++counts_.lines, limits_.maxLines, "lines");
        case Message::event:
            return over(++counts_.events, limits_.maxEvents, "events");
        case Message::stat:
            return over(++counts_.stats, limits_.maxStats, "stats");
        case Message::eventMetadataEntry:
        case Message::statMetadataEntry:
            return over(++counts_.metadata, limits_.maxMetadata, "metadata entries");
        default:
            return {};
        }
    }

    Error failure(std::string message, std::size_t at) const {
        SourceLocation where = inFile(path_);
        where.byteOffset = static_cast<std::int64_t>(at);
        return makeError("XPlane file: " + std::move(message), where);
    }
};

} // namespace

Result<XplaneCounts> scanXspace(std::string_view bytes, const XplaneLimits& limits,
                                const std::string& path) {
    Scanner scanner(limits, path);
    if (Status s = scanner.scan(Wire(bytes, 0), Message::space); !s)
        return s.error();
    return scanner.counts();
}

bool isXspaceHead(std::string_view head) {
    Wire wire(head, 0);
    if (wire.varint() != std::optional<std::uint64_t>((1 << 3) | 2)) // XSpace.planes
        return false;
    const auto planeBytes = wire.varint();
    if (!planeBytes || *planeBytes < 3)
        return false;
    auto tag = wire.varint();
    if (tag == std::optional<std::uint64_t>((1 << 3) | 0)) { // XPlane.id
        if (!wire.varint())
            return false;
        tag = wire.varint();
    }
    if (tag != std::optional<std::uint64_t>((2 << 3) | 2)) // XPlane.name
        return false;
    const auto nameBytes = wire.varint();
    if (!nameBytes || *nameBytes == 0 || *nameBytes > 4096)
        return false;
    // The name as far as the head holds it: printable ASCII ("/device:GPU:0", "/host:CPU").
    const std::size_t from = wire.offset();
    const std::string_view name = head.substr(from, static_cast<std::size_t>(*nameBytes));
    if (name.empty())
        return false;
    for (const char c : name)
        if (c < 0x20 || c > 0x7e)
            return false;
    return true;
}

} // namespace roofscope
