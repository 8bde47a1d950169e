#pragma once
// Classic and hierarchical roofline maths (Williams et al. 2009; hierarchical after Yang et
// al. 2020): performance is bounded by min(peak, I x bandwidth).

#include "core/ceilings.h"
#include "core/error.h"
#include "core/op_record.h"

#include <vector>

namespace roofscope {

// Relative margin above the roof tolerated before a point is flagged: timers and counters are
// noisy by about a percent, a real finding (wrong FLOP count, wrong precision) is far larger.
inline constexpr double kAboveRoofTolerance = 0.01;

// Arithmetic intensity in FLOP/B: flops / bytes. +inf when bytes == 0 < flops; NaN when both are
// zero or either is negative or not finite.
double intensity(double flops, double bytes);

// min(peak, x * slope): the roof at x. For the classic roofline peak is FLOP/s, slope B/s and x
// FLOP/B; the MD-Roofline planes use the same shape with other units. NaN when any input is
// negative or NaN, or peak or slope is zero.
double roofAt(double peak, double slope, double x);

// The x where the slanted and flat parts meet: peak / slope (FLOP/B for the classic roofline).
// NaN when either is not positive.
double ridgePoint(double peak, double slope);

// True when `achieved` lies more than `tolerance` (relative) above `attainable`.
bool isAboveRoof(double achieved, double attainable, double tolerance = kAboveRoofTolerance);

struct RooflinePoint {
    MemoryLevel level = MemoryLevel::dram;
    double intensity = 0;         // FLOP/B at this level
    double achievedFlopsPerS = 0; // op's FLOPs / time
    double attainableFlopsPerS = 0;
    double ridge = 0;          // FLOP/B of this level's ridge
    double fractionOfRoof = 0; // achieved / attainable
    bool memoryBound = false;  // intensity left of the ridge
    bool aboveRoof = false;
};

// The op's point against `ceilings` at one memory level. Errors when the op lacks FLOPs, time or
// bytes at the level, or the device lacks the compute or bandwidth ceiling.
Result<RooflinePoint> rooflinePoint(const OpRecord& op, const Ceilings& ceilings,
                                    MemoryLevel level);

// One point per memory level for which both the op's bytes and the device's bandwidth are known,
// from the innermost level outwards; all share the op's achieved FLOP/s.
std::vector<RooflinePoint> hierarchicalPoints(const OpRecord& op, const Ceilings& ceilings);

} // namespace roofscope
