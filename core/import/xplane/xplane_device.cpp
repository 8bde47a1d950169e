// Each rule names a model only when no other shipping model has the same figures: MI300X and
// MI325X share gfx942 and 304 CUs and differ in memory (192 GB, 256 GB); MI355X and MI350X share
// gfx950 and 256 CUs and differ in peak clock (2.4 GHz, 2.2 GHz); H100 SXM and H200 share sm_90
// and 132 SMs and differ in memory (80 GB, 141 GB). A100 SXM and PCIe share all the figures
// XPlane records, so neither is named.
#include "core/import/xplane/xplane_device.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>

namespace roofscope {
namespace {

constexpr double kGiB = 1024.0 * 1024.0 * 1024.0;

bool isVendor(std::string_view vendor, std::string_view wanted) {
    if (vendor.size() != wanted.size())
        return false;
    for (std::size_t i = 0; i < vendor.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(vendor[i])) !=
            std::tolower(static_cast<unsigned char>(wanted[i])))
            return false;
    return true;
}

std::string amdModel(const XplaneGpuFacts& f, double memGiB) {
    if (f.computeMajor == 9 && f.computeMinor == 4 && f.cores == 304 && memGiB > 0)
        return memGiB < 224 ? "AMD Instinct MI300X" : "AMD Instinct MI325X";
    if (f.computeMajor == 9 && f.computeMinor == 4 && f.cores == 228)
        return "AMD Instinct MI300A";
    if (f.computeMajor == 9 && f.computeMinor == 5 && f.cores == 256 && f.clockHz > 0)
        return f.clockHz >= 2.3e9 ? "AMD Instinct MI355X" : "AMD Instinct MI350X";
    return {};
}

std::string nvidiaModel(const XplaneGpuFacts& f, double memGiB) {
    if (f.computeMajor == 9 && f.computeMinor == 0 && f.cores == 132 && memGiB > 0) {
        if (memGiB < 88)
            return "NVIDIA H100 80GB HBM3";
        if (memGiB > 130 && memGiB < 150)
            return "NVIDIA H200";
    }
    if (f.computeMajor == 10 && f.computeMinor == 0 && f.cores == 148)
        return "NVIDIA B200";
    return {};
}

} // namespace

XplaneGpuName xplaneGpuName(const XplaneGpuFacts& f) {
    const double memGiB = f.memoryBytes > 0 ? double(f.memoryBytes) / kGiB : 0;
    const bool amd = isVendor(f.vendor, "AMD");
    const bool nvidia = isVendor(f.vendor, "Nvidia");
    XplaneGpuName out;
    out.name = amd ? amdModel(f, memGiB) : nvidia ? nvidiaModel(f, memGiB) : std::string();
    out.identified = !out.name.empty();
    if (out.identified)
        return out;
    out.name = amd                ? "AMD GPU"
               : nvidia           ? "NVIDIA GPU"
               : f.vendor.empty() ? "GPU"
                                  : std::string(f.vendor) + " GPU";
    if (f.computeMajor >= 0) {
        out.name += amd ? " gfx" : " sm ";
        out.name +=
            std::to_string(f.computeMajor) + "." + std::to_string(std::max(f.computeMinor, 0));
    }
    if (f.cores > 0)
        out.name += ", " + std::to_string(f.cores) + (amd ? " CUs" : " SMs");
    if (memGiB > 0)
        out.name += ", " + std::to_string(static_cast<long long>(std::lround(memGiB))) + " GB";
    return out;
}

} // namespace roofscope
