#pragma once
// The probe's output file: a roofscope-ceilings document (what core and the GUI read) plus a
// "probe" section with the run's details: every benchmark's status, time, sweep points and
// warnings, so that a surprising ceiling can be checked against the samples behind it.

#include "gpu/probe/probe_run.h"

#include <string>
#include <vector>

namespace roofscope::probe {

// The document text for `devices` (normally report.devices, or the cluster's under MPI).
std::string probeDocument(const std::vector<Device>& devices, const RunReport& report,
                          const ProbeOptions& options, const std::vector<std::string>& warnings);

// Writes it atomically. Errors name the file.
Status writeProbeFile(const std::string& path, const std::vector<Device>& devices,
                      const RunReport& report, const ProbeOptions& options,
                      const std::vector<std::string>& warnings);

} // namespace roofscope::probe
