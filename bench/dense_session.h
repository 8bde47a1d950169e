#pragma once
// Sessions of many op records with the spread of a real training trace, for the redraw bench:
// clusters by category (memory-bound elementwise and norms at low intensity, GEMMs and attention
// near the ridge), efficiencies mostly between 10 % and 100 % of the roof, a few points above it.

#include "core/session.h"

#include <cstdint>

namespace roofscope::bench {

// `points` records split over two datasets ("run A", "run B") on one H100-like device.
Session denseSession(std::int64_t points, std::uint64_t seed = 1);

} // namespace roofscope::bench
