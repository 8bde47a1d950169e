#pragma once
// Convolution windows, as XLA's cost analysis counts them: the window taps of one spatial
// dimension that land on an input element (hlo_cost.h's convolution FLOPs).

#include "core/import/xplane/hlo_module.h"

#include <cstdint>

namespace roofscope {

// Pairs (output position, window tap) of one spatial dimension whose tap lands on an input
// element, not on padding or a base-dilation hole: what XLA counts per dimension. Counted per
// tap in closed form (the outputs that reach the input form a range; with base dilation, every
// period-th of them lands on an element), so a file's sizes cost at most `budget` steps in all;
// -1 when the sizes are out of any real range or the budget is spent (FLOPs unknown).
double validTaps(std::int64_t input, std::int64_t output, const HloWindowDim& w,
                 std::int64_t& budget);

} // namespace roofscope
