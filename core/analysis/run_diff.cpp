#include "core/analysis/run_diff.h"

#include "core/one_iteration.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>

namespace roofscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

double timeOf(const std::vector<OpRecord>& records, std::optional<int> index) {
    if (!index)
        return 0; // the op is not there: it takes no time in that run
    const OpRecord& r = records[static_cast<std::size_t>(*index)];
    if (r.outsideSteps)
        return 0; // not part of the iteration
    return hasUsableTime(r) ? r.timeS.value : kNaN;
}

} // namespace

bool hasUsableTime(const OpRecord& record) {
    return record.timeS.known() && std::isfinite(record.timeS.value) && record.timeS.value >= 0;
}

IterationTime iterationTime(const Dataset& dataset) {
    IterationTime it;
    std::map<int, double> byRank;
    for (const auto& r : dataset.records) {
        if (r.outsideSteps)
            continue;
        if (!hasUsableTime(r)) {
            ++it.untimed;
            continue;
        }
        ++it.timed;
        it.estimated += r.timeS.origin == Origin::estimated ? 1 : 0;
        byRank[r.rank] += r.timeS.value;
    }
    it.ranks = static_cast<int>(byRank.size());
    for (auto& [rank, seconds] : byRank)
        seconds /= static_cast<double>(dataset.iterations());
    for (const auto& [rank, seconds] : byRank)
        if (seconds > it.seconds || it.seconds == 0) {
            it.seconds = seconds;
            it.slowestRank = rank;
        }
    return it;
}

RunDiff runDiff(const Dataset& sumA, const Dataset& sumB) {
    const Dataset a = oneIteration(sumA), b = oneIteration(sumB);
    RunDiff diff;
    diff.iterationA = iterationTime(a);
    diff.iterationB = iterationTime(b);
    const OpMatch match = matchOps(a.records, b.records);
    const double base = diff.iterationA.seconds;

    auto addRow = [&](std::optional<int> ia, std::optional<int> ib, std::optional<MatchTier> tier) {
        DiffRow row{ia, ib, tier, kNaN, kNaN, kNaN, kNaN, kNaN};
        const double ta = timeOf(a.records, ia), tb = timeOf(b.records, ib);
        row.timeAS = ia ? ta : kNaN;
        row.timeBS = ib ? tb : kNaN;
        row.deltaS = tb - ta; // NaN propagates from a side without a usable time
        if (ia && ta > 0)
            row.change = row.deltaS / ta;
        if (base > 0)
            row.impact = row.deltaS / base;
        diff.rows.push_back(row);
    };
    for (const auto& pair : match.pairs) {
        addRow(pair.a, pair.b, pair.tier);
        ++diff.pairsByTier[static_cast<int>(pair.tier)];
        if (std::isnan(diff.rows.back().deltaS))
            ++diff.untimedPairs;
    }
    for (const int i : match.onlyA)
        addRow(i, std::nullopt, std::nullopt);
    for (const int j : match.onlyB)
        addRow(std::nullopt, j, std::nullopt);
    diff.onlyA = static_cast<int>(match.onlyA.size());
    diff.onlyB = static_cast<int>(match.onlyB.size());

    std::stable_sort(diff.rows.begin(), diff.rows.end(), [](const DiffRow& x, const DiffRow& y) {
        const bool xKnown = !std::isnan(x.deltaS), yKnown = !std::isnan(y.deltaS);
        if (xKnown != yKnown)
            return xKnown;
        return xKnown && std::fabs(x.deltaS) > std::fabs(y.deltaS);
    });
    return diff;
}

} // namespace roofscope
