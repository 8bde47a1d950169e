#include "core/probe_events.h"

#include "core/device_json.h"
#include "core/json_fields.h"

#include <array>
#include <cmath>

namespace roofscope {
namespace {

using json::Json;

constexpr std::array<std::pair<ProbeEventType, std::string_view>, 9> kTypes{{
    {ProbeEventType::hello, "hello"},
    {ProbeEventType::started, "started"},
    {ProbeEventType::progress, "progress"},
    {ProbeEventType::result, "result"},
    {ProbeEventType::observation, "observation"},
    {ProbeEventType::warning, "warning"},
    {ProbeEventType::failed, "failed"},
    {ProbeEventType::skipped, "skipped"},
    {ProbeEventType::done, "done"},
}};

constexpr std::array<std::pair<ProbeRunStatus, std::string_view>, 4> kStatuses{{
    {ProbeRunStatus::ok, "ok"},
    {ProbeRunStatus::partial, "partial"},
    {ProbeRunStatus::cancelled, "cancelled"},
    {ProbeRunStatus::failed, "failed"},
}};

template <class E, std::size_t N>
std::optional<E> lookup(const std::array<std::pair<E, std::string_view>, N>& table,
                        std::string_view name) {
    for (const auto& [value, text] : table)
        if (text == name)
            return value;
    return std::nullopt;
}

// Numbers that JSON cannot hold (NaN, infinities) are written as 0 rather than as invalid text.
double finite(double v) {
    return std::isfinite(v) ? v : 0.0;
}

Json ceilingJson(const ProbeEvent& e) {
    Json j = Json::object();
    if (const auto* key = std::get_if<ComputeKey>(&e.what)) {
        j["precision"] = toString(key->precision);
        j["unit"] = toString(key->unit);
        j["flops_per_s"] = finite(e.ceiling.value);
    } else if (const auto* level = std::get_if<MemoryLevel>(&e.what)) {
        j["level"] = toString(*level);
        j["bytes_per_s"] = finite(e.ceiling.value);
    } else if (const auto* link = std::get_if<Link>(&e.what)) {
        j["link"] = toString(*link);
        j["bytes_per_s"] = finite(e.ceiling.value);
    }
    j["provenance"] = json::toJson(e.ceiling.provenance);
    return j;
}

void readCeiling(const Json& root, ProbeEvent& e) {
    const Json& c = json::require(root, "ceiling", "");
    json::requireObject(c, "/ceiling");
    const std::string path = "/ceiling";
    std::string_view valueKey = "bytes_per_s";
    if (json::find(c, "precision")) {
        e.what = ComputeKey{json::getEnum<Precision>(c, "precision", path),
                            json::getEnum<ComputeUnit>(c, "unit", path)};
        valueKey = "flops_per_s";
    } else if (json::find(c, "level")) {
        e.what = json::getEnum<MemoryLevel>(c, "level", path);
    } else if (json::find(c, "link")) {
        e.what = json::getEnum<Link>(c, "link", path);
    } else {
        json::fail(path, "names no precision, level or link");
    }
    e.ceiling.value = json::getNumber(c, valueKey, path);
    if (!(e.ceiling.value > 0))
        json::fail(json::child(path, valueKey), "a ceiling must be positive");
    e.ceiling.provenance = json::provenanceFromJson(c, path);
}

} // namespace

std::string_view toString(ProbeEventType type) {
    for (const auto& [value, text] : kTypes)
        if (value == type)
            return text;
    return "?";
}

std::string_view toString(ProbeRunStatus status) {
    for (const auto& [value, text] : kStatuses)
        if (value == status)
            return text;
    return "?";
}

std::string toJsonLine(const ProbeEvent& e) {
    Json j = Json::object();
    j["event"] = toString(e.type);
    auto text = [&j](const char* key, const std::string& value) {
        if (!value.empty())
            j[key] = value;
    };
    text("benchmark", e.benchmark);
    text("target", e.target);
    text("message", e.message);
    switch (e.type) {
    case ProbeEventType::hello: {
        j["schema"] = kProbeEventsSchema;
        Json plan = Json::array();
        for (const auto& p : e.plan)
            plan.push_back({{"key", p.key}, {"title", p.title}, {"target", p.target}});
        j["plan"] = std::move(plan);
        Json targets = Json::array();
        for (const auto& t : e.targets)
            targets.push_back({{"target", t.target}, {"name", t.name}});
        j["targets"] = std::move(targets);
        break;
    }
    case ProbeEventType::started:
        text("title", e.title);
        j["index"] = e.index;
        j["count"] = e.count;
        break;
    case ProbeEventType::progress:
        j["fraction"] = finite(e.fraction);
        break;
    case ProbeEventType::result:
        j["ceiling"] = ceilingJson(e);
        break;
    case ProbeEventType::observation:
        j["label"] = e.label;
        j["value"] = finite(e.value);
        j["unit"] = e.unit;
        if (e.workingSetBytes > 0)
            j["working_set_bytes"] = finite(e.workingSetBytes);
        break;
    case ProbeEventType::done:
        j["status"] = toString(e.status);
        text("output", e.output);
        break;
    case ProbeEventType::warning:
    case ProbeEventType::failed:
    case ProbeEventType::skipped:
        break;
    }
    if (e.elapsedS > 0)
        j["elapsed_s"] = finite(e.elapsedS);
    return j.dump(-1, ' ', false, Json::error_handler_t::replace);
}

Result<ProbeEvent> parseProbeEvent(std::string_view line, std::int64_t lineNumber,
                                   const std::string& source) {
    SourceLocation where = inFile(source);
    where.line = lineNumber;
    const Json root = Json::parse(line, nullptr, false);
    if (root.is_discarded())
        return makeError("not a JSON line: '" + std::string(line.substr(0, 80)) + "'", where);
    ProbeEvent e;
    try {
        json::requireObject(root, "");
        const std::string name = json::getString(root, "event", "");
        const auto type = lookup(kTypes, name);
        if (!type)
            json::fail("/event", "unknown event '" + name + "'");
        e.type = *type;
        e.benchmark = json::getString(root, "benchmark", "", "");
        e.target = json::getString(root, "target", "", "");
        e.message = json::getString(root, "message", "", "");
        e.elapsedS = json::getNonNegative(root, "elapsed_s", "", 0.0);
        switch (e.type) {
        case ProbeEventType::hello: {
            const std::string schema = json::getString(root, "schema", "");
            if (schema != kProbeEventsSchema)
                json::fail("/schema", "'" + schema + "' is not " + std::string(kProbeEventsSchema) +
                                          " (a different roofscope-probe version?)");
            const Json& plan = json::requireArray(root, "plan", "");
            for (std::size_t i = 0; i < plan.size(); ++i) {
                const std::string p = json::child("/plan", i);
                json::requireObject(plan[i], p);
                e.plan.push_back({json::getString(plan[i], "key", p),
                                  json::getString(plan[i], "title", p, ""),
                                  json::getString(plan[i], "target", p, "")});
            }
            if (const Json* targets = json::find(root, "targets")) {
                if (!targets->is_array())
                    json::fail("/targets", "expected an array");
                for (std::size_t i = 0; i < targets->size(); ++i) {
                    const std::string p = json::child("/targets", i);
                    json::requireObject((*targets)[i], p);
                    e.targets.push_back({json::getString((*targets)[i], "target", p),
                                         json::getString((*targets)[i], "name", p, "")});
                }
            }
            break;
        }
        case ProbeEventType::started:
            e.title = json::getString(root, "title", "", "");
            e.index = json::getInt(root, "index", "", 0);
            e.count = json::getInt(root, "count", "", 0);
            break;
        case ProbeEventType::progress:
            e.fraction = json::getNumber(root, "fraction", "");
            if (e.fraction < 0 || e.fraction > 1)
                json::fail("/fraction", "must be within [0, 1]");
            break;
        case ProbeEventType::result:
            readCeiling(root, e);
            break;
        case ProbeEventType::observation:
            e.label = json::getString(root, "label", "");
            e.value = json::getNumber(root, "value", "");
            e.unit = json::getString(root, "unit", "", "");
            e.workingSetBytes = json::getNonNegative(root, "working_set_bytes", "", 0.0);
            break;
        case ProbeEventType::done: {
            const std::string status = json::getString(root, "status", "");
            const auto parsed = lookup(kStatuses, status);
            if (!parsed)
                json::fail("/status", "unknown status '" + status + "'");
            e.status = *parsed;
            e.output = json::getString(root, "output", "", "");
            break;
        }
        case ProbeEventType::warning:
        case ProbeEventType::failed:
        case ProbeEventType::skipped:
            break;
        }
    } catch (const json::FieldError& error) {
        where.path = error.path;
        return makeError(error.message, where);
    } catch (const Json::exception& error) {
        return makeError(std::string("unexpected content: ") + error.what(), where);
    }
    return e;
}

} // namespace roofscope
