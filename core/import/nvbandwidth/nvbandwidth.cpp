#include "core/import/nvbandwidth/nvbandwidth.h"
#include "core/import/nvbandwidth/nvbandwidth_matrix.h"
#include "core/text_words.h"

#include "core/units.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace roofscope {

Result<Ceilings> parseNvbandwidth(std::string_view text, const std::string& file) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first != std::string_view::npos && text[first] == '{')
        return detail::parseNvbandwidthJson(text, file);
    Ceilings ceilings;
    std::string version, testcase;
    std::optional<detail::NvbandwidthMatrix> pending; // a description was read; its matrix follows
    int descriptionLine = 0;
    bool inMatrix = false;
    std::vector<std::string> peers; // the column header

    auto finish = [&](int line) -> std::optional<Error> {
        if (!pending)
            return std::nullopt;
        const detail::NvbandwidthMatrix matrix = *pending;
        pending.reset();
        inMatrix = false;
        if (matrix.cells() == 0) {
            SourceLocation where = inFile(file);
            where.line = descriptionLine;
            return makeError("matrix of '" + testcase + "' has no measured cell before line " +
                                 std::to_string(line),
                             where);
        }
        matrix.storeInto(ceilings, version, testcase);
        return std::nullopt;
    };

    int lineNumber = 0;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        const std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        const auto tokens = splitWords(line);
        if (pending && inMatrix && (tokens.empty() || !isAllDigits(tokens[0].text))) {
            if (auto error = finish(lineNumber))
                return *error;
        }
        if (tokens.empty())
            continue;
        if (tokens[0].text == "nvbandwidth" && tokens.size() >= 3 && tokens[1].text == "Version:") {
            version = std::string(tokens[2].text);
        } else if (tokens[0].text == "Running" && tokens.size() >= 2) {
            testcase = std::string(tokens[1].text);
            if (!testcase.empty() && testcase.back() == '.')
                testcase.pop_back();
        } else if (auto link = detail::nvbandwidthLink(line)) {
            if (auto error = finish(lineNumber))
                return *error;
            pending.emplace(*link);
            descriptionLine = lineNumber;
            inMatrix = false;
        } else if (pending && !inMatrix && isAllDigits(tokens[0].text)) {
            inMatrix = true; // the column header: peer indices
            peers.clear();
            for (const auto& token : tokens)
                peers.emplace_back(token.text);
        } else if (pending && inMatrix) {
            const std::string_view row = tokens[0].text;
            for (std::size_t i = 1; i < tokens.size(); ++i) {
                // A GPU's copy to itself is no peer link, whatever the cell says.
                const bool diagonal =
                    pending->link() == Link::p2p && i - 1 < peers.size() && peers[i - 1] == row;
                if (tokens[i].text == "N/A" || diagonal)
                    continue;
                const auto value = parseNumber(tokens[i].text);
                if (!value.ok() || value.value() < 0) {
                    SourceLocation where = inFile(file);
                    where.line = lineNumber;
                    where.column = tokens[i].column;
                    return makeError("expected a bandwidth in GB/s or N/A in row " +
                                         std::string(row) + " of '" + testcase + "', found '" +
                                         std::string(tokens[i].text) + "'",
                                     where);
                }
                pending->add(value.value());
            }
        }
    }
    if (auto error = finish(lineNumber + 1))
        return *error;
    if (ceilings.links.empty())
        return makeError("no nvbandwidth bandwidth matrix: expected a line like 'memcpy CE "
                         "CPU(row) -> GPU(column) bandwidth (GB/s)' followed by a matrix",
                         inFile(file));
    return ceilings;
}

std::vector<std::string> nvbandwidthDeviceNames(std::string_view text) {
    std::vector<std::string> names;
    for (std::size_t start = 0; start < text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        if (line.rfind("Running ", 0) == 0)
            break; // the testcases: no device list after them
        if (line.rfind("Device ", 0) != 0)
            continue;
        const auto colon = line.find(": ");
        if (colon == std::string_view::npos || !isAllDigits(line.substr(7, colon - 7)))
            continue;
        line.remove_prefix(colon + 2);
        // The PCI bus id in parentheses closes the line.
        if (const auto paren = line.rfind(" ("); paren != std::string_view::npos)
            line = line.substr(0, paren);
        while (!line.empty() && (line.back() == '\r' || line.back() == ' '))
            line.remove_suffix(1);
        if (!line.empty())
            names.emplace_back(line);
    }
    return names;
}

} // namespace roofscope
