// Roofscope ceilings documents (the probe's output, the catalog's entries).
#include "core/ceilings_file.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    fuzz::checkError(parseCeilings(fuzz::text(data, size), "fuzz.json"));
    return 0;
}
