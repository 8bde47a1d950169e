#include "core/import/kineto/kineto_batch_parser.h"

#include "core/estimate/op_estimate.h"
#include "core/import/kineto/kineto_event_keys.h"
#include "core/import/kineto/kineto_json_values.h"

#include <simdjson.h>

#include <charconv>
#include <cstring>
#include <string_view>
#include <vector>

namespace roofscope::detail {

namespace od = simdjson::ondemand;

namespace {

// record_param_comms and the nccl:<collective> annotations: in traces without collective args
// their first tensor is the message; the c10d:: op around them has the output and input tensors
// whose ratio is an all-gather's group (kineto_analysis_comm_derive.cpp).
bool isCommRange(std::string_view name) {
    return name == "record_param_comms" || name.starts_with("nccl:") || name.starts_with("c10d::");
}

struct Args {
    std::int64_t externalId = -1;
    std::int64_t correlation = -1;
    std::int64_t device = -1;
    std::int64_t stream = -1;
    std::int64_t bytes = -1;
    std::string_view dims, types, concrete; // raw JSON arrays
    bool hasCollective = false;
    std::string_view collectiveName, dtype, pgName, pgDesc;
    std::int64_t inNelems = 0, outNelems = 0, groupSize = 0;
    bool hasCounters = false; // then Impl::counters holds this event's instruction counts
};

struct Event {
    char ph = 0;
    EventClass cls = EventClass::ignored;
    bool hasCat = false;
    std::string_view name;
    Id pid, tid;
    std::optional<std::int64_t> tsNs, durNs;
    bool badTime = false;
    bool wrongType = false; // some value had the wrong type and was ignored
    Args args;
};

} // namespace

struct KinetoBatchParser::Impl {
    TraceEvents& out;
    std::string fileName;
    od::parser parser;
    std::vector<std::int8_t> keepShapes; // per name id: -1 unknown, 0 no, 1 yes
    std::string threadKey;
    // Consecutive events mostly come from the same thread: remember the last pid/tid's id.
    std::string lastPid, lastTid;
    std::uint32_t lastThread = kNoIndex;
    std::array<std::array<double, 3>, 3> counters{};
    std::uint64_t streamOffset = 0;
    const char* base = nullptr;

    struct Skipped {
        std::int64_t count = 0;
        std::uint64_t firstOffset = 0;
    };
    Skipped notObject, badTime, negativeDuration, badArgs; // badArgs: counted, not skipped

    Impl(TraceEvents& o, std::string f) : out(o), fileName(std::move(f)) {}

    void skip(Skipped& s, const char* where) {
        if (s.count++ == 0)
            s.firstOffset = streamOffset + static_cast<std::uint64_t>(where - base);
    }

    std::uint32_t thread(const Id& pid, const Id& tid) {
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
        lastThread = out.strings.intern(threadKey);
        return lastThread;
    }

    static void idText(const Id& id, std::string& to) {
        if (id.numeric && id.text.empty()) {
            char digits[24];
            const auto [end, ec] = std::to_chars(digits, digits + sizeof digits, id.number);
            to.append(digits, end);
        } else {
            to.append(id.text);
        }
    }

    StringTable shapeKeys;                 // dims \x1f types \x1f concrete
    std::vector<std::uint32_t> shapeOfKey; // shapeKeys id -> index into out.shapes
    std::string shapeKey;

    std::uint32_t shapesIndex(const Args& a) {
        shapeKey.assign(a.dims).append(1, '\x1f').append(a.types).append(1, '\x1f').append(
            a.concrete);
        const std::uint32_t key = shapeKeys.intern(shapeKey);
        if (key < shapeOfKey.size())
            return shapeOfKey[key];
        out.shapes.push_back({std::string(a.dims), std::string(a.types), std::string(a.concrete)});
        shapeOfKey.push_back(static_cast<std::uint32_t>(out.shapes.size() - 1));
        return shapeOfKey.back();
    }

    bool wantsShapes(std::uint32_t name) {
        if (name >= keepShapes.size())
            keepShapes.resize(name + 1, -1);
        if (keepShapes[name] < 0)
            keepShapes[name] =
                hasEstimator(out.strings.text(name)) || isCommRange(out.strings.text(name)) ? 1 : 0;
        return keepShapes[name] == 1;
    }

    std::uint32_t collective(const Args& a) {
        CollectiveArgs c;
        c.name = std::string(a.collectiveName);
        c.inNelems = a.inNelems;
        c.outNelems = a.outNelems;
        c.dtype = std::string(a.dtype);
        c.groupSize =
            a.groupSize > 0 && a.groupSize < (1 << 30) ? static_cast<int>(a.groupSize) : 0;
        c.processGroup = std::string(a.pgName.empty() ? a.pgDesc : a.pgName);
        out.collectives.push_back(std::move(c));
        return static_cast<std::uint32_t>(out.collectives.size() - 1);
    }

    simdjson::error_code readArgs(od::object object, Args& a, bool& wrongType);
    simdjson::error_code readEvent(od::object object, Event& e);
    void store(const Event& e, const char* where);
};

// A value of the wrong type leaves the On-Demand iterator where it was (the value is skipped when
// the loop moves on), so it only marks the event; errors of the document's structure end the batch.
simdjson::error_code KinetoBatchParser::Impl::readArgs(od::object object, Args& a,
                                                       bool& wrongType) {
    return forEachField(object, [&](std::string_view key, od::value& value) -> FieldStep {
        bool ok = true;
        switch (argKey(key)) {
        case ArgKey::other:
            break;
        case ArgKey::externalId:
            ok = readInt(value, a.externalId);
            break;
        case ArgKey::correlation:
            ok = readInt(value, a.correlation);
            break;
        case ArgKey::device:
            ok = readInt(value, a.device);
            break;
        case ArgKey::stream:
            ok = readInt(value, a.stream);
            break;
        case ArgKey::bytes:
            ok = readInt(value, a.bytes);
            break;
        case ArgKey::dims:
            ok = readRawArray(value, a.dims);
            break;
        case ArgKey::types:
            ok = readRawArray(value, a.types);
            break;
        case ArgKey::concrete:
            ok = readRawArray(value, a.concrete);
            break;
        case ArgKey::collectiveName:
            a.hasCollective = value.get_string().get(a.collectiveName) == simdjson::SUCCESS;
            ok = a.hasCollective;
            break;
        case ArgKey::inNelems:
            ok = readInt(value, a.inNelems);
            break;
        case ArgKey::outNelems:
            ok = readInt(value, a.outNelems);
            break;
        case ArgKey::groupSize:
            ok = readInt(value, a.groupSize);
            break;
        case ArgKey::dtype:
            ok = value.get_string().get(a.dtype) == simdjson::SUCCESS;
            break;
        case ArgKey::pgName:
            ok = value.get_string().get(a.pgName) == simdjson::SUCCESS;
            break;
        case ArgKey::pgDesc:
            ok = value.get_string().get(a.pgDesc) == simdjson::SUCCESS;
            break;
        case ArgKey::counter: {
            int precision = 0, op = 0;
            if (counterSlot(key, precision, op)) {
                double count = 0;
                ok = value.get_double().get(count) == simdjson::SUCCESS && count >= 0;
                if (ok) {
                    if (!a.hasCounters)
                        counters = CounterRange().instructions;
                    counters[precision][op] = count;
                    a.hasCounters = true;
                }
            }
            break;
        }
        }
        wrongType |= !ok;
        return FieldStep::next();
    });
}

simdjson::error_code KinetoBatchParser::Impl::readEvent(od::object object, Event& e) {
    return forEachField(object, [&](std::string_view key, od::value& value) -> FieldStep {
        if (key.size() == 2) {
            if (key == "ph") {
                std::string_view ph;
                if (value.get_string().get(ph) == simdjson::SUCCESS && !ph.empty())
                    e.ph = ph[0];
                // Only complete events are kept: the rest of anything else is skipped unread
                // (On-Demand steps over what is left of an object when the array moves on).
                if (e.ph != 'X')
                    return FieldStep::halt();
            } else if (key == "ts") {
                e.badTime |= !readTime(value, e.tsNs);
            }
            return FieldStep::next();
        }
        if (key == "cat") {
            std::string_view cat;
            if (value.get_string().get(cat) == simdjson::SUCCESS) {
                e.cls = classify(cat);
                e.hasCat = true;
                if (e.cls == EventClass::ignored)
                    return FieldStep::halt();
            }
        } else if (key == "name") {
            if (value.get_string().get(e.name) != simdjson::SUCCESS)
                e.name = {};
        } else if (key == "pid") {
            readId(value, e.pid);
        } else if (key == "tid") {
            readId(value, e.tid);
        } else if (key == "dur") {
            e.badTime |= !readTime(value, e.durNs);
        } else if (key == "args") {
            od::object args;
            if (value.get_object().get(args) != simdjson::SUCCESS)
                e.wrongType = true;
            else if (auto err = readArgs(args, e.args, e.wrongType))
                return FieldStep::fail(err);
        }
        return FieldStep::next();
    });
}

void KinetoBatchParser::Impl::store(const Event& e, const char* where) {
    // Only complete ('X') events are ranges; a missing ph with a dur is taken as one.
    const bool complete = e.ph == 'X' || (e.ph == 0 && e.durNs);
    if (!complete || e.cls == EventClass::ignored)
        return;
    if (e.badTime || !e.tsNs) {
        skip(badTime, where);
        return;
    }
    const std::int64_t dur = e.durNs.value_or(0);
    if (dur < 0) {
        skip(negativeDuration, where);
        return;
    }
    const std::uint32_t name = out.strings.intern(e.name);
    const Args& a = e.args;
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
        out.cpu.push_back(c);
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
        out.gpu.push_back(g);
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
        out.runtime.push_back(r);
        break;
    }
    case EventClass::counters: {
        if (!a.hasCounters)
            return;
        CounterRange range;
        range.name = name;
        range.tsNs = *e.tsNs;
        range.durNs = dur;
        range.instructions = counters;
        out.counters.push_back(range);
        break;
    }
    case EventClass::ignored:
        break;
    }
}

KinetoBatchParser::KinetoBatchParser(TraceEvents& out, std::string fileName)
    : impl_(std::make_unique<Impl>(out, std::move(fileName))) {}

KinetoBatchParser::~KinetoBatchParser() = default;

Status KinetoBatchParser::parse(const char* data, std::size_t length, std::size_t capacity,
                                std::uint64_t streamOffset) {
    Impl& s = *impl_;
    s.streamOffset = streamOffset;
    s.base = data;
    auto fail = [&](simdjson::error_code err, const char* where) {
        SourceLocation loc = inFile(s.fileName);
        loc.byteOffset = static_cast<std::int64_t>(streamOffset + (where ? where - data : 0));
        loc.path = "/traceEvents";
        return Status(makeError(
            std::string("invalid JSON in traceEvents: ") + simdjson::error_message(err), loc));
    };
    // Batches differ slightly in length; sizing the parser for the largest window once keeps its
    // index buffers (and their already-touched pages) from being reallocated for every batch.
    if (s.parser.capacity() < capacity) {
        if (auto err = s.parser.allocate(capacity + capacity / 8))
            return fail(err, nullptr);
    }
    od::document doc;
    if (auto err = s.parser.iterate(data, length, capacity).get(doc))
        return fail(err, nullptr);
    od::array events;
    if (auto err = doc.get_array().get(events))
        return fail(err, nullptr);
    for (auto element : events) {
        od::value value;
        if (auto err = element.get(value)) {
            return fail(err, location(doc));
        }
        ++s.out.eventsSeen;
        const char* where = location(doc);
        od::object object;
        if (value.get_object().get(object) != simdjson::SUCCESS) {
            s.skip(s.notObject, where ? where : data);
            continue;
        }
        Event e;
        if (const auto err = s.readEvent(object, e)) {
            const char* at = location(doc);
            return fail(err, at ? at : where);
        }
        if (e.wrongType)
            s.skip(s.badArgs, where ? where : data);
        s.store(e, where ? where : data);
    }
    return {};
}

void KinetoBatchParser::finish() {
    Impl& s = *impl_;
    auto warn = [&](const Impl::Skipped& skipped, const char* what) {
        if (skipped.count == 0)
            return;
        s.out.warnings.push_back(s.fileName + ": skipped " + std::to_string(skipped.count) +
                                 " event(s) " + what + " (first at byte " +
                                 std::to_string(skipped.firstOffset) + ")");
    };
    warn(s.notObject, "that are not JSON objects");
    warn(s.badTime, "without a valid ts or dur");
    warn(s.negativeDuration, "with a negative dur");
    warn(s.badArgs, "with values of the wrong type, which were ignored");
}

} // namespace roofscope::detail
