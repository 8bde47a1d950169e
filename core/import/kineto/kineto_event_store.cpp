#include "core/import/kineto/kineto_event_store.h"

#include "core/estimate/op_estimate.h"

#include <charconv>

namespace roofscope::detail {

namespace {

// record_param_comms and the nccl:<collective> annotations: in traces without collective args
// their first tensor is the message; the c10d:: op around them has the output and input tensors
// whose ratio is an all-gather's group (kineto_analysis_comm_derive.cpp).
bool isCommRange(std::string_view name) {
    return name == "record_param_comms" || name.starts_with("nccl:") || name.starts_with("c10d::");
}

void idText(const TraceId& id, std::string& to) {
    if (id.numeric && id.text.empty()) {
        char digits[24];
        const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, id.number);
        to.append(digits, end);
    } else {
        to.append(id.text);
    }
}

} // namespace

EventStore::EventStore(TraceEvents& out, std::string fileName)
    : out_(out), fileName_(std::move(fileName)) {}

void EventStore::countSeen() {
    ++out_.eventsSeen;
}

void EventStore::skip(SkipReason why, std::uint64_t offset) {
    skipped.add(why, offset);
}

std::uint32_t EventStore::thread(const TraceId& pid, const TraceId& tid) {
    threadKey.clear();
    idText(pid, threadKey);
    const std::size_t pidLength = threadKey.size();
    idText(tid, threadKey);
    if (lastThread != kNoIndex && pidLength == lastPid.size() &&
        threadKey.size() - pidLength == lastTid.size() &&
        threadKey.compare(0, pidLength, lastPid) == 0 &&
        threadKey.compare(pidLength, std::string::npos, lastTid) == 0)
        return lastThread;
    lastPid.assign(threadKey, 0, pidLength);
    lastTid.assign(threadKey, pidLength);
    threadKey.insert(pidLength, 1, '/');
    lastThread = out_.strings.intern(threadKey);
    return lastThread;
}

std::uint32_t EventStore::shapesIndex(const ParsedArgs& a) {
    shapeKey.assign(a.dims).append(1, '\x1f').append(a.types).append(1, '\x1f').append(a.concrete);
    const std::uint32_t key = shapeKeys.intern(shapeKey);
    if (key < shapeOfKey.size())
        return shapeOfKey[key];
    out_.shapes.push_back({std::string(a.dims), std::string(a.types), std::string(a.concrete)});
    shapeOfKey.push_back(static_cast<std::uint32_t>(out_.shapes.size() - 1));
    return shapeOfKey.back();
}

bool EventStore::wantsShapes(std::uint32_t name) {
    if (name >= keepShapes.size())
        keepShapes.resize(name + 1, -1);
    if (keepShapes[name] < 0)
        keepShapes[name] =
            hasEstimator(out_.strings.text(name)) || isCommRange(out_.strings.text(name)) ? 1 : 0;
    return keepShapes[name] == 1;
}

std::uint32_t EventStore::collective(const ParsedArgs& a) {
    CollectiveArgs c;
    c.name = std::string(a.collectiveName);
    c.inNelems = a.inNelems;
    c.outNelems = a.outNelems;
    c.dtype = std::string(a.dtype);
    c.groupSize = a.groupSize > 0 && a.groupSize < (1 << 30) ? static_cast<int>(a.groupSize) : 0;
    c.processGroup = std::string(a.pgName.empty() ? a.pgDesc : a.pgName);
    out_.collectives.push_back(std::move(c));
    return static_cast<std::uint32_t>(out_.collectives.size() - 1);
}

void EventStore::store(const ParsedEvent& e, std::uint64_t offset) {
    // Only complete ('X') events are ranges; a missing ph with a dur is taken as one.
    const bool complete = e.ph == 'X' || (e.ph == 0 && e.durNs);
    if (!complete || e.cls == EventClass::ignored)
        return;
    if (e.badTime || !e.tsNs) {
        skip(SkipReason::badTime, offset);
        return;
    }
    const std::int64_t dur = e.durNs.value_or(0);
    if (dur < 0) {
        skip(SkipReason::negativeDuration, offset);
        return;
    }
    const std::uint32_t name = out_.strings.intern(e.name);
    const ParsedArgs& a = e.args;
    switch (e.cls) {
    case EventClass::cpuOp:
    case EventClass::annotation:
    case EventClass::gpuAnnotation: {
        CpuEvent c;
        c.kind = e.cls == EventClass::cpuOp        ? CpuEventKind::op
                 : e.cls == EventClass::annotation ? CpuEventKind::annotation
                                                   : CpuEventKind::gpuAnnotation;
        c.name = name;
        c.thread = thread(e.pid, e.tid);
        c.tsNs = *e.tsNs;
        c.durNs = dur;
        c.externalId = a.externalId;
        if (c.kind == CpuEventKind::gpuAnnotation) {
            c.device = e.pid.numeric ? static_cast<int>(e.pid.number) : -1;
            c.stream = e.tid.numeric ? static_cast<int>(e.tid.number) : -1;
        }
        if (!a.dims.empty() && wantsShapes(name))
            c.shapes = shapesIndex(a);
        if (a.hasCollective)
            c.collective = collective(a);
        out_.cpu.push_back(c);
        break;
    }
    case EventClass::kernel:
    case EventClass::memcpy:
    case EventClass::memset: {
        GpuEvent g;
        g.kind = e.cls == EventClass::kernel   ? GpuEventKind::kernel
                 : e.cls == EventClass::memcpy ? GpuEventKind::memcpy
                                               : GpuEventKind::memset;
        g.name = name;
        g.tsNs = *e.tsNs;
        g.durNs = dur;
        g.device = static_cast<int>(a.device >= 0 ? a.device : e.pid.numeric ? e.pid.number : -1);
        g.stream = static_cast<int>(a.stream >= 0 ? a.stream : e.tid.numeric ? e.tid.number : -1);
        g.externalId = a.externalId;
        g.correlation = a.correlation;
        g.bytes = a.bytes;
        if (a.hasCollective)
            g.collective = collective(a);
        out_.gpu.push_back(g);
        break;
    }
    case EventClass::runtime: {
        RuntimeEvent r;
        r.name = name;
        r.thread = thread(e.pid, e.tid);
        r.tsNs = *e.tsNs;
        r.durNs = dur;
        r.externalId = a.externalId;
        r.correlation = a.correlation;
        out_.runtime.push_back(r);
        break;
    }
    case EventClass::counters: {
        if (!a.hasCounters)
            return;
        CounterRange range;
        range.name = name;
        range.tsNs = *e.tsNs;
        range.durNs = dur;
        range.instructions = a.counters;
        out_.counters.push_back(range);
        break;
    }
    case EventClass::ignored:
        break;
    }
}

void EventStore::finish() {
    skipped.warn(fileName_, out_.warnings);
}

void SkipCounts::add(SkipReason why, std::uint64_t offset) {
    Kind& k = kinds[static_cast<std::size_t>(why)];
    if (k.count++ == 0)
        k.firstOffset = offset;
}

void SkipCounts::addLater(const SkipCounts& later) {
    for (std::size_t i = 0; i < kinds.size(); ++i) {
        if (kinds[i].count == 0)
            kinds[i].firstOffset = later.kinds[i].firstOffset;
        kinds[i].count += later.kinds[i].count;
    }
}

void SkipCounts::warn(const std::string& fileName, std::vector<std::string>& warnings) const {
    auto warn = [&](SkipReason why, const char* what) {
        const Kind& k = kinds[static_cast<std::size_t>(why)];
        if (k.count == 0)
            return;
        warnings.push_back(fileName + ": skipped " + std::to_string(k.count) + " event(s) " + what +
                           " (first at byte " + std::to_string(k.firstOffset) + ")");
    };
    warn(SkipReason::notObject, "that are not JSON objects");
    warn(SkipReason::badTime, "without a valid ts or dur");
    warn(SkipReason::negativeDuration, "with a negative dur");
    warn(SkipReason::badArgs, "with values of the wrong type, which were ignored");
}

} // namespace roofscope::detail
