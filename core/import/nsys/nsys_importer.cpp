// Nsight Systems SQLite exports in the importer table: a run (one rank per process that ran GPU
// work) read by the trace loader through the Kineto model; `info` counts what each process ran.
#include "core/import/importer.h"
#include "core/import/kineto/kineto_load.h"
#include "core/import/nsys/nsys_reader.h"
#include "core/summary.h"
#include "core/units.h"

#include <map>
#include <set>
#include <sstream>

namespace roofscope {
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

// Every process's records in one summary (the records say their rank); the steps are the
// lowest rank's, as for a job's traces.
Status summarize(FileSummary& s, const SummaryOptions& options) {
    TraceLoadOptions load;
    load.parseThreads = options.parseThreads;
    ROOFSCOPE_TRY(loaded, loadKinetoRanks({s.source}, load));
    const MultiRankTrace& trace = loaded.value();
    const KinetoAnalysis& first = trace.ranks.front().analysis;
    s.deviceName = first.deviceName;
    s.rank = first.context.rank;
    s.worldSize = first.context.worldSize;
    s.stack = first.context.stack;
    s.warnings = trace.warnings;
    s.steps = first.steps;
    s.outside = first.outside;
    for (const auto& rank : trace.ranks) {
        s.addRecords(groupLaunches(rank.analysis.launches, options.grouping));
        for (const auto& c : summarizeCollectives(rank.analysis.launches))
            s.collectives.push_back(
                {c.op, c.groupSize, c.count, c.bytes, c.timeS, c.algbwBytesPerS, c.busbwBytesPerS});
    }
    return {};
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
        summarize,
    };
    return entry;
}

} // namespace roofscope
