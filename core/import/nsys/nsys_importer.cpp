// Nsight Systems SQLite exports in the importer table: a run (one rank per process that ran GPU
// work) read by the trace loader through the Kineto model; `info` counts what each process ran.
#include "core/import/importer.h"
#include "core/import/nsys/nsys_reader.h"
#include "core/summary.h"
#include "core/units.h"

#include <map>
#include <set>
#include <sstream>

namespace roofscope {

Status summarizeTrace(FileSummary& s, const SummaryOptions& options); // kineto_importer.cpp

namespace {

bool recognises(const FileHead& head) {
    return isSqliteHead(head.text);
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(read, readNsysExport(path));
    const NsysExport& e = read.value();
    std::ostringstream out;
    out << path << ": Nsight Systems export";
    if (!e.version.empty())
        out << " (nsys " << e.version << ")";
    out << ", " << e.processes.size() << " process(es) with GPU work\n";
    for (const NsysProcess& p : e.processes) {
        std::map<GpuEventKind, std::pair<std::size_t, std::int64_t>> byKind;
        std::set<int> devices, streams;
        for (const GpuEvent& g : p.events.gpu) {
            auto& [count, ns] = byKind[g.kind];
            ++count;
            ns += g.durNs;
            devices.insert(g.device);
            streams.insert(g.stream);
        }
        std::size_t ops = 0, annotations = 0;
        for (const CpuEvent& c : p.events.cpu)
            ++(c.kind == CpuEventKind::op ? ops : annotations);
        out << "  process " << p.pid;
        if (!p.name.empty())
            out << " (" << p.name << ")";
        out << ": GPU";
        for (const int d : devices)
            out << (d == *devices.begin() ? " " : ", ") << d;
        out << ", " << streams.size() << " stream(s)\n";
        const auto line = [&](GpuEventKind kind, const char* what) {
            const auto it = byKind.find(kind);
            if (it == byKind.end())
                return;
            out << "    " << it->second.first << " " << what << ", "
                << formatSi(double(it->second.second) * 1e-9, Dimension::time) << "\n";
        };
        line(GpuEventKind::kernel, "kernels");
        line(GpuEventKind::memcpy, "memcpys");
        line(GpuEventKind::memset, "memsets");
        out << "    " << p.events.runtime.size() << " CUDA API calls, " << ops
            << " PyTorch op ranges and " << annotations << " other NVTX ranges\n";
    }
    if (!e.processes.empty()) {
        const auto& gpus = e.processes.front().events.meta.devices;
        for (const auto& d : gpus)
            out << "  GPU " << d.id << ": " << d.name << "\n";
    }
    for (const auto& w : e.warnings)
        out << "  warning: " << w << "\n";
    return out.str();
}

} // namespace

const Importer& nsysImporter() {
    static constexpr Importer entry{
        FileKind::nsysSqlite,
        "nsys_sqlite",
        "Nsight Systems export",
        "Nsight Systems SQLite exports",
        "an Nsight Systems SQLite export",
        "Nsight Systems SQLite exports",
        "*.sqlite *.db",
        OpensAs::run,
        recognises,
        describe,
        summarizeTrace,
    };
    return entry;
}

} // namespace roofscope
