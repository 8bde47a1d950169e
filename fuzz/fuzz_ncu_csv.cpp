// Nsight Compute CSV exports and the records made from them.
#include "fuzz_input.h"
#include "import/ncu_records.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    const auto report = parseNcuCsv(fuzz::text(data, size), "fuzz.csv");
    fuzz::checkError(report);
    if (report.ok()) {
        NcuRecordOptions options;
        options.tensorFlopsPerInstruction = 4096;
        (void)aggregateByKernel(ncuRecords(report.value(), options));
    }
    return 0;
}
