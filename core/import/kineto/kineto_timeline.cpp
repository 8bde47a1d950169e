#include "core/import/kineto/kineto_timeline.h"

#include "core/kernel_name.h"
#include "core/plot_points.h"
#include "core/units.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <map>
#include <set>
#include <tuple>

namespace roofscope {
namespace {

GpuLane kindOf(const LaunchRecord& r, const std::string& name) {
    if (r.category == Category::collective)
        return GpuLane::communication;
    // Memsets are their op's device work, as in the step breakdown (steps.h); the launch keeps no
    // event kind, but Kineto names them "Memset (Device)".
    if (r.category == Category::memcpy && name.find("emset") == std::string::npos)
        return GpuLane::memcpy;
    return GpuLane::compute;
}

// Length of the union of `spans` (sorted by start) within [a, b].
double coveredWithin(std::vector<std::pair<double, double>>& spans, double a, double b) {
    std::sort(spans.begin(), spans.end());
    double covered = 0, reach = a;
    for (const auto& [s, e] : spans) {
        const double from = std::max(s, reach), to = std::min(e, b);
        if (to > from) {
            covered += to - from;
            reach = to;
        }
    }
    return covered;
}

std::string percent(double share) {
    return std::to_string(static_cast<int>(std::lround(100 * share))) + " %";
}

} // namespace

LaunchRecords launchRecords(const MultiRankTrace& trace, Grouping grouping) {
    LaunchRecords out;
    out.grouping = grouping;
    for (const LoadedTrace& rank : trace.ranks) {
        std::vector<std::uint32_t> of = recordOfLaunches(rank.analysis.launches, grouping);
        std::uint32_t groups = 0;
        for (std::uint32_t& r : of) {
            groups = std::max(groups, r + 1);
            r += static_cast<std::uint32_t>(out.records);
        }
        out.records += groups;
        out.ofRank.push_back(std::move(of));
    }
    return out;
}

std::vector<std::string> timelineSteps(const MultiRankTrace& trace) {
    std::vector<const LoadedTrace*> ranks;
    for (const LoadedTrace& r : trace.ranks)
        ranks.push_back(&r);
    std::stable_sort(ranks.begin(), ranks.end(), [](const LoadedTrace* a, const LoadedTrace* b) {
        return a->analysis.context.rank < b->analysis.context.rank;
    });
    std::vector<std::string> out;
    std::set<std::string> seen;
    for (const LoadedTrace* r : ranks)
        for (const Step& s : r->analysis.steps)
            if (s.launches > 0 && seen.insert(s.name).second)
                out.push_back(s.name);
    return out;
}

StepTimeline stepTimeline(const MultiRankTrace& trace, const LaunchRecords& records,
                          std::string_view step) {
    StepTimeline out;
    out.step = std::string(step);
    if (records.ofRank.size() != trace.ranks.size())
        return out;
    struct Raw {
        TimelineLane lane;
        std::int64_t startNs, endNs;
        int record;
        GpuLane kind;
    };
    std::vector<Raw> raw;
    std::map<int, std::int64_t> originOfRank; // first start of the step per rank
    for (std::size_t r = 0; r < trace.ranks.size(); ++r) {
        const KinetoAnalysis& a = trace.ranks[r].analysis;
        const std::vector<std::uint32_t>& of = records.ofRank[r];
        if (of.size() != a.launches.size())
            return {};
        int stepIndex = -1;
        for (std::size_t s = 0; s < a.steps.size(); ++s)
            if (a.steps[s].name == step)
                stepIndex = static_cast<int>(s);
        if (stepIndex < 0)
            continue;
        std::int64_t origin = std::numeric_limits<std::int64_t>::max();
        for (std::size_t k = 0; k < a.launches.size(); ++k) {
            const Launch& l = a.launches[k];
            if (l.step != stepIndex || !l.record.timeS.known())
                continue;
            raw.push_back({{a.context.rank, l.device, l.record.stream},
                           l.tsNs,
                           l.tsNs + std::max<std::int64_t>(l.durNs, 0),
                           static_cast<int>(of[k]),
                           kindOf(l.record, l.name.str())});
            origin = std::min(origin, l.tsNs);
        }
        if (origin != std::numeric_limits<std::int64_t>::max()) {
            auto [it, inserted] = originOfRank.try_emplace(a.context.rank, origin);
            if (!inserted) // two files of one rank: one clock, the earlier start
                it->second = std::min(it->second, origin);
        }
    }
    const auto laneKey = [](const TimelineLane& l) {
        return std::tuple(l.rank, l.device, l.stream);
    };
    std::sort(raw.begin(), raw.end(), [&](const Raw& a, const Raw& b) {
        return std::tuple(laneKey(a.lane), a.startNs, a.endNs) <
               std::tuple(laneKey(b.lane), b.startNs, b.endNs);
    });
    out.slices.reserve(raw.size());
    for (const Raw& r : raw) {
        if (out.lanes.empty() || !(out.lanes.back() == r.lane)) {
            out.lanes.push_back(r.lane);
            out.longestS.push_back(0);
        }
        const std::int64_t origin = originOfRank.at(r.lane.rank);
        TimelineSlice s;
        s.startS = static_cast<double>(r.startNs - origin) * 1e-9;
        s.endS = static_cast<double>(r.endNs - origin) * 1e-9;
        s.lane = static_cast<int>(out.lanes.size()) - 1;
        s.record = r.record;
        s.kind = r.kind;
        out.longestS.back() = std::max(out.longestS.back(), s.endS - s.startS);
        out.spanS = std::max(out.spanS, s.endS);
        out.slices.push_back(s);
    }
    return out;
}

std::optional<std::size_t> sliceAt(const StepTimeline& timeline, int lane, double timeS,
                                   double toleranceS) {
    if (lane < 0 || lane >= static_cast<int>(timeline.lanes.size()))
        return std::nullopt;
    const auto& slices = timeline.slices;
    const auto laneBegin =
        std::lower_bound(slices.begin(), slices.end(), lane,
                         [](const TimelineSlice& s, int l) { return s.lane < l; });
    const auto laneEnd = std::upper_bound(laneBegin, slices.end(), lane,
                                          [](int l, const TimelineSlice& s) { return l < s.lane; });
    // Slices starting after timeS + tolerance are out of reach; of those before, only the ones
    // that started within the lane's longest slice can still reach timeS.
    auto it = std::upper_bound(laneBegin, laneEnd, timeS + toleranceS,
                               [](double t, const TimelineSlice& s) { return t < s.startS; });
    const double lookBack = timeS - toleranceS - timeline.longestS[static_cast<std::size_t>(lane)];
    std::optional<std::size_t> best;
    double bestDistance = 0, bestLength = 0;
    while (it != laneBegin) {
        --it;
        if (it->startS < lookBack)
            break;
        const double distance =
            timeS < it->startS ? it->startS - timeS : (timeS > it->endS ? timeS - it->endS : 0);
        const double length = it->endS - it->startS;
        if (distance > toleranceS)
            continue;
        // The nearest; of slices that both hold timeS, the shorter (drawn on top).
        if (!best || distance < bestDistance || (distance == bestDistance && length < bestLength)) {
            best = static_cast<std::size_t>(it - slices.begin());
            bestDistance = distance;
            bestLength = length;
        }
    }
    return best;
}

std::vector<std::size_t> slicesOfRecord(const StepTimeline& timeline, int record) {
    std::vector<std::size_t> out;
    for (std::size_t i = 0; i < timeline.slices.size(); ++i)
        if (timeline.slices[i].record == record)
            out.push_back(i);
    return out;
}

std::string laneText(const StepTimeline& timeline, int lane) {
    if (lane < 0 || lane >= static_cast<int>(timeline.lanes.size()))
        return {};
    const TimelineLane& l = timeline.lanes[static_cast<std::size_t>(lane)];
    bool severalRanks = false;
    for (const TimelineLane& other : timeline.lanes)
        severalRanks = severalRanks || other.rank != l.rank;
    std::string out;
    if (severalRanks)
        out = "rank " + std::to_string(l.rank) + " \u00b7 ";
    out += l.device >= 0 ? "GPU " + std::to_string(l.device) : std::string("GPU ?");
    out += l.stream >= 0 ? " \u00b7 stream " + std::to_string(l.stream) : " \u00b7 stream ?";
    return out;
}

std::string recordText(const OpRecord& record) {
    return recordLabel(record) + " (" + std::string(toString(record.category)) + ")";
}

BesideShares besideShares(const StepTimeline& timeline, std::size_t slice) {
    BesideShares out;
    if (slice >= timeline.slices.size())
        return out;
    const TimelineSlice& s = timeline.slices[slice];
    const double length = s.endS - s.startS;
    if (length <= 0)
        return out;
    const int rank = timeline.lanes[static_cast<std::size_t>(s.lane)].rank;
    std::vector<std::pair<double, double>> byKind[3];
    // Slices are by lane, then start: on each other lane of the rank, only those starting after
    // s's start less that lane's longest slice can reach into s.
    const auto& all = timeline.slices;
    for (std::size_t lane = 0; lane < timeline.lanes.size(); ++lane) {
        if (static_cast<int>(lane) == s.lane || timeline.lanes[lane].rank != rank)
            continue;
        const int l = static_cast<int>(lane);
        const double from = s.startS - timeline.longestS[lane];
        auto it = std::lower_bound(all.begin(), all.end(), std::pair(l, from),
                                   [](const TimelineSlice& a, const std::pair<int, double>& key) {
                                       return std::pair(a.lane, a.startS) < key;
                                   });
        for (; it != all.end() && it->lane == l && it->startS < s.endS; ++it)
            if (it->endS > s.startS)
                byKind[static_cast<int>(it->kind)].emplace_back(it->startS, it->endS);
    }
    out.compute = coveredWithin(byKind[0], s.startS, s.endS) / length;
    out.communication = coveredWithin(byKind[1], s.startS, s.endS) / length;
    out.copies = coveredWithin(byKind[2], s.startS, s.endS) / length;
    return out;
}

std::string describeSlice(const StepTimeline& timeline, std::size_t slice, std::string_view what) {
    if (slice >= timeline.slices.size())
        return {};
    const TimelineSlice& s = timeline.slices[slice];
    std::string out = what.empty() ? std::string() : std::string(what) + "\n";
    const double length = s.endS - s.startS;
    out += formatSi(length, Dimension::time) + " at +" + formatSi(s.startS, Dimension::time) +
           " in " + timeline.step + ", " + laneText(timeline, s.lane) + "\n";
    if (length <= 0)
        return out + "no length to overlap";
    const BesideShares b = besideShares(timeline, slice);
    if (b.compute == 0 && b.communication == 0 && b.copies == 0)
        return out + "nothing else ran beside it on its rank";
    return out + "beside it on other streams: compute " + percent(b.compute) +
           " of its time, communication " + percent(b.communication) + ", copies " +
           percent(b.copies);
}

Bottleneck recordBottleneck(const OpRecord& record, const Device* device,
                            const ViewSettings& view) {
    std::vector<PlotPoint> points;
    if (recordPlotPoints(record, RecordRef{}, device, view, points) > 0) {
        for (const PlotPoint& p : points)
            if (p.level == view.memoryLevel)
                return p.bottleneck;
        return points.front().bottleneck;
    }
    switch (record.category) {
    case Category::collective:
        return Bottleneck::communication;
    case Category::memcpy:
    case Category::memory:
        return Bottleneck::memory;
    default:
        return Bottleneck::none;
    }
}

} // namespace roofscope
