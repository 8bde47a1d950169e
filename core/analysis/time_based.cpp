#include "core/analysis/time_based.h"

#include "core/analysis/shown_dataset.h"
#include "core/kernel_name.h"
#include "core/md_roofline.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <set>

namespace roofscope {
namespace {

void leaveOut(TimeBasedPlot& plot, const std::string& reason) {
    for (auto& [r, n] : plot.leftOut)
        if (r == reason) {
            ++n;
            return;
        }
    plot.leftOut.emplace_back(reason, 1);
}

std::string percent(double fraction) {
    char text[32];
    std::snprintf(text, sizeof text, "%.1f %%", fraction * 100);
    return text;
}

} // namespace

TimeBasedPlot timeBasedPlot(const Session& session) {
    TimeBasedPlot plot;
    plot.dataset = shownDataset(session);
    if (plot.dataset < 0)
        return plot;
    const Dataset& d = session.datasets[static_cast<std::size_t>(plot.dataset)];
    const Device* device = session.findDevice(d.context.deviceId);
    if (device)
        plot.device = device->name;
    const MemoryLevel level = session.view.memoryLevel;
    MdOptions options;
    options.level = level;
    options.link = session.view.link;
    std::set<ComputeKey> keys;
    plot.floorS = std::numeric_limits<double>::infinity();
    for (std::size_t i = 0; i < d.records.size(); ++i) {
        const OpRecord& r = d.records[i];
        if (r.outsideSteps)
            continue;
        if (!r.timeS.known() || !(r.timeS.value > 0)) {
            leaveOut(plot, "no measured time");
            continue;
        }
        const double n = static_cast<double>(std::max<std::int64_t>(r.count, 1));
        TimePoint p;
        p.record = static_cast<int>(i);
        p.timeS = r.timeS.value / n;
        p.flops = r.flops.known() ? r.flops.value / n : 0;
        p.bytes = r.bytesAt(level).value_or(0) / n;
        if (p.flops <= 0 && p.bytes <= 0) {
            leaveOut(plot, r.collective || !r.commBytes.empty()
                               ? "communication: its time is bounded by a link, not by FLOPs or "
                                 "memory (the MD-Roofline view draws it)"
                               : "no FLOPs or bytes: " + unknownWorkReason(r));
            continue;
        }
        if (device) {
            if (const auto c = device->ceilings.computeFor(r.precision, r.usesTensorUnits);
                c && p.flops > 0) {
                p.computeS = p.flops / c->value;
                if (const auto key = device->ceilings.computeKeyFor(r.precision, r.usesTensorUnits))
                    keys.insert(*key);
            }
            if (const auto m = device->ceilings.memoryFor(level); m && p.bytes > 0)
                p.memoryS = p.bytes / m->value;
            if (const auto b = mdBoundFor(r, device->ceilings, options))
                p.bottleneck = b.value().bottleneck;
        }
        p.boundS = std::max(p.computeS, p.memoryS);
        plot.floorS = std::min(plot.floorS, p.timeS);
        plot.timedS += r.timeS.value;
        if (p.bottleneck == Bottleneck::latency) {
            ++plot.latencyBound;
            plot.latencyBoundS += r.timeS.value;
        }
        plot.points.push_back(p);
    }
    if (plot.points.empty())
        plot.floorS = 0;
    std::stable_sort(plot.points.begin(), plot.points.end(),
                     [&](const TimePoint& a, const TimePoint& b) {
                         return d.records[static_cast<std::size_t>(a.record)].timeS.value >
                                d.records[static_cast<std::size_t>(b.record)].timeS.value;
                     });
    if (device) {
        for (const ComputeKey& key : keys) {
            const Ceiling& c = device->ceilings.compute.at(key);
            plot.roofs.push_back({std::string(toString(key.precision)) + " " +
                                      std::string(toString(key.unit)) + " " +
                                      formatSi(c.value, Dimension::flopsPerS),
                                  c.value, true});
        }
        if (const auto m = device->ceilings.memoryFor(level))
            plot.roofs.push_back(
                {std::string(toString(level)) + " " + formatSi(m->value, Dimension::bytesPerS),
                 m->value, false});
    }
    return plot;
}

ViewTable timeBasedTable(const Session& session) {
    ViewTable t;
    t.schema = "roofscope.time_based/1";
    const TimeBasedPlot plot = timeBasedPlot(session);
    if (plot.dataset < 0)
        return t;
    t.columns = {{"name", "Op", ""},
                 {"category", "Category", ""},
                 {"count", "Launches", ""},
                 {"time_per_launch_s", "Time per launch", "s"},
                 {"flops_per_launch", "FLOPs per launch", "FLOP"},
                 {"bytes_per_launch", "Bytes per launch", "B"},
                 {"compute_s", "F / APF", "s"},
                 {"memory_s", "M / APM", "s"},
                 {"bound_s", "Bound", "s"},
                 {"over_bound", "Time / bound", "x"},
                 {"bottleneck", "Bottleneck", ""},
                 {"kernel", "Kernel", ""}};
    const Dataset& d = session.datasets[static_cast<std::size_t>(plot.dataset)];
    const auto cell = [](double v) { return v > 0 ? ViewCell{v} : ViewCell{}; };
    for (const TimePoint& p : plot.points) {
        const OpRecord& r = d.records[static_cast<std::size_t>(p.record)];
        t.rows.push_back({recordLabel(r), std::string(toString(r.category)),
                          static_cast<double>(r.count), p.timeS, cell(p.flops), cell(p.bytes),
                          cell(p.computeS), cell(p.memoryS), cell(p.boundS),
                          p.boundS > 0 ? ViewCell{p.timeS / p.boundS} : ViewCell{},
                          p.bottleneck == Bottleneck::none && plot.device.empty()
                              ? ViewCell{}
                              : ViewCell{std::string(toString(p.bottleneck))},
                          r.name});
    }
    t.notes.push_back("Dataset '" + d.context.label + "', memory level " +
                      std::string(toString(session.view.memoryLevel)) +
                      (plot.device.empty() ? ", no device: no roofs (choose one in Run Details "
                                             "or with --device)"
                                           : ", roofs of " + plot.device) +
                      ".");
    if (!plot.points.empty())
        t.notes.push_back("Floor: the run's shortest launch, " +
                          formatSi(plot.floorS, Dimension::time) +
                          ": what a launch costs at least, whatever its work.");
    if (plot.latencyBound > 0)
        t.notes.push_back(
            std::to_string(plot.latencyBound) + " op(s) are latency-bound (launches of at most " +
            formatSi(kLatencyBoundLaunchS, Dimension::time) + " under " +
            percent(kLatencyBoundEfficiency) +
            " of their roofs): " + formatSi(plot.latencyBoundS, Dimension::time) + ", " +
            percent(plot.timedS > 0 ? plot.latencyBoundS / plot.timedS : 0) +
            " of the drawn time; fewer, larger launches (fusion, CUDA graphs) cut it.");
    for (const auto& [reason, n] : plot.leftOut)
        t.notes.push_back("Not drawn: " + std::to_string(n) + " record(s), " + reason + ".");
    return t;
}

} // namespace roofscope
