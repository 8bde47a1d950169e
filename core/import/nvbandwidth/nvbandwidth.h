#pragma once
// nvbandwidth's text output (NVIDIA/nvbandwidth): per testcase a "Running <testcase>." line, a
// description such as "memcpy CE CPU(row) -> GPU(column) bandwidth (GB/s)", a matrix with the
// peer index as column header and the device as row label ("N/A" where a pair does not apply),
// then "SUM <testcase> <value>". Values are decimal GB/s (1e9 B/s).

#include "core/ceilings.h"
#include "core/error.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

// Link ceilings in B/s, each with measured provenance (tool "nvbandwidth <version>", method
// naming the testcase and how many cells it covers): CPU -> GPU matrices give pcie_h2d,
// GPU -> CPU (or CPU <- GPU) pcie_d2h, GPU <-> GPU p2p. A link's value is the minimum over the
// matrix's measured cells (the rate every GPU, or every GPU pair, reaches); when several
// testcases measure one link (copy engine and SM copies) the highest of those minima is kept.
// Latency matrices ("(ns)") and other units are skipped. Errors name `file` and line:column: a
// cell that is neither a number nor N/A, a matrix with no measured cell, no bandwidth matrix.
// Text starting with '{' is read as the -j JSON output instead (same rules; errors carry the
// JSON pointer of the bad value).
Result<Ceilings> parseNvbandwidth(std::string_view text, const std::string& file);

// The GPUs the text output lists before its testcases ("Device 0: NVIDIA H100 80GB HBM3
// (00000000:18:00)" gives "NVIDIA H100 80GB HBM3"), in device order; empty for the JSON output,
// which names none.
std::vector<std::string> nvbandwidthDeviceNames(std::string_view text);

} // namespace roofscope
