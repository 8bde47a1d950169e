#pragma once
// A link ceiling measured by nccl-tests, for MD-Roofline's APB: the peak bus bandwidth of an
// nccl-tests run as the intra-node (one host) or inter-node (several hosts) link of a device.

#include "core/ceilings.h"
#include "core/error.h"
#include "core/session.h"

#include <string>

namespace roofscope {

struct LinkCeilingImport {
    Link link = Link::intra_node;
    // True when the output names no hosts, so that one host (intra_node) was assumed.
    bool linkAssumed = false;
    Ceiling ceiling; // B/s, provenance measured by "nccl-tests ..."
};

// Reads and parses `path` (nccl-tests text or -J JSON). Errors name the file and the line.
Result<LinkCeilingImport> readNcclLinkCeiling(const std::string& path);

// Sets the imported ceiling on device `deviceId` of `session`, replacing that link's ceiling.
// Errors when the session has no such device.
Status applyLinkCeiling(Session& session, const std::string& deviceId,
                        const LinkCeilingImport& imported);

} // namespace roofscope
