#include "core/record_insight.h"

#include <limits>

namespace roofscope {

int precisionBits(Precision precision) {
    switch (precision) {
    case Precision::fp64:
        return 64;
    case Precision::fp32:
        return 32;
    case Precision::tf32:
        return 19;
    case Precision::fp16:
    case Precision::bf16:
        return 16;
    case Precision::fp8:
    case Precision::int8:
        return 8;
    case Precision::fp4:
        return 4;
    default:
        return 0;
    }
}

namespace {

// The fastest ceiling reachable by moving to tensor units at the op's precision or to a narrower
// precision; nullopt when none beats `current`.
std::optional<ComputeKey> fasterCompute(const OpRecord& op, const Ceilings& ceilings,
                                        double current) {
    std::optional<ComputeKey> best;
    double bestValue = current;
    const int bits = precisionBits(op.precision);
    for (const auto& [key, ceiling] : ceilings.compute) {
        const bool tensorHere = key.precision == op.precision && key.unit == ComputeUnit::tensor;
        const bool narrower =
            bits > 0 && precisionBits(key.precision) > 0 && precisionBits(key.precision) < bits;
        if ((tensorHere || narrower) && ceiling.value > bestValue) {
            best = key;
            bestValue = ceiling.value;
        }
    }
    return best;
}

} // namespace

RecordInsight recordInsight(const OpRecord& op, const Device* device, MemoryLevel level,
                            Link link) {
    RecordInsight insight;
    insight.level = level;
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto bytes = op.bytesAt(level);
    insight.intensity = op.flops.known() && bytes ? intensity(op.flops.value, *bytes) : nan;
    insight.achievedFlopsPerS = op.flops.known() && op.timeS.known() && op.timeS.value > 0
                                    ? op.flops.value / op.timeS.value
                                    : nan;
    if (!device) {
        insight.pointError = "the session has no device for this record";
        insight.mdError = insight.pointError;
        return insight;
    }
    const Ceilings& ceilings = device->ceilings;
    insight.computeKey = ceilings.computeKeyFor(op.precision, op.usesTensorUnits);
    insight.compute = ceilings.computeFor(op.precision, op.usesTensorUnits);
    insight.memory = ceilings.memoryFor(level);
    if (auto point = rooflinePoint(op, ceilings, level))
        insight.point = point.value();
    else
        insight.pointError = point.error().message;
    MdOptions options;
    options.level = level;
    options.link = link;
    if (auto bound = mdBoundFor(op, ceilings, options))
        insight.md = bound.value();
    else
        insight.mdError = bound.error().message;
    if (insight.compute) {
        insight.fasterKey = fasterCompute(op, ceilings, insight.compute->value);
        if (insight.fasterKey)
            insight.faster = ceilings.compute.at(*insight.fasterKey);
    }

    auto& lifts = insight.lifts;
    if (const auto& p = insight.point) {
        if (p->aboveRoof) {
            lifts.push_back(Lift::checkFlopCount);
        } else if (p->memoryBound) {
            lifts.push_back(Lift::raiseIntensity);
            if (p->fractionOfRoof < kPoorUseOfRoof)
                lifts.push_back(Lift::improveBandwidthUse);
        } else {
            if (insight.fasterKey)
                lifts.push_back(insight.fasterKey->precision == op.precision
                                    ? Lift::useTensorUnits
                                    : Lift::lowerPrecision);
            if (p->fractionOfRoof < kPoorUseOfRoof)
                lifts.push_back(Lift::improveComputeUse);
            // On the flat roof of its fastest unit: the op itself can do no better.
            if (p->fractionOfRoof >= kNearRoof && !insight.fasterKey)
                lifts.push_back(Lift::nearRoof);
        }
    }
    if (insight.md && insight.md->bottleneck == Bottleneck::communication)
        lifts.push_back(Lift::reduceCommunication);
    return insight;
}

} // namespace roofscope
