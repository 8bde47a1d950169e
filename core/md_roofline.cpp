#include "core/md_roofline.h"

#include "core/roofline.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

// t = work / ceiling, with the rule that no work takes no time whatever the ceiling.
Result<double> termTime(double work, double ceiling, const char* what, const char* ceilingName,
                        Dimension unit) {
    if (!std::isfinite(work) || work < 0)
        return makeError(std::string(what) + " must be a finite non-negative number");
    if (work == 0)
        return 0.0;
    if (!std::isfinite(ceiling) || ceiling <= 0)
        return makeError("no " + std::string(ceilingName) + " ceiling for an op with " +
                         formatSi(work, unit) + " of " + what);
    return work / ceiling;
}

double ratio(double num, double den) {
    if (!std::isfinite(num) || !std::isfinite(den) || num < 0 || den < 0 || (num == 0 && den == 0))
        return kNaN;
    if (den == 0)
        return std::numeric_limits<double>::infinity();
    return num / den;
}

} // namespace

Result<MdBound> mdBound(const MdWork& work, const MdCeilings& ceilings,
                        std::optional<double> measuredS) {
    ROOFSCOPE_TRY(tF, termTime(work.flops, ceilings.apfFlopsPerS, "compute", "APF (compute)",
                               Dimension::flops));
    ROOFSCOPE_TRY(tM, termTime(work.memoryBytes, ceilings.apmBytesPerS, "memory traffic",
                               "APM (memory)", Dimension::bytes));
    ROOFSCOPE_TRY(tP, termTime(work.commBytes, ceilings.apbBytesPerS, "communication",
                               "APB (communication)", Dimension::bytes));

    MdBound b;
    b.computeS = tF.value();
    b.memoryS = tM.value();
    b.commS = tP.value();
    b.boundS = std::max({b.computeS, b.memoryS, b.commS});
    if (b.boundS == 0)
        b.bottleneck = Bottleneck::none;
    else if (b.computeS == b.boundS)
        b.bottleneck = Bottleneck::compute;
    else if (b.memoryS == b.boundS)
        b.bottleneck = Bottleneck::memory;
    else
        b.bottleneck = Bottleneck::communication;
    if (measuredS && std::isfinite(*measuredS) && *measuredS > 0)
        b.efficiency = b.boundS / *measuredS;
    return b;
}

MdPlanes mdPlanes(const MdWork& work, const MdCeilings& ceilings) {
    MdPlanes p;
    p.a = ratio(work.flops, work.memoryBytes);
    p.o = ratio(work.commBytes, work.memoryBytes);
    p.c = ratio(work.commBytes, work.flops);
    p.ridgeA = ridgePoint(ceilings.apfFlopsPerS, ceilings.apmBytesPerS);
    p.ridgeO = ridgePoint(ceilings.apbBytesPerS, ceilings.apmBytesPerS);
    p.ridgeC = ridgePoint(ceilings.apbBytesPerS, ceilings.apfFlopsPerS);
    p.commPlane = (p.a < p.ridgeA) ? MdPlane::o : MdPlane::c;
    return p;
}

std::optional<double> linkBandwidth(const Ceilings& ceilings, Link link) {
    if (const auto b = ceilings.linkFor(link))
        return b->value;
    // Without an intra-node collective ceiling, a single node's collectives are bounded by the
    // per-direction peer link (NVLink, xGMI): nccl-tests defines busbw so that it compares with
    // exactly that figure.
    if (link == Link::intra_node)
        if (const auto p2p = ceilings.linkFor(Link::p2p))
            return p2p->value;
    return std::nullopt;
}

MdCeilings mdCeilingsFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options) {
    MdCeilings c;
    if (const auto f = ceilings.computeFor(op.precision, op.usesTensorUnits))
        c.apfFlopsPerS = f->value;
    if (const auto m = ceilings.memoryFor(options.level))
        c.apmBytesPerS = m->value;
    double bytes = 0, seconds = 0;
    bool everyLink = true;
    for (const auto& [link, measure] : op.commBytes) {
        if (!measure.known() || measure.value <= 0)
            continue;
        const auto bandwidth = linkBandwidth(ceilings, link);
        everyLink = everyLink && bandwidth.has_value();
        if (bandwidth) {
            bytes += measure.value;
            seconds += measure.value / *bandwidth;
        }
    }
    if (bytes > 0 || !everyLink)
        c.apbBytesPerS = everyLink ? bytes / seconds : 0;
    else if (const auto b = linkBandwidth(ceilings, options.link))
        c.apbBytesPerS = *b;
    return c;
}

MdWork mdWorkFor(const OpRecord& op, const MdOptions& options) {
    MdWork w;
    w.flops = op.flops.known() ? op.flops.value : 0;
    w.memoryBytes = op.bytesAt(options.level).value_or(0);
    for (const auto& [link, bytes] : op.commBytes)
        if (bytes.known())
            w.commBytes += bytes.value;
    return w;
}

bool workUnknown(const OpRecord& op) {
    if (op.flops.known())
        return false;
    for (const auto& [level, bytes] : op.bytes)
        if (bytes.known())
            return false;
    for (const auto& [link, bytes] : op.commBytes)
        if (bytes.known())
            return false;
    return true;
}

std::string unknownWorkReason(const OpRecord& op) {
    if (!op.flopsNote.empty())
        return op.flopsNote;
    if (op.collective)
        return "a collective whose message size the trace does not say";
    return "the trace records neither FLOPs nor bytes for it";
}

Result<MdBound> mdBoundFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options) {
    if (workUnknown(op))
        return makeError("op '" + op.name + "': its work is unknown: " + unknownWorkReason(op));
    for (const auto& [link, bytes] : op.commBytes)
        if (bytes.known() && bytes.value > 0 && !linkBandwidth(ceilings, link))
            return makeError("op '" + op.name + "': no " + std::string(toString(link)) +
                             " ceiling for its " + formatSi(bytes.value, Dimension::bytes) +
                             " over " + std::string(toString(link)) +
                             " (pick the system it ran on, or measure the link with nccl-tests)");
    std::optional<double> measured;
    if (op.timeS.known())
        measured = op.timeS.value;
    auto bound = mdBound(mdWorkFor(op, options), mdCeilingsFor(op, ceilings, options), measured);
    if (!bound)
        return makeError("op '" + op.name + "': " + bound.error().message);
    if (latencyBound(op, bound.value()))
        bound.value().bottleneck = Bottleneck::latency;
    return bound;
}

bool latencyBound(const OpRecord& op, const MdBound& bound) {
    if (bound.bottleneck == Bottleneck::none || !bound.efficiency || !op.timeS.known())
        return false;
    const double perLaunchS =
        op.timeS.value / static_cast<double>(std::max<std::int64_t>(op.count, 1));
    return perLaunchS <= kLatencyBoundLaunchS && *bound.efficiency < kLatencyBoundEfficiency;
}

IterationBound mdIteration(const std::vector<OpRecord>& records, const Ceilings& ceilings,
                           const MdOptions& options) {
    IterationBound it;
    for (const auto& op : records) {
        const double measured = op.timeS.known() ? op.timeS.value : 0.0;
        if (workUnknown(op)) {
            const std::string reason = unknownWorkReason(op);
            auto u = std::find_if(it.unknown.begin(), it.unknown.end(),
                                  [&](const UnknownWork& w) { return w.reason == reason; });
            if (u == it.unknown.end())
                u = it.unknown.insert(it.unknown.end(), UnknownWork{reason, 0, 0});
            ++u->ops;
            u->seconds += measured;
            it.phases[op.phase].unknownS += measured;
            it.unknownS += measured;
            ++it.unknownOps;
            continue;
        }
        const auto bound = mdBoundFor(op, ceilings, options);
        if (!bound) {
            ++it.unbounded;
            if (!it.firstError)
                it.firstError = bound.error();
            continue;
        }
        auto& phase = it.phases[op.phase];
        phase.measuredS += measured;
        phase.boundS += bound.value().boundS;
        phase.boundSByBottleneck[bound.value().bottleneck] += bound.value().boundS;
        it.measuredS += measured;
        it.boundS += bound.value().boundS;
    }
    std::stable_sort(
        it.unknown.begin(), it.unknown.end(),
        [](const UnknownWork& a, const UnknownWork& b) { return a.seconds > b.seconds; });
    return it;
}

} // namespace roofscope
