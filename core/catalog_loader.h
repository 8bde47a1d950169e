#pragma once
// Builds the device catalog from the built-in entries (resources/devices/*.json, compiled into
// the library) and the user's own folder, $XDG_DATA_HOME/roofscope/devices (override with
// ROOFSCOPE_USER_CATALOG). Qt-free, so that the command line reads the same catalog as the window
// without a GUI library.

#include "core/catalog.h"

#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// One built-in catalog document: its file name under resources/devices/ and its text.
struct BuiltinDocument {
    std::string_view name;
    std::string_view text;
};

// Every built-in document, in file-name order (generated at build time by
// cmake/builtin_devices.cmake): the devices (resources/devices/) and the systems
// (resources/systems/, systems.h).
std::span<const BuiltinDocument> builtinDeviceDocuments();
std::span<const BuiltinDocument> builtinSystemDocuments();

// The user catalog folder, whether or not it exists: ROOFSCOPE_USER_CATALOG when set, else
// $XDG_DATA_HOME/roofscope/devices, else ~/.local/share/roofscope/devices.
std::string userCatalogDir();

// Built-in entries first (origin ":/devices/<name>"), then every *.json of the user folder in
// name order (a user entry with a built-in id overrides it; one with any measured ceiling is a
// `measured` entry, which also overrides user spec entries). A user file that cannot be read is
// skipped and described in `warnings`; a broken built-in entry is a build defect and is reported
// the same way. A device the systems catalog lists that names no system of its own is in the
// one suggestSystem gives (withSystem: its collective link ceilings).
Catalog loadCatalog(std::vector<std::string>* warnings);

} // namespace roofscope
