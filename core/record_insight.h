#pragma once
// What the explorer says about one selected record: the ceilings that bound it, where it sits
// against them, its MD-Roofline bound, and which change would lift it. Every number and every
// judgement is made here so that the details pane only puts them into words.

#include "core/device.h"
#include "core/md_roofline.h"
#include "core/roofline.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// A change that would raise the op's achieved FLOP/s, in the order a reader should try them.
enum class Lift {
    checkFlopCount,      // above its roof: the FLOP count or the precision is likely wrong
    raiseIntensity,      // memory-bound: fuse with neighbours, keep data in cache, fewer bytes
    improveBandwidthUse, // memory-bound far below the slope: access pattern, small transfers
    useTensorUnits,      // compute-bound on vector units while the device has tensor units
    lowerPrecision,      // compute-bound, and a narrower precision has a higher ceiling
    improveComputeUse,   // compute-bound far below the roof: occupancy, tile sizes, launches
    reduceCommunication, // MD bottleneck is communication: overlap, compress, fewer bytes
    nearRoof,            // compute-bound at its roof: only less work or a faster device helps
};

// Below this fraction of its roof an op is using its bound resource poorly.
inline constexpr double kPoorUseOfRoof = 0.5;
// From this fraction on an op counts as at its roof.
inline constexpr double kNearRoof = 0.8;

struct RecordInsight {
    MemoryLevel level = MemoryLevel::dram;
    // The op's own numbers, known with or without a device; NaN when an input is absent.
    double intensity = 0;               // FLOP/B at `level`
    double achievedFlopsPerS = 0;       // FLOPs / time
    std::optional<RooflinePoint> point; // nullopt: see pointError
    std::string pointError;
    std::optional<ComputeKey> computeKey; // the compute ceiling that bounds the op
    std::optional<Ceiling> compute;
    std::optional<Ceiling> memory; // bandwidth at `level`
    // The fastest compute ceiling the op could move to (tensor units or a narrower precision),
    // when it is faster than `compute`.
    std::optional<ComputeKey> fasterKey;
    std::optional<Ceiling> faster;
    std::optional<MdBound> md; // nullopt: see mdError
    std::string mdError;
    std::vector<Lift> lifts;
};

// The insight for `op` on `device` (nullptr: the session lacks the op's device, and only the
// op's own numbers are known) at memory level `level`, with `link` as the MD-Roofline APB.
RecordInsight recordInsight(const OpRecord& op, const Device* device, MemoryLevel level, Link link);

// Storage width in bits used to rank precisions (tf32 counts as 19); 0 for `other`.
int precisionBits(Precision precision);

} // namespace roofscope
