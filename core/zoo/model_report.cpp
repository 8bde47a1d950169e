#include "core/zoo/model_report.h"

#include "core/units.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <map>

namespace roofscope {
namespace {

struct Row {
    const ZooLayer* layer;
    MdBound bound;
};

struct Report {
    std::vector<Row> rows;
    double flops = 0, bytes = 0, params = 0, commBytes = 0, boundS = 0;
    std::map<Phase, double> boundByPhase;
    std::map<Bottleneck, double> boundByBottleneck;
};

Result<Report> evaluate(const ModelWorkload& w, const Device& device, const MdOptions& options) {
    Report r;
    for (std::size_t i = 0; i < w.layers.size(); ++i) {
        const auto bound =
            mdBoundFor(layerRecord(w.layers[i], w, device, options), device.ceilings, options);
        if (!bound)
            return makeError(device.name + ": " + bound.error().message);
        const ZooLayer& l = w.layers[i];
        r.rows.push_back({&l, bound.value()});
        r.flops += l.flops;
        r.bytes += l.bytes;
        r.params += l.params;
        r.commBytes += l.commBytes;
        r.boundS += bound.value().boundS;
        r.boundByPhase[l.phase] += bound.value().boundS;
        r.boundByBottleneck[bound.value().bottleneck] += bound.value().boundS;
    }
    return r;
}

std::string padded(std::string text, std::size_t width) {
    if (text.size() > width)
        text = text.substr(0, width - 1) + "~";
    text.resize(width, ' ');
    return text;
}

std::string number(double value) {
    char text[32];
    std::snprintf(text, sizeof text, "%.3g", value);
    return text;
}

} // namespace

Result<std::string> modelReportText(const ModelWorkload& w, const Device& device,
                                    const MdOptions& options) {
    ROOFSCOPE_TRY(report, evaluate(w, device, options));
    const Report& r = report.value();
    std::string out = w.description + "\non " + device.name + " (" + device.id + ")\n\n";
    out += padded("LAYER", 40) + padded("KIND", 12) + padded("PHASE", 14) + padded("FLOP", 13) +
           padded("BYTES", 12) + padded("FLOP/B", 10) + padded("BOUND", 12) + "BOTTLENECK\n";
    for (const auto& row : r.rows) {
        const ZooLayer& l = *row.layer;
        const double intensity = l.bytes > 0 ? l.flops / l.bytes : 0;
        out += padded(l.name, 40) + padded(std::string(toString(l.category)), 12) +
               padded(std::string(toString(l.phase)), 14) +
               padded(formatSi(l.flops, Dimension::flops), 13) +
               padded(formatSi(l.bytes, Dimension::bytes), 12) +
               padded(l.bytes > 0 ? number(intensity) : "-", 10) +
               padded(formatSi(row.bound.boundS, Dimension::time), 12) +
               std::string(toString(row.bound.bottleneck)) + "\n";
    }
    out += "\n" + std::to_string(r.rows.size()) + " layers, " +
           formatSi(r.params, Dimension::count) + " parameters, " +
           formatSi(r.flops, Dimension::flops) + ", " + formatSi(r.bytes, Dimension::bytes) +
           " moved";
    if (r.commBytes > 0)
        out += ", " + formatSi(r.commBytes, Dimension::bytes) + " communicated";
    out += "\nbound per step: " + formatSi(r.boundS, Dimension::time) + " (";
    bool first = true;
    for (const auto& [phase, s] : r.boundByPhase) {
        out +=
            (first ? "" : ", ") + std::string(toString(phase)) + " " + formatSi(s, Dimension::time);
        first = false;
    }
    out += ")\n";
    for (const auto& [bottleneck, s] : r.boundByBottleneck) {
        char share[32];
        std::snprintf(share, sizeof share, "%.1f %%", r.boundS > 0 ? 100.0 * s / r.boundS : 0.0);
        out += "  " + std::string(toString(bottleneck)) + "-bound: " + share + " of the bound\n";
    }
    return out;
}

Result<std::string> modelReportJson(const ModelWorkload& w, const Device& device,
                                    const MdOptions& options) {
    ROOFSCOPE_TRY(report, evaluate(w, device, options));
    const Report& r = report.value();
    nlohmann::ordered_json j;
    j["model"] = w.model;
    j["description"] = w.description;
    j["device"] = device.id;
    j["batch"] = w.options.batch;
    j["precision"] = toString(w.options.precision);
    j["mode"] = toString(w.options.mode);
    j["data_parallel"] = w.options.dataParallel;
    nlohmann::ordered_json layers = nlohmann::ordered_json::array();
    for (const auto& row : r.rows) {
        const ZooLayer& l = *row.layer;
        nlohmann::ordered_json layer;
        layer["name"] = l.name;
        layer["kind"] = toString(l.category);
        layer["phase"] = toString(l.phase);
        layer["precision"] = toString(l.precision);
        layer["tensor_units"] = l.tensorUnits;
        layer["flops"] = l.flops;
        layer["bytes"] = l.bytes;
        layer["params"] = l.params;
        layer["activation_bytes"] = l.activationBytes;
        layer["comm_bytes"] = l.commBytes;
        layer["bound_s"] = row.bound.boundS;
        layer["compute_s"] = row.bound.computeS;
        layer["memory_s"] = row.bound.memoryS;
        layer["comm_s"] = row.bound.commS;
        layer["bottleneck"] = toString(row.bound.bottleneck);
        layers.push_back(std::move(layer));
    }
    j["layers"] = std::move(layers);
    nlohmann::ordered_json totals;
    totals["flops"] = r.flops;
    totals["bytes"] = r.bytes;
    totals["params"] = r.params;
    totals["comm_bytes"] = r.commBytes;
    totals["bound_s"] = r.boundS;
    for (const auto& [phase, s] : r.boundByPhase)
        totals["bound_s_by_phase"][std::string(toString(phase))] = s;
    for (const auto& [bottleneck, s] : r.boundByBottleneck)
        totals["bound_s_by_bottleneck"][std::string(toString(bottleneck))] = s;
    j["totals"] = std::move(totals);
    return j.dump(2) + "\n";
}

} // namespace roofscope
