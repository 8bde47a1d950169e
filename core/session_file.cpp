#include "core/session_file.h"

#include "core/dataset_json.h"
#include "core/device_json.h"
#include "core/text_file.h"

#include <set>

namespace roofscope {
namespace {

constexpr json::DocumentKind kKind{"roofscope-session", kSessionFormatVersion, "session"};

json::Json toJson(const ViewSettings& v) {
    json::Json selection = json::Json::array();
    for (const auto& ref : v.selection)
        selection.push_back({{"dataset", ref.dataset}, {"record", ref.record}});
    json::Json moves = json::Json::array();
    for (const auto& m : v.placement.moves)
        moves.push_back({{"category", toString(m.category)}, {"device", m.deviceId}});
    return {{"view", toString(v.view)},
            {"color_by", toString(v.colorBy)},
            {"point_style", toString(v.pointStyle)},
            {"precision", toString(v.precision)},
            {"memory_level", toString(v.memoryLevel)},
            {"link", toString(v.link)},
            {"log_x", v.logX},
            {"log_y", v.logY},
            {"range", {v.xMin, v.xMax, v.yMin, v.yMax}},
            {"hidden_datasets", v.hiddenDatasets},
            {"shown_devices", v.shownDevices},
            {"selection", std::move(selection)},
            {"compare",
             {{"baseline", v.compare.baseline},
              {"target", v.compare.target},
              {"project_device", v.compare.projectDevice}}},
            {"md", {{"rank", v.md.rank}, {"cluster_rule", toString(v.md.clusterRule)}}},
            {"placement", {{"moves", std::move(moves)}}}};
}

// The views' own settings, from their group (`j` the group object, `path` its pointer) or, in a
// version 1 file, from the flat keys of "view" that the groups replaced ("compare_baseline",
// "md_rank", "moves", ...).
struct GroupKeys {
    std::string baseline, target, projectDevice, rank, clusterRule, moves;
};
void readCompare(const json::Json& j, const std::string& path, const GroupKeys& k,
                 CompareSettings& c) {
    using namespace json;
    c.baseline = getString(j, k.baseline, path, std::string());
    c.target = getString(j, k.target, path, std::string());
    c.projectDevice = getString(j, k.projectDevice, path, std::string());
}

void readMd(const json::Json& j, const std::string& path, const GroupKeys& k, MdSettings& md) {
    using namespace json;
    md.rank = getInt(j, k.rank, path, -1);
    if (md.rank < -1)
        fail(child(path, k.rank), "expected -1 (all ranks) or a rank");
    md.clusterRule = getEnum<ClusterRule>(j, k.clusterRule, path, ClusterRule::slowest);
}

void readPlacement(const json::Json& j, const std::string& path, const GroupKeys& k,
                   const Session& session, PlacementSettings& placement) {
    using namespace json;
    const Json* moves = find(j, k.moves);
    if (!moves)
        return;
    const std::string p = child(path, k.moves);
    if (!moves->is_array())
        fail(p, "expected an array");
    for (std::size_t i = 0; i < moves->size(); ++i) {
        const std::string ip = child(p, i);
        const Json& item = (*moves)[i];
        requireObject(item, ip);
        PlacementMove move{getEnum<Category>(item, "category", ip), getString(item, "device", ip)};
        if (!session.findDevice(move.deviceId))
            fail(child(ip, "device"), "device '" + move.deviceId + "' is not in the session");
        placement.moves.push_back(std::move(move));
    }
}

// The group `name` of "view" as an object (absent: defaults), and its pointer.
const json::Json* group(const json::Json& view, const std::string& path, const char* name,
                        std::string& groupPath) {
    groupPath = json::child(path, name);
    const json::Json* g = json::find(view, name);
    if (g)
        json::requireObject(*g, groupPath);
    return g;
}

ViewSettings viewFromJson(const json::Json& j, const std::string& path, const Session& session,
                          std::int64_t version) {
    using namespace json;
    requireObject(j, path);
    ViewSettings v;
    v.view = getEnum<ViewKind>(j, "view", path, ViewKind::roofline);
    v.colorBy = getEnum<ColorBy>(j, "color_by", path, ColorBy::dataset);
    v.pointStyle = getEnum<PointStyle>(j, "point_style", path, PointStyle::automatic);
    v.precision = getEnum<Precision>(j, "precision", path, Precision::fp16);
    v.memoryLevel = getEnum<MemoryLevel>(j, "memory_level", path, MemoryLevel::dram);
    v.link = getEnum<Link>(j, "link", path, Link::intra_node);
    v.logX = getBool(j, "log_x", path, true);
    v.logY = getBool(j, "log_y", path, true);
    if (const Json* range = find(j, "range")) {
        const std::string p = child(path, "range");
        if (!range->is_array() || range->size() != 4)
            fail(p, "expected [x_min, x_max, y_min, y_max]");
        double* out[] = {&v.xMin, &v.xMax, &v.yMin, &v.yMax};
        for (std::size_t i = 0; i < 4; ++i) {
            if (!(*range)[i].is_number())
                fail(child(p, i), "expected a number");
            *out[i] = (*range)[i].get<double>();
        }
    }
    v.hiddenDatasets = getStrings(j, "hidden_datasets", path);
    v.shownDevices = getStrings(j, "shown_devices", path);
    if (const Json* selection = find(j, "selection")) {
        const std::string p = child(path, "selection");
        if (!selection->is_array())
            fail(p, "expected an array");
        for (std::size_t i = 0; i < selection->size(); ++i) {
            const std::string ip = child(p, i);
            const Json& item = (*selection)[i];
            requireObject(item, ip);
            RecordRef ref{getInt(item, "dataset", ip), getInt(item, "record", ip)};
            // A selection that points nowhere means the file was edited or damaged.
            if (ref.dataset < 0 || ref.dataset >= static_cast<int>(session.datasets.size()) ||
                ref.record < 0 ||
                ref.record >= static_cast<int>(session.datasets[ref.dataset].records.size()))
                fail(ip, "selection refers to a record that does not exist");
            v.selection.push_back(ref);
        }
    }
    if (version < 2) {
        const GroupKeys flat{"compare_baseline", "compare_target", "project_device",
                             "md_rank",          "cluster_rule",   "moves"};
        readCompare(j, path, flat, v.compare);
        readMd(j, path, flat, v.md);
        readPlacement(j, path, flat, session, v.placement);
        return v;
    }
    const GroupKeys grouped{"baseline", "target",       "project_device",
                            "rank",     "cluster_rule", "moves"};
    std::string p;
    if (const Json* g = group(j, path, "compare", p))
        readCompare(*g, p, grouped, v.compare);
    if (const Json* g = group(j, path, "md", p))
        readMd(*g, p, grouped, v.md);
    if (const Json* g = group(j, path, "placement", p))
        readPlacement(*g, p, grouped, session, v.placement);
    return v;
}

} // namespace

Result<Session> parseSession(std::string_view text, const std::string& file, int* version) {
    Session session;
    const Status status = json::parseDocument(text, file, kKind, [&](const json::Json& root) {
        const json::Json& devices = json::requireArray(root, "devices", "");
        std::set<std::string> ids;
        for (std::size_t i = 0; i < devices.size(); ++i) {
            Device d = json::deviceFromJson(devices[i], json::child("/devices", i));
            if (!ids.insert(d.id).second)
                json::fail(json::child(json::child("/devices", i), "id"),
                           "device id '" + d.id + "' appears twice");
            session.devices.push_back(std::move(d));
        }
        const json::Json& datasets = json::requireArray(root, "datasets", "");
        for (std::size_t i = 0; i < datasets.size(); ++i)
            session.datasets.push_back(
                json::datasetFromJson(datasets[i], json::child("/datasets", i)));
        const std::int64_t fileVersion = json::getInteger(root, "version", "");
        if (version)
            *version = static_cast<int>(fileVersion);
        if (const json::Json* view = json::find(root, "view"))
            session.view = viewFromJson(*view, "/view", session, fileVersion);
        if (const json::Json* prices = json::find(root, "prices")) {
            if (!prices->is_object())
                json::fail("/prices", "expected an object of device id to price per hour");
            for (const auto& [id, value] : prices->items()) {
                const std::string p = json::child("/prices", id);
                if (!session.findDevice(id))
                    json::fail(p, "device '" + id + "' is not in the session");
                session.pricesPerHour[id] = json::getNonNegative(*prices, id, "/prices");
            }
        }
    });
    if (!status)
        return status.error();
    return session;
}

Result<Session> readSessionFile(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    return parseSession(text.value(), path);
}

std::string serializeSession(const Session& session) {
    json::Json root = json::Json::object();
    root["format"] = kKind.format;
    root["version"] = kSessionFormatVersion;
    json::Json devices = json::Json::array();
    for (const auto& d : session.devices)
        devices.push_back(json::toJson(d));
    json::Json datasets = json::Json::array();
    for (const auto& d : session.datasets)
        datasets.push_back(json::toJson(d));
    root["devices"] = std::move(devices);
    root["datasets"] = std::move(datasets);
    root["view"] = toJson(session.view);
    if (!session.pricesPerHour.empty())
        root["prices"] = session.pricesPerHour;
    // Invalid UTF-8 (a file name that is not UTF-8, say) becomes U+FFFD rather than an exception.
    return root.dump(1, '\t', false, json::Json::error_handler_t::replace) + "\n";
}

Status writeSessionFile(const std::string& path, const Session& session) {
    const std::string text = serializeSession(session);
    // A session the reader would refuse (a rank beyond its world size, a spec ceiling without
    // its source, ...) must not replace a good file: the user would lose both. Reading the text
    // back is the one check that cannot drift from the reader; it costs about what the
    // serialization does.
    if (const auto back = parseSession(text, path); !back) {
        Error refused = back.error();
        refused.message = "not saved, because it would not open again: " + refused.message;
        refused.where.line = refused.where.column = 0;
        refused.where.byteOffset = -1;
        return refused;
    }
    return writeFileAtomically(path, text);
}

} // namespace roofscope
