#pragma once
// NCCL 2.19+ describes its NVTX ranges (ncclAllReduce, ncclSend, ...) with a payload schema whose
// "Message size [bytes]" would give each collective's size. Exports can hold the schema
// (NVTX_PAYLOAD_SCHEMA_ENTRIES) without a single value (NVTX_EVENTS.binaryData and jsonText all
// NULL), as the shared 2026.2 sample does; the reader decodes no payload either way.

#include "core/import/nsys/nsys_db.h"

#include <optional>
#include <string>

namespace roofscope {

// The warning that says where an export's collective sizes are not, so that the collectives'
// missing bytes are not taken for a reader's fault; nullopt when the export declares no
// message-size payload (or its tables cannot be read).
std::optional<std::string> nvtxPayloadWarning(const nsys::Db& db);

} // namespace roofscope
