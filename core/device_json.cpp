#include "core/device_json.h"

#include <cctype>

namespace roofscope::json {

Json toJson(const Provenance& p) {
    Json j = Json::object();
    j["kind"] = toString(p.kind);
    if (!p.sourceUrl.empty())
        j["source_url"] = p.sourceUrl;
    if (!p.tool.empty())
        j["tool"] = p.tool;
    if (!p.method.empty())
        j["method"] = p.method;
    if (!p.date.empty())
        j["date"] = p.date;
    if (p.clockMHz != 0)
        j["clock_mhz"] = p.clockMHz;
    if (p.samples != 0)
        j["samples"] = p.samples;
    if (p.spread != 0)
        j["spread"] = p.spread;
    if (!p.note.empty())
        j["note"] = p.note;
    return j;
}

Provenance provenanceFromJson(const Json& parent, const std::string& parentPath) {
    const std::string path = child(parentPath, "provenance");
    const Json& j = require(parent, "provenance", parentPath);
    requireObject(j, path);
    Provenance p;
    p.kind = getEnum<ProvenanceKind>(j, "kind", path);
    p.sourceUrl = getString(j, "source_url", path, "");
    p.tool = getString(j, "tool", path, "");
    p.method = getString(j, "method", path, "");
    p.date = getString(j, "date", path, "");
    p.clockMHz = getNonNegative(j, "clock_mhz", path, 0.0);
    p.samples = getInt(j, "samples", path, 0);
    if (p.samples < 0)
        fail(child(path, "samples"), "must not be negative");
    p.spread = getNonNegative(j, "spread", path, 0.0);
    p.note = getString(j, "note", path, "");
    // A number without a source cannot be trusted or checked: refuse it.
    if (p.kind == ProvenanceKind::spec && p.sourceUrl.empty())
        fail(child(path, "source_url"), "a spec ceiling needs the URL of its source");
    if (p.kind == ProvenanceKind::measured && (p.tool.empty() || p.method.empty()))
        fail(path, "a measured ceiling needs the tool and the method that measured it");
    return p;
}

namespace {

double ceilingValue(const Json& j, std::string_view key, const std::string& path) {
    const double value = getNumber(j, key, path);
    if (!(value > 0))
        fail(child(path, key), "a ceiling must be positive");
    return value;
}

Json toJson(const DeviceIdentity& id) {
    Json j = Json::object();
    auto text = [&j](const char* key, const std::string& value) {
        if (!value.empty())
            j[key] = value;
    };
    text("host", id.host);
    text("uuid", id.uuid);
    text("pci_bus_id", id.pciBusId);
    text("compute_capability", id.computeCapability);
    text("simd", id.simd);
    text("driver_version", id.driverVersion);
    text("runtime_version", id.runtimeVersion);
    if (id.computeUnits != 0)
        j["compute_units"] = id.computeUnits;
    if (id.threads != 0)
        j["threads"] = id.threads;
    if (id.coreClockMHz != 0)
        j["core_clock_mhz"] = id.coreClockMHz;
    if (id.memoryClockMHz != 0)
        j["memory_clock_mhz"] = id.memoryClockMHz;
    if (id.memoryBytes != 0)
        j["memory_bytes"] = id.memoryBytes;
    if (id.l2Bytes != 0)
        j["l2_bytes"] = id.l2Bytes;
    return j;
}

DeviceIdentity identityFromJson(const Json& j, const std::string& path) {
    requireObject(j, path);
    DeviceIdentity id;
    id.host = getString(j, "host", path, "");
    id.uuid = getString(j, "uuid", path, "");
    id.pciBusId = getString(j, "pci_bus_id", path, "");
    id.computeCapability = getString(j, "compute_capability", path, "");
    id.simd = getString(j, "simd", path, "");
    id.driverVersion = getString(j, "driver_version", path, "");
    id.runtimeVersion = getString(j, "runtime_version", path, "");
    auto count = [&](std::string_view key) {
        const std::int64_t v = getInteger(j, key, path, 0);
        if (v < 0 || v > 1'000'000'000)
            fail(child(path, key), "out of range");
        return static_cast<int>(v);
    };
    id.computeUnits = count("compute_units");
    id.threads = count("threads");
    id.coreClockMHz = getNonNegative(j, "core_clock_mhz", path, 0.0);
    id.memoryClockMHz = getNonNegative(j, "memory_clock_mhz", path, 0.0);
    auto bytes = [&](std::string_view key) {
        const std::int64_t v = getInteger(j, key, path, 0);
        if (v < 0)
            fail(child(path, key), "must not be negative");
        return static_cast<std::uint64_t>(v);
    };
    id.memoryBytes = bytes("memory_bytes");
    id.l2Bytes = bytes("l2_bytes");
    return id;
}

bool validId(const std::string& id) {
    if (id.empty())
        return false;
    for (char c : id)
        if (!(std::islower(static_cast<unsigned char>(c)) ||
              std::isdigit(static_cast<unsigned char>(c)) || c == '-' || c == '_' || c == '.'))
            return false;
    return true;
}

} // namespace

Json toJson(const Device& device) {
    Json j = Json::object();
    j["id"] = device.id;
    j["name"] = device.name;
    j["vendor"] = device.vendor;
    j["kind"] = toString(device.kind);
    if (!device.aliases.empty())
        j["aliases"] = device.aliases;
    if (!device.notes.empty())
        j["notes"] = device.notes;
    if (!device.identity.empty())
        j["identity"] = toJson(device.identity);
    if (!device.system.empty())
        j["system"] = device.system;
    Json compute = Json::array();
    for (const auto& [key, c] : device.ceilings.compute)
        compute.push_back({{"precision", toString(key.precision)},
                           {"unit", toString(key.unit)},
                           {"flops_per_s", c.value},
                           {"provenance", toJson(c.provenance)}});
    Json memory = Json::array();
    for (const auto& [level, c] : device.ceilings.memory)
        memory.push_back({{"level", toString(level)},
                          {"bytes_per_s", c.value},
                          {"provenance", toJson(c.provenance)}});
    Json links = Json::array();
    for (const auto& [link, c] : device.ceilings.links)
        links.push_back({{"link", toString(link)},
                         {"bytes_per_s", c.value},
                         {"provenance", toJson(c.provenance)}});
    j["compute"] = std::move(compute);
    j["memory"] = std::move(memory);
    j["links"] = std::move(links);
    return j;
}

Device deviceFromJson(const Json& j, const std::string& path) {
    requireObject(j, path);
    Device d;
    d.id = getString(j, "id", path);
    if (!validId(d.id))
        fail(child(path, "id"), "'" + d.id +
                                    "' is not a valid id (lower-case letters, digits, "
                                    "'-', '_' and '.')");
    d.name = getString(j, "name", path);
    d.vendor = getString(j, "vendor", path, "");
    d.kind = getEnum<DeviceKind>(j, "kind", path);
    d.aliases = getStrings(j, "aliases", path);
    d.notes = getString(j, "notes", path, "");
    d.system = getString(j, "system", path, "");
    if (const Json* identity = find(j, "identity"))
        d.identity = identityFromJson(*identity, child(path, "identity"));

    const std::string computePath = child(path, "compute");
    const Json& compute = requireArray(j, "compute", path);
    for (std::size_t i = 0; i < compute.size(); ++i) {
        const std::string p = child(computePath, i);
        requireObject(compute[i], p);
        const ComputeKey key{getEnum<Precision>(compute[i], "precision", p),
                             getEnum<ComputeUnit>(compute[i], "unit", p)};
        const Ceiling c{ceilingValue(compute[i], "flops_per_s", p),
                        provenanceFromJson(compute[i], p)};
        if (!d.ceilings.compute.emplace(key, c).second)
            fail(p, "a second " + std::string(toString(key.precision)) + " " +
                        std::string(toString(key.unit)) + " ceiling");
    }
    const std::string memoryPath = child(path, "memory");
    const Json& memory = requireArray(j, "memory", path);
    for (std::size_t i = 0; i < memory.size(); ++i) {
        const std::string p = child(memoryPath, i);
        requireObject(memory[i], p);
        const auto level = getEnum<MemoryLevel>(memory[i], "level", p);
        const Ceiling c{ceilingValue(memory[i], "bytes_per_s", p),
                        provenanceFromJson(memory[i], p)};
        if (!d.ceilings.memory.emplace(level, c).second)
            fail(p, "a second " + std::string(toString(level)) + " ceiling");
    }
    const std::string linksPath = child(path, "links");
    const Json* links = find(j, "links");
    if (links) {
        if (!links->is_array())
            fail(linksPath, "expected an array");
        for (std::size_t i = 0; i < links->size(); ++i) {
            const std::string p = child(linksPath, i);
            const Json& item = (*links)[i];
            requireObject(item, p);
            const auto link = getEnum<Link>(item, "link", p);
            const Ceiling c{ceilingValue(item, "bytes_per_s", p), provenanceFromJson(item, p)};
            if (!d.ceilings.links.emplace(link, c).second)
                fail(p, "a second " + std::string(toString(link)) + " ceiling");
        }
    }
    return d;
}

} // namespace roofscope::json
