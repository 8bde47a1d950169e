#include "core/import/nvbandwidth/nvbandwidth_matrix.h"

#include "core/json_fields.h"
#include "core/units.h"

namespace roofscope::detail {

Result<Ceilings> parseNvbandwidthJson(std::string_view text, const std::string& file) {
    auto parsed = json::parseJsonText(text, file, "nvbandwidth JSON output");
    if (!parsed.ok())
        return parsed.error();
    const json::Json& root = parsed.value();
    auto fail = [&](const std::string& path, const std::string& message) {
        SourceLocation where = inFile(file);
        where.path = path;
        return makeError(message, where);
    };
    const json::Json* body = root.is_object() ? json::find(root, "nvbandwidth") : nullptr;
    if (!body || !body->is_object())
        return fail("/nvbandwidth", "expected an object \"nvbandwidth\" (nvbandwidth -j output)");
    std::string version;
    if (const auto* v = json::find(*body, "version"); v && v->is_string())
        version = v->get<std::string>();
    const json::Json* testcases = json::find(*body, "testcases");
    if (!testcases || !testcases->is_array()) {
        std::string why;
        if (const auto* e = json::find(*body, "error"); e && e->is_string())
            why = ": nvbandwidth reported \"" + e->get<std::string>() + "\"";
        return fail("/nvbandwidth/testcases", "no testcases array" + why);
    }
    Ceilings ceilings;
    for (std::size_t t = 0; t < testcases->size(); ++t) {
        const json::Json& tc = (*testcases)[t];
        const std::string path = "/nvbandwidth/testcases/" + std::to_string(t);
        if (!tc.is_object())
            return fail(path, "expected a testcase object");
        const auto* status = json::find(tc, "status");
        // Waived, Not Found and Error testcases measured nothing.
        if (!status || !status->is_string() || status->get<std::string>() != "Passed")
            continue;
        const auto* description = json::find(tc, "bandwidth_description");
        const auto link = description && description->is_string()
                              ? nvbandwidthLink(description->get<std::string>())
                              : std::nullopt;
        if (!link)
            continue;
        std::string name = "testcase " + std::to_string(t);
        if (const auto* n = json::find(tc, "name"); n && n->is_string())
            name = n->get<std::string>();
        const auto* matrix = json::find(tc, "bandwidth_matrix");
        if (!matrix || !matrix->is_array())
            return fail(path + "/bandwidth_matrix", "expected the matrix of '" + name + "'");
        NvbandwidthMatrix cells(*link);
        for (std::size_t r = 0; r < matrix->size(); ++r) {
            const json::Json& row = (*matrix)[r];
            if (!row.is_array())
                return fail(path + "/bandwidth_matrix/" + std::to_string(r), "expected a row");
            for (std::size_t c = 0; c < row.size(); ++c) {
                const std::string cellPath =
                    path + "/bandwidth_matrix/" + std::to_string(r) + "/" + std::to_string(c);
                const json::Json& cell = row[c];
                if (cell.is_string() && cell.get<std::string>() == "N/A")
                    continue;
                if (cells.skips(static_cast<int>(r), static_cast<int>(c)))
                    continue;
                std::optional<double> value;
                if (cell.is_number())
                    value = cell.get<double>();
                else if (cell.is_string())
                    if (auto v = parseNumber(cell.get<std::string>()); v.ok())
                        value = v.value();
                if (!value || !(*value >= 0) || *value > 1e9)
                    return fail(cellPath, "expected a bandwidth in GB/s or \"N/A\" in '" + name +
                                              "', found " + cell.dump());
                cells.add(*value);
            }
        }
        if (cells.cells() == 0)
            return fail(path + "/bandwidth_matrix",
                        "matrix of '" + name + "' has no measured cell");
        cells.storeInto(ceilings, version, name);
    }
    if (ceilings.links.empty())
        return fail("/nvbandwidth/testcases",
                    "no passed bandwidth testcase between CPU and GPU or between GPUs");
    return ceilings;
}

} // namespace roofscope::detail
