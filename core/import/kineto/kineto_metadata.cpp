#include "core/import/kineto/kineto_metadata.h"

#include "core/json_fields.h"

#include <array>
#include <limits>

namespace roofscope::detail {

namespace {

using json::Json;

constexpr std::array kVersionKeys = {
    std::string_view("cuda_runtime_version"), std::string_view("cuda_driver_version"),
    std::string_view("cupti_version"),        std::string_view("hip_runtime_version"),
    std::string_view("hip_driver_version"),   std::string_view("roctracer_version"),
    std::string_view("pytorch_version"),      std::string_view("torch_version"),
};

bool isVersionKey(std::string_view key) {
    for (const auto k : kVersionKeys)
        if (k == key)
            return true;
    return false;
}

std::optional<std::int64_t> integer(const Json& v) {
    if (v.is_number_integer())
        return v.is_number_unsigned() && v.get<std::uint64_t>() >
                                             std::uint64_t(std::numeric_limits<std::int64_t>::max())
                   ? std::nullopt
                   : std::optional<std::int64_t>(v.get<std::int64_t>());
    if (v.is_number_float()) {
        const double d = v.get<double>();
        if (d >= -9.2e18 && d <= 9.2e18 && d == static_cast<double>(static_cast<std::int64_t>(d)))
            return static_cast<std::int64_t>(d);
    }
    if (v.is_string()) { // on-demand traces quote some numbers
        const auto& s = v.get_ref<const std::string&>();
        std::int64_t n = 0;
        std::size_t used = 0;
        try {
            n = std::stoll(s, &used);
        } catch (...) {
            return std::nullopt;
        }
        if (used == s.size())
            return n;
    }
    return std::nullopt;
}

std::optional<int> smallInt(const Json& object, std::string_view key) {
    const Json* v = json::find(object, key);
    if (!v)
        return std::nullopt;
    const auto n = integer(*v);
    if (!n || *n < std::numeric_limits<int>::min() || *n > std::numeric_limits<int>::max())
        return std::nullopt;
    return static_cast<int>(*n);
}

std::string text(const Json& v) {
    if (v.is_string())
        return v.get<std::string>();
    if (v.is_number() || v.is_boolean())
        return v.dump();
    return {};
}

void readDevices(const Json& v, TraceMetadata& meta, std::string& problem) {
    if (!v.is_array()) {
        problem = "expected an array";
        return;
    }
    for (const Json& d : v) {
        if (!d.is_object()) {
            problem = "an entry is not an object";
            continue;
        }
        TraceDeviceProperties p;
        p.id = smallInt(d, "id").value_or(static_cast<int>(meta.devices.size()));
        if (const Json* name = json::find(d, "name"); name && name->is_string())
            p.name = name->get<std::string>();
        p.computeMajor = smallInt(d, "computeMajor").value_or(-1);
        p.computeMinor = smallInt(d, "computeMinor").value_or(-1);
        p.numSms = smallInt(d, "numSms").value_or(-1);
        if (const Json* mem = json::find(d, "totalGlobalMem"))
            p.totalGlobalMem = integer(*mem).value_or(-1);
        meta.devices.push_back(std::move(p));
    }
}

void readDistributed(const Json& v, TraceMetadata& meta, std::string& problem) {
    if (!v.is_object()) {
        problem = "expected an object";
        return;
    }
    auto& d = meta.distributed;
    if (const Json* b = json::find(v, "backend"))
        d.backend = text(*b);
    d.rank = smallInt(v, "rank");
    d.worldSize = smallInt(v, "world_size");
    if (d.rank && *d.rank < 0) {
        problem = "negative rank";
        d.rank.reset();
    }
    if (d.worldSize && *d.worldSize < 1) {
        problem = "world_size below 1";
        d.worldSize.reset();
    }
    if (const Json* n = json::find(v, "nccl_version"))
        d.ncclVersion = text(*n);
}

} // namespace

bool isKnownTopLevelKey(std::string_view key) {
    return key == "deviceProperties" || key == "distributedInfo" || key == "baseTimeNanoseconds" ||
           key == "displayTimeUnit" || key == "schemaVersion" || isVersionKey(key);
}

void readTopLevelValue(std::string_view key, std::string_view jsonText, const std::string& file,
                       TraceMetadata& meta, std::vector<std::string>& warnings) {
    auto parsed = json::parseJsonText(jsonText, file, key);
    if (!parsed.ok()) {
        warnings.push_back(file + ": ignored top-level \"" + std::string(key) +
                           "\": " + parsed.error().message);
        return;
    }
    const Json& v = parsed.value();
    std::string problem;
    if (key == "deviceProperties") {
        readDevices(v, meta, problem);
    } else if (key == "distributedInfo") {
        readDistributed(v, meta, problem);
    } else if (key == "baseTimeNanoseconds") {
        meta.baseTimeNs = integer(v);
        if (!meta.baseTimeNs || *meta.baseTimeNs < 0) {
            meta.baseTimeNs.reset();
            problem = "expected a non-negative integer";
        }
    } else if (key == "displayTimeUnit") {
        meta.displayTimeUnit = text(v);
    } else if (key == "schemaVersion") {
        if (const auto n = integer(v); n && *n >= 0 && *n < (1 << 30))
            meta.schemaVersion = static_cast<int>(*n);
        else
            problem = "expected a small integer";
    } else if (isVersionKey(key)) {
        meta.versions[std::string(key)] = text(v);
    }
    if (!problem.empty())
        warnings.push_back(file + ": top-level \"" + std::string(key) + "\": " + problem);
}

} // namespace roofscope::detail
