// Linking GPU events to the ops that launched them, and nesting CPU ranges by time.
//
// Nesting is one sort and one sweep with a stack per group (thread, or device for
// gpuAnnotations): ranges in order of start, longer first on equal starts; a range is enclosed by
// the innermost range on the stack that ends no earlier than it does. Query points (a runtime
// event's start, a kernel's start) ride in the same sweep after the ranges that start with them.

#include "core/import/kineto/id_index.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <cstdint>
#include <thread>

namespace roofscope::kineto {
namespace {

// A range (dur >= 0) or query point (dur -1) of the sweep, made from its event when asked for:
// a copy of a million of them, 24 bytes each, took longer to fill (its fresh pages) than the
// sweep took to run.
struct Item {
    std::int64_t ts;
    std::int64_t dur; // -1 for a query point
    std::uint32_t group;
    std::uint32_t index;
};

// Within a group: by start, longer first on equal starts, points (-1) after every range
// starting with them; a total order, as indices differ within ranges and within points.
bool before(const Item& a, const Item& b) {
    if (a.ts != b.ts)
        return a.ts < b.ts;
    if (a.dur != b.dur)
        return a.dur > b.dur;
    return a.index < b.index;
}

// The sweep of one group's items in order: fills parent[index] for ranges and
// enclosing[index] for points (each kNoIndex when nothing encloses them). A range that only
// overlaps the one on the stack is not its child; the stack stays a chain of enclosing ranges
// because such a range is popped before the newcomer is pushed.
class GroupSweep {
  public:
    GroupSweep(std::vector<std::uint32_t>& parent, std::vector<std::uint32_t>& enclosing)
        : parent_(parent), enclosing_(enclosing) {}
    void startGroup() { stack_.clear(); }
    void visit(const Item& item) {
        const std::int64_t end = item.ts + std::max<std::int64_t>(item.dur, 0);
        while (!stack_.empty() && stack_.back().end < end)
            stack_.pop_back();
        const std::uint32_t inner = stack_.empty() ? kNoIndex : stack_.back().index;
        if (item.dur < 0) {
            enclosing_[item.index] = inner;
        } else {
            parent_[item.index] = inner;
            stack_.push_back({end, item.index});
        }
    }

  private:
    struct Open {
        std::int64_t end;
        std::uint32_t index;
    };
    std::vector<std::uint32_t>& parent_;
    std::vector<std::uint32_t>& enclosing_;
    std::vector<Open> stack_;
};

// Visits `items` in the order (group, before), kNoIndex's group last. They arrive as two runs,
// the ranges then the query points, each in the trace's order, which on one thread is already by
// start but for a handful of events: so their positions are dealt out to their groups (a
// counting sort, stable), each group's two runs sorted only if they are not already, and merged
// as they are swept. The order is std::sort's, in linear time for a trace in order (a full sort
// of a million items was a fifth of the analysis), and only positions are moved: 4 bytes each.
// `item(k)` for k in [0, count): the ranges first (k < ranges), then the query points.
template <class ItemAt>
void sweep(std::size_t count, std::size_t ranges, ItemAt item, std::vector<std::uint32_t>& parent,
           std::vector<std::uint32_t>& enclosing) {
    GroupSweep groupSweep(parent, enclosing);
    std::uint32_t groups = 0;
    for (std::size_t k = 0; k < count; ++k) {
        const std::uint32_t group = item(k).group;
        groups = std::max(groups, group == kNoIndex ? 0 : group + 1);
    }
    // Group ids are string ids or device numbers, a few per item at most; a file whose device
    // numbers run into the billions gets a plain sort instead of a table that large.
    if (groups > 4 * count + 1024) {
        std::vector<Item> items(count);
        for (std::size_t k = 0; k < count; ++k)
            items[k] = item(k);
        std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
            return a.group != b.group ? a.group < b.group : before(a, b);
        });
        for (std::size_t i = 0; i < items.size(); ++i) {
            if (i == 0 || items[i].group != items[i - 1].group)
                groupSweep.startGroup();
            groupSweep.visit(items[i]);
        }
        return;
    }
    const auto slot = [&](std::size_t k) {
        const std::uint32_t group = item(k).group;
        return group == kNoIndex ? groups : group;
    };
    // Offsets of each (group, run) in the dealt-out order: group by group, ranges then points.
    std::vector<std::size_t> start(2 * (std::size_t(groups) + 1) + 1, 0);
    for (std::size_t i = 0; i < count; ++i)
        ++start[2 * std::size_t(slot(i)) + (i < ranges ? 0 : 1) + 1];
    for (std::size_t k = 1; k < start.size(); ++k)
        start[k] += start[k - 1];
    std::vector<std::uint32_t> order(count);
    {
        std::vector<std::size_t> next(start.begin(), start.end() - 1);
        for (std::size_t i = 0; i < count; ++i)
            order[next[2 * std::size_t(slot(i)) + (i < ranges ? 0 : 1)]++] =
                static_cast<std::uint32_t>(i);
    }
    const auto byItem = [&](std::uint32_t a, std::uint32_t b) { return before(item(a), item(b)); };
    for (std::size_t g = 0; g <= groups; ++g) {
        const auto a = order.begin() + std::ptrdiff_t(start[2 * g]);
        const auto m = order.begin() + std::ptrdiff_t(start[2 * g + 1]);
        const auto b = order.begin() + std::ptrdiff_t(start[2 * g + 2]);
        if (a == b)
            continue;
        if (!std::is_sorted(a, m, byItem))
            std::sort(a, m, byItem);
        if (!std::is_sorted(m, b, byItem))
            std::sort(m, b, byItem);
        // std::merge's order: on a tie (none: the order is total) the range first.
        groupSweep.startGroup();
        auto i = a, j = m;
        while (i != m || j != b)
            groupSweep.visit(item(j == b || (i != m && !byItem(*j, *i)) ? *i++ : *j++));
    }
}

// The innermost op among `index` and the ranges enclosing it.
std::uint32_t nearestOp(const TraceEvents& events, const std::vector<std::uint32_t>& parent,
                        std::uint32_t index) {
    while (index != kNoIndex && events.cpu[index].kind != CpuEventKind::op)
        index = parent[index];
    return index;
}

} // namespace

Links linkEvents(const TraceEvents& events) {
    const auto& cpu = events.cpu;
    const auto& gpu = events.gpu;
    Links links;
    links.parent.assign(cpu.size(), kNoIndex);
    links.op.assign(gpu.size(), kNoIndex);
    links.anchor.assign(gpu.size(), kNoIndex);
    links.gpuAnnotation.assign(gpu.size(), kNoIndex);
    links.runtime.assign(gpu.size(), kNoIndex);

    // CPU ranges per thread, with the start of every runtime event as a query point: sorted and
    // swept on a thread of its own while the id maps are built here (it writes only the parents
    // of non-gpuAnnotation events and runtimeEnclosing).
    std::vector<std::uint32_t> runtimeEnclosing(events.runtime.size(), kNoIndex);
    std::thread cpuSweep([&] {
        // The ranges: every CPU event but the gpuAnnotations, which are swept by device below.
        std::vector<std::uint32_t> ranges;
        ranges.reserve(cpu.size());
        for (std::uint32_t i = 0; i < cpu.size(); ++i)
            if (cpu[i].kind != CpuEventKind::gpuAnnotation)
                ranges.push_back(i);
        const auto item = [&](std::size_t k) -> Item {
            if (k < ranges.size()) {
                const CpuEvent& c = cpu[ranges[k]];
                return {c.tsNs, c.durNs, c.thread, ranges[k]};
            }
            const auto r = static_cast<std::uint32_t>(k - ranges.size());
            return {events.runtime[r].tsNs, -1, events.runtime[r].thread, r};
        };
        sweep(ranges.size() + events.runtime.size(), ranges.size(), item, links.parent,
              runtimeEnclosing);
    });

    // External id -> op. Should two ops share an id, the later-starting (inner) one wins, as the
    // launch happened in the innermost op.
    // Both kinds of id run in sequence in a profiler's output: their range is what sizes the
    // tables (id_index.h).
    std::int64_t lowestOp = INT64_MAX, highestOp = -1;
    for (const CpuEvent& e : cpu)
        if (e.kind == CpuEventKind::op && e.externalId >= 0) {
            lowestOp = std::min(lowestOp, e.externalId);
            highestOp = std::max(highestOp, e.externalId);
        }
    IdIndex opByExternalId(cpu.size(), lowestOp, highestOp);
    for (std::uint32_t i = 0; i < cpu.size(); ++i) {
        const CpuEvent& e = cpu[i];
        if (e.kind != CpuEventKind::op || e.externalId < 0)
            continue;
        std::uint32_t& held = opByExternalId.slot(e.externalId);
        if (held == kNoIndex || e.tsNs > cpu[held].tsNs ||
            (e.tsNs == cpu[held].tsNs && e.durNs < cpu[held].durNs))
            held = i;
    }
    std::int64_t lowestCorrelation = INT64_MAX, highestCorrelation = -1;
    for (const RuntimeEvent& r : events.runtime)
        if (r.correlation >= 0) {
            lowestCorrelation = std::min(lowestCorrelation, r.correlation);
            highestCorrelation = std::max(highestCorrelation, r.correlation);
        }
    IdIndex runtimeByCorrelation(events.runtime.size(), lowestCorrelation, highestCorrelation);
    for (std::uint32_t i = 0; i < events.runtime.size(); ++i)
        if (events.runtime[i].correlation >= 0)
            if (std::uint32_t& held = runtimeByCorrelation.slot(events.runtime[i].correlation);
                held == kNoIndex)
                held = i;

    // gpuAnnotations per device, with the start of every GPU event as a query point.
    std::vector<std::uint32_t> annotations;
    for (std::uint32_t i = 0; i < cpu.size(); ++i)
        if (cpu[i].kind == CpuEventKind::gpuAnnotation)
            annotations.push_back(i);
    if (!annotations.empty()) {
        const auto item = [&](std::size_t k) -> Item {
            if (k < annotations.size()) {
                const CpuEvent& c = cpu[annotations[k]];
                return {c.tsNs, c.durNs, static_cast<std::uint32_t>(c.device), annotations[k]};
            }
            const auto g = static_cast<std::uint32_t>(k - annotations.size());
            return {gpu[g].tsNs, -1, static_cast<std::uint32_t>(gpu[g].device), g};
        };
        sweep(annotations.size() + gpu.size(), annotations.size(), item, links.parent,
              links.gpuAnnotation);
    }
    // What needs none of the CPU sweep is linked while it runs: each GPU event's runtime event,
    // and the op its External id (or its runtime event's) names, which is every kernel of a
    // trace that records them. The rest wait for the sweep: the op around their launch.
    std::vector<std::uint32_t> byEnclosing;
    for (std::uint32_t i = 0; i < gpu.size(); ++i) {
        const GpuEvent& g = gpu[i];
        if (g.correlation >= 0)
            links.runtime[i] = runtimeByCorrelation.find(g.correlation);
        if (g.externalId >= 0)
            if (const std::uint32_t op = opByExternalId.find(g.externalId); op != kNoIndex) {
                links.op[i] = links.anchor[i] = op;
                continue;
            }
        if (links.runtime[i] == kNoIndex)
            continue;
        const RuntimeEvent& r = events.runtime[links.runtime[i]];
        if (r.externalId >= 0)
            if (const std::uint32_t op = opByExternalId.find(r.externalId); op != kNoIndex) {
                links.op[i] = links.anchor[i] = op;
                continue;
            }
        byEnclosing.push_back(i);
    }
    cpuSweep.join();
    for (const std::uint32_t i : byEnclosing) {
        links.anchor[i] = runtimeEnclosing[links.runtime[i]];
        links.op[i] = nearestOp(events, links.parent, links.anchor[i]);
    }
    return links;
}

} // namespace roofscope::kineto
