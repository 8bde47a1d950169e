#include "core/import/ncu/ncu_import.h"

#include "core/import/ncu/ncu_records.h"
#include "core/import/ncu/ncu_tensor_factor.h"
#include "core/import/ncu/ncu_tensor_work.h"

#include <algorithm>

namespace roofscope {

NcuImport importNcuRecords(const NcuReport& report, std::string_view deviceId) {
    NcuImport out;
    for (const auto& launch : report.launches) {
        const auto it = launch.attributes.find("device__attribute_display_name");
        if (it != launch.attributes.end()) {
            out.deviceName = it->second;
            break;
        }
    }
    // Tensor-pipe instructions become FLOPs only with the architecture's factor.
    const std::string device = deviceId.empty() ? out.deviceName : std::string(deviceId);
    NcuRecordOptions options;
    options.tensorFactor = ncuTensorFactor(device);
    const auto generation = ncuGpuGeneration(device);
    options.ampereOrLater = generation && *generation >= NcuGpuGeneration::ampere;
    out.records = ncuRecords(report, options);

    // Whether any launch executed tensor-pipe instructions (its kinds do not matter here).
    const bool tensor =
        std::any_of(report.launches.begin(), report.launches.end(), [](const NcuLaunch& l) {
            return ncuTensorWork(l, KernelTraits{}, std::nullopt, false).instructions() > 0;
        });
    if (tensor && options.tensorFactor)
        out.warnings.push_back("tensor instructions counted as FLOPs with " +
                               options.tensorFactor->basis);
    else if (tensor)
        out.warnings.push_back(
            "tensor instructions not counted as FLOPs: no per-instruction factor for " +
            (device.empty() ? std::string("an unnamed device") : "'" + device + "'") +
            " (see docs/file-formats.md; give a V100/Ampere/Ada device with --device)");
    return out;
}

} // namespace roofscope
