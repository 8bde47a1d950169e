#include "core/roofline.h"

#include <cmath>
#include <limits>

namespace roofscope {
namespace {
constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool usable(double v) {
    return std::isfinite(v) && v >= 0;
}
} // namespace

double intensity(double flops, double bytes) {
    if (!usable(flops) || !usable(bytes) || (flops == 0 && bytes == 0))
        return kNaN;
    if (bytes == 0)
        return std::numeric_limits<double>::infinity();
    return flops / bytes;
}

double roofAt(double peak, double slope, double x) {
    if (!usable(peak) || !usable(slope) || peak == 0 || slope == 0 || std::isnan(x) || x < 0)
        return kNaN;
    if (std::isinf(x))
        return peak;
    return std::min(peak, x * slope);
}

double ridgePoint(double peak, double slope) {
    if (!usable(peak) || !usable(slope) || peak == 0 || slope == 0)
        return kNaN;
    return peak / slope;
}

bool isAboveRoof(double achieved, double attainable, double tolerance) {
    if (!std::isfinite(achieved) || !std::isfinite(attainable))
        return false;
    return achieved > attainable * (1.0 + tolerance);
}

Result<RooflinePoint> rooflinePoint(const OpRecord& op, const Ceilings& ceilings,
                                    MemoryLevel level) {
    if (!op.flops.known())
        return makeError("op '" + op.name + "' has no FLOP count");
    if (!op.timeS.known() || !(op.timeS.value > 0))
        return makeError("op '" + op.name + "' has no positive time");
    const auto bytes = op.bytesAt(level);
    if (!bytes)
        return makeError("op '" + op.name + "' has no bytes at " + std::string(toString(level)));
    const Ceiling* peak = ceilings.computeCeiling(op.precision, op.usesTensorUnits);
    if (!peak)
        return makeError("device has no " + std::string(toString(op.precision)) +
                         " compute ceiling");
    const Ceiling* bw = ceilings.memoryCeiling(level);
    if (!bw)
        return makeError("device has no " + std::string(toString(level)) + " bandwidth ceiling");

    RooflinePoint p;
    p.level = level;
    p.intensity = intensity(op.flops.value, *bytes);
    if (std::isnan(p.intensity))
        return makeError("op '" + op.name + "' has neither FLOPs nor bytes at " +
                         std::string(toString(level)));
    p.achievedFlopsPerS = op.flops.value / op.timeS.value;
    p.attainableFlopsPerS = roofAt(peak->value, bw->value, p.intensity);
    p.ridge = ridgePoint(peak->value, bw->value);
    p.fractionOfRoof = p.achievedFlopsPerS / p.attainableFlopsPerS;
    p.memoryBound = p.intensity < p.ridge;
    p.aboveRoof = isAboveRoof(p.achievedFlopsPerS, p.attainableFlopsPerS);
    return p;
}

std::vector<RooflinePoint> hierarchicalPoints(const OpRecord& op, const Ceilings& ceilings) {
    std::vector<RooflinePoint> points;
    for (const auto level : {MemoryLevel::l1, MemoryLevel::l2, MemoryLevel::l3, MemoryLevel::dram,
                             MemoryLevel::host}) {
        if (!op.bytesAt(level) || !ceilings.memoryCeiling(level))
            continue;
        if (auto point = rooflinePoint(op, ceilings, level))
            points.push_back(point.value());
    }
    return points;
}

} // namespace roofscope
