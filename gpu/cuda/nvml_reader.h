#pragma once
// Read-only queries of NVML (the driver's management library), loaded at run time with dlopen so
// that the probe neither needs NVML to build nor fails to start where it is missing. Nothing here
// changes a clock or any other setting: the probe records clocks, it never sets them.

#include "gpu/probe/benchmark.h"

#include <optional>
#include <string>

namespace roofscope::probe {

// The driver's version string, e.g. "580.159.03"; nullopt without NVML.
std::optional<std::string> nvmlDriverVersion();

// The current SM clock, in MHz, of the GPU at `pciBusId` (as cudaDeviceGetPCIBusId writes it);
// nullopt without NVML or when the query fails.
std::optional<double> nvmlSmClockMHz(const std::string& pciBusId);

// Clock, power, temperature, clock limits and PCIe link of the GPU at `pciBusId`, each field
// filled when NVML answers its query; all empty without NVML.
RunConditions nvmlConditions(const std::string& pciBusId);

} // namespace roofscope::probe
