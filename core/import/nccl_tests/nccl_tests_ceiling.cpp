// The bus-bandwidth ceiling an nccl-tests run measured, and the link it measured.
#include "core/import/nccl_tests/nccl_tests.h"

#include <algorithm>

namespace roofscope {

namespace {

// 17179869184 -> "16 GiB": sizes are powers of two, so binary units read as the command line.
std::string sizeText(std::int64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int unit = 0;
    while (unit < 4 && bytes >= 1024 && bytes % 1024 == 0) {
        bytes /= 1024;
        ++unit;
    }
    return std::to_string(bytes) + " " + units[unit];
}

} // namespace

Result<Ceiling> ncclBusBandwidthCeiling(const NcclTestsRun& run, const std::string& file) {
    if (run.rows.empty())
        return makeError("nccl-tests run has no rows to take a bus bandwidth from", inFile(file));
    double peak = 0;
    std::int64_t smallest = run.rows.front().sizeBytes, largest = smallest;
    for (const auto& row : run.rows) {
        peak = std::max(peak, row.outOfPlace.busBytesPerS);
        smallest = std::min(smallest, row.sizeBytes);
        largest = std::max(largest, row.sizeBytes);
    }
    Ceiling ceiling;
    ceiling.value = peak;
    auto& p = ceiling.provenance;
    p.kind = ProvenanceKind::measured;
    p.tool = "nccl-tests " + (run.version.empty() ? std::string("unknown") : run.version);
    const std::string test =
        run.collective ? std::string(toString(*run.collective)) + "_perf" : "unknown test";
    std::string ranks = run.ranks > 0 ? std::to_string(run.ranks) + " ranks" : "ranks unknown";
    if (!run.hosts.empty())
        ranks += " on " + std::to_string(run.hosts.size()) +
                 (run.hosts.size() == 1 ? " host" : " hosts");
    if (run.ranksInferred)
        ranks += " (inferred from busbw/algbw)";
    p.method = test + " out-of-place, peak busbw over " + sizeText(smallest) + ".." +
               sizeText(largest) + ", " + ranks;
    p.samples = int(run.rows.size());
    return ceiling;
}

std::optional<Link> ncclLinkKind(const NcclTestsRun& run) {
    if (run.hosts.empty())
        return std::nullopt;
    return run.hosts.size() > 1 ? Link::inter_node : Link::intra_node;
}

} // namespace roofscope
