#pragma once
// Internal to the nvbandwidth readers (text and -j JSON): which link a testcase's matrix measures,
// and how its cells become one ceiling per link.

#include "core/ceilings.h"
#include "core/error.h"

#include <algorithm>

#include <optional>
#include <string>
#include <string_view>

namespace roofscope::detail {

// The link a bandwidth description measures ("memcpy CE CPU(row) -> GPU(column) bandwidth
// (GB/s)" is pcie_h2d); nullopt for latency matrices and anything not CPU/GPU bandwidth.
std::optional<Link> nvbandwidthLink(std::string_view description);

// The cells of one testcase's matrix, in GB/s.
class NvbandwidthMatrix {
  public:
    explicit NvbandwidthMatrix(Link link) : link_(link) {}
    Link link() const { return link_; }
    // A GPU's copy to itself is no peer link, whatever the cell says.
    bool skips(int row, int column) const { return link_ == Link::p2p && row == column; }
    void add(double gigabytesPerS) {
        least_ = cells_ == 0 ? gigabytesPerS : std::min(least_, gigabytesPerS);
        ++cells_;
    }
    int cells() const { return cells_; }
    // Stores the matrix's minimum (the rate every GPU or pair reaches) as the link's ceiling,
    // unless another testcase of the same link already reached more.
    void storeInto(Ceilings& ceilings, const std::string& version,
                   const std::string& testcase) const;

  private:
    Link link_;
    double least_ = 0;
    int cells_ = 0;
};

// The -j output: {"nvbandwidth": {"version", "testcases": [{"name", "status",
// "bandwidth_description", "bandwidth_matrix": [["12.3", "N/A"], ...]}]}} (cells are strings).
Result<Ceilings> parseNvbandwidthJson(std::string_view text, const std::string& file);

} // namespace roofscope::detail
