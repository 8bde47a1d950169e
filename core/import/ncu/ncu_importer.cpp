// Nsight Compute CSV exports in the importer table: recognised by their "Kernel Name" column
// (quoted or not). `info` and `summarize` read the same records (ncu_import.h), the tensor
// FLOPs by the file's GPU included.
#include "core/import/importer.h"
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_import.h"
#include "core/import/ncu/ncu_records.h"
#include "core/roofline.h"
#include "core/summary.h"
#include "core/text_file.h"
#include "core/units.h"

#include <sstream>

namespace roofscope {
namespace {

bool recognises(const FileHead& head) {
    return head.plainText() && head.has("Kernel Name");
}

Result<NcuReport> readReport(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    return parseNcuCsv(text.value(), path);
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(parsed, readReport(path));
    const NcuReport& report = parsed.value();
    const auto kernels = aggregateByKernel(importNcuRecords(report).records);
    std::ostringstream out;
    out << path << ": Nsight Compute CSV ("
        << (report.layout == NcuLayout::longPage ? "long page" : "raw page") << "), "
        << report.launches.size() << " launch(es) of " << kernels.size() << " kernel(s)\n";
    for (const auto& k : kernels) {
        out << "  " << k.name << "\n    " << k.count << " launch(es)";
        if (k.timeS.known())
            out << ", " << formatSi(k.timeS.value, Dimension::time);
        if (k.flops.known())
            out << ", " << formatSi(k.flops.value, Dimension::flops) << " "
                << toString(k.precision);
        for (const auto& [level, bytes] : k.bytes)
            if (bytes.known())
                out << ", " << toString(level) << " " << formatSi(bytes.value, Dimension::bytes);
        out << "\n";
        if (k.flops.known() && k.timeS.known() && k.timeS.value > 0) {
            out << "    " << formatSi(k.flops.value / k.timeS.value, Dimension::flopsPerS);
            if (const auto dram = k.bytesAt(MemoryLevel::dram)) {
                out << " at " << formatSi(intensity(k.flops.value, *dram), Dimension::intensity)
                    << " (dram), " << formatSi(*dram / k.timeS.value, Dimension::bytesPerS);
            }
            out << "\n";
        }
    }
    return out.str();
}

Status summarize(FileSummary& s, const SummaryOptions& options) {
    ROOFSCOPE_TRY(report, readReport(s.source));
    auto imported =
        importNcuRecords(report.value(), options.device ? options.device->device.id : "");
    s.deviceName = imported.deviceName;
    for (auto& w : imported.warnings)
        s.warnings.push_back(std::move(w));
    const auto& records = imported.records;
    // Nsight profiles kernels, not framework ops: grouping by op is grouping by kernel.
    s.addRecords(options.grouping == Grouping::launch ? records : aggregateByKernel(records));
    return {};
}

} // namespace

const Importer& ncuImporter() {
    static constexpr Importer entry{
        FileKind::ncuCsv,
        "ncu_csv",
        "Nsight Compute CSV",
        "Nsight Compute CSV",
        "an Nsight Compute CSV export",
        "Nsight Compute CSV exports",
        "*.csv",
        OpensAs::records,
        recognises,
        describe,
        summarize,
    };
    return entry;
}

} // namespace roofscope
