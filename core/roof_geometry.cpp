#include "core/roof_geometry.h"

#include "core/roofline.h"
#include "core/units.h"

#include <algorithm>

namespace roofscope {
namespace {
template <class T> bool wanted(const std::vector<T>& list, T value) {
    return list.empty() || std::find(list.begin(), list.end(), value) != list.end();
}

// A vector ceiling that bounds no op (a 16-bit vector rate beside an fp32 one: computeFor sends
// such ops to fp32) is not drawn, so that no roof appears that no point can be under.
bool bounds(const Ceilings& ceilings, const ComputeKey& key) {
    return key.unit == ComputeUnit::tensor || ceilings.computeKeyFor(key.precision, false) == key;
}
} // namespace

DeviceRoofs deviceRoofs(const Ceilings& ceilings, double xMin, double xMax,
                        const RoofOptions& options) {
    DeviceRoofs roofs;
    if (!(xMin > 0) || !(xMax > xMin))
        return roofs;

    double topCompute = 0;
    for (const auto& [key, c] : ceilings.compute)
        if (wanted(options.precisions, key.precision) && bounds(ceilings, key))
            topCompute = std::max(topCompute, c.value);
    const Ceiling* ridgeCeiling = nullptr;
    if (const auto it = ceilings.memory.find(options.ridgeLevel);
        it != ceilings.memory.end() && wanted(options.levels, options.ridgeLevel))
        ridgeCeiling = &it->second;
    if (!ridgeCeiling)
        for (const auto& [level, c] : ceilings.memory)
            if (wanted(options.levels, level) && (!ridgeCeiling || c.value < ridgeCeiling->value))
                ridgeCeiling = &c;
    if (topCompute == 0 || !ridgeCeiling)
        return roofs;

    for (const auto& [level, c] : ceilings.memory) {
        if (!wanted(options.levels, level))
            continue;
        RoofSegment s;
        s.kind = RoofSegment::Kind::memory;
        s.level = level;
        s.provenance = c.provenance.kind;
        s.label = std::string(toString(level)) + " " + formatSi(c.value, Dimension::bytesPerS);
        s.x0 = xMin;
        s.y0 = xMin * c.value;
        s.x1 = std::min(xMax, ridgePoint(topCompute, c.value));
        s.y1 = roofAt(topCompute, c.value, s.x1);
        if (s.x1 > s.x0)
            roofs.segments.push_back(s);
    }
    for (const auto& [key, c] : ceilings.compute) {
        if (!wanted(options.precisions, key.precision) || !bounds(ceilings, key))
            continue;
        const double ridge = ridgePoint(c.value, ridgeCeiling->value);
        RoofSegment s;
        s.kind = RoofSegment::Kind::compute;
        s.precision = key.precision;
        s.unit = key.unit;
        s.provenance = c.provenance.kind;
        s.label = std::string(toString(key.precision)) + " " + std::string(toString(key.unit)) +
                  " " + formatSi(c.value, Dimension::flopsPerS);
        s.x0 = std::max(xMin, ridge);
        s.y0 = c.value;
        s.x1 = xMax;
        s.y1 = c.value;
        if (s.x1 > s.x0)
            roofs.segments.push_back(s);
        if (ridge >= xMin && ridge <= xMax) {
            RidgeMark r;
            r.x = ridge;
            r.y = c.value;
            r.precision = key.precision;
            r.unit = key.unit;
            r.label = "ridge " + formatSi(ridge, Dimension::intensity);
            roofs.ridges.push_back(r);
        }
    }
    // Compute roofs of one value are one line: one label names them all ("fp16/bf16 tensor 990
    // TFLOP/s"), where two would print over each other.
    std::vector<RoofSegment*> compute;
    for (RoofSegment& s : roofs.segments)
        if (s.kind == RoofSegment::Kind::compute)
            compute.push_back(&s);
    for (std::size_t i = 0; i < compute.size(); ++i) {
        RoofSegment& first = *compute[i];
        if (first.label.empty())
            continue;
        const std::string value = formatSi(first.y0, Dimension::flopsPerS);
        std::vector<std::string> precisions{std::string(toString(first.precision))};
        std::vector<std::string> units{std::string(toString(first.unit))};
        for (std::size_t j = i + 1; j < compute.size(); ++j) {
            RoofSegment& other = *compute[j];
            if (other.label.empty() || formatSi(other.y0, Dimension::flopsPerS) != value ||
                other.provenance != first.provenance)
                continue;
            precisions.emplace_back(toString(other.precision));
            units.emplace_back(toString(other.unit));
            other.label.clear();
        }
        if (precisions.size() == 1)
            continue;
        const bool oneUnit = std::all_of(units.begin(), units.end(),
                                         [&](const std::string& u) { return u == units.front(); });
        std::string names;
        for (std::size_t k = 0; k < precisions.size(); ++k) {
            if (oneUnit)
                names += (k ? "/" : "") + precisions[k];
            else
                names += (k ? " / " : "") + precisions[k] + " " + units[k];
        }
        first.label = (oneUnit ? names + " " + units.front() : names) + " " + value;
    }
    return roofs;
}

} // namespace roofscope
