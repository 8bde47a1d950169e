#pragma once
// One record's numbers as the record table lists them, computed once here so that the window,
// the command line and the tests read the same values.

#include "core/device.h"
#include "core/op_record.h"

#include <optional>

namespace roofscope {

struct RecordNumbers {
    // The op's own numbers; NaN when an input is absent.
    double timeS = 0;     // measured or estimated, seconds, summed over launches
    double flops = 0;     // FLOP
    double bytes = 0;     // at `level`, B
    double intensity = 0; // FLOP / bytes, FLOP/B
    double flopsPerS = 0; // FLOP / time (a positive time), FLOP/s
    // Against the device's ceilings; NaN (none) without a device or the ceiling the op needs.
    double fractionOfRoof = 0; // achieved / attainable at `level`
    // Of its MD-Roofline bound, with `link` as the APB; nullopt when there is no bound.
    std::optional<Bottleneck> bottleneck;
};

// `device` may be nullptr (the run names none): the op's own numbers still stand. Never fails.
RecordNumbers recordNumbers(const OpRecord& record, const Device* device, MemoryLevel level,
                            Link link);

} // namespace roofscope
