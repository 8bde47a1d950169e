#include "import/nvbandwidth.h"
#include "text_words.h"

#include "units.h"

#include <algorithm>
#include <optional>
#include <vector>

namespace roofscope {

namespace {

// Which link a description measures; nullopt for latency or anything not CPU/GPU bandwidth.
std::optional<Link> linkOf(std::string_view d) {
    if (d.find("bandwidth (GB/s)") == std::string_view::npos)
        return std::nullopt;
    const bool rowCpu = d.find("CPU(row)") != std::string_view::npos;
    const bool rowGpu = d.find("GPU(row)") != std::string_view::npos;
    const bool colCpu = d.find("CPU(column)") != std::string_view::npos;
    const bool colGpu = d.find("GPU(column)") != std::string_view::npos;
    const bool rightward = d.find("->") != std::string_view::npos; // row sends to column
    const bool leftward = d.find("<-") != std::string_view::npos;  // row receives from column
    if (rowGpu && colGpu && (rightward || leftward))
        return Link::p2p;
    const bool cpuToGpu = (rowCpu && colGpu && rightward) || (rowGpu && colCpu && leftward);
    const bool gpuToCpu = (rowGpu && colCpu && rightward) || (rowCpu && colGpu && leftward);
    if (cpuToGpu != gpuToCpu)
        return cpuToGpu ? Link::pcie_h2d : Link::pcie_d2h;
    return std::nullopt;
}

} // namespace

Result<Ceilings> parseNvbandwidth(std::string_view text, const std::string& file) {
    Ceilings ceilings;
    std::string version, testcase;
    std::optional<Link> pending; // a description was read; its matrix follows
    int descriptionLine = 0;
    bool inMatrix = false;
    std::vector<std::string> peers; // the column header
    double least = 0;
    int cells = 0;
    Provenance provenance;
    provenance.kind = ProvenanceKind::measured;

    auto finish = [&](int line) -> std::optional<Error> {
        if (!pending)
            return std::nullopt;
        const Link link = *pending;
        pending.reset();
        inMatrix = false;
        if (cells == 0) {
            SourceLocation where = inFile(file);
            where.line = descriptionLine;
            return makeError("matrix of '" + testcase + "' has no measured cell before line " +
                                 std::to_string(line),
                             where);
        }
        Ceiling ceiling{least * 1e9, provenance};
        ceiling.provenance.tool = "nvbandwidth " + (version.empty() ? "unknown" : version);
        ceiling.provenance.method = testcase + ", minimum over " + std::to_string(cells) +
                                    (link == Link::p2p ? " GPU pairs" : " GPUs");
        auto [slot, added] = ceilings.links.try_emplace(link, ceiling);
        if (!added && ceiling.value > slot->second.value)
            slot->second = ceiling;
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
        } else if (auto link = linkOf(line)) {
            if (auto error = finish(lineNumber))
                return *error;
            pending = link;
            descriptionLine = lineNumber;
            inMatrix = false;
            cells = 0;
            least = 0;
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
                    *pending == Link::p2p && i - 1 < peers.size() && peers[i - 1] == row;
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
                least = cells == 0 ? value.value() : std::min(least, value.value());
                ++cells;
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

} // namespace roofscope
