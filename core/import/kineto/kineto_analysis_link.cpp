// Linking GPU events to the ops that launched them, and nesting CPU ranges by time.
//
// Nesting is one sort and one sweep with a stack per group (thread, or device for
// gpuAnnotations): ranges in order of start, longer first on equal starts; a range is enclosed by
// the innermost range on the stack that ends no earlier than it does. Query points (a runtime
// event's start, a kernel's start) ride in the same sweep after the ranges that start with them.

#include "core/import/kineto/id_index.h"
#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <thread>

namespace roofscope::kineto {
namespace {

struct Item {
    std::uint32_t group;
    std::int64_t ts;
    std::int64_t dur; // -1 for a query point
    std::uint32_t index;
};

// Fills parent[index] for ranges and enclosing[index] for points (each kNoIndex when nothing
// encloses them). A range that only overlaps the one on the stack is not its child; the stack
// stays a chain of enclosing ranges because such a range is popped before the newcomer is pushed.
// Within a group: by start, longer first on equal starts, points (-1) after every range
// starting with them; a total order, as indices differ within ranges and within points.
bool before(const Item& a, const Item& b) {
    if (a.ts != b.ts)
        return a.ts < b.ts;
    if (a.dur != b.dur)
        return a.dur > b.dur;
    return a.index < b.index;
}

// Sorts `items` by (group, before). They arrive as two runs, the ranges then the query points,
// each in the trace's order, which on one thread is already by start but for a handful of
// events: so the items are dealt out to their groups (a counting sort, stable), each group's two
// runs sorted only if they are not already, then merged. The result is std::sort's, in linear
// time for a trace in order (a full sort of a million items was a fifth of the analysis).
void sortItems(std::vector<Item>& items, std::size_t ranges) {
    std::uint32_t groups = 0;
    for (const Item& item : items)
        groups = std::max(groups, item.group == kNoIndex ? 0 : item.group + 1);
    // Group ids are string ids or device numbers, a few per item at most; a file whose device
    // numbers run into the billions gets a plain sort instead of a table that large.
    if (groups > 4 * items.size() + 1024) {
        std::sort(items.begin(), items.end(), [](const Item& a, const Item& b) {
            return a.group != b.group ? a.group < b.group : before(a, b);
        });
        return;
    }
    // kNoIndex (no thread) sorts last, as in a plain sort by group.
    const auto slot = [&](const Item& item) {
        return item.group == kNoIndex ? groups : item.group;
    };
    // Offsets of each (group, run) in the dealt-out order: group by group, ranges then points.
    std::vector<std::size_t> start(2 * (std::size_t(groups) + 1) + 1, 0);
    for (std::size_t i = 0; i < items.size(); ++i)
        ++start[2 * std::size_t(slot(items[i])) + (i < ranges ? 0 : 1) + 1];
    for (std::size_t k = 1; k < start.size(); ++k)
        start[k] += start[k - 1];
    std::vector<Item> dealt(items.size());
    std::vector<std::size_t> next(start.begin(), start.end() - 1);
    for (std::size_t i = 0; i < items.size(); ++i)
        dealt[next[2 * std::size_t(slot(items[i])) + (i < ranges ? 0 : 1)]++] = items[i];
    for (std::size_t g = 0; g <= groups; ++g) {
        const auto a = dealt.begin() + std::ptrdiff_t(start[2 * g]);
        const auto m = dealt.begin() + std::ptrdiff_t(start[2 * g + 1]);
        const auto b = dealt.begin() + std::ptrdiff_t(start[2 * g + 2]);
        if (!std::is_sorted(a, m, before))
            std::sort(a, m, before);
        if (!std::is_sorted(m, b, before))
            std::sort(m, b, before);
        std::merge(a, m, m, b, items.begin() + (a - dealt.begin()), before);
    }
}

void sweep(std::vector<Item>& items, std::size_t ranges, std::vector<std::uint32_t>& parent,
           std::vector<std::uint32_t>& enclosing) {
    sortItems(items, ranges);
    struct Open {
        std::int64_t end;
        std::uint32_t index;
    };
    std::vector<Open> stack;
    std::uint32_t group = kNoIndex;
    for (const Item& item : items) {
        if (item.group != group) {
            stack.clear();
            group = item.group;
        }
        const std::int64_t end = item.ts + std::max<std::int64_t>(item.dur, 0);
        while (!stack.empty() && stack.back().end < end)
            stack.pop_back();
        const std::uint32_t inner = stack.empty() ? kNoIndex : stack.back().index;
        if (item.dur < 0) {
            enclosing[item.index] = inner;
        } else {
            parent[item.index] = inner;
            stack.push_back({end, item.index});
        }
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
        std::vector<Item> items;
        items.reserve(cpu.size() + events.runtime.size());
        for (std::uint32_t i = 0; i < cpu.size(); ++i)
            if (cpu[i].kind != CpuEventKind::gpuAnnotation)
                items.push_back({cpu[i].thread, cpu[i].tsNs, cpu[i].durNs, i});
        const std::size_t ranges = items.size();
        for (std::uint32_t i = 0; i < events.runtime.size(); ++i)
            items.push_back({events.runtime[i].thread, events.runtime[i].tsNs, -1, i});
        sweep(items, ranges, links.parent, runtimeEnclosing);
    });

    // External id -> op. Should two ops share an id, the later-starting (inner) one wins, as the
    // launch happened in the innermost op.
    IdIndex opByExternalId(cpu.size());
    for (std::uint32_t i = 0; i < cpu.size(); ++i) {
        const CpuEvent& e = cpu[i];
        if (e.kind != CpuEventKind::op || e.externalId < 0)
            continue;
        std::uint32_t& held = opByExternalId.slot(e.externalId);
        if (held == kNoIndex || e.tsNs > cpu[held].tsNs ||
            (e.tsNs == cpu[held].tsNs && e.durNs < cpu[held].durNs))
            held = i;
    }
    IdIndex runtimeByCorrelation(events.runtime.size());
    for (std::uint32_t i = 0; i < events.runtime.size(); ++i)
        if (events.runtime[i].correlation >= 0)
            if (std::uint32_t& held = runtimeByCorrelation.slot(events.runtime[i].correlation);
                held == kNoIndex)
                held = i;

    // gpuAnnotations per device, with the start of every GPU event as a query point.
    std::vector<Item> items;
    for (std::uint32_t i = 0; i < cpu.size(); ++i)
        if (cpu[i].kind == CpuEventKind::gpuAnnotation)
            items.push_back(
                {static_cast<std::uint32_t>(cpu[i].device), cpu[i].tsNs, cpu[i].durNs, i});
    if (!items.empty()) {
        const std::size_t ranges = items.size();
        for (std::uint32_t i = 0; i < gpu.size(); ++i)
            items.push_back({static_cast<std::uint32_t>(gpu[i].device), gpu[i].tsNs, -1, i});
        sweep(items, ranges, links.parent, links.gpuAnnotation);
    }
    cpuSweep.join();

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
        links.anchor[i] = runtimeEnclosing[links.runtime[i]];
        links.op[i] = nearestOp(events, links.parent, links.anchor[i]);
    }
    return links;
}

} // namespace roofscope::kineto
