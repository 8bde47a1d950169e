#pragma once
// Nsight Compute records as every reader of an export takes them (`roofscope info`,
// `roofscope summarize`): the profiled GPU's name from the file, the tensor-instruction factors
// and TF32 rule of that GPU (or of the one the user chose), the records, and what the factor
// did, said once per file.

#include "core/import/ncu/ncu_csv.h"
#include "core/op_record.h"

#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

struct NcuImport {
    std::string deviceName;            // device__attribute_display_name; "" when the file has none
    std::vector<OpRecord> records;     // ncuRecords: one per launch, in report order
    std::vector<std::string> warnings; // whether tensor instructions became FLOPs, and how
};

// `deviceId`: the catalog id of the GPU the user says ran the export (--device); empty, the
// file's device__attribute_display_name decides. Records keep an empty deviceId, rank 0.
NcuImport importNcuRecords(const NcuReport& report, std::string_view deviceId = {});

} // namespace roofscope
