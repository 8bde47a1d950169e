#include "core/analysis/view_table.h"

#include <nlohmann/json.hpp>

#include <charconv>
#include <cmath>

namespace roofscope {
namespace {

std::string number(double v) {
    if (!std::isfinite(v))
        return {};
    char buffer[32];
    const auto [end, ec] = std::to_chars(buffer, buffer + sizeof buffer, v);
    return ec == std::errc() ? std::string(buffer, end) : std::string();
}

std::string csvCell(const ViewCell& cell) {
    if (const auto* v = std::get_if<double>(&cell))
        return number(*v);
    if (const auto* s = std::get_if<std::string>(&cell))
        return csvField(*s);
    return {};
}

nlohmann::json jsonCell(const ViewCell& cell) {
    if (const auto* v = std::get_if<double>(&cell))
        return std::isfinite(*v) ? nlohmann::json(*v) : nlohmann::json(nullptr);
    if (const auto* s = std::get_if<std::string>(&cell))
        return *s;
    return nullptr;
}

} // namespace

std::string csvField(const std::string& text) {
    if (text.find_first_of(",\"\r\n") == std::string::npos)
        return text;
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"')
            quoted += '"';
        quoted += c;
    }
    return quoted + '"';
}

std::string viewTableCsv(const ViewTable& table) {
    std::string out;
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        out += (c ? "," : "") + csvField(table.columns[c].key);
    out += "\r\n";
    for (const auto& row : table.rows) {
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            out += (c ? "," : "") + (c < row.size() ? csvCell(row[c]) : std::string());
        out += "\r\n";
    }
    return out;
}

std::string viewTableJson(const ViewTable& table) {
    nlohmann::json columns = nlohmann::json::array();
    for (const auto& c : table.columns)
        columns.push_back({{"key", c.key}, {"title", c.title}, {"unit", c.unit}});
    nlohmann::json rows = nlohmann::json::array();
    for (const auto& row : table.rows) {
        nlohmann::json object = nlohmann::json::object();
        for (std::size_t c = 0; c < table.columns.size(); ++c)
            object[table.columns[c].key] = c < row.size() ? jsonCell(row[c]) : nullptr;
        rows.push_back(std::move(object));
    }
    const nlohmann::json root{{"schema", table.schema},
                              {"columns", std::move(columns)},
                              {"rows", std::move(rows)},
                              {"notes", table.notes}};
    return root.dump(1, '\t', false, nlohmann::json::error_handler_t::replace) + "\n";
}

} // namespace roofscope
