// Roofscope sessions.
#include "core/session_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    fuzz::checkError(parseSession(fuzz::text(data, size), "fuzz.roofscope"));
    return 0;
}
