// PyTorch profiler (Kineto) traces in the importer table: recognised by their "traceEvents" key
// or the bare array form of the Trace Event Format; streamed, any size, plain or gzip.
#include "core/background_release.h"
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

// Every rank's records and steps in one summary (the records and steps say their rank: an Nsight
// Systems export holds one per process, an XPlane profile one per GPU); the context is the first
// rank's.
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
    for (const auto& rank : trace.ranks) {
        const KinetoAnalysis& a = rank.analysis;
        s.steps.insert(s.steps.end(), a.steps.begin(), a.steps.end());
        s.outside.launches += a.outside.launches;
        s.outside.timeS += a.outside.timeS;
        if (s.outside.firstStep.empty())
            s.outside.firstStep = a.outside.firstStep;
        s.addRecords(groupLaunches(rank.analysis.launches, options.grouping));
        for (const auto& c : summarizeCollectives(rank.analysis.launches))
            s.collectives.push_back(
                {c.op, c.groupSize, c.count, c.bytes, c.timeS, c.algbwBytesPerS, c.busbwBytesPerS});
    }
    // The summary holds what it needs: the launches and events die while it is written.
    releaseInBackground(std::move(loaded).value());
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
