#include "core/import/ncu/ncu_csv_tokens.h"

namespace roofscope::ncu {

std::vector<CsvLine> splitLines(std::string_view text) {
    if (text.starts_with("\xEF\xBB\xBF"))
        text.remove_prefix(3);
    std::vector<CsvLine> lines;
    std::int64_t number = 1;
    while (!text.empty()) {
        const auto end = text.find('\n');
        std::string_view line = text.substr(0, end);
        if (line.ends_with('\r'))
            line.remove_suffix(1);
        lines.push_back({line, number++});
        if (end == std::string_view::npos)
            break;
        text.remove_prefix(end + 1);
    }
    return lines;
}

bool looksLikeRecord(std::string_view line) {
    const auto first = line.find_first_not_of(" \t");
    return first != std::string_view::npos && line[first] == '"';
}

Result<std::vector<CsvField>> splitFields(const CsvLine& line, const std::string& file) {
    const std::string_view s = line.text;
    auto at = [&](std::size_t index) {
        SourceLocation where = inFile(file);
        where.line = line.number;
        where.column = static_cast<std::int64_t>(index) + 1;
        return where;
    };
    std::vector<CsvField> fields;
    std::size_t i = 0;
    while (true) {
        CsvField field;
        field.column = static_cast<std::int64_t>(i) + 1;
        if (i < s.size() && s[i] == '"') {
            field.quoted = true;
            const std::size_t open = i++;
            bool closed = false;
            while (i < s.size()) {
                if (s[i] != '"') {
                    field.value += s[i++];
                } else if (i + 1 < s.size() && s[i + 1] == '"') {
                    field.value += '"';
                    i += 2;
                } else {
                    closed = true;
                    ++i;
                    break;
                }
            }
            if (!closed)
                return makeError("quoted field is not closed before the end of the line (is the "
                                 "file truncated?)",
                                 at(open));
            if (i < s.size() && s[i] != ',')
                return makeError("expected ',' after the closing quote", at(i));
        } else {
            const auto comma = s.find(',', i);
            const auto stop = comma == std::string_view::npos ? s.size() : comma;
            field.value.assign(s.substr(i, stop - i));
            i = stop;
        }
        fields.push_back(std::move(field));
        if (i >= s.size())
            break;
        ++i; // the comma; a comma at the very end yields a last, empty field
        if (i == s.size()) {
            CsvField empty;
            empty.column = static_cast<std::int64_t>(i) + 1;
            fields.push_back(std::move(empty));
            break;
        }
    }
    return fields;
}

} // namespace roofscope::ncu
