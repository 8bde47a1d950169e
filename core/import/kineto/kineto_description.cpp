#include "core/import/kineto/kineto_description.h"

#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"
#include "core/units.h"

#include <algorithm>
#include <sstream>

namespace roofscope {

Result<std::string> describeKinetoTrace(const std::string& path) {
    auto read = readKinetoFile(path);
    if (!read.ok())
        return read.error();
    const TraceEvents& events = read.value();
    const KinetoAnalysis analysis = analyzeTrace(events);
    const DatasetContext& c = analysis.context;
    std::ostringstream out;
    out << path << ": Kineto trace (PyTorch profiler)";
    if (events.meta.schemaVersion)
        out << ", schema " << *events.meta.schemaVersion;
    out << ", rank " << c.rank << " of " << c.worldSize;
    if (!events.meta.distributed.backend.empty())
        out << " (" << events.meta.distributed.backend << ")";
    out << "\n";
    if (!analysis.deviceName.empty())
        out << "    device: " << analysis.deviceName << " (GPU " << analysis.deviceIndex << " of "
            << events.meta.devices.size() << " listed)\n";
    else
        out << "    device: not recorded (no deviceProperties)\n";
    std::string stack;
    auto add = [&](const char* what, const std::string& v) {
        if (!v.empty())
            stack += (stack.empty() ? "" : ", ") + std::string(what) + " " + v;
    };
    add("CUDA", c.stack.cuda);
    add("driver", c.stack.driver);
    add("NCCL", c.stack.nccl);
    for (const auto& [k, v] : c.stack.other)
        add(k.c_str(), v);
    if (!stack.empty())
        out << "    stack: " << stack << "\n";

    std::int64_t kernels = 0, copies = 0, ops = 0;
    for (const auto& g : events.gpu)
        (g.kind == GpuEventKind::kernel ? kernels : copies) += 1;
    for (const auto& e : events.cpu)
        ops += e.kind == CpuEventKind::op;
    out << "    events: " << events.eventsSeen << " (" << ops << " CPU ops, " << kernels
        << " kernels, " << copies << " memcpy/memset, " << events.runtime.size()
        << " runtime calls)\n";

    std::int64_t linked = 0, estimated = 0, measured = 0;
    double gpuTime = 0, flops = 0;
    for (const auto& l : analysis.launches) {
        linked += !l.opName.empty();
        estimated += l.record.flops.origin == Origin::estimated;
        measured += l.record.flops.origin == Origin::measured;
        gpuTime += l.record.timeS.known() ? l.record.timeS.value : 0;
        flops += l.record.flops.known() ? l.record.flops.value : 0;
    }
    out << "    launches: " << analysis.launches.size() << ", " << linked
        << " linked to their op, FLOPs estimated for " << estimated << " and measured for "
        << measured << "\n";
    out << "    GPU time " << formatSi(gpuTime, Dimension::time) << ", "
        << formatSi(flops, Dimension::flops) << "\n";
    for (const auto& s : summarizeCollectives(analysis.launches))
        out << "    " << toString(s.op) << " over " << s.groupSize << " ranks: " << s.count
            << " calls, " << formatSi(s.bytes, Dimension::bytes) << ", busbw "
            << formatSi(s.busbwBytesPerS, Dimension::bytesPerS) << "\n";
    std::vector<std::string> warnings = events.warnings;
    warnings.insert(warnings.end(), analysis.warnings.begin(), analysis.warnings.end());
    for (const auto& w : warnings)
        out << "    warning: " << w << "\n";
    return out.str();
}

} // namespace roofscope
