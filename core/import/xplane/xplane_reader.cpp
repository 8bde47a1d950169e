// Reading an XPlane file: its bytes (bounded), a scan of its wire format against the limits, then
// protobuf's parse of the generated XSpace and the conversion. Only this file and
// xplane_convert.cpp know whether protobuf was found (cmake/optional_xplane.cmake).
#include "core/import/xplane/xplane_reader.h"

#include "core/import/byte_stream.h"

#ifdef ROOFSCOPE_HAVE_XPLANE
#include "core/import/xplane/xplane_convert.h"

#include <import/xplane/proto/xplane.pb.h>

#include <limits>
#endif

namespace roofscope {
namespace {

Result<std::string> readBytes(const std::string& path, const XplaneLimits& limits) {
    ByteStreamLimits streamLimits;
    streamLimits.maxOutputBytes = limits.maxFileBytes;
    ROOFSCOPE_TRY(stream, openByteStream(path, streamLimits));
    const std::int64_t size = stream.value()->fileSize();
    if (size >= 0 && std::uint64_t(size) > limits.maxFileBytes)
        return makeError("XPlane file of " + std::to_string(size) +
                             " bytes: Roofscope reads XPlane files of up to " +
                             std::to_string(limits.maxFileBytes) +
                             " bytes (profile a shorter window)",
                         inFile(path));
    std::string bytes;
    if (size > 0 && !stream.value()->compressed())
        bytes.reserve(static_cast<std::size_t>(size));
    char buffer[1 << 16];
    for (;;) {
        ROOFSCOPE_TRY(n, stream.value()->read(buffer, sizeof buffer));
        if (n.value() == 0)
            break;
        bytes.append(buffer, n.value());
    }
    return bytes;
}

} // namespace

bool xplaneSupported() {
#ifdef ROOFSCOPE_HAVE_XPLANE
    return true;
#else
    return false;
#endif
}

Result<XplaneProfile> readXplane(const std::string& path, const XplaneLimits& limits) {
    if (!xplaneSupported())
        return makeError(ErrorKind::unsupported,
                         "not supported: this build of Roofscope reads no XPlane files (protobuf, "
                         "libprotobuf-dev and protobuf-compiler, was not found when it was built)",
                         inFile(path));
    ROOFSCOPE_TRY(bytes, readBytes(path, limits));
    if (bytes.value().empty())
        return makeError("an empty file: an XPlane profile holds at least one plane", inFile(path));
    ROOFSCOPE_TRY(counts, scanXspace(bytes.value(), limits, path));
#ifdef ROOFSCOPE_HAVE_XPLANE
    namespace tp = tensorflow::profiler;
    // What protobuf will build: each message, the pointer that holds it, and a map node per
    // metadata entry; strings are within the file's own size.
    const XplaneCounts& c = counts.value();
    const std::uint64_t estimate =
        c.planes * (sizeof(tp::XPlane) + 8) + c.lines * (sizeof(tp::XLine) + 8) +
        c.events * (sizeof(tp::XEvent) + 8) + c.stats * (sizeof(tp::XStat) + 8) +
        c.metadata * (sizeof(tp::XEventMetadata) + 64) + bytes.value().size();
    if (estimate > limits.maxMemoryBytes)
        return makeError("XPlane file of " + std::to_string(c.events) + " events and " +
                             std::to_string(c.stats) + " stats would take about " +
                             std::to_string(estimate >> 20) + " MiB in memory; Roofscope reads " +
                             "up to " + std::to_string(limits.maxMemoryBytes >> 20) +
                             " MiB (profile a shorter window)",
                         inFile(path));
    if (bytes.value().size() > std::size_t(std::numeric_limits<int>::max()))
        return makeError("XPlane file over 2 GiB: protobuf reads messages of up to 2 GiB",
                         inFile(path));
    tp::XSpace space;
    if (!space.ParseFromArray(bytes.value().data(), static_cast<int>(bytes.value().size())))
        return makeError("not an XPlane profile: protobuf could not parse it as an XSpace",
                         inFile(path));
    std::string().swap(bytes.value()); // the parsed space holds what is needed
    return convertXspace(space, path);
#else
    (void)counts;
    return makeError("unreachable", inFile(path));
#endif
}

} // namespace roofscope
