#include "core/dataset_json.h"

#include <algorithm>
#include <cctype>

namespace roofscope::json {
namespace {

// A measure is written only when known: absent is the absence of the key.
void putMeasure(Json& j, std::string_view key, const Measure& m) {
    if (m.known())
        j[std::string(key)] = {{"value", m.value}, {"origin", toString(m.origin)}};
}

Measure measureFromJson(const Json& value, const std::string& path) {
    requireObject(value, path);
    Measure m;
    m.value = getNonNegative(value, "value", path);
    m.origin = getEnum<Origin>(value, "origin", path);
    if (m.origin == Origin::absent)
        fail(child(path, "origin"), "an absent quantity is written by leaving its key out");
    return m;
}

Measure getMeasure(const Json& object, std::string_view key, const std::string& path) {
    const Json* value = find(object, key);
    return value ? measureFromJson(*value, child(path, key)) : Measure{};
}

template <class K> Json measureMap(const std::map<K, Measure>& map) {
    Json j = Json::object();
    for (const auto& [key, m] : map)
        putMeasure(j, toString(key), m);
    return j;
}

template <class K>
std::map<K, Measure> measureMapFromJson(const Json& object, std::string_view key,
                                        const std::string& path) {
    std::map<K, Measure> out;
    const Json* value = find(object, key);
    if (!value)
        return out;
    const std::string p = child(path, key);
    requireObject(*value, p);
    for (const auto& [name, item] : value->items()) {
        const auto parsed = parseEnum<K>(name);
        if (!parsed)
            fail(child(p, name), "unknown key '" + name + "'");
        out[*parsed] = measureFromJson(item, child(p, name));
    }
    return out;
}

Json toJson(const OpRecord& r) {
    Json j = Json::object();
    j["name"] = r.name;
    j["category"] = toString(r.category);
    j["phase"] = toString(r.phase);
    if (!r.deviceId.empty())
        j["device"] = r.deviceId;
    j["rank"] = r.rank;
    if (r.stream >= 0)
        j["stream"] = r.stream;
    j["precision"] = toString(r.precision);
    if (r.usesTensorUnits)
        j["tensor_units"] = true;
    j["count"] = r.count;
    putMeasure(j, "flops", r.flops);
    putMeasure(j, "time_s", r.timeS);
    if (!r.bytes.empty())
        j["bytes"] = measureMap(r.bytes);
    if (!r.commBytes.empty())
        j["comm_bytes"] = measureMap(r.commBytes);
    if (r.collective)
        j["collective"] = toString(*r.collective);
    if (r.groupSize != 0)
        j["group_size"] = r.groupSize;
    if (r.outsideSteps)
        j["outside_steps"] = true;
    if (!r.flopsNote.empty())
        j["flops_note"] = r.flopsNote;
    if (!r.op.empty())
        j["op"] = r.op;
    return j;
}

Json toJson(const Step& s) {
    return {{"name", s.name},
            {"rank", s.rank},
            {"marked", s.marked},
            {"complete", s.complete},
            {"launches", s.launches},
            {"start_ns", s.startNs},
            {"span_s", s.gpu.spanS},
            {"gpu_busy_s", s.gpu.gpuBusyS},
            {"kernel_time_s", s.gpu.kernelTimeS},
            {"computation_s", s.gpu.computationS},
            {"exposed_comm_s", s.gpu.exposedCommS},
            {"exposed_memcpy_s", s.gpu.exposedMemcpyS},
            {"idle_s", s.gpu.idleS}};
}

double getSeconds(const Json& j, const char* key, const std::string& path) {
    const double v = getNumber(j, key, path, 0.0);
    if (!(v >= 0))
        fail(child(path, key), "must not be negative");
    return v;
}

Step stepFromJson(const Json& j, const std::string& path) {
    requireObject(j, path);
    Step s;
    s.name = getString(j, "name", path);
    s.rank = getInt(j, "rank", path, 0);
    if (s.rank < 0)
        fail(child(path, "rank"), "must not be negative");
    s.marked = getBool(j, "marked", path, true);
    s.complete = getBool(j, "complete", path, true);
    s.launches = getInteger(j, "launches", path, 0);
    if (s.launches < 0)
        fail(child(path, "launches"), "must not be negative");
    s.startNs = getInteger(j, "start_ns", path, 0);
    s.gpu.spanS = getSeconds(j, "span_s", path);
    s.gpu.gpuBusyS = getSeconds(j, "gpu_busy_s", path);
    s.gpu.kernelTimeS = getSeconds(j, "kernel_time_s", path);
    s.gpu.computationS = getSeconds(j, "computation_s", path);
    s.gpu.exposedCommS = getSeconds(j, "exposed_comm_s", path);
    s.gpu.exposedMemcpyS = getSeconds(j, "exposed_memcpy_s", path);
    s.gpu.idleS = getSeconds(j, "idle_s", path);
    return s;
}

OpRecord recordFromJson(const Json& j, const std::string& path) {
    requireObject(j, path);
    OpRecord r;
    r.name = getString(j, "name", path);
    r.category = getEnum<Category>(j, "category", path, Category::other);
    r.phase = getEnum<Phase>(j, "phase", path, Phase::unknown);
    r.deviceId = getString(j, "device", path, "");
    r.rank = getInt(j, "rank", path, 0);
    if (r.rank < 0)
        fail(child(path, "rank"), "must not be negative");
    r.stream = getInt(j, "stream", path, -1);
    if (r.stream < -1)
        fail(child(path, "stream"), "must not be negative (leave it out when unknown)");
    r.precision = getEnum<Precision>(j, "precision", path, Precision::fp32);
    r.usesTensorUnits = getBool(j, "tensor_units", path, false);
    r.count = getInteger(j, "count", path, 1);
    if (r.count < 1)
        fail(child(path, "count"), "must be at least 1");
    r.flops = getMeasure(j, "flops", path);
    r.timeS = getMeasure(j, "time_s", path);
    r.bytes = measureMapFromJson<MemoryLevel>(j, "bytes", path);
    r.commBytes = measureMapFromJson<Link>(j, "comm_bytes", path);
    if (find(j, "collective"))
        r.collective = getEnum<Collective>(j, "collective", path);
    r.groupSize = getInt(j, "group_size", path, 0);
    if (r.groupSize < 0)
        fail(child(path, "group_size"), "must not be negative");
    r.outsideSteps = getBool(j, "outside_steps", path, false);
    r.flopsNote = getString(j, "flops_note", path, "");
    r.op = getString(j, "op", path, "");
    return r;
}

Json toJson(const DatasetContext& c) {
    Json j = Json::object();
    j["sources"] = c.sources;
    j["device"] = c.deviceId;
    j["rank"] = c.rank;
    j["world_size"] = c.worldSize;
    Json stack = {{"framework", c.stack.framework}, {"cuda", c.stack.cuda},
                  {"driver", c.stack.driver},       {"cudnn", c.stack.cudnn},
                  {"nccl", c.stack.nccl},           {"other", c.stack.other}};
    j["stack"] = std::move(stack);
    j["model"] = c.model;
    j["label"] = c.label;
    if (!c.color.empty()) // optional: sessions without colours stay as version 1 wrote them
        j["color"] = c.color;
    j["tags"] = c.tags;
    j["repeat"] = c.repeat;
    return j;
}

bool isHexColor(const std::string& s) {
    return s.size() == 7 && s[0] == '#' &&
           std::all_of(s.begin() + 1, s.end(), [](unsigned char c) { return std::isxdigit(c); });
}

DatasetContext contextFromJson(const Json& j, const std::string& path) {
    requireObject(j, path);
    DatasetContext c;
    c.sources = getStrings(j, "sources", path);
    c.deviceId = getString(j, "device", path, "");
    c.rank = getInt(j, "rank", path, 0);
    c.worldSize = getInt(j, "world_size", path, 1);
    if (c.worldSize < 1 || c.rank < 0 || c.rank >= c.worldSize)
        fail(path, "rank " + std::to_string(c.rank) + " does not fit world size " +
                       std::to_string(c.worldSize));
    if (const Json* stack = find(j, "stack")) {
        const std::string p = child(path, "stack");
        requireObject(*stack, p);
        c.stack.framework = getString(*stack, "framework", p, "");
        c.stack.cuda = getString(*stack, "cuda", p, "");
        c.stack.driver = getString(*stack, "driver", p, "");
        c.stack.cudnn = getString(*stack, "cudnn", p, "");
        c.stack.nccl = getString(*stack, "nccl", p, "");
        if (const Json* other = find(*stack, "other")) {
            requireObject(*other, child(p, "other"));
            for (const auto& [key, value] : other->items()) {
                if (!value.is_string())
                    fail(child(child(p, "other"), key), "expected a string");
                c.stack.other[key] = value.get<std::string>();
            }
        }
    }
    c.model = getString(j, "model", path, "");
    c.label = getString(j, "label", path, "");
    c.color = getString(j, "color", path, "");
    if (!c.color.empty() && !isHexColor(c.color))
        fail(child(path, "color"), "expected a colour as #rrggbb, got '" + c.color + "'");
    c.tags = getStrings(j, "tags", path);
    c.repeat = getInt(j, "repeat", path, 0);
    if (c.repeat < 0)
        fail(child(path, "repeat"), "must not be negative");
    return c;
}

} // namespace

Json toJson(const Dataset& dataset) {
    Json records = Json::array();
    for (const auto& r : dataset.records)
        records.push_back(toJson(r));
    Json out = {{"context", toJson(dataset.context)}, {"records", std::move(records)}};
    if (!dataset.steps.empty()) { // optional: sessions of data without steps stay as they were
        Json steps = Json::array();
        for (const auto& s : dataset.steps)
            steps.push_back(toJson(s));
        out["steps"] = std::move(steps);
    }
    return out;
}

Dataset datasetFromJson(const Json& value, const std::string& path) {
    requireObject(value, path);
    Dataset d;
    d.context = contextFromJson(require(value, "context", path), child(path, "context"));
    const Json& records = requireArray(value, "records", path);
    d.records.reserve(records.size());
    for (std::size_t i = 0; i < records.size(); ++i)
        d.records.push_back(recordFromJson(records[i], child(child(path, "records"), i)));
    if (find(value, "steps")) {
        const Json& steps = requireArray(value, "steps", path);
        for (std::size_t i = 0; i < steps.size(); ++i)
            d.steps.push_back(stepFromJson(steps[i], child(child(path, "steps"), i)));
    }
    return d;
}

} // namespace roofscope::json
