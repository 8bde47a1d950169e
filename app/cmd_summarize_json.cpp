// The JSON of `roofscope summarize --json`, schema roofscope.summary/1 (docs/file-formats.md).
// Numbers are SI; a quantity the file does not give is null, never 0, so that a consumer can
// tell "none" from "unknown".
#include "app/cmd_summarize.h"
#include "core/import/importer.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace roofscope::app {
namespace {

using nlohmann::json;

json measure(const Measure& m) {
    return m.known() ? json(m.value) : json(nullptr);
}

json text(const std::string& s) {
    return s.empty() ? json(nullptr) : json(s);
}

std::string_view kindName(FileKind kind) {
    const Importer* importer = importerFor(kind);
    return importer ? importer->id : std::string_view("other");
}

json stackJson(const SoftwareStack& s) {
    json out = {{"framework", text(s.framework)}, {"cuda", text(s.cuda)},
                {"driver", text(s.driver)},       {"cudnn", text(s.cudnn)},
                {"nccl", text(s.nccl)},           {"other", json::object()}};
    for (const auto& [key, value] : s.other)
        out["other"][key] = value;
    return out;
}

json recordJson(const SummaryRecord& sr) {
    const OpRecord& r = sr.record;
    json bytes = json::object();
    for (const auto& [level, b] : r.bytes)
        if (b.known())
            bytes[std::string(toString(level))] = b.value;
    // Communicated bytes summed over links; null when no link's bytes are known.
    json comm = nullptr;
    for (const auto& [link, b] : r.commBytes)
        if (b.known())
            comm = (comm.is_null() ? 0.0 : comm.get<double>()) + b.value;
    return {{"name", r.name},
            {"category", toString(r.category)},
            {"phase", toString(r.phase)},
            {"precision", toString(r.precision)},
            {"count", r.count},
            {"time_s", measure(r.timeS)},
            {"flops", measure(r.flops)},
            {"flops_origin", toString(r.flops.origin)},
            {"bytes", bytes},
            {"comm_bytes", comm},
            {"flops_note", text(r.flopsNote)},
            {"outside_steps", r.outsideSteps},
            {"bottleneck", toString(sr.bottleneck)}};
}

json collectiveJson(const SummaryCollective& c) {
    return {{"op", c.op ? json(toString(*c.op)) : json(nullptr)},
            {"count", c.count},
            {"bytes", c.bytes},
            {"time_s", c.timeS},
            {"algbw", c.algbwBytesPerS},
            {"busbw", c.busbwBytesPerS},
            {"group_size", c.groupSize > 0 ? json(c.groupSize) : json(nullptr)}};
}

json seconds(double s) {
    return std::isfinite(s) ? json(s) : json(nullptr);
}

json stepJson(const Step& s) {
    return {{"name", s.name},
            {"rank", s.rank},
            {"marked", s.marked},
            {"complete", s.complete},
            {"launches", s.launches},
            {"gpu_busy_s", s.gpu.gpuBusyS},
            {"span_s", s.gpu.spanS},
            {"kernel_time_s", s.gpu.kernelTimeS},
            {"computation_s", s.gpu.computationS},
            {"exposed_comm_s", s.gpu.exposedCommS},
            {"exposed_memcpy_s", s.gpu.exposedMemcpyS},
            {"idle_s", s.gpu.idleS}};
}

json datasetJson(const FileSummary& s) {
    const SummaryTotals t = s.totals();
    json records = json::array(), collectives = json::array();
    for (const auto& r : s.records)
        records.push_back(recordJson(r));
    for (const auto& c : s.collectives)
        collectives.push_back(collectiveJson(c));
    json steps = json::array();
    for (const auto& step : s.steps)
        steps.push_back(stepJson(step));
    json iteration = nullptr;
    if (!s.steps.empty()) {
        const Iteration it = iterationOf(s.steps);
        iteration = {{"mean_s", seconds(it.meanS)},
                     {"stderr_s", seconds(it.stderrS)},
                     {"count", it.count},
                     {"marked", it.marked}};
    }
    return {{"source", s.source},
            {"kind", kindName(s.kind)},
            {"device", {{"id", text(s.deviceId)}, {"trace_name", text(s.deviceName)}}},
            {"rank", s.rank},
            {"world_size", s.worldSize},
            {"stack", stackJson(s.stack)},
            {"totals",
             {{"time_s", t.timeS},
              {"flops", t.flops},
              {"bytes_dram", t.bytesDram},
              {"comm_bytes", t.commBytes}}},
            {"steps", steps},
            {"iteration", iteration},
            {"outside_steps", {{"launches", s.outside.launches}, {"time_s", s.outside.timeS}}},
            {"records", records},
            {"collectives", collectives},
            {"warnings", s.warnings}};
}

std::string documentText(json datasets, Grouping grouping) {
    const json doc = {{"schema", kSummarySchema},
                      {"group", groupingName(grouping)},
                      {"datasets", std::move(datasets)}};
    // Invalid UTF-8 in a kernel name is replaced rather than aborting the whole report.
    return doc.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace

std::string summaryJson(const std::vector<FileSummary>& summaries, Grouping grouping) {
    json datasets = json::array();
    for (const auto& s : summaries)
        datasets.push_back(datasetJson(s));
    return documentText(std::move(datasets), grouping);
}

std::string summaryDatasetJson(const FileSummary& summary) {
    return datasetJson(summary).dump(-1, ' ', false, json::error_handler_t::replace);
}

Result<std::string> summaryJsonOfDatasets(const std::vector<std::string>& entries,
                                          Grouping grouping) {
    json datasets = json::array();
    for (std::size_t i = 0; i < entries.size(); ++i) {
        json entry = json::parse(entries[i], nullptr, false);
        if (entry.is_discarded())
            return makeError("summary " + std::to_string(i + 1) + " of " +
                             std::to_string(entries.size()) + " from the ranks is not JSON");
        datasets.push_back(std::move(entry));
    }
    return documentText(std::move(datasets), grouping);
}

} // namespace roofscope::app
