#include "core/import/nvbandwidth/nvbandwidth_matrix.h"

namespace roofscope::detail {

// Which link a description measures; nullopt for latency or anything not CPU/GPU bandwidth.
std::optional<Link> nvbandwidthLink(std::string_view d) {
    if (d.find("bandwidth (GB/s)") == std::string_view::npos)
        return std::nullopt;
    const bool rowCpu = d.find("CPU(row)") != std::string_view::npos;
    const bool rowGpu = d.find("GPU(row)") != std::string_view::npos;
    const bool colCpu = d.find("CPU(column)") != std::string_view::npos;
    const bool colGpu = d.find("GPU(column)") != std::string_view::npos;
    const bool rightward = d.find("->") != std::string_view::npos; // row sends to column
    const bool leftward = d.find("<-") != std::string_view::npos;  // row receives from column
    if (rowGpu && colGpu && (rightward || leftward))
        return Link::p2p;
    const bool cpuToGpu = (rowCpu && colGpu && rightward) || (rowGpu && colCpu && leftward);
    const bool gpuToCpu = (rowGpu && colCpu && rightward) || (rowCpu && colGpu && leftward);
    if (cpuToGpu != gpuToCpu)
        return cpuToGpu ? Link::pcie_h2d : Link::pcie_d2h;
    return std::nullopt;
}

void NvbandwidthMatrix::storeInto(Ceilings& ceilings, const std::string& version,
                                  const std::string& testcase) const {
    Ceiling ceiling;
    ceiling.value = least_ * 1e9; // nvbandwidth's GB/s are decimal
    ceiling.provenance.kind = ProvenanceKind::measured;
    ceiling.provenance.tool = "nvbandwidth " + (version.empty() ? "unknown" : version);
    ceiling.provenance.method = testcase + ", minimum over " + std::to_string(cells_) +
                                (link_ == Link::p2p ? " GPU pairs" : " GPUs");
    auto [slot, added] = ceilings.links.try_emplace(link_, ceiling);
    if (!added && ceiling.value > slot->second.value)
        slot->second = ceiling;
}

} // namespace roofscope::detail
