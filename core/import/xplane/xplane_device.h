#pragma once
// The GPU of an XPlane device plane, named from what the plane's stats say. XPlane records no
// product name, only the vendor, compute capability (gfx major.minor on AMD), core count, memory
// size and clock; a name is given only where those identify one model, as the catalog spells it,
// so that the catalog matches it. Otherwise the name describes the figures and matches nothing:
// the user picks the device, as for any trace whose GPU the catalog does not know.

#include <cstdint>
#include <string>
#include <string_view>

namespace roofscope {

struct XplaneGpuFacts {
    std::string_view vendor; // device_vendor: "AMD", "Nvidia"
    int computeMajor = -1;
    int computeMinor = -1;
    int cores = -1;                // SMs or compute units
    std::int64_t memoryBytes = -1; // -1 when unknown
    double clockHz = 0;            // 0 when unknown
};

struct XplaneGpuName {
    std::string name;        // "AMD Instinct MI300X", or "AMD GPU gfx9.5, 256 CUs, 288 GB"
    bool identified = false; // the figures identify one model
};

XplaneGpuName xplaneGpuName(const XplaneGpuFacts& facts);

} // namespace roofscope
