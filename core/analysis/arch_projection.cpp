#include "core/analysis/arch_projection.h"

#include "core/one_iteration.h"
#include "core/projection.h"

#include <cmath>
#include <limits>
#include <map>

namespace roofscope {

ArchProjection projectDataset(const Dataset& steps, const Device& target,
                              const MdOptions& options) {
    const Dataset dataset = oneIteration(steps); // one step, not the sum over the trace's steps
    constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
    ArchProjection out;
    out.measured = iterationTime(dataset);
    std::map<int, double> predictedByRank;
    double timedS = 0;
    for (std::size_t i = 0; i < dataset.records.size(); ++i) {
        const OpRecord& r = dataset.records[i];
        ProjectedOp op{static_cast<int>(i), kNaN, kNaN, kNaN, Bottleneck::none, std::nullopt};
        if (r.outsideSteps) {
            out.ops.push_back(std::move(op)); // not part of the iteration
            continue;
        }
        if (hasUsableTime(r)) {
            op.measuredS = r.timeS.value;
            timedS += op.measuredS;
        }
        const auto projection = reproject(r, target, options);
        if (projection && projection.value().onTarget.bottleneck == Bottleneck::latency) {
            op.bottleneck = Bottleneck::latency;
            op.keptMeasured = true;
            op.predictedS = op.measuredS;
            op.speedup = 1;
            ++out.latencyBound;
        } else if (projection) {
            op.predictedS = projection.value().predictedS;
            op.bottleneck = projection.value().onTarget.bottleneck;
            if (op.predictedS > 0 && !std::isnan(op.measuredS))
                op.speedup = op.measuredS / op.predictedS;
        } else {
            op.error = projection.error();
            op.keptMeasured = true;
            if (!out.firstError)
                out.firstError = Error{"'" + r.name + "': " + projection.error().message,
                                       projection.error().where};
            ++out.unprojected;
        }
        if (op.keptMeasured && !std::isnan(op.measuredS)) {
            out.keptMeasuredS += op.measuredS;
            predictedByRank[r.rank] += op.measuredS;
        } else if (!op.keptMeasured) {
            predictedByRank[r.rank] += op.predictedS;
        }
        out.ops.push_back(std::move(op));
    }
    // The predicted iteration waits for its slowest rank, as the measured one does.
    for (const auto& [rank, seconds] : predictedByRank)
        if (seconds > out.predictedS) {
            out.predictedS = seconds;
            out.predictedSlowestRank = rank;
        }
    out.keptShare = timedS > 0 ? out.keptMeasuredS / timedS : 0;
    out.speedup = out.measured.seconds > 0 && out.predictedS > 0
                      ? out.measured.seconds / out.predictedS
                      : kNaN;
    return out;
}

} // namespace roofscope
