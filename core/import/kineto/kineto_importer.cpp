// PyTorch profiler (Kineto) traces in the importer table: recognised by their "traceEvents" key
// or the bare array form of the Trace Event Format; streamed, any size, plain or gzip.
#include "core/import/importer.h"
#include "core/import/kineto/kineto_description.h"
#include "core/import/kineto/kineto_load.h"
#include "core/summary.h"

namespace roofscope {
namespace {

bool recognises(const FileHead& head) {
    return head.jsonArray() || (head.jsonObject() && head.has("\"traceEvents\""));
}

} // namespace

// Every rank's records in one summary (the records say their rank: an Nsight Systems export holds
// one per process); the steps are the lowest rank's, as for a job's traces.
Status summarizeTrace(FileSummary& s, const SummaryOptions& options) {
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

const Importer& kinetoImporter() {
    static constexpr Importer entry{
        FileKind::kinetoTrace,
        "kineto",
        "Kineto trace",
        "Kineto traces",
        "a Kineto trace",
        "Kineto traces, one file per rank",
        "*.json *.json.gz *.pt.trace.json.gz",
        OpensAs::run,
        recognises,
        describeKinetoTrace,
        summarizeTrace,
    };
    return entry;
}

} // namespace roofscope
