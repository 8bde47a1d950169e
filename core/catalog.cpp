#include "core/catalog.h"

#include <algorithm>
#include <cctype>

namespace roofscope {
namespace {

std::string folded(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front())))
        s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back())))
        s.remove_suffix(1);
    std::string out(s);
    std::transform(out.begin(), out.end(), out.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

} // namespace

void Catalog::add(const std::vector<Device>& devices, CatalogLayer layer,
                  const std::string& origin) {
    for (const auto& device : devices) {
        auto it = std::find_if(entries_.begin(), entries_.end(),
                               [&](const CatalogEntry& e) { return e.device.id == device.id; });
        if (it == entries_.end()) {
            entries_.push_back(CatalogEntry{device, layer, origin, {}});
            continue;
        }
        if (layer < it->layer)
            continue;
        it->overridden.push_back(it->origin);
        it->device = device;
        it->layer = layer;
        it->origin = origin;
    }
}

const CatalogEntry* Catalog::find(std::string_view id) const {
    for (const auto& e : entries_)
        if (e.device.id == id)
            return &e;
    return nullptr;
}

const CatalogEntry* Catalog::findByName(std::string_view reportedName) const {
    const std::string wanted = folded(reportedName);
    if (wanted.empty())
        return nullptr;
    for (const auto& e : entries_) {
        if (folded(e.device.id) == wanted || folded(e.device.name) == wanted)
            return &e;
        for (const auto& alias : e.device.aliases)
            if (folded(alias) == wanted)
                return &e;
    }
    return nullptr;
}

bool hasMeasuredCeilings(const Device& device) {
    const auto measured = [](const auto& map) {
        return std::any_of(map.begin(), map.end(), [](const auto& entry) {
            return entry.second.provenance.kind == ProvenanceKind::measured;
        });
    };
    return measured(device.ceilings.compute) || measured(device.ceilings.memory) ||
           measured(device.ceilings.links);
}

std::string_view toString(CatalogLayer layer) {
    switch (layer) {
    case CatalogLayer::builtin:
        return "built-in";
    case CatalogLayer::user:
        return "user";
    case CatalogLayer::measured:
        return "measured";
    }
    return "?";
}

} // namespace roofscope
