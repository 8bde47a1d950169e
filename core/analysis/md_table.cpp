// The MD-Roofline view's table: what the chart draws, as numbers, with the totals in notes.
#include "core/analysis/md_analysis.h"
#include "core/analysis/shown_dataset.h"
#include "core/provenance_text.h"
#include "core/units.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace roofscope {
namespace {

std::string str(std::string_view s) {
    return std::string(s);
}

// Finite numbers only: an infinite A (no memory bytes) is written as an empty cell.
ViewCell number(double v) {
    return std::isfinite(v) ? ViewCell(v) : ViewCell();
}

// 0.253 -> "25.3 %".
std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", fraction * 100);
    return text;
}

std::string planeName(MdPlane plane) {
    return plane == MdPlane::o ? "O" : plane == MdPlane::c ? "C" : "A";
}

std::string phaseName(Phase phase) {
    return phase == Phase::communication ? "gradient sync" : str(toString(phase));
}

std::string seconds(double s) {
    return formatSi(s, Dimension::time);
}

// The bound and efficiency cover the ops whose work is known; the rest is said apart.
std::string rankLine(const MdRankTotals& r, bool named) {
    const auto& it = r.iteration;
    std::string line = (named ? "Rank " + std::to_string(r.rank) : std::string("Iteration"));
    line += it.unknownOps > 0 ? ", the ops whose work is known: measured " : ": measured ";
    line += seconds(it.measuredS) + ", bound " + seconds(it.boundS);
    if (it.measuredS > 0)
        line += " (efficiency " + percent(it.boundS / it.measuredS) + ")";
    for (const auto& [phase, totals] : it.phases)
        if (totals.measuredS > 0 || totals.boundS > 0)
            line += "; " + phaseName(phase) + " " + seconds(totals.measuredS) + " vs " +
                    seconds(totals.boundS);
    if (it.unbounded > 0)
        line += " (" + std::to_string(it.unbounded) + " ops without a bound left out)";
    return line + ".";
}

// "Unknown work: 35.0 ms of the 55.1 ms of kernel time in a step (63.5 %), 390 ops: ..."
std::string unknownLine(const MdRankTotals& r, bool named) {
    const auto& it = r.iteration;
    const double total = it.measuredS + it.unknownS;
    std::string line =
        "Unknown work" + (named ? " on rank " + std::to_string(r.rank) : std::string()) + ": " +
        seconds(it.unknownS) + " of the " + seconds(total) + " of kernel time in a step (" +
        percent(total > 0 ? it.unknownS / total : 0) + "), " + std::to_string(it.unknownOps) +
        " op(s), not bounded: ";
    for (std::size_t i = 0; i < it.unknown.size(); ++i)
        line += (i ? "; " : "") + it.unknown[i].reason + " (" + seconds(it.unknown[i].seconds) +
                ", " + std::to_string(it.unknown[i].ops) + " op(s))";
    return line + ".";
}

// "Step (mean of 3): span 55.1 ms = compute 40.2 ms + exposed communication 3.10 ms + ..."
std::string overlapLine(const MdRankTotals& r, bool named) {
    const MdStepOverlap& o = *r.overlap;
    std::string line = "Step" + (named ? " of rank " + std::to_string(r.rank) : std::string()) +
                       " (mean of " + std::to_string(o.steps) + "): span " + seconds(o.spanS) +
                       " = compute " + seconds(o.computeS) + " + exposed communication " +
                       seconds(o.exposedCommS) + " + exposed copies " + seconds(o.exposedMemcpyS) +
                       " + idle " + seconds(o.idleS);
    if (o.commS > 0)
        line += "; communication " + seconds(o.commS) + ", of which " + seconds(o.hiddenCommS) +
                " (" + percent(o.hiddenCommS / o.commS) + ") hidden behind compute and " +
                seconds(o.exposedCommS) + " exposed (" +
                percent(o.spanS > 0 ? o.exposedCommS / o.spanS : 0) + " of the step)";
    return line + ".";
}

// The bandwidth each link the shown ops' bytes crossed is bounded by (an op's P is bounded link
// by link: md_roofline.h), and where each value came from; the view's link when no op
// communicates, as the planes draw it.
std::string apbLine(const MdAnalysis& md, const Dataset& dataset) {
    std::set<Link> crossed;
    for (const auto& op : md.ops)
        for (const auto& [link, bytes] :
             dataset.records[static_cast<std::size_t>(op.record)].commBytes)
            if (bytes.known() && bytes.value > 0)
                crossed.insert(link);
    const bool communicates = !crossed.empty();
    if (!communicates)
        crossed.insert(md.options.link);
    std::string line =
        communicates ? "APB by the link the bytes crossed:" : "APB (no op communicates):";
    bool first = true;
    for (const Link l : crossed) {
        std::optional<Ceiling> apb = md.ceilings.linkFor(l);
        std::string link = str(toString(l));
        if (!apb && l == Link::intra_node) {
            apb = md.ceilings.linkFor(Link::p2p);
            link += " (the p2p link: no intra_node ceiling)";
        }
        line += first ? " " : "; ";
        first = false;
        if (!apb)
            line += link + " none: ops over it have no bound (pick the system the run was on in "
                           "Run Details)";
        else
            line += link + " " + formatSi(apb->value, Dimension::bytesPerS) + " (" +
                    provenanceText(apb->provenance) + ")";
    }
    return line + " — " + md.ceilingsSource + ".";
}

// 0.000123 -> "1.23e-04"; +inf -> "inf".
std::string general(double v) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", v);
    return text;
}

// The cells from the plane coordinates to the reason for no bound, shared by ops and aggregates.
void appendMeasures(std::vector<ViewCell>& row, const MdPlanes& planes,
                    const std::optional<MdBound>& bound, const std::optional<double>& measuredS,
                    const std::string& error) {
    row.insert(row.end(),
               {number(planes.a), number(planes.o), number(planes.c), planeName(planes.commPlane)});
    if (bound)
        row.insert(row.end(), {bound->computeS, bound->memoryS, bound->commS, bound->boundS});
    else
        row.insert(row.end(), 4, ViewCell());
    row.push_back(measuredS ? ViewCell(*measuredS) : ViewCell());
    row.push_back(bound ? ViewCell(str(toString(bound->bottleneck))) : ViewCell());
    row.push_back(bound && bound->efficiency ? ViewCell(*bound->efficiency) : ViewCell());
    row.push_back(error.empty() ? ViewCell() : ViewCell(error));
}

// "Iteration (rank 0) as one point: A 71.3 FLOP/B, O 0.0122 B/B, C 0.000171 B/FLOP (C plane),
// bound 80.1 ms, compute-bound, efficiency 62.0 %."
std::string iterationLine(const MdAggregate& it) {
    std::string line = "Iteration" + it.label.substr(std::string("iteration").size()) +
                       " as one point: A " + general(it.planes.a) + " FLOP/B, O " +
                       general(it.planes.o) + " B/B, C " + general(it.planes.c) + " B/FLOP (" +
                       planeName(it.planes.commPlane) + " plane)";
    if (!it.bound)
        return line + ", no bound: " + it.error + ".";
    line += ", bound " + formatSi(it.bound->boundS, Dimension::time) + ", " +
            str(toString(it.bound->bottleneck)) + "-bound";
    if (it.bound->efficiency)
        line += ", efficiency " + percent(*it.bound->efficiency);
    if (it.unknownOps > 0)
        line += ", over the " + std::to_string(it.opCount) + " op(s) whose work is known (" +
                std::to_string(it.unknownOps) + " left out)";
    return line + ".";
}

const std::vector<ViewColumn>& columns() {
    static const std::vector<ViewColumn> c{
        {"name", "Op", ""},
        {"category", "Category", ""},
        {"phase", "Phase", ""},
        {"rank", "Rank", ""},
        {"flops", "F", "FLOP"},
        {"memory_bytes", "M", "B"},
        {"comm_bytes", "P", "B"},
        {"a", "A = F/M", "FLOP/B"},
        {"o", "O = P/M", "B/B"},
        {"c", "C = P/F", "B/FLOP"},
        {"comm_plane", "Comm. plane", ""},
        {"t_f_s", "t_F", "s"},
        {"t_m_s", "t_M", "s"},
        {"t_p_s", "t_P", "s"},
        {"bound_s", "Bound", "s"},
        {"measured_s", "Measured", "s"},
        {"bottleneck", "Bottleneck", ""},
        {"efficiency", "Efficiency", "x"},
        {"no_bound", "Why no bound", ""},
        {"kind", "Kind", ""},
    };
    return c;
}

} // namespace

ViewTable mdTable(const Session& session) {
    const int index = shownDataset(session);
    if (index < 0) {
        ViewTable table;
        table.schema = "roofscope.md/1";
        return table;
    }
    const auto analysis = analyseMd(session, index);
    if (!analysis) {
        ViewTable table;
        table.schema = "roofscope.md/1";
        table.columns = columns();
        table.notes.push_back(analysis.error().message);
        return table;
    }
    return mdTable(session, analysis.value());
}

ViewTable mdTable(const Session& session, const MdAnalysis& md) {
    ViewTable table;
    table.schema = "roofscope.md/1";
    table.columns = columns();
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(md.dataset)];
    for (const auto& op : md.ops) {
        const OpRecord& r = dataset.records[static_cast<std::size_t>(op.record)];
        std::vector<ViewCell> row{r.name,
                                  str(toString(r.category)),
                                  phaseName(r.phase),
                                  static_cast<double>(r.rank),
                                  op.work.flops,
                                  op.work.memoryBytes,
                                  op.work.commBytes};
        appendMeasures(row, op.planes, op.bound, op.measuredS, op.error);
        row.push_back(str("op"));
        table.rows.push_back(std::move(row));
    }
    for (const auto& agg : md.aggregates) {
        const bool iteration = agg.kind == MdAggregateKind::iteration;
        std::vector<ViewCell> row{agg.label,
                                  ViewCell(),
                                  iteration ? str("all") : phaseName(agg.phase),
                                  static_cast<double>(agg.rank),
                                  agg.work.flops,
                                  agg.work.memoryBytes,
                                  agg.work.commBytes};
        appendMeasures(row, agg.planes, agg.bound, agg.measuredS, agg.error);
        row.push_back(str(iteration ? "iteration" : "phase"));
        table.rows.push_back(std::move(row));
    }

    table.notes.push_back(
        "Dataset '" + dataset.context.label + "', memory level " + str(toString(md.options.level)) +
        ", ceilings of " + md.ceilingsSource +
        (md.shownRank >= 0 ? ", rank " + std::to_string(md.shownRank) + " shown" : std::string()) +
        ".");
    const bool several = md.ranks.size() > 1;
    for (const auto& r : md.ranks)
        if (md.shownRank < 0 || r.rank == md.shownRank) {
            table.notes.push_back(rankLine(r, several));
            if (r.overlap)
                table.notes.push_back(overlapLine(r, several));
            if (r.iteration.unknownOps > 0)
                table.notes.push_back(unknownLine(r, several));
        }
    if (md.straggler)
        table.notes.push_back("Straggler: rank " + std::to_string(md.straggler->rank) +
                              ", measured " + formatSi(md.straggler->measuredS, Dimension::time) +
                              ", " + percent(md.straggler->slowerFraction) +
                              " slower than the median rank (" +
                              formatSi(md.straggler->medianS, Dimension::time) + ").");
    for (const auto& agg : md.aggregates)
        if (agg.kind == MdAggregateKind::iteration)
            table.notes.push_back(iterationLine(agg));
    table.notes.push_back(apbLine(md, dataset));
    // Unknown work is said per rank above; what else has no bound is said here.
    int missing = 0;
    std::string first;
    for (const auto& op : md.ops)
        if (!op.bound && !workUnknown(dataset.records[static_cast<std::size_t>(op.record)]) &&
            missing++ == 0)
            first = op.error;
    if (missing > 0)
        table.notes.push_back(std::to_string(missing) + " of " + std::to_string(md.ops.size()) +
                              " ops have no bound and are left out of the sums; first: " + first);
    return table;
}

} // namespace roofscope
