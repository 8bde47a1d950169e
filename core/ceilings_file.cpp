#include "core/ceilings_file.h"

#include "core/device_json.h"
#include "core/text_file.h"

#include <set>

namespace roofscope {

namespace {
constexpr json::DocumentKind kKind{"roofscope-ceilings", kCeilingsFormatVersion, "ceilings"};
}

Result<std::vector<Device>> parseCeilings(std::string_view text, const std::string& file) {
    std::vector<Device> devices;
    const Status status = json::parseDocument(text, file, kKind, [&](const json::Json& root) {
        const json::Json& list = json::requireArray(root, "devices", "");
        std::set<std::string> ids;
        for (std::size_t i = 0; i < list.size(); ++i) {
            Device d = json::deviceFromJson(list[i], json::child("/devices", i));
            if (!ids.insert(d.id).second)
                json::fail(json::child(json::child("/devices", i), "id"),
                           "device id '" + d.id + "' appears twice");
            devices.push_back(std::move(d));
        }
    });
    if (!status)
        return status.error();
    return devices;
}

Result<std::vector<Device>> readCeilingsFile(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    return parseCeilings(text.value(), path);
}

std::string serializeCeilings(const std::vector<Device>& devices) {
    json::Json root = json::Json::object();
    root["format"] = kKind.format;
    root["version"] = kCeilingsFormatVersion;
    json::Json list = json::Json::array();
    for (const auto& d : devices)
        list.push_back(json::toJson(d));
    root["devices"] = std::move(list);
    // Invalid UTF-8 becomes U+FFFD rather than an exception.
    return root.dump(2, ' ', false, json::Json::error_handler_t::replace) + "\n";
}

Status writeCeilingsFile(const std::string& path, const std::vector<Device>& devices) {
    return writeFileAtomically(path, serializeCeilings(devices));
}

} // namespace roofscope
