// nccl-tests' -J document (util.cu of NVIDIA/nccl-tests): {"args": [binary, ...],
// "config": {"devices": [{"rank","hostname","device_info",...}]}, "results": [{"size","count",
// "type","redop","root" (a "%6i" string),"out_of_place": {"time"|"cpu_time" (us),"alg_bw",
// "bus_bw" (GB/s),"nwrong" (number or null)},"in_place": {...}}], "average_bus_bandwidth":
// {"bandwidth"}}.
#include "core/import/nccl_tests/nccl_tests.h"

#include "core/json_fields.h"
#include "core/units.h"

#include <nlohmann/json.hpp>

#include <cmath>

namespace roofscope {

namespace detail {
Result<NcclTestsRun> parseNcclTestsJson(std::string_view text, const std::string& file);
std::optional<Collective> collectiveFromBinary(std::string_view name);
} // namespace detail

namespace {

using Json = nlohmann::json;

struct FieldError {
    std::string path;
    std::string message;
};

const Json& field(const Json& object, const char* key, const std::string& path) {
    if (!object.is_object())
        throw FieldError{path, "expected an object"};
    const auto it = object.find(key);
    if (it == object.end())
        throw FieldError{path + "/" + key, "missing"};
    return *it;
}

double number(const Json& object, const char* key, const std::string& path, double scale) {
    const Json& value = field(object, key, path);
    if (!value.is_number() || !std::isfinite(value.get<double>()) || value.get<double>() < 0)
        throw FieldError{path + "/" + key, "expected a non-negative number"};
    return value.get<double>() * scale;
}

std::int64_t integer(const Json& object, const char* key, const std::string& path) {
    const Json& value = field(object, key, path);
    if (value.is_number_integer())
        return value.get<std::int64_t>();
    // nwrong is written with "%lf" (0.000000): a whole double is an integer too.
    if (value.is_number_float() && std::trunc(value.get<double>()) == value.get<double>() &&
        std::fabs(value.get<double>()) < 9e15)
        return std::int64_t(value.get<double>());
    // root is written as a padded string ("    -1"); accept integers spelled either way.
    if (value.is_string()) {
        const auto parsed = parseNumber(value.get_ref<const std::string&>());
        if (parsed.ok() && std::trunc(parsed.value()) == parsed.value() &&
            std::fabs(parsed.value()) < 9e15)
            return std::int64_t(parsed.value());
    }
    throw FieldError{path + "/" + key, "expected an integer"};
}

std::string string(const Json& object, const char* key) {
    const auto it = object.find(key);
    return it != object.end() && it->is_string() ? it->get<std::string>() : std::string();
}

NcclTestsTiming timing(const Json& row, const char* key, const std::string& rowPath) {
    const std::string path = rowPath + "/" + key;
    const Json& half = field(row, key, rowPath);
    if (!half.is_object())
        throw FieldError{path, "expected an object with time, alg_bw, bus_bw"};
    NcclTestsTiming t;
    t.timeS = number(half, half.contains("cpu_time") ? "cpu_time" : "time", path, 1e-6);
    t.algBytesPerS = number(half, "alg_bw", path, 1e9);
    t.busBytesPerS = number(half, "bus_bw", path, 1e9);
    if (const auto it = half.find("nwrong"); it != half.end() && !it->is_null())
        t.wrong = integer(half, "nwrong", path);
    return t;
}

void read(const Json& root, NcclTestsRun& run) {
    if (!root.is_object())
        throw FieldError{"", "expected an object"};
    if (const auto args = root.find("args");
        args != root.end() && args->is_array() && !args->empty() && args->front().is_string())
        run.collective = detail::collectiveFromBinary(args->front().get<std::string>());
    if (const auto config = root.find("config"); config != root.end() && config->is_object())
        if (const auto devices = config->find("devices");
            devices != config->end() && devices->is_array())
            for (const auto& device : *devices) {
                if (!device.is_object())
                    continue;
                ++run.ranks;
                for (auto [key, list] :
                     {std::pair{"hostname", &run.hosts}, std::pair{"device_info", &run.devices}}) {
                    const auto value = string(device, key);
                    if (!value.empty() &&
                        std::find(list->begin(), list->end(), value) == list->end())
                        list->push_back(value);
                }
            }
    const Json& results = field(root, "results", "");
    if (!results.is_array())
        throw FieldError{"/results", "expected an array"};
    for (std::size_t i = 0; i < results.size(); ++i) {
        const std::string path = "/results/" + std::to_string(i);
        const Json& row = results[i];
        NcclTestsRow out;
        out.sizeBytes = integer(row, "size", path);
        out.count = integer(row, "count", path);
        out.type = string(row, "type");
        out.redop = string(row, "redop");
        out.root = row.contains("root") ? int(integer(row, "root", path)) : -1;
        out.outOfPlace = timing(row, "out_of_place", path);
        out.inPlace = timing(row, "in_place", path);
        run.rows.push_back(std::move(out));
    }
    if (run.rows.empty())
        throw FieldError{"/results", "no data rows"};
    if (const auto avg = root.find("average_bus_bandwidth"); avg != root.end() && avg->is_object())
        if (const auto bw = avg->find("bandwidth"); bw != avg->end() && bw->is_number())
            run.avgBusBytesPerS = bw->get<double>() * 1e9;
}

} // namespace

Result<NcclTestsRun> detail::parseNcclTestsJson(std::string_view text, const std::string& file) {
    ROOFSCOPE_TRY(parsed, json::parseJsonText(text, file, "nccl-tests JSON output"));
    const Json root = std::move(parsed).value();
    NcclTestsRun run;
    try {
        read(root, run);
    } catch (const FieldError& e) {
        SourceLocation where = inFile(file);
        where.path = e.path;
        return makeError(e.message, where);
    } catch (const Json::exception& e) {
        return makeError(std::string("unexpected content: ") + e.what(), inFile(file));
    }
    return run;
}

} // namespace roofscope
