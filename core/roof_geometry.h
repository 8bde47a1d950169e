#pragma once
// What a roofline plot draws for one device, computed here so that the UI only draws: the
// slanted bandwidth roofs, the flat compute roofs, their labels and the ridge points, in plot
// coordinates (x = FLOP/B, y = FLOP/s).

#include "core/ceilings.h"

#include <string>
#include <vector>

namespace roofscope {

struct RoofSegment {
    enum class Kind { compute, memory };
    Kind kind = Kind::compute;
    // e.g. "fp16 tensor 989 TFLOP/s", "dram 3.35 TB/s"; compute roofs of one value share the
    // first one's label ("fp16/bf16 tensor 990 TFLOP/s", "fp64 tensor / fp32 vector 67.0
    // TFLOP/s") and the others have none.
    std::string label;
    double x0 = 0, y0 = 0, x1 = 0, y1 = 0;
    ProvenanceKind provenance = ProvenanceKind::spec; // measured roofs are drawn solid, spec dashed
    Precision precision = Precision::fp32;            // compute roofs
    ComputeUnit unit = ComputeUnit::vector;           // compute roofs
    MemoryLevel level = MemoryLevel::dram;            // memory roofs
};

struct RidgeMark {
    double x = 0, y = 0; // FLOP/B, FLOP/s
    std::string label;   // e.g. "ridge 295 FLOP/B"
    Precision precision = Precision::fp32;
    ComputeUnit unit = ComputeUnit::vector;
};

struct DeviceRoofs {
    std::vector<RoofSegment> segments;
    std::vector<RidgeMark> ridges;
};

struct RoofOptions {
    std::vector<Precision> precisions; // compute roofs to draw; empty = every one the device has
    std::vector<MemoryLevel> levels;   // bandwidth roofs to draw; empty = every one it has
    MemoryLevel ridgeLevel = MemoryLevel::dram; // compute roofs start on this level's slope
};

// Segments within [xMin, xMax] (FLOP/B, 0 < xMin < xMax). Each bandwidth roof rises from xMin to
// the highest drawn compute roof; each compute roof runs from its ridge with `ridgeLevel` (or the
// slowest drawn level when the device lacks it) to xMax. A vector ceiling that no op takes
// (Ceilings::computeFor: a 16-bit vector rate beside an fp32 one) is not drawn. Empty when the
// device has no compute or no bandwidth ceiling among those asked for.
DeviceRoofs deviceRoofs(const Ceilings& ceilings, double xMin, double xMax,
                        const RoofOptions& options = {});

} // namespace roofscope
