// roofscope-probe's progress stream as the GUI and `roofscope probe` read it, line by line. An
// event that parses must survive being written and read again unchanged.
#include "core/probe_events.h"
#include "fuzz/fuzz_input.h"

#include <cstdlib>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    std::string_view rest = fuzz::text(data, size);
    std::int64_t number = 0;
    while (!rest.empty()) {
        const std::size_t newline = rest.find('\n');
        const std::string_view line = rest.substr(0, newline);
        rest = newline == std::string_view::npos ? std::string_view() : rest.substr(newline + 1);
        const auto event = parseProbeEvent(line, ++number, "stdout");
        fuzz::checkError(event);
        if (!event.ok())
            continue;
        const auto again = parseProbeEvent(toJsonLine(event.value()), number, "stdout");
        if (!again.ok() || !(again.value() == event.value()))
            std::abort();
    }
    return 0;
}
