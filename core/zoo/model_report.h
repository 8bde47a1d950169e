#pragma once
// What `roofscope model` prints: a model's layers on one device with their MD-Roofline bound and
// bottleneck, as a text table or as JSON (schema in docs/file-formats.md, "Model report").

#include "core/zoo/model_zoo.h"

namespace roofscope {

// Errors when the device lacks a ceiling some layer needs.
Result<std::string> modelReportText(const ModelWorkload& workload, const Device& device,
                                    const MdOptions& options = {});
Result<std::string> modelReportJson(const ModelWorkload& workload, const Device& device,
                                    const MdOptions& options = {});

} // namespace roofscope
