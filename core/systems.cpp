#include "core/systems.h"

#include "core/catalog_loader.h"
#include "core/device_json.h"

#include <algorithm>
#include <set>

namespace roofscope {
namespace {

constexpr json::DocumentKind kKind{"roofscope-systems", kSystemsFormatVersion, "systems"};

std::optional<Ceiling> linkCeiling(const json::Json& entry, std::string_view key,
                                   const std::string& path) {
    const json::Json* j = json::find(entry, key);
    if (!j)
        return std::nullopt;
    const std::string p = json::child(path, key);
    json::requireObject(*j, p);
    Ceiling c;
    c.value = json::getNumber(*j, "bus_bytes_per_s", p);
    if (!(c.value > 0))
        json::fail(json::child(p, "bus_bytes_per_s"), "a ceiling must be positive");
    c.provenance = json::provenanceFromJson(*j, p);
    return c;
}

std::optional<SystemPrice> price(const json::Json& entry, const std::string& path) {
    const json::Json* j = json::find(entry, "price");
    if (!j)
        return std::nullopt;
    const std::string p = json::child(path, "price");
    json::requireObject(*j, p);
    SystemPrice out;
    out.usdPerHour = json::getNumber(*j, "usd_per_hour", p);
    if (!(out.usdPerHour > 0))
        json::fail(json::child(p, "usd_per_hour"), "a price must be positive");
    out.region = json::getString(*j, "region", p, "");
    // A price changes: without the day it held and where it was read it cannot be checked.
    out.date = json::getString(*j, "date", p);
    if (out.date.size() < 7 || out.date[4] != '-')
        json::fail(json::child(p, "date"), "expected YYYY-MM or YYYY-MM-DD");
    out.sourceUrl = json::getString(*j, "source_url", p);
    if (out.sourceUrl.empty())
        json::fail(json::child(p, "source_url"), "a price needs the URL of its source");
    out.note = json::getString(*j, "note", p, "");
    return out;
}

System systemFromJson(const json::Json& j, const std::string& path) {
    json::requireObject(j, path);
    System s;
    s.id = json::getString(j, "id", path);
    if (s.id.empty())
        json::fail(json::child(path, "id"), "must not be empty");
    s.name = json::getString(j, "name", path);
    const std::string kind = json::getString(j, "kind", path);
    if (kind == "node")
        s.kind = SystemKind::node;
    else if (kind == "cloud")
        s.kind = SystemKind::cloud;
    else
        json::fail(json::child(path, "kind"),
                   "unknown value '" + kind + "' (expected node or cloud)");
    s.vendor = json::getString(j, "vendor", path, "");
    s.deviceId = json::getString(j, "device", path);
    s.gpusPerNode = json::getInt(j, "gpus_per_node", path);
    if (s.gpusPerNode < 1)
        json::fail(json::child(path, "gpus_per_node"), "must be at least 1");
    s.basedOn = json::getString(j, "based_on", path, "");
    s.intraNode = linkCeiling(j, "intra_node", path);
    s.interNode = linkCeiling(j, "inter_node", path);
    s.price = price(j, path);
    s.notes = json::getString(j, "notes", path, "");
    return s;
}

// Marks the link ceilings withSystem wrote, so that the next system replaces them.
constexpr std::string_view kSystemNote = "bus bandwidth per GPU of the system ";

std::string systemNote(const System& system, const Provenance& p) {
    return std::string(kSystemNote) + system.name + " (systems catalog)" +
           (p.note.empty() ? "" : ": " + p.note);
}

} // namespace

std::optional<double> System::usdPerGpuHour() const {
    if (!price)
        return std::nullopt;
    return price->usdPerHour / gpusPerNode;
}

std::string_view toString(SystemKind kind) {
    return kind == SystemKind::node ? "node" : "cloud";
}

Result<std::vector<System>> parseSystems(std::string_view text, const std::string& file) {
    std::vector<System> systems;
    const Status status = json::parseDocument(text, file, kKind, [&](const json::Json& root) {
        const json::Json& list = json::requireArray(root, "systems", "");
        std::set<std::string> ids;
        for (std::size_t i = 0; i < list.size(); ++i) {
            System s = systemFromJson(list[i], json::child("/systems", i));
            if (!ids.insert(s.id).second)
                json::fail(json::child(json::child("/systems", i), "id"),
                           "system id '" + s.id + "' appears twice");
            systems.push_back(std::move(s));
        }
    });
    if (!status)
        return status.error();
    return systems;
}

const std::vector<System>& builtinSystems() {
    static const std::vector<System> systems = [] {
        std::vector<System> all;
        for (const BuiltinDocument& d : builtinSystemDocuments())
            if (auto parsed = parseSystems(d.text, ":/systems/" + std::string(d.name)))
                for (System& s : parsed.value())
                    all.push_back(std::move(s));
        return all;
    }();
    return systems;
}

const System* findSystem(std::span<const System> systems, std::string_view id) {
    for (const System& s : systems)
        if (s.id == id)
            return &s;
    return nullptr;
}

std::vector<const System*> systemsFor(std::span<const System> systems, std::string_view deviceId) {
    std::vector<const System*> out;
    for (const SystemKind kind : {SystemKind::node, SystemKind::cloud})
        for (const System& s : systems)
            if (s.kind == kind && s.deviceId == deviceId)
                out.push_back(&s);
    return out;
}

const System* suggestSystem(std::span<const System> systems, std::string_view deviceId) {
    const auto candidates = systemsFor(systems, deviceId);
    return candidates.empty() ? nullptr : candidates.front();
}

Device withSystem(const Device& device, const System& system) {
    Device out = device;
    const auto apply = [&](Link link, const std::optional<Ceiling>& ceiling) {
        const auto it = out.ceilings.links.find(link);
        if (it != out.ceilings.links.end() &&
            it->second.provenance.kind == ProvenanceKind::measured)
            return;
        if (!ceiling) {
            // The previous system's figure must not stay behind as if it were this one's.
            if (it != out.ceilings.links.end() &&
                it->second.provenance.note.starts_with(kSystemNote))
                out.ceilings.links.erase(it);
            return;
        }
        Ceiling c = *ceiling;
        c.provenance.note = systemNote(system, ceiling->provenance);
        out.ceilings.links[link] = std::move(c);
    };
    apply(Link::intra_node, system.intraNode);
    apply(Link::inter_node, system.interNode);
    out.system = system.id;
    return out;
}

Device withoutSystem(const Device& device) {
    Device out = device;
    std::erase_if(out.ceilings.links, [](const auto& link) {
        return link.second.provenance.kind != ProvenanceKind::measured &&
               link.second.provenance.note.starts_with(kSystemNote);
    });
    out.system.clear();
    return out;
}

Status putSessionInSystem(Session& session, std::span<const System> systems, std::string_view id) {
    std::vector<std::string> used; // the devices datasets run on, in dataset order
    for (const auto& d : session.datasets)
        if (!d.context.deviceId.empty() &&
            std::find(used.begin(), used.end(), d.context.deviceId) == used.end())
            used.push_back(d.context.deviceId);
    if (id == "none") {
        for (Device& device : session.devices)
            if (std::find(used.begin(), used.end(), device.id) != used.end())
                device = withoutSystem(device);
        return {};
    }
    const System* system = findSystem(systems, id);
    if (!system)
        return makeError("unknown system '" + std::string(id) +
                         "' (see 'roofscope devices --systems' for the ids)");
    bool placed = false;
    for (Device& device : session.devices)
        if (device.id == system->deviceId &&
            std::find(used.begin(), used.end(), device.id) != used.end()) {
            device = withSystem(device, *system);
            placed = true;
        }
    if (placed)
        return {};
    std::string message = "system '" + system->id + "' is built of " + system->deviceId + ", ";
    if (used.empty())
        return makeError(message + "and no dataset runs on a known device");
    message += "which no dataset runs on (they run on";
    for (const auto& d : used)
        message += " " + d;
    message += ")";
    std::string others;
    for (const auto& d : used)
        for (const System* s : systemsFor(systems, d))
            others += (others.empty() ? "" : ", ") + s->id;
    return makeError(
        message + (others.empty() ? "; no system lists those" : "; systems of those: " + others));
}

std::optional<GpuHourPrice> cheapestGpuHour(std::span<const System> systems,
                                            std::string_view deviceId) {
    std::optional<GpuHourPrice> best;
    for (const System& s : systems)
        if (s.kind == SystemKind::cloud && s.deviceId == deviceId)
            if (const auto p = s.usdPerGpuHour(); p && (!best || *p < best->usdPerGpuHour))
                best = GpuHourPrice{*p, &s};
    return best;
}

std::optional<GpuHourPrice> defaultGpuHour(std::span<const System> systems, const Device& device) {
    if (const System* own = findSystem(systems, device.system))
        if (const auto p = own->usdPerGpuHour(); p && own->kind == SystemKind::cloud)
            return GpuHourPrice{*p, own};
    return cheapestGpuHour(systems, device.id);
}

} // namespace roofscope
