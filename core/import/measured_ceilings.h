#pragma once
// Ceilings measured by another tool on some machine, for a device of a session: nccl-tests (the
// peak bus bandwidth as the intra- or inter-node link), the Empirical Roofline Toolkit (each
// memory level's bandwidth and the peak FLOP rate) and nvbandwidth (PCIe and peer-to-peer
// links). One path for the window, `roofscope export --ceilings` and the tests; `info` lists
// the same figures through each format's importer.

#include "core/ceilings.h"
#include "core/error.h"
#include "core/session.h"

#include <string>
#include <vector>

namespace roofscope {

struct MeasuredCeilings {
    std::string tool;       // "nccl-tests", "ERT" or "nvbandwidth", for messages
    std::string deviceName; // the GPU the file names ("NVIDIA H100 80GB HBM3"); "" when none
    Ceilings ceilings;      // each with measured provenance; never empty
    // What the reader assumed, said to the user: "the output names no hosts: one host
    // (intra_node) assumed".
    std::vector<std::string> notes;
};

// Reads `path`, whose kind is decided from its content (importer.h). Errors name the file and
// the position; a file of another kind is refused with what this reads.
Result<MeasuredCeilings> readMeasuredCeilings(const std::string& path);

// Sets each of `measured` on device `deviceId` of `session`, replacing the ceiling of the same
// precision and unit, memory level or link; the device's other ceilings stay. Errors when the
// session has no such device.
Status applyMeasuredCeilings(Session& session, const std::string& deviceId,
                             const Ceilings& measured);

// One line for messages, memory levels first: "l1 559 GB/s, dram 161 GB/s, fp64 vector
// 1.23 TFLOP/s".
std::string ceilingsLine(const Ceilings& ceilings);

} // namespace roofscope
