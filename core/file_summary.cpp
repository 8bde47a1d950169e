#include "core/file_summary.h"

#include "core/ceilings_file.h"
#include "core/file_kind.h"
#include "core/import/ert/ert_roofline.h"
#include "core/import/kineto/kineto_description.h"
#include "core/import/nccl_tests/nccl_tests.h"
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_import.h"
#include "core/import/ncu/ncu_records.h"
#include "core/import/nvbandwidth/nvbandwidth.h"
#include "core/roofline.h"
#include "core/session_file.h"
#include "core/text_file.h"
#include "core/units.h"

#include <sstream>

namespace roofscope {
namespace {

std::string describeProvenance(const Provenance& p) {
    if (p.kind == ProvenanceKind::spec)
        return "spec, " + p.sourceUrl;
    std::string out = "measured by " + p.tool + " (" + p.method + ")";
    if (!p.date.empty())
        out += ", " + p.date;
    if (p.samples > 0)
        out += ", " + std::to_string(p.samples) + " samples";
    if (p.spread > 0)
        out += ", spread " + formatSi(p.spread, Dimension::ratio, 2);
    return out;
}

void describeDevice(std::ostringstream& out, const Device& d) {
    out << "  " << d.id << "  " << d.name << " (" << toString(d.kind)
        << (d.vendor.empty() ? std::string() : ", " + d.vendor) << ")\n";
    for (const auto& [key, c] : d.ceilings.compute)
        out << "    " << toString(key.precision) << ' ' << toString(key.unit) << ": "
            << formatSi(c.value, Dimension::flopsPerS) << "  [" << describeProvenance(c.provenance)
            << "]\n";
    for (const auto& [level, c] : d.ceilings.memory)
        out << "    " << toString(level) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << describeProvenance(c.provenance) << "]\n";
    for (const auto& [link, c] : d.ceilings.links)
        out << "    " << toString(link) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << describeProvenance(c.provenance) << "]\n";
}

std::string describeSession(const std::string& path, const Session& s) {
    std::ostringstream out;
    out << path << ": Roofscope session, format version " << kSessionFormatVersion << "\n";
    out << s.devices.size() << " device(s):\n";
    for (const auto& d : s.devices)
        describeDevice(out, d);
    out << s.datasets.size() << " dataset(s):\n";
    for (const auto& d : s.datasets) {
        double time = 0, flops = 0;
        int timed = 0;
        for (const auto& r : d.records) {
            if (r.timeS.known()) {
                time += r.timeS.value;
                ++timed;
            }
            if (r.flops.known())
                flops += r.flops.value;
        }
        out << "  " << (d.context.label.empty() ? std::string("(unlabelled)") : d.context.label)
            << ": " << d.records.size() << " records on "
            << (d.context.deviceId.empty() ? std::string("unknown device") : d.context.deviceId)
            << ", rank " << d.context.rank << "/" << d.context.worldSize << ", "
            << formatSi(flops, Dimension::flops) << " in " << formatSi(time, Dimension::time)
            << " (" << timed << " timed)\n";
    }
    out << "view: " << toString(s.view.view) << ", " << s.view.selection.size()
        << " selected record(s)\n";
    return out.str();
}

std::string describeNcu(const std::string& path, const NcuReport& report) {
    // The records `roofscope summarize` reads, tensor FLOPs by the file's GPU included.
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

Result<std::string> describeNccl(const std::string& path, std::string_view content) {
    const auto run = parseNcclTests(content, path);
    if (!run)
        return run.error();
    const NcclTestsRun& r = run.value();
    std::ostringstream out;
    out << path << ": nccl-tests "
        << (r.collective ? std::string(toString(*r.collective))
                         : std::string("(collective unknown)"))
        << (r.version.empty() ? std::string() : " " + r.version) << ", " << r.rows.size()
        << " sizes, " << r.ranks << " ranks"
        << (r.ranksInferred ? " (inferred from busbw/algbw)" : "");
    if (!r.hosts.empty())
        out << " on " << r.hosts.size() << " host(s)";
    out << "\n";
    const NcclTestsRow& last = r.rows.back();
    out << "  largest message " << formatSi(static_cast<double>(last.sizeBytes), Dimension::bytes)
        << ": algbw " << formatSi(last.outOfPlace.algBytesPerS, Dimension::bytesPerS) << ", busbw "
        << formatSi(last.outOfPlace.busBytesPerS, Dimension::bytesPerS) << "\n";
    if (const auto ceiling = ncclBusBandwidthCeiling(r, path)) {
        const auto link = ncclLinkKind(r);
        out << "  ceiling: " << formatSi(ceiling.value().value, Dimension::bytesPerS) << " on "
            << (link ? std::string(toString(*link)) : std::string("a link the file does not name"))
            << "  [" << describeProvenance(ceiling.value().provenance) << "]\n";
    }
    return out.str();
}

Result<std::string> describeErt(const std::string& path, std::string_view content) {
    const auto device = parseErtRoofline(content, path, "ert");
    if (!device)
        return device.error();
    std::ostringstream out;
    out << path << ": Empirical Roofline Toolkit result\n";
    describeDevice(out, device.value());
    return out.str();
}

Result<std::string> describeNvbandwidth(const std::string& path, std::string_view content) {
    const auto ceilings = parseNvbandwidth(content, path);
    if (!ceilings)
        return ceilings.error();
    std::ostringstream out;
    out << path << ": nvbandwidth result\n";
    for (const auto& [link, c] : ceilings.value().links)
        out << "    " << toString(link) << ": " << formatSi(c.value, Dimension::bytesPerS) << "  ["
            << describeProvenance(c.provenance) << "]\n";
    return out.str();
}

} // namespace

Result<std::string> summarizeFile(const std::string& path) {
    // Traces can be many GB and gzipped: they stream through their own reader, never into one
    // string.
    const auto kind = detectFileKindOf(path);
    if (!kind)
        return kind.error();
    if (kind.value() == FileKind::kinetoTrace)
        return describeKinetoTrace(path);
    const auto text = readTextFile(path);
    if (!text)
        return text.error();
    const std::string& content = text.value();
    // Dispatch on the kind; parse errors then come from the matching reader, with position.
    switch (detectFileKind(content)) {
    case FileKind::session: {
        const auto session = parseSession(content, path);
        if (!session)
            return session.error();
        return describeSession(path, session.value());
    }
    case FileKind::ceilings: {
        const auto devices = parseCeilings(content, path);
        if (!devices)
            return devices.error();
        std::ostringstream out;
        out << path << ": Roofscope ceilings, format version " << kCeilingsFormatVersion << ", "
            << devices.value().size() << " device(s)\n";
        for (const auto& d : devices.value())
            describeDevice(out, d);
        return out.str();
    }
    case FileKind::ertRoofline:
        return describeErt(path, content);
    case FileKind::ncclTests:
        return describeNccl(path, content);
    case FileKind::ncuCsv: {
        const auto report = parseNcuCsv(content, path);
        if (!report)
            return report.error();
        return describeNcu(path, report.value());
    }
    case FileKind::nvbandwidth:
        return describeNvbandwidth(path, content);
    case FileKind::kinetoTrace: // streamed above
    case FileKind::unknown:
        break;
    }
    return makeError("unrecognised file: expected a Roofscope session (*.roofscope), a ceilings "
                     "document (format \"roofscope-session\" or \"roofscope-ceilings\"), an "
                     "Nsight Compute CSV export, nccl-tests output, an ERT roofline.json or "
                     "nvbandwidth output",
                     inFile(path));
}

} // namespace roofscope
