#include "core/import/kineto/kineto_segment_merge.h"

namespace roofscope::detail {

void SegmentMerger::append(TraceEvents& whole, TraceEvents& part, const SkipCounts& skips) {
    strings_.resize(part.strings.size());
    for (std::uint32_t i = 0; i < part.strings.size(); ++i)
        strings_[i] = whole.strings.intern(part.strings.text(i));
    shapes_.resize(part.shapes.size());
    for (std::size_t i = 0; i < part.shapes.size(); ++i) {
        OpShapes& s = part.shapes[i];
        key_.assign(s.dims).append(1, '\x1f').append(s.types).append(1, '\x1f').append(s.concrete);
        const std::uint32_t key = shapeKeys_.intern(key_);
        if (key == shapeOfKey_.size()) {
            whole.shapes.push_back(std::move(s));
            shapeOfKey_.push_back(static_cast<std::uint32_t>(whole.shapes.size() - 1));
        }
        shapes_[i] = shapeOfKey_[key];
    }
    const auto collectiveBase = static_cast<std::uint32_t>(whole.collectives.size());
    for (auto& c : part.collectives)
        whole.collectives.push_back(std::move(c));

    const auto str = [&](std::uint32_t id) { return id == kNoIndex ? id : strings_[id]; };
    const auto coll = [&](std::uint32_t id) { return id == kNoIndex ? id : id + collectiveBase; };
    for (CpuEvent c : part.cpu) {
        c.name = str(c.name);
        c.thread = str(c.thread);
        c.shapes = c.shapes == kNoIndex ? kNoIndex : shapes_[c.shapes];
        c.collective = coll(c.collective);
        whole.cpu.push_back(c);
    }
    for (GpuEvent g : part.gpu) {
        g.name = str(g.name);
        g.collective = coll(g.collective);
        whole.gpu.push_back(g);
    }
    for (RuntimeEvent r : part.runtime) {
        r.name = str(r.name);
        r.thread = str(r.thread);
        whole.runtime.push_back(r);
    }
    for (CounterRange r : part.counters) {
        r.name = str(r.name);
        whole.counters.push_back(r);
    }
    whole.eventsSeen += part.eventsSeen;
    skipped_.addLater(skips);

    part.strings = StringTable();
    part.cpu.clear();
    part.gpu.clear();
    part.runtime.clear();
    part.counters.clear();
    part.shapes.clear();
    part.collectives.clear();
    part.eventsSeen = 0;
}

} // namespace roofscope::detail
