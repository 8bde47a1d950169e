#pragma once
// Internal to core: the JSON form of a Device, shared by ceilings files, catalog entries and
// sessions so that a device reads and writes the same everywhere. See docs/file-formats.md.

#include "core/device.h"
#include "core/json_fields.h"

namespace roofscope::json {

Json toJson(const Device& device);
Json toJson(const Provenance& provenance);
// Reads parent["provenance"]; a spec value needs its source URL, a measured one tool and method.
Provenance provenanceFromJson(const Json& parent, const std::string& parentPath);
// Throws FieldError (caught by parseDocument) on missing or invalid content.
Device deviceFromJson(const Json& value, const std::string& path);

} // namespace roofscope::json
