#include "core/import/ert/ert_roofline.h"

#include "core/json_fields.h"
#include "core/units.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <ctime>

namespace roofscope {

namespace {

using Json = nlohmann::json;

struct FieldError {
    std::string path;
    std::string message;
};

const Json* find(const Json& object, const char* key) {
    if (!object.is_object())
        return nullptr;
    const auto it = object.find(key);
    return it == object.end() ? nullptr : &*it;
}

const Json& require(const Json& object, const char* key, const std::string& path) {
    if (!object.is_object())
        throw FieldError{path, "expected an object"};
    if (const Json* value = find(object, key))
        return *value;
    throw FieldError{path + "/" + key, "missing"};
}

// CONFIG values are lists of strings (["True"], ["FP32"]); a bare string is accepted too.
std::string configValue(const Json* config, const char* key) {
    const Json* value = config ? find(*config, key) : nullptr;
    if (value && value->is_array() && !value->empty())
        value = &value->front();
    return value && value->is_string() ? value->get<std::string>() : std::string();
}

std::string scalarText(const Json* metadata, const char* key) {
    const Json* value = metadata ? find(*metadata, key) : nullptr;
    if (!value)
        return {};
    if (value->is_string())
        return value->get<std::string>();
    if (value->is_number_integer())
        return std::to_string(value->get<std::int64_t>());
    return {};
}

struct Entry {
    std::string label;
    double value = 0; // G-units as printed
    std::string path;
};

std::vector<Entry> entries(const Json& section, const std::string& path) {
    const Json& data = require(section, "data", path);
    if (!data.is_array())
        throw FieldError{path + "/data", "expected an array of [label, value] pairs"};
    std::vector<Entry> out;
    for (std::size_t i = 0; i < data.size(); ++i) {
        const std::string at = path + "/data/" + std::to_string(i);
        const Json& pair = data[i];
        if (!pair.is_array() || pair.size() != 2 || !pair[0].is_string())
            throw FieldError{at, "expected a [label, value] pair"};
        if (!pair[1].is_number() || !std::isfinite(pair[1].get<double>()) ||
            pair[1].get<double>() <= 0)
            throw FieldError{at + "/1", "expected a positive number"};
        out.push_back({pair[0].get<std::string>(), pair[1].get<double>(), at});
    }
    return out;
}

std::string isoDate(const Json* metadata) {
    const Json* stamp = metadata ? find(*metadata, "TIMESTAMP_DATA") : nullptr;
    if (!stamp || !stamp->is_number() || !(stamp->get<double>() > 0 && stamp->get<double>() < 1e11))
        return {};
    const std::time_t seconds = std::time_t(stamp->get<double>());
    std::tm utc{};
    if (!gmtime_r(&seconds, &utc))
        return {};
    char text[32];
    std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &utc);
    return text;
}

Device read(const Json& root, const std::string& deviceId) {
    const Json& empirical = require(root, "empirical", "");
    const Json* metadata = find(empirical, "metadata");
    const Json* config = metadata ? find(*metadata, "CONFIG") : nullptr;

    Device device;
    device.id = deviceId;
    device.name = deviceId;
    const bool gpu = configValue(config, "ERT_GPU") == "True";
    device.kind = gpu ? DeviceKind::gpu : DeviceKind::cpu;

    Provenance base;
    base.kind = ProvenanceKind::measured;
    const std::string version = scalarText(metadata, "ERT_VERSION");
    base.tool = "ERT " + (version.empty() ? std::string("unknown") : version);
    const std::string blocks = scalarText(metadata, "GPU_BLOCKS");
    const std::string threads = scalarText(metadata, "GPU_THREADS");
    if (!blocks.empty() && !threads.empty())
        base.method = "GPU_BLOCKS " + blocks + " x GPU_THREADS " + threads;
    else
        base.method = gpu ? "ERT GPU kernel" : "ERT CPU kernel";
    const std::string kernel = configValue(config, "ERT_KERNEL");
    if (!kernel.empty())
        base.method += ", " + kernel;
    base.note = "ERT prints GB/s and GFLOP/s; read as 1e9";

    const Json& gbytes = require(empirical, "gbytes", "/empirical");
    for (const auto& entry : entries(gbytes, "/empirical/gbytes")) {
        const auto level = parseEnum<MemoryLevel>(entry.label);
        if (!level)
            throw FieldError{entry.path + "/0", "unknown memory level '" + entry.label +
                                                    "' (expected L1, L2, L3, DRAM or HBM)"};
        if (device.ceilings.memory.count(*level))
            throw FieldError{entry.path + "/0", "memory level '" + entry.label + "' given twice"};
        Ceiling ceiling{entry.value * 1e9, base};
        ceiling.provenance.date = isoDate(find(gbytes, "metadata"));
        device.ceilings.memory[*level] = ceiling;
    }

    const Json& gflops = require(empirical, "gflops", "/empirical");
    // ERT does not record the precision it ran; its default build is double (ERT_PRECISION
    // FP64), so that is assumed unless the CONFIG names another, and the note says which.
    const std::string precisionName = configValue(config, "ERT_PRECISION");
    auto precision = Precision::fp64;
    if (!precisionName.empty()) {
        const auto parsed = parseEnum<Precision>(precisionName);
        if (!parsed)
            throw FieldError{"/empirical/metadata/CONFIG/ERT_PRECISION",
                             "unknown precision '" + precisionName + "'"};
        precision = *parsed;
    }
    for (const auto& entry : entries(gflops, "/empirical/gflops")) {
        Ceiling ceiling{entry.value * 1e9, base};
        ceiling.provenance.date = isoDate(find(gflops, "metadata"));
        if (const std::string flops = scalarText(find(gflops, "metadata"), "FLOPS"); !flops.empty())
            ceiling.provenance.method += ", " + flops + " FLOPs per element";
        ceiling.provenance.note += precisionName.empty()
                                       ? "; precision FP64 assumed (ERT's default build is double)"
                                       : "; precision from ERT_PRECISION " + precisionName;
        const ComputeKey key{precision, ComputeUnit::vector};
        // Several rows (one per ERT_FLOPS variant) keep the highest: the ceiling is the peak.
        auto& slot = device.ceilings.compute[key];
        if (ceiling.value > slot.value)
            slot = ceiling;
    }
    if (device.ceilings.empty())
        throw FieldError{"/empirical", "no ceilings: gbytes and gflops data are empty"};
    return device;
}

} // namespace

Result<Device> parseErtRoofline(std::string_view text, const std::string& file,
                                const std::string& deviceId) {
    ROOFSCOPE_TRY(parsed, json::parseJsonText(text, file, "an ERT roofline.json"));
    const Json root = std::move(parsed).value();
    try {
        return read(root, deviceId);
    } catch (const FieldError& e) {
        SourceLocation where = inFile(file);
        where.path = e.path;
        return makeError(e.message, where);
    } catch (const Json::exception& e) {
        return makeError(std::string("unexpected content: ") + e.what(), inFile(file));
    }
}

} // namespace roofscope
