// Kineto traces: the streaming reader (small windows, so batching and refills are exercised,
// and gzip when the input starts with its magic; plain text parsed in place or through the
// buffer by turns) and the analysis of whatever it accepts.
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    ByteStreamLimits limits;
    limits.maxOutputBytes = std::uint64_t(64) << 20;
    limits.ratioGraceBytes = std::uint64_t(1) << 20;
    auto stream = memoryByteStream(std::string(fuzz::text(data, size)), "fuzz.json", limits);
    KinetoReadOptions options;
    options.chunkBytes = 64 + size % 512;
    options.maxEventBytes = std::size_t(4) << 20;
    options.inPlace = size % 2 == 0;
    const auto events = readKineto(*stream, "fuzz.json", options);
    fuzz::checkError(events);
    if (events.ok()) {
        const KinetoAnalysis analysis = analyzeTrace(events.value());
        for (const Grouping g : {Grouping::launch, Grouping::kernel, Grouping::op})
            (void)groupLaunches(analysis.launches, g);
        (void)summarizeCollectives(analysis.launches);
    }
    return 0;
}
