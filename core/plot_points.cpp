#include "core/plot_points.h"

#include "core/roofline.h"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iterator>
#include <limits>

namespace roofscope {
namespace {

constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();

bool contains(const std::vector<std::string>& list, const std::string& value) {
    return std::find(list.begin(), list.end(), value) != list.end();
}

PlotPoint fromRoofline(const OpRecord& record, RecordRef ref, const RooflinePoint& p) {
    PlotPoint point;
    point.ref = ref;
    point.level = p.level;
    point.intensity = p.intensity;
    point.achievedFlopsPerS = p.achievedFlopsPerS;
    point.flops = record.flops.value;
    point.bytes = record.bytesAt(p.level).value_or(kNaN);
    point.timeS = record.timeS.value;
    point.attainableFlopsPerS = p.attainableFlopsPerS;
    point.fractionOfRoof = p.fractionOfRoof;
    point.bottleneck = p.memoryBound ? Bottleneck::memory : Bottleneck::compute;
    point.aboveRoof = p.aboveRoof;
    return point;
}

// Where the plot puts a record it cannot bound: its own intensity and FLOP/s, no roof. A
// missing byte count makes the intensity infinite, which has no place on the plot.
std::optional<PlotPoint> unbounded(const OpRecord& record, RecordRef ref, MemoryLevel level) {
    if (!record.flops.known() || !record.timeS.known() || !(record.timeS.value > 0))
        return std::nullopt;
    PlotPoint point;
    point.ref = ref;
    point.level = level;
    point.bytes = record.bytesAt(level).value_or(kNaN);
    point.intensity = intensity(record.flops.value, record.bytesAt(level).value_or(0));
    point.flops = record.flops.value;
    point.timeS = record.timeS.value;
    point.achievedFlopsPerS = record.flops.value / record.timeS.value;
    point.attainableFlopsPerS = point.fractionOfRoof = kNaN;
    return point;
}

bool drawable(const PlotPoint& p) {
    return std::isfinite(p.intensity) && std::isfinite(p.achievedFlopsPerS) && p.intensity > 0 &&
           p.achievedFlopsPerS > 0;
}

} // namespace

bool isRooflineView(ViewKind view) {
    return view == ViewKind::roofline || view == ViewKind::hierarchical;
}

std::size_t recordPlotPoints(const OpRecord& record, RecordRef ref, const Device* device,
                             const ViewSettings& view, std::vector<PlotPoint>& out) {
    const std::size_t first = out.size();
    // Neither a bounded nor an unbounded point without these; asked first, as most records of
    // a trace without shapes lack them and rooflinePoint would word an error for each.
    if (!record.flops.known() || !record.timeS.known() || !(record.timeS.value > 0))
        return 0;
    // The point at the view's level is the one the classic roofline draws, bounded or not; the
    // hierarchical view adds the record's other levels the device knows.
    if (device)
        if (const auto p = rooflinePoint(record, device->ceilings, view.memoryLevel))
            out.push_back(fromRoofline(record, ref, p.value()));
    if (out.size() == first)
        if (const auto p = unbounded(record, ref, view.memoryLevel))
            out.push_back(*p);
    if (device && view.view == ViewKind::hierarchical && out.size() > first) {
        for (const auto& p : hierarchicalPoints(record, device->ceilings))
            if (p.level != view.memoryLevel)
                out.push_back(fromRoofline(record, ref, p));
        std::stable_sort(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                         [](const PlotPoint& a, const PlotPoint& b) { return a.level < b.level; });
    }
    const auto kept = std::remove_if(out.begin() + static_cast<std::ptrdiff_t>(first), out.end(),
                                     [](const PlotPoint& p) { return !drawable(p); });
    out.erase(kept, out.end());
    return out.size() - first;
}

std::string_view undrawableReason(const OpRecord& record, MemoryLevel level) {
    if (!record.timeS.known() || !(record.timeS.value > 0))
        return "no measured time";
    if (!record.flops.known() || !(record.flops.value > 0)) {
        if (record.category == Category::memcpy)
            return "no FLOPs: copy";
        if (record.collective || record.category == Category::collective)
            return "no FLOPs: communication";
        if (record.category == Category::memory)
            return "no FLOPs: data movement";
        if (record.flops.known()) {
            for (const auto& [at, bytes] : record.bytes)
                if (bytes.known() && bytes.value > 0)
                    return "no FLOPs: moves data only";
            return "no FLOPs";
        }
        return record.flopsNote.empty() ? std::string_view("no FLOP count") : record.flopsNote;
    }
    static const std::string noBytes[] = {"no bytes at l1", "no bytes at l2", "no bytes at l3",
                                          "no bytes at dram", "no bytes at host"};
    const auto at = static_cast<std::size_t>(level);
    return at < std::size(noBytes) ? std::string_view(noBytes[at]) : "no bytes at its level";
}

void countShown(PlotLeftOut& out, const OpRecord& record, std::optional<std::string_view> reason) {
    const double s = record.timeS.known() && record.timeS.value > 0 ? record.timeS.value : 0;
    ++out.records;
    out.totalS += s;
    if (!reason)
        return;
    auto it = std::find_if(out.reasons.begin(), out.reasons.end(),
                           [&](const LeftOut& l) { return l.reason == *reason; });
    if (it == out.reasons.end())
        it = out.reasons.insert(out.reasons.end(), LeftOut{std::string(*reason), 0, 0});
    ++it->records;
    it->timeS += s;
}

void mergeLeftOut(PlotLeftOut& out, const PlotLeftOut& other) {
    out.records += other.records;
    out.totalS += other.totalS;
    for (const auto& l : other.reasons) {
        auto it = std::find_if(out.reasons.begin(), out.reasons.end(),
                               [&](const LeftOut& o) { return o.reason == l.reason; });
        if (it == out.reasons.end())
            out.reasons.push_back(l);
        else {
            it->records += l.records;
            it->timeS += l.timeS;
        }
    }
}

std::vector<std::string> leftOutParts(const PlotLeftOut& leftOut) {
    int records = 0;
    double s = 0;
    for (const auto& l : leftOut.reasons) {
        records += l.records;
        s += l.timeS;
    }
    if (records == 0)
        return {};
    auto percent = [&](double part) {
        char text[32];
        const double p = leftOut.totalS > 0 ? part / leftOut.totalS * 100 : 0;
        if (p > 0 && p < 0.05)
            return std::string("<0.1 %");
        std::snprintf(text, sizeof text, p > 0 && p < 1 ? "%.1f %%" : "%.0f %%", p);
        return std::string(text);
    };
    std::vector<LeftOut> reasons = leftOut.reasons;
    std::stable_sort(reasons.begin(), reasons.end(), [](const LeftOut& a, const LeftOut& b) {
        return a.timeS != b.timeS ? a.timeS > b.timeS : a.records > b.records;
    });
    std::string head =
        std::to_string(records) + " of " + std::to_string(leftOut.records) + " records";
    if (leftOut.totalS > 0)
        head += " (" + percent(s) + " of the measured time)";
    std::vector<std::string> parts{head + " not drawn:"};
    for (const LeftOut& l : reasons) {
        std::string part =
            l.reason + " (" + std::to_string(l.records) + (l.records == 1 ? " record" : " records");
        if (leftOut.totalS > 0)
            part += ", " + percent(l.timeS);
        parts.push_back(part + ")");
    }
    return parts;
}

std::string leftOutText(const PlotLeftOut& leftOut) {
    const std::vector<std::string> parts = leftOutParts(leftOut);
    if (parts.empty())
        return {};
    std::string text = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i)
        text += (i == 1 ? " " : ", ") + parts[i];
    return text + ".";
}

PlotPoints plotPoints(const Session& session) {
    PlotPoints out;
    const ViewSettings& view = session.view;
    for (const auto& device : session.devices)
        if (view.shownDevices.empty() || contains(view.shownDevices, device.id))
            out.deviceIds.push_back(device.id);
    std::size_t records = 0;
    for (const auto& dataset : session.datasets)
        records += dataset.records.size();
    out.points.reserve(records);
    for (std::size_t d = 0; d < session.datasets.size(); ++d) {
        const Dataset& dataset = session.datasets[d];
        if (contains(view.hiddenDatasets, dataset.context.label))
            continue;
        const Device* device = session.findDevice(dataset.context.deviceId);
        bool bounded = false;
        for (std::size_t r = 0; r < dataset.records.size(); ++r) {
            const std::size_t first = out.points.size();
            const RecordRef ref{static_cast<int>(d), static_cast<int>(r)};
            if (recordPlotPoints(dataset.records[r], ref, device, view, out.points) == 0) {
                ++out.undrawable;
                countShown(out.leftOut, dataset.records[r],
                           undrawableReason(dataset.records[r], view.memoryLevel));
                continue;
            }
            countShown(out.leftOut, dataset.records[r], std::nullopt);
            bounded = bounded || !std::isnan(out.points[first].attainableFlopsPerS);
        }
        if (bounded && !contains(out.deviceIds, device->id))
            out.deviceIds.push_back(device->id);
    }
    return out;
}

} // namespace roofscope
