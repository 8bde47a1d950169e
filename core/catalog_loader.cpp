#include "core/catalog_loader.h"

#include "core/ceilings_file.h"
#include "core/systems.h"
#include "core/text_file.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <system_error>

namespace roofscope {
namespace {

void addDocument(Catalog& catalog, std::string_view text, const std::string& origin,
                 CatalogLayer layer, std::vector<std::string>* warnings) {
    const auto devices = parseCeilings(text, origin);
    if (!devices) {
        if (warnings)
            warnings->push_back(devices.error().toString());
        return;
    }
    // In the user folder, a device with measured ceilings (a probe's output) is a measured
    // entry: it outranks a user's spec entry of the same id whatever the file order.
    std::vector<Device> spec, measured;
    for (Device d : devices.value()) {
        // A GPU of the systems catalog is in its vendor's node until the user picks another
        // system, so that its collectives have ceilings before anything is measured.
        if (d.system.empty())
            if (const System* system = suggestSystem(builtinSystems(), d.id))
                d = withSystem(d, *system);
        (layer == CatalogLayer::user && hasMeasuredCeilings(d) ? measured : spec).push_back(d);
    }
    catalog.add(spec, layer, origin);
    catalog.add(measured, CatalogLayer::measured, origin);
}

std::string environment(const char* name) {
    const char* value = std::getenv(name);
    return value ? std::string(value) : std::string();
}

} // namespace

std::string userCatalogDir() {
    if (auto overridden = environment("ROOFSCOPE_USER_CATALOG"); !overridden.empty())
        return overridden;
    // The XDG base directory rule: a relative XDG_DATA_HOME is ignored.
    std::string data = environment("XDG_DATA_HOME");
    if (data.empty() || data.front() != '/')
        data = environment("HOME") + "/.local/share";
    return data + "/roofscope/devices";
}

Catalog loadCatalog(std::vector<std::string>* warnings) {
    Catalog catalog;
    for (const BuiltinDocument& d : builtinDeviceDocuments())
        addDocument(catalog, d.text, ":/devices/" + std::string(d.name), CatalogLayer::builtin,
                    warnings);
    namespace fs = std::filesystem;
    const fs::path folder(userCatalogDir());
    std::error_code ec;
    if (!fs::is_directory(folder, ec))
        return catalog;
    std::vector<std::string> names;
    for (fs::directory_iterator it(folder, ec), end; !ec && it != end; it.increment(ec)) {
        const fs::path& p = it->path();
        std::error_code typeError;
        if (p.extension() == ".json" && it->is_regular_file(typeError))
            names.push_back(p.filename().string());
    }
    if (ec && warnings)
        warnings->push_back(folder.string() + ": " + ec.message());
    std::sort(names.begin(), names.end());
    for (const auto& name : names) {
        const std::string path = (folder / name).string();
        const auto text = readTextFile(path);
        if (!text) {
            if (warnings)
                warnings->push_back(text.error().toString());
            continue;
        }
        addDocument(catalog, text.value(), path, CatalogLayer::user, warnings);
    }
    return catalog;
}

} // namespace roofscope
