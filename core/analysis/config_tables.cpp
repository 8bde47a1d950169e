// The matrix and cost views' tables: configurations (model × device × stack) as mean ± error over
// their repeats, and what an iteration costs.
#include "core/analysis/compare_tables.h"

#include <cmath>
#include <cstdio>
#include <set>

namespace roofscope {
namespace {

ViewCell number(double v) {
    return std::isnan(v) ? ViewCell{} : ViewCell{v};
}

std::string deviceName(const Session& session, const std::string& id) {
    const Device* device = session.findDevice(id);
    return device ? device->name : id;
}

std::string datasetLabels(const Session& session, const Configuration& k) {
    std::string out;
    for (const int d : k.datasets)
        out +=
            (out.empty() ? "" : "; ") + session.datasets[static_cast<std::size_t>(d)].context.label;
    return out;
}

// The columns naming a configuration, shared by both tables.
std::vector<ViewColumn> keyColumns() {
    return {{"model", "Model", ""},        {"device", "Device id", ""},
            {"device_name", "Device", ""}, {"stack", "Software stack", ""},
            {"world_size", "Devices", ""}, {"repeats", "Repeats", ""}};
}

std::vector<ViewCell> keyCells(const Session& session, const Configuration& k) {
    return {k.model,
            k.deviceId,
            deviceName(session, k.deviceId),
            k.stack,
            static_cast<double>(k.worldSize),
            static_cast<double>(k.n)};
}

} // namespace

std::string configurationLabel(const Session& session, const Configuration& k) {
    std::string device = deviceName(session, k.deviceId);
    if (device.empty())
        device = "unknown device";
    if (k.worldSize > 1)
        device += " × " + std::to_string(k.worldSize);
    return device + " · " + (k.stack.empty() ? std::string("no stack") : k.stack);
}

ViewTable matrixTable(const Session& session) {
    return matrixTable(session, repeatStats(session));
}

ViewTable matrixTable(const Session& session, const RepeatStats& stats) {
    ViewTable t;
    t.schema = "roofscope.matrix/1";
    t.columns = keyColumns();
    t.columns.insert(t.columns.end(), {{"mean_s", "Mean iteration", "s"},
                                       {"stddev_s", "Std. deviation", "s"},
                                       {"stderr_s", "Std. error", "s"},
                                       {"few_repeats", "Fewer than 3 repeats", ""},
                                       {"untimed", "Untimed runs", ""},
                                       {"datasets", "Datasets", ""}});
    std::string few;
    int untimed = 0;
    for (const auto& k : stats.configurations) {
        auto row = keyCells(session, k);
        row.insert(row.end(), {number(k.meanS), number(k.stddevS), number(k.stderrS),
                               std::string(k.fewRepeats ? "yes" : "no"),
                               static_cast<double>(k.untimed), datasetLabels(session, k)});
        t.rows.push_back(std::move(row));
        if (k.fewRepeats)
            few += (few.empty() ? "" : "; ") + (k.model.empty() ? "" : k.model + ": ") +
                   configurationLabel(session, k) + " (n = " + std::to_string(k.n) + ")";
        untimed += k.untimed;
    }
    if (stats.configurations.empty())
        t.notes.push_back("No datasets to group into configurations.");
    t.notes.push_back("Mean ± standard error of the iteration time over the repeats of each "
                      "configuration (model × device × software stack); the iteration time of a "
                      "run is its slowest rank's summed op time.");
    if (!few.empty())
        t.notes.push_back("Fewer than " + std::to_string(kRecommendedRepeats) +
                          " repeats (Bykov et al. recommend at least 3): " + few + ".");
    if (untimed > 0)
        t.notes.push_back(std::to_string(untimed) +
                          " dataset(s) have no timed records and are not counted as repeats.");
    return t;
}

ViewTable costTable(const Session& session) {
    return costTable(session, repeatStats(session));
}

ViewTable costTable(const Session& session, const RepeatStats& stats) {
    ViewTable t;
    t.schema = "roofscope.cost/1";
    t.columns = keyColumns();
    t.columns.insert(t.columns.end(), {{"mean_s", "Mean iteration", "s"},
                                       {"price_per_hour", "Price per device-hour", ""},
                                       {"cost_per_iteration", "Cost per iteration", ""},
                                       {"pareto", "On the Pareto front", ""}});
    const std::set<int> front(stats.paretoFront.begin(), stats.paretoFront.end());
    std::set<std::string> unpriced;
    for (std::size_t i = 0; i < stats.configurations.size(); ++i) {
        const Configuration& k = stats.configurations[i];
        auto row = keyCells(session, k);
        row.insert(row.end(),
                   {number(k.meanS), k.pricePerHour ? ViewCell{*k.pricePerHour} : ViewCell{},
                    number(k.costPerIteration),
                    std::string(front.contains(static_cast<int>(i)) ? "yes" : "no")});
        t.rows.push_back(std::move(row));
        if (!k.pricePerHour)
            unpriced.insert(deviceName(session, k.deviceId));
    }
    t.notes.push_back("Cost per iteration = price per device-hour × devices × mean iteration "
                      "time / 3600 s.");
    if (!stats.paretoFront.empty()) {
        std::string names;
        for (const int i : stats.paretoFront)
            names += (names.empty() ? "" : "; ") +
                     configurationLabel(session, stats.configurations[static_cast<std::size_t>(i)]);
        t.notes.push_back("Pareto front (no configuration is both faster and cheaper): " + names +
                          ".");
    }
    // A default price names what it is, so that a reader can check it or set their own.
    std::set<std::string> defaults;
    for (const Configuration& k : stats.configurations)
        if (k.priceSystem && k.pricePerHour) {
            const System& sys = *k.priceSystem;
            char price[32];
            std::snprintf(price, sizeof price, "%.2f", *k.pricePerHour);
            defaults.insert(deviceName(session, k.deviceId) + ": USD " + price + " per GPU-hour, " +
                            sys.name + " on demand (" +
                            (sys.price->region.empty() ? "" : sys.price->region + ", ") +
                            sys.price->date + ", " + sys.price->sourceUrl + ")");
        }
    if (!defaults.empty()) {
        std::string list;
        for (const auto& d : defaults)
            list += (list.empty() ? "" : "; ") + d;
        t.notes.push_back("Default prices from the systems catalog, the cheapest listed instance "
                          "unless Run Details names the system: " +
                          list + ". Set your own under Prices (they are then in your currency).");
    }
    if (!unpriced.empty()) {
        std::string names;
        for (const auto& n : unpriced)
            names += (names.empty() ? "" : ", ") + n;
        t.notes.push_back("No price per device-hour for " + names + ": no cost shown.");
    }
    return t;
}

} // namespace roofscope
