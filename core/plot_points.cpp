#include "core/plot_points.h"

#include "core/roofline.h"

#include <algorithm>
#include <cmath>
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
                continue;
            }
            bounded = bounded || !std::isnan(out.points[first].attainableFlopsPerS);
        }
        if (bounded && !contains(out.deviceIds, device->id))
            out.deviceIds.push_back(device->id);
    }
    return out;
}

} // namespace roofscope
