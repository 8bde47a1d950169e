#pragma once
// The numbers behind an analysis view (MD-Roofline, comparison, placement, matrix) as one table:
// what the explorer lists beside the chart and what CSV and JSON exports write. Values are SI
// (seconds, bytes, FLOP/s); a column's unit says so for readers of the files.

#include <string>
#include <variant>
#include <vector>

namespace roofscope {

struct ViewColumn {
    std::string key;   // snake_case, the CSV header and JSON member name
    std::string title; // what the explorer's table header shows
    std::string unit;  // "s", "B", "FLOP/s", "%", "x" (a ratio) or empty
};

// Empty (monostate) where a row has no value: written as an empty CSV field and JSON null.
using ViewCell = std::variant<std::monostate, double, std::string>;

struct ViewTable {
    std::string schema; // e.g. "roofscope.md/1": names the JSON document's layout
    std::vector<ViewColumn> columns;
    std::vector<std::vector<ViewCell>> rows; // each row has columns.size() cells
    // Totals and findings worth a sentence (the straggler rank, a projection caveat, ...):
    // shown under the explorer's table and written under "notes" in JSON. Whatever a script
    // needs per row (e.g. that a time is projected) is a column as well, since CSV has no notes.
    std::vector<std::string> notes;
};

// `text` as one RFC 4180 CSV field: quoted, with its quotes doubled, when it holds a comma, a
// quote or a line break (kernel names do: C++ templates), else as it is.
std::string csvField(const std::string& text);

// RFC 4180 CSV: the header of column keys, then one line per row; numbers in shortest
// round-trip form, NaN and infinities as empty fields.
std::string viewTableCsv(const ViewTable& table);
// {"schema": ..., "columns": [{key, title, unit}], "rows": [{key: value}], "notes": [...]}; NaN
// and infinities as null.
std::string viewTableJson(const ViewTable& table);

} // namespace roofscope
