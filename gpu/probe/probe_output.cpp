#include "gpu/probe/probe_output.h"

#include "core/ceilings_file.h"
#include "core/text_file.h"
#include "gpu/probe/measured_device.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace roofscope::probe {
namespace {

using Json = nlohmann::json;

double finite(double v) {
    return std::isfinite(v) ? v : 0.0;
}

std::string_view sizeName(Size size) {
    switch (size) {
    case Size::quick:
        return "quick";
    case Size::normal:
        return "normal";
    case Size::thorough:
        return "thorough";
    }
    return "?";
}

Json stepJson(const StepReport& s) {
    Json j = {{"key", s.key},
              {"target", s.target},
              {"status", toString(s.status)},
              {"elapsed_s", finite(s.elapsedS)}};
    if (!s.title.empty())
        j["title"] = s.title;
    if (!s.message.empty())
        j["message"] = s.message;
    Json observations = Json::array();
    for (const auto& o : s.outcome.observations) {
        Json item = {{"label", o.label}, {"value", finite(o.value)}, {"unit", o.unit}};
        if (o.workingSetBytes > 0)
            item["working_set_bytes"] = finite(o.workingSetBytes);
        observations.push_back(std::move(item));
    }
    if (!observations.empty())
        j["observations"] = std::move(observations);
    if (!s.outcome.warnings.empty())
        j["warnings"] = s.outcome.warnings;
    Json samples = Json::array();
    for (const auto& m : s.outcome.ceilings)
        samples.push_back({{"median", finite(m.stats.median)},
                           {"min", finite(m.stats.min)},
                           {"max", finite(m.stats.max)},
                           {"samples", m.stats.samples}});
    if (!samples.empty())
        j["ceiling_samples"] = std::move(samples);
    return j;
}

} // namespace

std::string probeDocument(const std::vector<Device>& devices, const RunReport& report,
                          const ProbeOptions& options, const std::vector<std::string>& warnings) {
    Json root = Json::parse(serializeCeilings(devices));
    Json steps = Json::array();
    for (const auto& s : report.steps)
        steps.push_back(stepJson(s));
    Json probe = {{"tool", probeTool()},
                  {"started", report.startedAt},
                  {"elapsed_s", finite(report.elapsedS)},
                  {"status", toString(report.status)},
                  {"size", sizeName(options.size)},
                  {"benchmarks", std::move(steps)}};
    if (!warnings.empty())
        probe["warnings"] = warnings;
    root["probe"] = std::move(probe);
    return root.dump(2, ' ', false, Json::error_handler_t::replace) + "\n";
}

Status writeProbeFile(const std::string& path, const std::vector<Device>& devices,
                      const RunReport& report, const ProbeOptions& options,
                      const std::vector<std::string>& warnings) {
    return writeFileAtomically(path, probeDocument(devices, report, options, warnings));
}

} // namespace roofscope::probe
