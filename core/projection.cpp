#include "core/projection.h"

namespace roofscope {

Result<Projection> reproject(const OpRecord& op, const Device& target, const MdOptions& options) {
    auto bound = mdBoundFor(op, target.ceilings, options);
    if (!bound)
        return makeError("cannot project onto " + target.name + ": " + bound.error().message);
    if (bound.value().bottleneck == Bottleneck::none)
        return makeError("op '" + op.name + "' has no FLOPs, bytes or communication to project");
    Projection p;
    p.onTarget = bound.value();
    p.predictedS = p.onTarget.boundS;
    if (op.timeS.known() && op.timeS.value > 0) {
        p.measuredS = op.timeS.value;
        p.speedup = *p.measuredS / p.predictedS;
    }
    // The efficiency on the target is unknowable before running there.
    p.onTarget.efficiency.reset();
    return p;
}

} // namespace roofscope
