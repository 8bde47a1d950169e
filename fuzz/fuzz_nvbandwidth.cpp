// nvbandwidth output, text or -j JSON.
#include "core/import/nvbandwidth/nvbandwidth.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    fuzz::checkError(parseNvbandwidth(fuzz::text(data, size), "fuzz.txt"));
    return 0;
}
