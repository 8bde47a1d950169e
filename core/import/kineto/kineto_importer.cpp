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

Status summarize(FileSummary& s, const SummaryOptions& options) {
    TraceLoadOptions load;
    load.parseThreads = options.parseThreads;
    ROOFSCOPE_TRY(loaded, loadKinetoTrace(s.source, load));
    const KinetoAnalysis& a = loaded.value().analysis;
    s.deviceName = a.deviceName;
    s.rank = a.context.rank;
    s.worldSize = a.context.worldSize;
    s.stack = a.context.stack;
    s.warnings = a.warnings;
    s.steps = a.steps;
    s.outside = a.outside;
    s.addRecords(groupLaunches(a.launches, options.grouping));
    for (const auto& c : summarizeCollectives(a.launches))
        s.collectives.push_back(
            {c.op, c.groupSize, c.count, c.bytes, c.timeS, c.algbwBytesPerS, c.busbwBytesPerS});
    return {};
}

} // namespace

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
        summarize,
    };
    return entry;
}

} // namespace roofscope
