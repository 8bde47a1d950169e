#pragma once
// An Nsight Compute CSV export as a run the explorer and `roofscope export` draw: its records
// (those `summarize` reads, ncu_import.h) grouped by kernel, or one per launch, with their
// measured L1, L2 and DRAM bytes for the hierarchical roofline. Nsight profiles kernels one at
// a time, so the run has no steps (one iteration) and no framework ops.

#include "core/dataset.h"
#include "core/error.h"
#include "core/import/kineto/kineto_analysis.h" // Grouping

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

struct NcuRun {
    Dataset dataset;                   // label: the file name; deviceId: `deviceId` as given
    std::vector<OpRecord> launches;    // one per profiled launch, for regrouping later
    std::string deviceName;            // as the file names its GPU; "" when it does not
    std::vector<std::string> warnings; // the tensor-instruction factor's, said once
};

// Reads `path`; `deviceId` is the catalog id of the GPU the user says ran it ("" : the file's
// device name decides the tensor factor, and the caller binds the dataset to a device). Op and
// kernel grouping are the same here (kernels have no framework op in Nsight). Errors name the
// file and the line.
Result<NcuRun> loadNcuRun(const std::string& path, Grouping grouping,
                          std::string_view deviceId = {});

// Binds the run's dataset and each of its records to catalog device `deviceId`.
void bindNcuRun(NcuRun& run, const std::string& deviceId);

// The dataset's records from its launches: as they are for Grouping::launch, else one per
// kernel (summed counters, launch counts), each bound to `deviceId`.
std::vector<OpRecord> groupNcuLaunches(const std::vector<OpRecord>& launches, Grouping grouping,
                                       const std::string& deviceId);

} // namespace roofscope
