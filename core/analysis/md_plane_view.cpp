// The MD chart's planes in numbers: which op's ceilings make each plane's roof, and where every
// op sits in it.
#include "core/analysis/md_analysis.h"

#include <cmath>
#include <optional>
#include <utility>

namespace roofscope {

MdPlaneView mdPlaneView(const MdAnalysis& md, MdPlane plane) {
    MdPlaneView view;
    if (md.ops.empty())
        return view;
    const auto weight = [](const MdOpResult& op) {
        return std::pair(op.work.flops, op.measuredS.value_or(0));
    };
    const MdOpResult* dominant = nullptr;
    for (const auto& op : md.ops)
        // Bounded ops first: an op without a bound may lack the very ceilings the roof needs.
        if (!dominant || (op.bound && !dominant->bound) ||
            (op.bound.has_value() == dominant->bound.has_value() && weight(op) > weight(*dominant)))
            dominant = &op;
    const MdCeilings& c = dominant->ceilings;
    const MdOpResult* talker = nullptr;
    for (const auto& op : md.ops)
        if (op.bound && op.work.commBytes > 0 && op.ceilings.apbBytesPerS > 0 &&
            (!talker || op.work.commBytes > talker->work.commBytes))
            talker = &op;
    const double apb = talker ? talker->ceilings.apbBytesPerS : c.apbBytesPerS;
    switch (plane) {
    case MdPlane::a:
        view.peak = c.apfFlopsPerS;
        view.slope = c.apmBytesPerS;
        break;
    case MdPlane::o:
        view.peak = apb;
        view.slope = c.apmBytesPerS;
        break;
    case MdPlane::c:
        view.peak = apb;
        view.slope = c.apfFlopsPerS;
        break;
    }
    view.ridge = view.peak > 0 && view.slope > 0 ? view.peak / view.slope : 0;
    // Where work done in `seconds` sits in the plane; nullopt off log axes.
    const auto place =
        [plane](std::size_t index, const MdWork& work, const MdPlanes& planes,
                const std::optional<double>& seconds) -> std::optional<MdPlanePoint> {
        if (!seconds || *seconds <= 0)
            return std::nullopt;
        MdPlanePoint p;
        p.op = index;
        p.x = plane == MdPlane::a ? planes.a : plane == MdPlane::o ? planes.o : planes.c;
        p.y = (plane == MdPlane::a ? work.flops : work.commBytes) / *seconds;
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || p.x <= 0 || p.y <= 0)
            return std::nullopt;
        p.premise = plane == MdPlane::a || planes.commPlane == plane;
        return p;
    };
    for (std::size_t i = 0; i < md.ops.size(); ++i)
        if (const auto p = place(i, md.ops[i].work, md.ops[i].planes, md.ops[i].measuredS))
            view.points.push_back(*p);
    for (std::size_t i = 0; i < md.aggregates.size(); ++i) {
        const MdAggregate& agg = md.aggregates[i];
        if (const auto p = place(i, agg.work, agg.planes, agg.measuredS))
            view.aggregates.push_back(*p);
    }
    return view;
}

} // namespace roofscope
