#pragma once
// Internal to the trace reader: the small top-level values of a Kineto trace (deviceProperties,
// distributedInfo, baseTimeNanoseconds, versions), read with nlohmann_json from their text.

#include "core/import/kineto/kineto_events.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope::detail {

// Whether the reader should keep the text of top-level key `key` for readTopLevelValue.
bool isKnownTopLevelKey(std::string_view key);

// Stores what `json` (the value of top-level key `key`) says into `meta`. A value that is not
// what the key should hold, or fields of the wrong type, add a warning naming the file and the
// key; nothing else of the trace is lost.
void readTopLevelValue(std::string_view key, std::string_view json, const std::string& file,
                       TraceMetadata& meta, std::vector<std::string>& warnings);

} // namespace roofscope::detail
