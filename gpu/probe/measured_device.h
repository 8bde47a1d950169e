#pragma once
// How a probed device is named and how a benchmark's measurement becomes a ceiling.

#include "core/device.h"
#include "gpu/probe/benchmark.h"

#include <string>

namespace roofscope::probe {

// "roofscope-probe 0.4.0"
std::string probeTool();

// The current UTC date-time, ISO-8601 ("2026-11-30T17:42:05Z"), and its date part.
std::string utcNow();

// The device as a measured entry: name "NVIDIA H200 (measured 2026-11-30)", id
// "<id>-measured-<host>[-<target>]" so that probing the same card again replaces its entry in
// the user's catalog rather than piling up copies. Aliases are dropped: a trace naming "NVIDIA
// H200" must keep resolving to the spec entry, not to whichever measurement was loaded last.
Device measuredDevice(const Device& probed, const std::string& target, const std::string& date);

// The ceiling with its provenance: measured by probeTool(), with the method, date, clock,
// samples and spread of the measurement.
Ceiling toCeiling(const Measured& m, const std::string& dateTime);

// A lower-case id fragment: letters and digits kept, runs of anything else become one '-'.
std::string slug(const std::string& text);

} // namespace roofscope::probe
