#include "core/analysis/repeat_stats.h"

#include "core/analysis/run_diff.h"
#include "core/stack_text.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>
#include <tuple>

namespace roofscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool isHidden(const Session& session, const Dataset& dataset) {
    const auto& hidden = session.view.hiddenDatasets;
    return std::find(hidden.begin(), hidden.end(), dataset.context.label) != hidden.end();
}

} // namespace

SampleStats sampleStats(const std::vector<double>& values) {
    SampleStats s;
    s.n = static_cast<int>(values.size());
    s.mean = s.stddev = s.stderror = kNaN;
    if (s.n == 0)
        return s;
    s.mean = std::accumulate(values.begin(), values.end(), 0.0) / s.n;
    if (s.n < 2)
        return s;
    double squares = 0;
    for (const double v : values)
        squares += (v - s.mean) * (v - s.mean);
    s.stddev = std::sqrt(squares / (s.n - 1));
    s.stderror = s.stddev / std::sqrt(static_cast<double>(s.n));
    return s;
}

std::vector<int> paretoFront(const std::vector<std::pair<double, double>>& timeCost) {
    std::vector<int> order;
    for (std::size_t i = 0; i < timeCost.size(); ++i)
        if (!std::isnan(timeCost[i].first) && !std::isnan(timeCost[i].second))
            order.push_back(static_cast<int>(i));
    std::stable_sort(order.begin(), order.end(),
                     [&](int x, int y) { return timeCost[x] < timeCost[y]; });
    // Swept by time: a point is on the front when it is cheaper than everything faster (or as
    // fast), or equal to the last point taken.
    std::vector<int> front;
    double cheapest = std::numeric_limits<double>::infinity();
    for (const int i : order) {
        const auto& p = timeCost[static_cast<std::size_t>(i)];
        if (p.second < cheapest) {
            front.push_back(i);
            cheapest = p.second;
        } else if (!front.empty() && timeCost[static_cast<std::size_t>(front.back())] == p) {
            front.push_back(i);
        }
    }
    return front;
}

RepeatStats repeatStats(const Session& session) {
    RepeatStats out;
    std::vector<std::string> models; // in order of first appearance
    for (std::size_t d = 0; d < session.datasets.size(); ++d) {
        const Dataset& dataset = session.datasets[d];
        if (isHidden(session, dataset))
            continue;
        const DatasetContext& c = dataset.context;
        const std::string stack = describeStack(c.stack);
        auto it = std::find_if(out.configurations.begin(), out.configurations.end(),
                               [&](const Configuration& k) {
                                   return std::tie(k.model, k.deviceId, k.stack, k.worldSize) ==
                                          std::tie(c.model, c.deviceId, stack, c.worldSize);
                               });
        if (it == out.configurations.end()) {
            Configuration k;
            k.model = c.model;
            k.deviceId = c.deviceId;
            k.stack = stack;
            k.worldSize = c.worldSize;
            out.configurations.push_back(std::move(k));
            it = std::prev(out.configurations.end());
            if (std::find(models.begin(), models.end(), c.model) == models.end())
                models.push_back(c.model);
        }
        it->datasets.push_back(static_cast<int>(d));
        const IterationTime t = iterationTime(dataset);
        if (t.timed > 0)
            it->iterationS.push_back(t.seconds);
        else
            ++it->untimed;
    }
    const auto modelRank = [&](const Configuration& k) {
        return std::find(models.begin(), models.end(), k.model) - models.begin();
    };
    std::stable_sort(out.configurations.begin(), out.configurations.end(),
                     [&](const Configuration& x, const Configuration& y) {
                         return modelRank(x) < modelRank(y);
                     });

    std::vector<std::pair<double, double>> timeCost;
    for (auto& k : out.configurations) {
        const SampleStats s = sampleStats(k.iterationS);
        k.n = s.n;
        k.meanS = s.mean;
        k.stddevS = s.stddev;
        k.stderrS = s.stderror;
        k.fewRepeats = k.n < kRecommendedRepeats;
        k.costPerIteration = kNaN;
        if (const auto price = session.pricesPerHour.find(k.deviceId);
            price != session.pricesPerHour.end()) {
            k.pricePerHour = price->second;
        } else if (const Device* device = session.findDevice(k.deviceId)) {
            if (const auto d = defaultGpuHour(builtinSystems(), *device)) {
                k.pricePerHour = d->usdPerGpuHour;
                k.priceSystem = d->system;
            }
        }
        if (k.pricePerHour)
            k.costPerIteration = *k.pricePerHour * std::max(k.worldSize, 1) * k.meanS / 3600.0;
        timeCost.emplace_back(k.meanS, k.costPerIteration);
    }
    out.paretoFront = paretoFront(timeCost);
    return out;
}

} // namespace roofscope
