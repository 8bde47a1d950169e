#pragma once
// XSpace protobuf files written field by field, in the wire format (varints, tags and
// length-delimited fields) with the field numbers of xplane.proto, for the XPlane tests: written
// here rather than with Roofscope's generated code, so that a test does not check the reader
// against itself, and usable in builds without protobuf.

#include <cstdint>
#include <string>
#include <string_view>

namespace roofscope::test {

class Pb {
  public:
    Pb& varint(int field, std::uint64_t value) {
        tag(field, 0);
        raw(value);
        return *this;
    }
    Pb& bytes(int field, std::string_view text) {
        tag(field, 2);
        raw(text.size());
        out_ += text;
        return *this;
    }
    Pb& message(int field, const Pb& m) { return bytes(field, m.out_); }
    const std::string& str() const { return out_; }

  private:
    void tag(int field, int type) { raw((std::uint64_t(field) << 3) | std::uint64_t(type)); }
    void raw(std::uint64_t v) {
        while (v >= 0x80) {
            out_ += static_cast<char>((v & 0x7f) | 0x80);
            v >>= 7;
        }
        out_ += static_cast<char>(v);
    }
    std::string out_;
};

// XPlane.event_metadata (field 4) and stat_metadata (field 5) map entries.
inline Pb eventMetadata(std::int64_t id, std::string_view name) {
    return Pb()
        .varint(1, std::uint64_t(id))
        .message(2, Pb().varint(1, std::uint64_t(id)).bytes(2, name));
}
inline Pb statMetadata(std::int64_t id, std::string_view name) {
    return Pb()
        .varint(1, std::uint64_t(id))
        .message(2, Pb().varint(1, std::uint64_t(id)).bytes(2, name));
}
// XStat values: int64 (4), string (5), a reference to a stat-metadata entry's name (7).
inline Pb intStat(std::int64_t metadataId, std::int64_t value) {
    return Pb().varint(1, std::uint64_t(metadataId)).varint(4, std::uint64_t(value));
}
inline Pb textStat(std::int64_t metadataId, std::string_view value) {
    return Pb().varint(1, std::uint64_t(metadataId)).bytes(5, value);
}
inline Pb refStat(std::int64_t metadataId, std::int64_t ref) {
    return Pb().varint(1, std::uint64_t(metadataId)).varint(7, std::uint64_t(ref));
}
// XEvent: metadata_id 1, offset_ps 2, duration_ps 3; its stats are added with message(4, ...).
inline Pb event(std::int64_t metadataId, std::int64_t offsetPs, std::int64_t durationPs) {
    return Pb()
        .varint(1, std::uint64_t(metadataId))
        .varint(2, std::uint64_t(offsetPs))
        .varint(3, std::uint64_t(durationPs));
}
// XLine: id 1, name 2, timestamp_ns 3; events with message(4, ...).
inline Pb line(std::int64_t id, std::string_view name, std::int64_t timestampNs) {
    return Pb().varint(1, std::uint64_t(id)).bytes(2, name).varint(3, std::uint64_t(timestampNs));
}
// XPlane: id 1, name 2; lines 3, event metadata 4, stat metadata 5, stats 6.
inline Pb plane(std::int64_t id, std::string_view name) {
    return Pb().varint(1, std::uint64_t(id)).bytes(2, name);
}

} // namespace roofscope::test
