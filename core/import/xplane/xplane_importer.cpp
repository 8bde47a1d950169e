// XPlane profiles in the importer table: a run, one rank per GPU plane that ran work, read by the
// trace loader through the Kineto model; `info` says what each GPU plane holds.
#include "core/import/importer.h"
#include "core/import/xplane/xplane_limits.h"
#include "core/import/xplane/xplane_reader.h"
#include "core/units.h"

#include <set>
#include <sstream>

namespace roofscope {

Status summarizeTrace(FileSummary& s, const SummaryOptions& options); // kineto_importer.cpp

namespace {

bool recognises(const FileHead& head) {
    return isXspaceHead(head.text);
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(read, readXplane(path));
    const XplaneProfile& p = read.value();
    std::ostringstream out;
    out << path << ": XPlane profile (JAX / XLA), " << p.planes << " planes, " << p.devices.size()
        << " GPU(s)";
    for (const auto& h : p.hostnames)
        out << (h == p.hostnames.front() ? ", host " : ", ") << h;
    out << "\n";
    for (const XplaneDevice& d : p.devices) {
        out << "  GPU " << d.index << ": " << d.name;
        if (d.clockHz > 0)
            out << ", " << formatSi(d.clockHz, Dimension::frequency);
        if (d.memoryBandwidthBytesPerS > 0)
            out << ", memory_bandwidth stat "
                << formatSi(d.memoryBandwidthBytesPerS, Dimension::bytesPerS);
        out << "\n";
        if (d.events.gpu.empty())
            continue;
        std::int64_t kernelNs = 0, copyNs = 0;
        std::set<int> streams;
        for (const GpuEvent& g : d.events.gpu) {
            (g.kind == GpuEventKind::kernel ? kernelNs : copyNs) += g.durNs;
            streams.insert(g.stream);
        }
        const auto time = [](std::int64_t ns) {
            return formatSi(double(ns) * 1e-9, Dimension::time);
        };
        out << "    ";
        if (d.kernels > 0)
            out << d.kernels << " kernels, " << time(kernelNs) << "; ";
        if (d.memcpys + d.memsets > 0)
            out << d.memcpys + d.memsets << " copies and memsets, " << time(copyNs) << "; ";
        out << streams.size() << " stream(s); " << d.ops << " XLA op executions\n";
        if (d.opsCosted > 0)
            out << "    HLO cost model (estimated): " << d.opsCosted << " of " << d.ops
                << " op executions joined to their HLO instruction, " << d.opsWithFlops
                << " with FLOPs; " << formatSi(d.flops, Dimension::flops) << ", "
                << formatSi(d.bytes, Dimension::bytes) << " accessed\n";
    }
    std::size_t withHlo = 0;
    for (const XlaProgram& program : p.programs)
        withHlo += program.hasHlo && program.problem.empty() ? 1 : 0;
    out << "  " << p.xlaPrograms << " XLA program(s) in /host:metadata, " << withHlo
        << " with their HLO module; ";
    if (withHlo == 0)
        out << "no FLOP or byte figures per op (not in the file)\n";
    else
        out << "FLOPs and bytes per op are estimated from the HLO (the file has no figures of "
               "its own)\n";
    for (const auto& w : p.warnings)
        out << "  warning: " << w << "\n";
    return out.str();
}

} // namespace

const Importer& xplaneImporter() {
    static constexpr Importer entry{
        FileKind::xplane,
        "xplane",
        "XPlane profile",
        "XPlane profiles",
        "an XPlane profile (JAX / XLA)",
        "XPlane profiles of JAX and XLA",
        "*.xplane.pb",
        OpensAs::run,
        recognises,
        describe,
        summarizeTrace,
    };
    return entry;
}

} // namespace roofscope
