// Empirical Roofline Toolkit roofline.json.
#include "core/import/ert/ert_roofline.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    roofscope::fuzz::checkError(
        parseErtRoofline(fuzz::text(data, size), "fuzz.json", "ert-device"));
    return 0;
}
