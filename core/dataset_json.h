#pragma once
// Internal to core: the JSON form of datasets and their op records inside a session.

#include "core/dataset.h"
#include "core/json_fields.h"

namespace roofscope::json {

Json toJson(const Dataset& dataset);
// Throws FieldError (caught by parseDocument) on missing or invalid content.
Dataset datasetFromJson(const Json& value, const std::string& path);

} // namespace roofscope::json
