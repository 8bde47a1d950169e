#pragma once
// The Empirical Roofline Toolkit's (ERT 1.1.0) roofline.json: the measured bandwidth of each
// memory level ("empirical.gbytes.data") and the measured peak FLOP rate
// ("empirical.gflops.data"), read as decimal GB/s and GFLOP/s (1e9).

#include "core/device.h"
#include "core/error.h"

#include <string>
#include <string_view>

namespace roofscope {

// A device `deviceId` (also its name) holding ERT's ceilings, every one with measured
// provenance (tool "ERT <ERT_VERSION>", the run's configuration as method, the data timestamp
// as date): memory ceilings in B/s per level (labels L1, L2, L3, DRAM, HBM, ...), and one
// vector compute ceiling in FLOP/s at the precision ERT_PRECISION names in the CONFIG
// metadata, FP64 when it names none. kind is gpu when CONFIG says ERT_GPU True, else cpu.
// Errors name `file` and the JSON position or pointer: invalid JSON, missing or non-numeric
// data, an unknown memory label, a duplicate level, no ceilings at all.
Result<Device> parseErtRoofline(std::string_view text, const std::string& file,
                                const std::string& deviceId);

} // namespace roofscope
