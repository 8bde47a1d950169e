#pragma once
// Nsight Systems SQLite exports (`nsys export --type sqlite`) read into the trace model the
// Kineto path analyses (kineto_events.h), one TraceEvents per profiled process: kernels, copies
// and memsets from CUPTI_ACTIVITY_KIND_*, their launches from CUPTI_ACTIVITY_KIND_RUNTIME (joined
// on correlationId, which is per process), NVTX ranges as annotations or, for the ranges
// PyTorch's emit_nvtx pushes ("aten::addmm, seq = 12, op_id = 34"), as ops, and the GPU from
// TARGET_INFO_GPU. Columns are found by name: nsys releases from 2021 to 2026 differ. The
// database is queried, never loaded whole; times are nanoseconds as nsys writes them.

#include "core/error.h"
#include "core/import/kineto/kineto_events.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope {

struct NsysProcess {
    std::int64_t pid = 0;
    std::string name; // from PROCESSES, "" when the export has none
    TraceEvents events;
};

struct NsysExport {
    std::string version; // EXPORT_PRODUCT_VERSION ("2026.2.1.210"); "" when absent
    // The processes that ran GPU work, by pid; each process's events carry its GPUs in
    // meta.devices when TARGET_INFO_GPU has them.
    std::vector<NsysProcess> processes;
    std::vector<std::string> warnings; // said once for the export
};

// Errors name the file and the table: not an SQLite database, no CUPTI_ACTIVITY_KIND_KERNEL
// table (the report traced no CUDA kernels), a kernel table without the columns every release
// has. Runtime rows that nsys 2022 wrote twice (a second row with the call's backtrace) are read
// once.
Result<NsysExport> readNsysExport(const std::string& path);

// Whether `head` (a file's first bytes) is an SQLite database, the only kind nsys exports.
bool isSqliteHead(std::string_view head);

} // namespace roofscope
