// nccl-tests output in the importer table: text with a "busbw" column, or -J JSON ("results").
// It measures a link, not a run: the window makes it a device's link ceiling; `summarize` lists
// its message sizes with the file's own bandwidths.
#include "core/import/importer.h"
#include "core/import/nccl_tests/nccl_tests.h"
#include "core/provenance_text.h"
#include "core/summary.h"
#include "core/text_file.h"
#include "core/units.h"

#include <algorithm>
#include <sstream>

namespace roofscope {
namespace {

// After the trace and nvbandwidth rules: a kernel name or an nvbandwidth key may say "results".
bool recognises(const FileHead& head) {
    return (head.jsonObject() && head.has("\"results\"")) ||
           (head.plainText() && head.has("busbw"));
}

Result<NcclTestsRun> readRun(const std::string& path) {
    ROOFSCOPE_TRY(text, readTextFile(path));
    return parseNcclTests(text.value(), path);
}

Result<std::string> describe(const std::string& path) {
    ROOFSCOPE_TRY(run, readRun(path));
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
            << "  [" << provenanceText(ceiling.value().provenance, ProvenanceDetail::full) << "]\n";
    }
    return out.str();
}

Status summarize(FileSummary& s, const SummaryOptions&) {
    ROOFSCOPE_TRY(run, readRun(s.source));
    const NcclTestsRun& r = run.value();
    if (!r.devices.empty())
        s.deviceName = r.devices.front();
    s.worldSize = std::max(1, r.ranks);
    s.stack.nccl = r.version;
    if (!r.collective)
        s.warnings.push_back("the file does not name its collective");
    if (r.devices.size() > 1)
        s.warnings.push_back("the ranks ran on " + std::to_string(r.devices.size()) +
                             " kinds of device; the first names the device");
    // One entry per message size with the file's own out-of-place bandwidths: nccl-tests
    // computed them with the factor of its rank count, which the file may not list.
    for (const auto& row : r.rows)
        s.collectives.push_back({r.collective, r.ranks, 1, static_cast<double>(row.sizeBytes),
                                 row.outOfPlace.timeS, row.outOfPlace.algBytesPerS,
                                 row.outOfPlace.busBytesPerS});
    return {};
}

} // namespace

const Importer& ncclTestsImporter() {
    static constexpr Importer entry{
        FileKind::ncclTests,
        "nccl_tests",
        "nccl-tests output",
        "nccl-tests output",
        "nccl-tests output",
        "nccl-tests output, a measured link ceiling",
        "*.txt *.log *.json",
        OpensAs::ceilings,
        recognises,
        describe,
        summarize,
    };
    return entry;
}

} // namespace roofscope
