#pragma once
// Architecture what-if: an op measured on one device, bounded by another device's ceilings.

#include "core/device.h"
#include "core/md_roofline.h"

namespace roofscope {

struct Projection {
    MdBound onTarget;                // the op's MD bound against the target's ceilings
    double predictedS = 0;           // = onTarget.boundS: the op cannot beat it on the target
    std::optional<double> measuredS; // the op's time where it was measured
    std::optional<double> speedup;   // measuredS / predictedS; > 1 means the target is faster
};

// Errors when the target lacks a ceiling that the op's work needs (see mdBound), or when the
// op has no work at all.
Result<Projection> reproject(const OpRecord& op, const Device& target, const MdOptions& options);

} // namespace roofscope
