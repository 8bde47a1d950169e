// nccl-tests output, text or -J JSON, and the bus-bandwidth ceiling taken from it.
#include "core/import/nccl_tests/nccl_tests.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    const auto run = parseNcclTests(fuzz::text(data, size), "fuzz.txt");
    fuzz::checkError(run);
    if (run.ok())
        fuzz::checkError(ncclBusBandwidthCeiling(run.value(), "fuzz.txt"));
    return 0;
}
