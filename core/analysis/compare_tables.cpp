// The comparison view's table: run A against run B op by op, or run A projected onto a device.
#include "core/analysis/compare_tables.h"

#include "core/analysis/arch_projection.h"
#include "core/analysis/comparison.h"
#include "core/analysis/run_diff.h"
#include "core/kernel_name.h"
#include "core/stack_text.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace roofscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

ViewTable comparisonColumns() {
    ViewTable t;
    t.schema = "roofscope.comparison/1";
    t.columns = {{"op", "Op", ""},
                 {"op_b", "Op in B", ""},
                 {"category", "Category", ""},
                 {"match", "Match", ""},
                 {"time_a_s", "Time A", "s"},
                 {"time_b_s", "Time B", "s"},
                 {"delta_s", "Δ time", "s"},
                 {"change_pct", "Change", "%"},
                 {"impact_pct", "Impact on iteration", "%"},
                 {"speedup", "Speed-up", "x"},
                 {"bottleneck_b", "Bottleneck on target", ""},
                 {"projected", "Projected", ""},
                 {"kernel", "Kernel", ""},
                 {"kernel_b", "Kernel in B", ""}};
    return t;
}

ViewCell number(double v) {
    return std::isnan(v) ? ViewCell{} : ViewCell{v};
}

ViewCell percent(double ratio) {
    return number(ratio * 100);
}

double speedupOf(double timeA, double timeB) {
    return timeA > 0 && timeB > 0 ? timeA / timeB : kNaN;
}

// "2.5", "12.3": a speed-up factor in three significant digits.
std::string factorText(double factor) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", factor);
    return text;
}

std::string timeText(double seconds) {
    return formatSi(seconds, Dimension::time);
}

// "run A (NVIDIA A100, PyTorch 2.1.0, CUDA 12.1)"
std::string describeRun(const Session& session, const Dataset& d) {
    const Device* device = session.findDevice(d.context.deviceId);
    std::string what = device ? device->name : d.context.deviceId;
    const std::string stack = describeStack(d.context.stack);
    if (!stack.empty())
        what += (what.empty() ? "" : ", ") + stack;
    return "'" + d.context.label + "'" + (what.empty() ? "" : " (" + what + ")");
}

// Notes on how an iteration time was taken, when there is something to say.
void iterationNotes(const IterationTime& it, const std::string& run,
                    std::vector<std::string>& notes) {
    if (it.untimed > 0)
        notes.push_back(std::to_string(it.untimed) + " record(s) of " + run +
                        " have no time and are left out of its iteration time.");
    if (it.estimated > 0)
        notes.push_back(std::to_string(it.estimated) + " time(s) of " + run +
                        " are estimates, not measurements.");
    if (it.ranks > 1)
        notes.push_back("The iteration time of " + run + " is its slowest rank's (rank " +
                        std::to_string(it.slowestRank) + " of " + std::to_string(it.ranks) + ").");
}

void runRows(const Session& session, const ComparisonPair& pair, ViewTable& t) {
    const Dataset& a = session.datasets[static_cast<std::size_t>(pair.baseline)];
    const Dataset& b = session.datasets[static_cast<std::size_t>(pair.target)];
    const RunDiff diff = runDiff(a, b);
    // B's bottleneck on B's own device: what the op runs into there.
    const Device* deviceB = session.findDevice(b.context.deviceId);
    const MdOptions options = mdOptionsOf(session.view);
    int unbounded = 0;
    std::optional<std::string> firstUnbounded;
    const auto bottleneckB = [&](const OpRecord* rb) -> ViewCell {
        if (!rb)
            return {};
        if (!deviceB) {
            ++unbounded;
            return std::string("unknown");
        }
        const auto bound = mdBoundFor(*rb, deviceB->ceilings, options);
        if (bound)
            return std::string(toString(bound.value().bottleneck));
        if (!firstUnbounded)
            firstUnbounded = bound.error().message;
        ++unbounded;
        return std::string("unknown");
    };
    for (const auto& row : diff.rows) {
        const OpRecord* ra = row.a ? &a.records[static_cast<std::size_t>(*row.a)] : nullptr;
        const OpRecord* rb = row.b ? &b.records[static_cast<std::size_t>(*row.b)] : nullptr;
        const OpRecord& any = ra ? *ra : *rb;
        const std::string match = row.tier ? std::string(matchTierName(*row.tier))
                                  : ra     ? "only_a"
                                           : "only_b";
        t.rows.push_back({ra ? ViewCell{recordLabel(*ra)} : ViewCell{},
                          rb ? ViewCell{recordLabel(*rb)} : ViewCell{},
                          std::string(toString(any.category)), match, number(row.timeAS),
                          number(row.timeBS), number(row.deltaS), percent(row.change),
                          percent(row.impact), number(speedupOf(row.timeAS, row.timeBS)),
                          bottleneckB(rb), std::string("no"), ra ? ViewCell{ra->name} : ViewCell{},
                          rb ? ViewCell{rb->name} : ViewCell{}});
    }
    const double ta = diff.iterationA.seconds, tb = diff.iterationB.seconds;
    t.notes.push_back("Run A " + describeRun(session, a) + " against run B " +
                      describeRun(session, b) + ".");
    if (ta > 0 && tb > 0)
        t.notes.push_back("Iteration " + timeText(ta) + " → " + timeText(tb) + " (" +
                          formatChange(tb / ta - 1) + ").");
    else
        t.notes.push_back("No iteration time: " + std::string(ta > 0 ? "run B" : "run A") +
                          " has no timed records.");
    const auto tier = [&](MatchTier m) { return diff.pairsByTier[static_cast<int>(m)]; };
    const int matched = tier(MatchTier::op) + tier(MatchTier::exact) + tier(MatchTier::name) +
                        tier(MatchTier::work);
    t.notes.push_back(
        "Matched " + std::to_string(matched) + " op(s): " + std::to_string(tier(MatchTier::op)) +
        " by framework op and shapes, " + std::to_string(tier(MatchTier::exact)) + " exact, " +
        std::to_string(tier(MatchTier::name)) + " by name (shapes changed), " +
        std::to_string(tier(MatchTier::work)) + " by work (renamed kernels); " +
        std::to_string(diff.onlyA) + " only in A, " + std::to_string(diff.onlyB) + " only in B.");
    if (unbounded > 0)
        t.notes.push_back(
            std::to_string(unbounded) + " op(s) of run B have no bottleneck" +
            (deviceB ? " on " + deviceB->name + "; the first: " + firstUnbounded.value_or("") + "."
                     : ": run B has no device (choose one in Run Details or with --device)."));
    iterationNotes(diff.iterationA, "run A", t.notes);
    iterationNotes(diff.iterationB, "run B", t.notes);
}

void projectionRows(const Session& session, const ComparisonPair& pair, ViewTable& t) {
    const Dataset& a = session.datasets[static_cast<std::size_t>(pair.baseline)];
    const Device& device = session.devices[static_cast<std::size_t>(pair.projectDevice)];
    const ArchProjection p = projectDataset(a, device, mdOptionsOf(session.view));
    std::vector<const ProjectedOp*> order;
    for (const auto& op : p.ops)
        order.push_back(&op);
    // Largest time difference first, as for two runs; ops without one last, in record order.
    std::stable_sort(order.begin(), order.end(), [](const ProjectedOp* x, const ProjectedOp* y) {
        const double dx = x->predictedS - x->measuredS, dy = y->predictedS - y->measuredS;
        if (std::isnan(dx) != std::isnan(dy))
            return !std::isnan(dx);
        return !std::isnan(dx) && std::fabs(dx) > std::fabs(dy);
    });
    const double base = p.measured.seconds;
    for (const ProjectedOp* op : order) {
        const OpRecord& r = a.records[static_cast<std::size_t>(op->record)];
        const double delta = op->predictedS - op->measuredS;
        const bool projected = !op->error;
        const char* how = !projected         ? "not_projected"
                          : op->keptMeasured ? "kept_measured"
                                             : "projected";
        t.rows.push_back({recordLabel(r), ViewCell{}, std::string(toString(r.category)),
                          std::string(how), number(op->measuredS), number(op->predictedS),
                          number(delta),
                          percent(op->measuredS > 0 ? op->predictedS / op->measuredS - 1 : kNaN),
                          percent(base > 0 ? delta / base : kNaN), number(op->speedup),
                          projected ? ViewCell{std::string(toString(op->bottleneck))} : ViewCell{},
                          std::string("yes"), r.name, ViewCell{}});
    }
    const MdOptions options = mdOptionsOf(session.view);
    t.notes.push_back("Projected, not measured: run A " + describeRun(session, a) +
                      " bounded by the ceilings of " + device.name + " (memory level " +
                      std::string(toString(options.level)) + ", link " +
                      std::string(toString(options.link)) +
                      "); each predicted time is the op's roofline bound there, i.e. the op at "
                      "100 % of the target's roofs.");
    if (base > 0 && p.predictedS > 0)
        t.notes.push_back("Iteration " + timeText(base) + " measured → " + timeText(p.predictedS) +
                          " predicted (" + formatChange(p.predictedS / base - 1) + ", speed-up " +
                          factorText(p.speedup) + "×).");
    if (p.unprojected > 0)
        t.notes.push_back(std::to_string(p.unprojected) +
                          " op(s) could not be projected and keep their measured time in the "
                          "predicted iteration; the first: " +
                          p.firstError->message + ".");
    if (p.latencyBound > 0)
        t.notes.push_back(std::to_string(p.latencyBound) +
                          " latency-bound op(s) (launches of at most " +
                          timeText(kLatencyBoundLaunchS) +
                          " far below the target's roofs) keep their measured time: launch "
                          "overhead, not the roofs, sets it.");
    if (p.keptMeasuredS > 0) {
        char share[32];
        std::snprintf(share, sizeof share, "%.1f", p.keptShare * 100);
        t.notes.push_back("Kept at measured time: " + timeText(p.keptMeasuredS) + " (" + share +
                          " % of the measured time); the predicted iteration is measured there.");
    }
    iterationNotes(p.measured, "run A", t.notes);
}

} // namespace

std::string formatChange(double ratio) {
    if (std::isnan(ratio))
        return "n/a";
    const double pct = ratio * 100;
    char digits[32];
    std::snprintf(digits, sizeof digits, std::fabs(pct) < 10 ? "%.1f" : "%.0f", std::fabs(pct));
    const std::string magnitude = digits;
    if (magnitude == "0.0")
        return "0 %";
    return (pct < 0 ? "\u2212" : "+") + magnitude + " %";
}

ViewTable comparisonTable(const Session& session) {
    ViewTable t = comparisonColumns();
    const auto pair = resolveComparison(session);
    if (!pair) {
        t.notes.push_back(pair.error().message);
        return t;
    }
    if (pair.value().projection())
        projectionRows(session, pair.value(), t);
    else
        runRows(session, pair.value(), t);
    return t;
}

} // namespace roofscope
