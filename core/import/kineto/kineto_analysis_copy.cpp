// Memcpy and memset launches: direction from the event name, bytes from "bytes".
//   Memcpy HtoD (Pinned -> Device), legacy (Pageable -> Device): written once in device memory,
//       and carried over PCIe host-to-device
//   Memcpy DtoH (Device -> Pinned): read once, carried over PCIe device-to-host
//   Memcpy DtoD (Device -> Device): read and written, 2 x bytes
//   Memcpy PtoP (Device -> Device), "Peer": read once here, carried over the peer link
//   Memset (Device): written once
// ROCm spells the directions CopyHostToDevice, CopyDeviceToHost, CopyDeviceToDevice.

#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <cctype>

namespace roofscope::kineto {
namespace {

enum class Direction { htod, dtoh, dtod, ptop, htoh, unknown };

bool has(const std::string& lower, std::string_view marker) {
    return lower.find(marker) != std::string::npos;
}

Direction directionOf(std::string_view name) {
    std::string lower(name);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    // Peer first: a peer copy is also written "Device -> Device".
    if (has(lower, "ptop") || has(lower, "peer"))
        return Direction::ptop;
    if (has(lower, "htod") || has(lower, "hosttodevice"))
        return Direction::htod;
    if (has(lower, "dtoh") || has(lower, "devicetohost"))
        return Direction::dtoh;
    if (has(lower, "dtod") || has(lower, "devicetodevice"))
        return Direction::dtod;
    if (has(lower, "htoh") || has(lower, "hosttohost"))
        return Direction::htoh;
    return Direction::unknown;
}

} // namespace

void describeCopy(const GpuEvent& event, const std::string& name, LaunchRecord& record) {
    record.category = Category::memcpy;
    record.precision = Precision::other;
    if (event.bytes < 0)
        return;
    const double bytes = static_cast<double>(event.bytes);
    if (event.kind == GpuEventKind::memset) {
        record.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        return;
    }
    switch (directionOf(name)) {
    case Direction::htod:
        record.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        record.commBytes[Link::pcie_h2d] = Measure::measured(bytes);
        break;
    case Direction::dtoh:
        record.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        record.commBytes[Link::pcie_d2h] = Measure::measured(bytes);
        break;
    case Direction::dtod:
        record.bytes[MemoryLevel::dram] = Measure::measured(2 * bytes);
        break;
    case Direction::ptop:
        record.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        record.commBytes[Link::p2p] = Measure::measured(bytes);
        break;
    case Direction::htoh:
        // Host memory read and written; the GPU's memory is not touched.
        record.bytes[MemoryLevel::host] = Measure::measured(2 * bytes);
        break;
    case Direction::unknown:
        // A copy of unknown direction moves at least its bytes once through device memory.
        record.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        break;
    }
}

} // namespace roofscope::kineto
