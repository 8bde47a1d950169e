#pragma once

#include "ceilings.h"

#include <string>
#include <vector>

namespace roofscope {

struct Device {
    std::string id;   // stable, lower-case, e.g. "nvidia-h100-sxm5-80gb"
    std::string name; // as a human reads it, e.g. "NVIDIA H100 SXM5 80GB"
    std::string vendor;
    DeviceKind kind = DeviceKind::gpu;
    std::vector<std::string> aliases; // names tools report for it, e.g. "NVIDIA H100 80GB HBM3"
    Ceilings ceilings;
    std::string notes;

    bool operator==(const Device&) const = default;
};

} // namespace roofscope
