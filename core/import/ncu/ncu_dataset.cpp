#include "core/import/ncu/ncu_dataset.h"

#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_import.h"
#include "core/import/ncu/ncu_records.h"
#include "core/text_file.h"

#include <filesystem>

namespace roofscope {

Result<NcuRun> loadNcuRun(const std::string& path, Grouping grouping, std::string_view deviceId) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    ROOFSCOPE_TRY(report, parseNcuCsv(text.value(), path));
    NcuImport imported = importNcuRecords(report.value(), deviceId);
    NcuRun run;
    run.deviceName = std::move(imported.deviceName);
    run.warnings = std::move(imported.warnings);
    Dataset& d = run.dataset;
    d.context.sources = {path};
    d.context.label = std::filesystem::path(path).filename().string();
    d.context.deviceId = std::string(deviceId);
    d.records = grouping == Grouping::launch ? std::move(imported.records)
                                             : aggregateByKernel(imported.records);
    for (OpRecord& r : d.records)
        r.deviceId = d.context.deviceId;
    return run;
}

} // namespace roofscope
