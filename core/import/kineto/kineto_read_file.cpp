// The reader's entry points (kineto_reader.h): what one read of a stream is worth. A read over a
// file that shrank under it stands on zeros, and a read that made a cut without scanning and
// failed or warned may be that cut's doing, so the file is read again with every cut scanned.
#include "core/import/kineto/kineto_read_once.h"

#include <algorithm>
#include <atomic>

namespace roofscope {

namespace {

Result<TraceEvents> finished(detail::KinetoRead read, const std::string& fileName) {
    // Whatever was read past the file's new end was zeros: no result stands on it.
    if (read.textChanged)
        return makeError("the file shrank while it was read (was it being written?); nothing "
                         "was kept: open it again once it is complete",
                         inFile(fileName));
    return std::move(read.events);
}

std::atomic<std::uint64_t> rereads{0};

} // namespace

namespace detail {
std::uint64_t kinetoRereads() {
    return rereads.load();
}
} // namespace detail

Result<TraceEvents> readKineto(ByteStream& in, const std::string& fileName,
                               const KinetoReadOptions& options) {
    return finished(detail::readKinetoOnce(in, fileName, options, false), fileName);
}

Result<TraceEvents> readKinetoFile(const std::string& path, const KinetoReadOptions& options,
                                   const ByteStreamLimits& limits) {
    auto stream = openByteStream(path, limits);
    if (!stream.ok())
        return stream.error();
    if (!options.speculativeCuts)
        return readKineto(*stream.value(), path, options);
    // How far the first read's progress went, so that a second read carries on from there.
    std::uint64_t reached = 0;
    {
        KinetoReadOptions first = options;
        if (options.progress)
            first.progress = [&](std::uint64_t done, std::int64_t total) {
                reached = std::max(reached, done);
                return options.progress(done, total);
            };
        detail::KinetoRead read = detail::readKinetoOnce(*stream.value(), path, first, true);
        // Every batch parsed, nothing to say: each cut, checked by its batch's parse, was between
        // two events, and the result is the scanned read's. After an unscanned cut, a failure may
        // be that cut's doing (unless the user cancelled), and so may any warning: past a wrong
        // cut into a damaged text, the scanner can take the rest for an unfinished event, or
        // for the end of traceEvents and data after it, and a batch can parse a piece of an
        // event (found by the fuzzer, fuzz_kineto_file). Such files are read twice.
        const bool clean = read.events.ok() && read.events.value().warnings.empty();
        if (clean || !read.cutUnscanned || read.textChanged ||
            (!read.events.ok() && read.events.error().kind == ErrorKind::cancelled))
            return finished(std::move(read), path);
    }
    // Read again with every cut scanned, from a fresh mapping: the first read wrote its brackets
    // into its own. Its progress moves on from where the first read's stopped to the end, rather
    // than back to 0 (a bar that ran back would look like a second file).
    ++rereads;
    stream.value().reset();
    stream = openByteStream(path, limits);
    if (!stream.ok())
        return stream.error();
    KinetoReadOptions scanned = options;
    scanned.speculativeCuts = false;
    if (options.progress)
        scanned.progress = [&](std::uint64_t done, std::int64_t total) {
            if (total <= 0 || reached >= static_cast<std::uint64_t>(total))
                return options.progress(std::max(reached, done), total);
            const auto left = static_cast<double>(static_cast<std::uint64_t>(total) - reached);
            const double part = static_cast<double>(done) / static_cast<double>(total);
            return options.progress(reached + static_cast<std::uint64_t>(left * part), total);
        };
    return readKineto(*stream.value(), path, scanned);
}

} // namespace roofscope
