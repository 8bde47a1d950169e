#include "core/export/points_table.h"

#include "core/analysis/view_table.h"
#include "core/export/qt_number.h"

#include <cmath>
#include <map>
#include <variant>

namespace roofscope {
namespace {

// One field of a point: text, a number (NaN is none), an integer or a flag.
using Field = std::variant<std::string, double, long long, bool>;

constexpr std::string_view kColumns[] = {"dataset",
                                         "device",
                                         "record",
                                         "category",
                                         "phase",
                                         "precision",
                                         "rank",
                                         "memory_level",
                                         "intensity_flop_per_byte",
                                         "performance_flop_per_s",
                                         "time_s",
                                         "flops",
                                         "bytes",
                                         "roof_flop_per_s",
                                         "percent_of_roof",
                                         "bottleneck",
                                         "above_roof"};

std::vector<Field> values(const Session& session, const PlotPoint& p) {
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(p.ref.dataset)];
    const OpRecord& r = dataset.records[static_cast<std::size_t>(p.ref.record)];
    return {dataset.context.label,
            dataset.context.deviceId,
            r.name,
            std::string(toString(r.category)),
            std::string(toString(r.phase)),
            std::string(toString(r.precision)),
            static_cast<long long>(r.rank),
            std::string(toString(p.level)),
            p.intensity,
            p.achievedFlopsPerS,
            p.timeS,
            p.flops,
            p.bytes,
            p.attainableFlopsPerS,
            p.fractionOfRoof * 100,
            std::string(toString(p.bottleneck)),
            p.aboveRoof};
}

std::string fieldText(const Field& field) {
    if (const auto* b = std::get_if<bool>(&field))
        return *b ? "true" : "false";
    if (const auto* i = std::get_if<long long>(&field))
        return qtShortest(static_cast<double>(*i));
    if (const auto* d = std::get_if<double>(&field))
        return std::isfinite(*d) ? qtShortest(*d) : std::string();
    return csvField(qtValidUtf8(std::get<std::string>(field)));
}

// A JSON value laid out as QJsonDocument::Indented does: objects with their keys sorted, four
// spaces per level, "key": value, an empty container's brackets on two lines.
struct Json {
    std::variant<std::monostate, std::string, double, long long, bool, std::map<std::string, Json>,
                 std::vector<Json>>
        value;

    Json() = default;
    Json(std::string s) : value(std::move(s)) {}
    Json(std::string_view s) : value(std::string(s)) {}
    Json(double d) {
        if (std::isfinite(d))
            value = d;
    }
    Json(long long i) : value(i) {}
    Json(int i) : value(static_cast<long long>(i)) {}
    Json(bool b) : value(b) {}
    Json(std::map<std::string, Json> o) : value(std::move(o)) {}
    Json(std::vector<Json> a) : value(std::move(a)) {}
};

using Object = std::map<std::string, Json>;
using Array = std::vector<Json>;

Json toJson(const Field& field) {
    return std::visit([](const auto& v) { return Json(v); }, field);
}

void write(const Json& j, std::string& out, int indent) {
    const std::string pad(static_cast<std::size_t>(4 * (indent + 1)), ' ');
    const std::string close(static_cast<std::size_t>(4 * indent), ' ');
    if (const auto* o = std::get_if<Object>(&j.value)) {
        out += "{\n";
        bool first = true;
        for (const auto& [key, v] : *o) {
            if (!first)
                out += ",\n";
            first = false;
            out += pad + qtJsonString(key) + ": ";
            write(v, out, indent + 1);
        }
        out += (o->empty() ? "" : "\n") + close + "}";
    } else if (const auto* a = std::get_if<Array>(&j.value)) {
        out += "[\n";
        bool first = true;
        for (const auto& v : *a) {
            if (!first)
                out += ",\n";
            first = false;
            out += pad;
            write(v, out, indent + 1);
        }
        out += (a->empty() ? "" : "\n") + close + "]";
    } else if (const auto* s = std::get_if<std::string>(&j.value)) {
        out += qtJsonString(*s);
    } else if (const auto* d = std::get_if<double>(&j.value)) {
        out += qtJsonNumber(*d);
    } else if (const auto* i = std::get_if<long long>(&j.value)) {
        out += std::to_string(*i);
    } else if (const auto* b = std::get_if<bool>(&j.value)) {
        out += *b ? "true" : "false";
    } else {
        out += "null";
    }
}

Json provenance(const Provenance& p) {
    Object o{{"kind", Json(toString(p.kind))}};
    const auto add = [&o](const char* key, const std::string& value) {
        if (!value.empty())
            o.emplace(key, Json(value));
    };
    add("source_url", p.sourceUrl);
    add("tool", p.tool);
    add("method", p.method);
    add("date", p.date);
    return o;
}

Json deviceJson(const Device& d) {
    Array compute, memory, links;
    for (const auto& [key, c] : d.ceilings.compute)
        compute.push_back(Object{{"precision", Json(toString(key.precision))},
                                 {"unit", Json(toString(key.unit))},
                                 {"flop_per_s", Json(c.value)},
                                 {"provenance", provenance(c.provenance)}});
    for (const auto& [level, c] : d.ceilings.memory)
        memory.push_back(Object{{"level", Json(toString(level))},
                                {"bytes_per_s", Json(c.value)},
                                {"provenance", provenance(c.provenance)}});
    for (const auto& [link, c] : d.ceilings.links)
        links.push_back(Object{{"link", Json(toString(link))},
                               {"bytes_per_s", Json(c.value)},
                               {"provenance", provenance(c.provenance)}});
    return Object{{"id", Json(d.id)},
                  {"name", Json(d.name)},
                  {"kind", Json(toString(d.kind))},
                  {"compute", Json(std::move(compute))},
                  {"memory", Json(std::move(memory))},
                  {"links", Json(std::move(links))}};
}

} // namespace

std::vector<std::string_view> pointsCsvHeader() {
    return {std::begin(kColumns), std::end(kColumns)};
}

std::string pointsCsv(const Session& session, const PlotPoints& points) {
    std::string out;
    for (const auto name : kColumns)
        out.append(out.empty() ? "" : ",").append(name);
    out += '\n';
    for (const auto& p : points.points) {
        bool first = true;
        for (const auto& v : values(session, p)) {
            if (!first)
                out += ',';
            first = false;
            out += fieldText(v);
        }
        out += '\n';
    }
    return out;
}

std::string pointsJson(const Session& session, const PlotPoints& points) {
    Array rows;
    rows.reserve(points.points.size());
    for (const auto& p : points.points) {
        Object o{{"dataset_index", Json(p.ref.dataset)}, {"record_index", Json(p.ref.record)}};
        const auto v = values(session, p);
        for (std::size_t i = 0; i < v.size(); ++i)
            o.insert_or_assign(std::string(kColumns[i]), toJson(v[i]));
        rows.push_back(std::move(o));
    }
    Array datasets;
    for (const auto& d : session.datasets)
        datasets.push_back(Object{{"label", Json(d.context.label)},
                                  {"device", Json(d.context.deviceId)},
                                  {"records", Json(static_cast<long long>(d.records.size()))}});
    Array devices;
    for (const auto& id : points.deviceIds)
        if (const Device* d = session.findDevice(id))
            devices.push_back(deviceJson(*d));
    Array leftOut;
    for (const auto& l : points.leftOut.reasons)
        leftOut.push_back(Object{
            {"reason", Json(l.reason)}, {"records", Json(l.records)}, {"time_s", Json(l.timeS)}});
    const Json root = Object{{"schema", Json(kPointsSchema)},
                             {"left_out", Json(std::move(leftOut))},
                             {"view", Json(toString(session.view.view))},
                             {"memory_level", Json(toString(session.view.memoryLevel))},
                             {"datasets", Json(std::move(datasets))},
                             {"devices", Json(std::move(devices))},
                             {"points", Json(std::move(rows))},
                             {"undrawable", Json(points.undrawable)}};
    std::string out;
    write(root, out, 0);
    return out + "\n";
}

} // namespace roofscope
