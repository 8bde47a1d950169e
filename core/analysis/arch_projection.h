#pragma once
// Architecture what-if for a whole run: every record of a dataset re-projected onto another
// device's ceilings (reproject, projection.h). A projection, not a measurement: each predicted
// time is the op's roofline bound on the target, i.e. the op run at 100 % of the target's roofs.
// Ops that cannot be projected, and latency-bound ops (whose time is launch overhead, which no
// roof moves), keep their measured time in the predicted iteration, and the projection says so:
// dropping them would claim a speed-up over part of the run only.

#include "core/analysis/run_diff.h"
#include "core/dataset.h"
#include "core/device.h"
#include "core/error.h"
#include "core/md_roofline.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

struct ProjectedOp {
    int record = 0; // index into the dataset's records
    // Seconds. measuredS is NaN when the record has no usable time (hasUsableTime); predictedS
    // is NaN when the op cannot be projected.
    double measuredS = 0;
    double predictedS = 0;
    double speedup = 0; // measuredS / predictedS, > 1 when the target is faster; NaN without both
    Bottleneck bottleneck = Bottleneck::none; // on the target
    std::optional<Error> error;               // why the op could not be projected
    // Its measured time stands for it in the predicted iteration: it could not be projected
    // (error set, predictedS NaN), or it is latency-bound (predictedS = measuredS).
    bool keptMeasured = false;
};

struct ArchProjection {
    std::vector<ProjectedOp> ops; // one per record, in record order
    IterationTime measured;       // as measured (run_diff.h: the slowest rank's sum)
    // The slowest rank's predicted iteration, seconds: projected ops at their bound on the
    // target, kept ops (keptMeasured) at their measured time.
    double predictedS = 0;
    int predictedSlowestRank = 0;
    double speedup = 0;   // measured.seconds / predictedS; NaN when either is 0
    int unprojected = 0;  // ops that could not be projected
    int latencyBound = 0; // ops kept at their measured time as latency-bound
    // Measured seconds kept in the predicted iteration, over every rank; and the share of the
    // measured iteration's timed records (every rank) they are, in [0, 1].
    double keptMeasuredS = 0;
    double keptShare = 0;
    std::optional<Error> firstError; // of the first op that could not be projected
};

// Every record of `dataset` bounded by `target`'s ceilings, with memory level and link from
// `options` (the session view's memoryLevel and link). Never fails as a whole: an op that
// cannot be projected (no work, or a ceiling the target lacks) is counted and its error kept.
ArchProjection projectDataset(const Dataset& dataset, const Device& target,
                              const MdOptions& options);

} // namespace roofscope
