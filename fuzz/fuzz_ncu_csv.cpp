// Nsight Compute CSV exports and the records made from them.
#include "core/import/ncu/ncu_import.h"
#include "core/import/ncu/ncu_records.h"
#include "fuzz/fuzz_input.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    using namespace roofscope;
    const auto report = parseNcuCsv(fuzz::text(data, size), "fuzz.csv");
    fuzz::checkError(report);
    if (report.ok()) {
        // With the file's GPU, and with Ampere's factors and TF32 rule whatever the file says.
        (void)aggregateByKernel(importNcuRecords(report.value()).records);
        (void)aggregateByKernel(importNcuRecords(report.value(), "nvidia-a100-sxm4-40gb").records);
    }
    return 0;
}
