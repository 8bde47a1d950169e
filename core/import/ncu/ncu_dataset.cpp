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
    run.launches = std::move(imported.records);
    d.records = groupNcuLaunches(run.launches, grouping, d.context.deviceId);
    return run;
}

void bindNcuRun(NcuRun& run, const std::string& deviceId) {
    run.dataset.context.deviceId = deviceId;
    for (OpRecord& r : run.dataset.records)
        r.deviceId = deviceId;
}

std::vector<OpRecord> groupNcuLaunches(const std::vector<OpRecord>& launches, Grouping grouping,
                                       const std::string& deviceId) {
    std::vector<OpRecord> records =
        grouping == Grouping::launch ? launches : aggregateByKernel(launches);
    for (OpRecord& r : records)
        r.deviceId = deviceId;
    return records;
}

} // namespace roofscope
