#include "core/import/kineto/timeline_table.h"

#include "core/kernel_name.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <map>

namespace roofscope {

std::map<std::string, double> timelineStepSpans(const MultiRankTrace& trace) {
    const LoadedTrace* lowest = nullptr;
    for (const LoadedTrace& r : trace.ranks)
        if (!lowest || r.analysis.context.rank < lowest->analysis.context.rank)
            lowest = &r;
    std::map<std::string, double> span;
    if (lowest)
        for (const Step& s : lowest->analysis.steps)
            if (s.complete)
                span[s.name] = s.gpu.spanS;
    return span;
}

std::string typicalTimelineStep(const MultiRankTrace& trace) {
    return typicalTimelineStep(timelineSteps(trace), timelineStepSpans(trace));
}

std::string typicalTimelineStep(const std::vector<std::string>& names,
                                const std::map<std::string, double>& span) {
    if (names.empty())
        return {};
    if (span.empty())
        return names.front();
    double sum = 0;
    for (const auto& [name, seconds] : span)
        sum += seconds;
    const double mean = sum / static_cast<double>(span.size());
    std::string typical = names.front();
    double nearest = -1;
    for (const std::string& name : names)
        if (const auto it = span.find(name); it != span.end()) {
            const double d = std::abs(it->second - mean);
            if (nearest < 0 || d < nearest) {
                nearest = d;
                typical = name;
            }
        }
    return typical;
}

std::vector<int> timelineKeys(const StepTimeline& timeline, const Dataset& dataset,
                              const Device* device, const ViewSettings& view,
                              TimelineColoring coloring) {
    // A record launches many times in a step: its key is found once.
    std::map<int, int> keyOf;
    std::vector<int> keys;
    keys.reserve(timeline.slices.size());
    for (const TimelineSlice& s : timeline.slices) {
        auto it = keyOf.find(s.record);
        if (it == keyOf.end()) {
            int key = -1;
            if (s.record >= 0 && static_cast<std::size_t>(s.record) < dataset.records.size()) {
                const OpRecord& r = dataset.records[static_cast<std::size_t>(s.record)];
                key = coloring == TimelineColoring::bottleneck
                          ? static_cast<int>(recordBottleneck(r, device, view))
                          : static_cast<int>(r.category);
            }
            it = keyOf.emplace(s.record, key).first;
        }
        keys.push_back(it->second);
    }
    return keys;
}

std::vector<TimelineKeyTime> timelineKeyTimes(const StepTimeline& timeline,
                                              const std::vector<int>& keys) {
    std::map<int, double> time;
    for (std::size_t i = 0; i < timeline.slices.size() && i < keys.size(); ++i)
        time[keys[i]] += timeline.slices[i].endS - timeline.slices[i].startS;
    std::vector<TimelineKeyTime> out;
    for (const auto& [key, seconds] : time)
        out.push_back({key, seconds});
    std::stable_sort(
        out.begin(), out.end(),
        [](const TimelineKeyTime& a, const TimelineKeyTime& b) { return a.seconds > b.seconds; });
    return out;
}

std::string timelineKeyName(int key, TimelineColoring coloring) {
    if (key < 0)
        return "unknown";
    if (coloring == TimelineColoring::bottleneck &&
        static_cast<Bottleneck>(key) == Bottleneck::none)
        return "no bound"; // as the MD chart's key says it
    return std::string(coloring == TimelineColoring::bottleneck
                           ? toString(static_cast<Bottleneck>(key))
                           : toString(static_cast<Category>(key)));
}

namespace {

// The trace's clock ticks in nanoseconds: a time rounded to them prints as it was recorded
// ("3.552e-06", not "3.5519999999999823e-06" from the difference of two offsets).
double toNs(double seconds) {
    return std::round(seconds * 1e9) / 1e9;
}

} // namespace

ViewTable timelineTable(const StepTimeline& timeline, const Dataset& dataset, const Device* device,
                        const ViewSettings& view) {
    ViewTable t;
    t.schema = "roofscope.timeline/1";
    t.columns = {{"lane", "Lane", ""},
                 {"rank", "Rank", ""},
                 {"gpu", "GPU", ""},
                 {"stream", "Stream", ""},
                 {"start_s", "Start", "s"},
                 {"duration_s", "Duration", "s"},
                 {"record", "Record", ""},
                 {"category", "Category", ""},
                 {"bottleneck", "Bottleneck", ""},
                 {"beside_compute_pct", "Compute beside", "%"},
                 {"beside_communication_pct", "Communication beside", "%"},
                 {"beside_copies_pct", "Copies beside", "%"}};
    const std::vector<int> categories =
        timelineKeys(timeline, dataset, device, view, TimelineColoring::category);
    const std::vector<int> bottlenecks =
        timelineKeys(timeline, dataset, device, view, TimelineColoring::bottleneck);
    const auto id = [](int v) { return v >= 0 ? ViewCell{double(v)} : ViewCell{}; };
    t.rows.reserve(timeline.slices.size());
    for (std::size_t i = 0; i < timeline.slices.size(); ++i) {
        const TimelineSlice& s = timeline.slices[i];
        const TimelineLane& lane = timeline.lanes[static_cast<std::size_t>(s.lane)];
        const bool known =
            s.record >= 0 && static_cast<std::size_t>(s.record) < dataset.records.size();
        const BesideShares b = besideShares(timeline, i);
        t.rows.push_back(
            {laneText(timeline, s.lane), double(lane.rank), id(lane.device), id(lane.stream),
             toNs(s.startS), toNs(s.endS - s.startS),
             known ? ViewCell{recordLabel(dataset.records[static_cast<std::size_t>(s.record)])}
                   : ViewCell{},
             timelineKeyName(categories[i], TimelineColoring::category),
             bottlenecks[i] < 0
                 ? ViewCell{}
                 : ViewCell{std::string(toString(static_cast<Bottleneck>(bottlenecks[i])))},
             100 * b.compute, 100 * b.communication, 100 * b.copies});
    }
    std::map<int, int> lanesOfRank;
    for (const TimelineLane& l : timeline.lanes)
        ++lanesOfRank[l.rank];
    t.notes.push_back(
        timeline.step + " of '" + dataset.context.label +
        "': " + std::to_string(timeline.slices.size()) + " launches on " +
        std::to_string(timeline.lanes.size()) + (timeline.lanes.size() == 1 ? " lane" : " lanes") +
        (lanesOfRank.size() > 1 ? " of " + std::to_string(lanesOfRank.size()) + " ranks"
                                : std::string()) +
        ", span " + formatSi(timeline.spanS, Dimension::time));
    std::string byCategory = "launch time by category:";
    bool first = true;
    for (const TimelineKeyTime& k : timelineKeyTimes(timeline, categories)) {
        byCategory += (first ? " " : ", ") + timelineKeyName(k.key, TimelineColoring::category) +
                      " " + formatSi(k.seconds, Dimension::time);
        first = false;
    }
    if (!timeline.slices.empty())
        t.notes.push_back(byCategory);
    return t;
}

} // namespace roofscope
