// Kineto traces read from a file, as `summarize` and the window read them: mapped and cut into
// small batches on several threads, once at the line breaks between events without scanning
// (KinetoReadOptions::speculativeCuts, read again with every cut scanned when a cut fails) and
// once with every cut scanned. The two must give the same events, warnings and errors: a
// difference aborts, as a crash would.
#include "core/import/kineto/kineto_reader.h"
#include "fuzz/fuzz_input.h"
#include "tests/support/trace_events_digest.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    static const std::string path = [] {
        const char* dir = std::getenv("TMPDIR");
        return std::string(dir && *dir ? dir : "/tmp") + "/roofscope-fuzz-kineto-" +
               std::to_string(::getpid()) + ".json";
    }();
    {
        std::ofstream out(path, std::ios::binary | std::ios::trunc);
        out.write(reinterpret_cast<const char*>(data), static_cast<std::streamsize>(size));
    }
    ByteStreamLimits limits;
    limits.maxOutputBytes = std::uint64_t(64) << 20;
    limits.ratioGraceBytes = std::uint64_t(1) << 20;
    KinetoReadOptions options;
    options.chunkBytes = 64 + size % 512; // many batches, so many cuts, from a small input
    options.maxEventBytes = std::size_t(4) << 20;
    options.threads = 3;
    options.speculativeCuts = true;
    const auto cut = readKinetoFile(path, options, limits);
    options.speculativeCuts = false;
    const auto scanned = readKinetoFile(path, options, limits);
    std::remove(path.c_str());
    fuzz::checkError(cut);
    if (testing::digest(cut) != testing::digest(scanned))
        std::abort();
    return 0;
}
