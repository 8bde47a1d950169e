#pragma once

#include "core/ceilings.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope {

// Which physical device a measured ceiling came from, so that a result can be traced to one
// card or host and two measurements of "the same" model told apart. Spec entries leave it empty.
struct DeviceIdentity {
    std::string host;              // host name the probe ran on
    std::string uuid;              // GPU UUID, e.g. "GPU-5b3c…"; empty for CPUs
    std::string pciBusId;          // e.g. "0000:17:00.0"
    std::string computeCapability; // e.g. "9.0"; CPUs: empty
    std::string simd;              // CPUs: widest vector ISA used, e.g. "avx2", "avx512", "neon"
    std::string driverVersion;     // e.g. "580.159.03"
    std::string runtimeVersion;    // e.g. "CUDA 13.0"
    int computeUnits = 0;          // streaming multiprocessors, compute units or CPU cores
    int threads = 0;               // CPUs: hardware threads; GPUs: 0
    double coreClockMHz = 0;       // clock read when probing (never changed by Roofscope)
    double memoryClockMHz = 0;
    std::uint64_t memoryBytes = 0; // device memory, or the host's RAM for a CPU
    std::uint64_t l2Bytes = 0;     // GPUs: L2 size; CPUs: last-level cache size

    bool operator==(const DeviceIdentity&) const = default;
    bool empty() const { return *this == DeviceIdentity{}; }
};

struct Device {
    std::string id;   // stable, lower-case, e.g. "nvidia-h100-sxm5-80gb"
    std::string name; // as a human reads it, e.g. "NVIDIA H100 SXM5 80GB"
    std::string vendor;
    DeviceKind kind = DeviceKind::gpu;
    std::vector<std::string> aliases; // names tools report for it, e.g. "NVIDIA H100 80GB HBM3"
    Ceilings ceilings;
    std::string notes;
    DeviceIdentity identity; // measured devices only
    // The systems catalog entry (systems.h) whose collective ceilings the device's intra_node
    // and inter_node links carry; "" when none was applied.
    std::string system;

    bool operator==(const Device&) const = default;
};

} // namespace roofscope
