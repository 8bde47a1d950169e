#include "core/analysis/comparison.h"

#include "core/roofline.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <set>

namespace roofscope {
namespace {

bool isHidden(const ViewSettings& view, const Dataset& dataset) {
    const auto& hidden = view.hiddenDatasets;
    return std::find(hidden.begin(), hidden.end(), dataset.context.label) != hidden.end();
}

int byLabel(const Session& session, const std::string& label) {
    for (std::size_t i = 0; i < session.datasets.size(); ++i)
        if (session.datasets[i].context.label == label)
            return static_cast<int>(i);
    return -1;
}

// The first shown dataset other than `other`.
int firstShown(const Session& session, int other) {
    for (std::size_t i = 0; i < session.datasets.size(); ++i)
        if (static_cast<int>(i) != other && !isHidden(session.view, session.datasets[i]))
            return static_cast<int>(i);
    return -1;
}

// Where the record sits at `seconds`; nullopt when that is off a log-log FLOP/s plot.
std::optional<ComparisonPoint> pointOf(const OpRecord& r, RecordRef ref, MemoryLevel level,
                                       double seconds) {
    if (!r.flops.known() || !(seconds > 0))
        return std::nullopt;
    const double x = intensity(r.flops.value, r.bytesAt(level).value_or(0));
    const double y = r.flops.value / seconds;
    if (!std::isfinite(x) || !std::isfinite(y) || x <= 0 || y <= 0)
        return std::nullopt;
    return ComparisonPoint{ref, x, y, seconds};
}

std::optional<ComparisonPoint> measuredPoint(const Session& s, int dataset, int record) {
    const OpRecord& r =
        s.datasets[static_cast<std::size_t>(dataset)].records[static_cast<std::size_t>(record)];
    if (!hasUsableTime(r))
        return std::nullopt;
    return pointOf(r, {dataset, record}, s.view.memoryLevel, r.timeS.value);
}

void labelLargest(ComparisonPlot& plot) {
    std::vector<int> order(plot.arrows.size());
    for (std::size_t i = 0; i < order.size(); ++i)
        order[i] = static_cast<int>(i);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
        return std::fabs(plot.arrows[static_cast<std::size_t>(x)].impact) >
               std::fabs(plot.arrows[static_cast<std::size_t>(y)].impact);
    });
    order.resize(std::min<std::size_t>(order.size(), kLabelledArrows));
    plot.labelled = std::move(order);
}

} // namespace

MdOptions mdOptionsOf(const ViewSettings& view) {
    return MdOptions{view.memoryLevel, view.link};
}

Result<ComparisonPair> resolveComparison(const Session& session) {
    const ViewSettings& view = session.view;
    ComparisonPair pair;
    if (!view.compare.projectDevice.empty()) {
        for (std::size_t i = 0; i < session.devices.size(); ++i)
            if (session.devices[i].id == view.compare.projectDevice)
                pair.projectDevice = static_cast<int>(i);
        if (pair.projectDevice < 0)
            return makeError("cannot project onto '" + view.compare.projectDevice +
                             "': the session has no such device");
    }
    if (session.datasets.empty())
        return makeError(pair.projection() ? "the projection needs a dataset"
                                           : "the comparison needs two datasets");
    if (!view.compare.baseline.empty()) {
        pair.baseline = byLabel(session, view.compare.baseline);
        if (pair.baseline < 0)
            return makeError("no dataset is labelled '" + view.compare.baseline + "' (run A)");
    } else {
        pair.baseline = firstShown(session, -1);
        if (pair.baseline < 0)
            return makeError("every dataset is hidden: show one to compare");
    }
    if (pair.projection())
        return pair;
    if (!view.compare.target.empty()) {
        pair.target = byLabel(session, view.compare.target);
        if (pair.target < 0)
            return makeError("no dataset is labelled '" + view.compare.target + "' (run B)");
        if (pair.target == pair.baseline)
            return makeError("run A and run B are the same dataset '" + view.compare.target +
                             "': pick another run B");
    } else {
        pair.target = firstShown(session, pair.baseline);
        if (pair.target < 0)
            return makeError(session.datasets.size() < 2
                                 ? "the comparison needs two datasets"
                                 : "the comparison needs two shown datasets");
    }
    return pair;
}

namespace {

void setPrecisions(ComparisonPlot& plot, const Session& session) {
    std::set<Precision> used;
    for (const auto* points : {&plot.pointsA, &plot.pointsB})
        for (const ComparisonPoint& p : *points)
            used.insert(session.datasets[static_cast<std::size_t>(p.ref.dataset)]
                            .records[static_cast<std::size_t>(p.ref.record)]
                            .precision);
    if (used.empty())
        used.insert(session.view.precision);
    plot.precisions.assign(used.begin(), used.end());
}

} // namespace

Result<ComparisonPlot> comparisonPlot(const Session& session) {
    ROOFSCOPE_TRY(resolved, resolveComparison(session));
    ComparisonPlot plot;
    plot.pair = resolved.value();
    const int a = plot.pair.baseline;
    const Dataset& runA = session.datasets[static_cast<std::size_t>(a)];
    for (std::size_t i = 0; i < runA.records.size(); ++i) {
        if (auto p = measuredPoint(session, a, static_cast<int>(i)))
            plot.pointsA.push_back(*p);
        else
            ++plot.undrawable;
    }

    if (plot.pair.projection()) {
        const Device& device = session.devices[static_cast<std::size_t>(plot.pair.projectDevice)];
        const ArchProjection projection = projectDataset(runA, device, mdOptionsOf(session.view));
        for (const auto& op : projection.ops) {
            const OpRecord& r = runA.records[static_cast<std::size_t>(op.record)];
            const auto to = pointOf(r, {a, op.record}, session.view.memoryLevel, op.predictedS);
            if (!to) {
                ++plot.undrawable;
                continue;
            }
            plot.pointsB.push_back(*to);
            const auto from = measuredPoint(session, a, op.record);
            if (!from)
                continue;
            const double delta = op.predictedS - op.measuredS;
            plot.arrows.push_back({*from, *to, op.predictedS / op.measuredS - 1,
                                   projection.measured.seconds > 0
                                       ? delta / projection.measured.seconds
                                       : std::nan("")});
        }
        labelLargest(plot);
        setPrecisions(plot, session);
        return plot;
    }

    const int b = plot.pair.target;
    const Dataset& runB = session.datasets[static_cast<std::size_t>(b)];
    for (std::size_t j = 0; j < runB.records.size(); ++j) {
        if (auto p = measuredPoint(session, b, static_cast<int>(j)))
            plot.pointsB.push_back(*p);
        else
            ++plot.undrawable;
    }
    const RunDiff diff = runDiff(runA, runB);
    for (const auto& row : diff.rows) {
        if (!row.tier)
            continue;
        const auto from = measuredPoint(session, a, *row.a);
        const auto to = measuredPoint(session, b, *row.b);
        if (from && to)
            plot.arrows.push_back({*from, *to, row.change, row.impact});
    }
    labelLargest(plot);
    setPrecisions(plot, session);
    return plot;
}

} // namespace roofscope
