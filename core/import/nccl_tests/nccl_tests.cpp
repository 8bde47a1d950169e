#include "core/import/nccl_tests/nccl_tests.h"
#include "core/text_words.h"

#include "core/collectives.h"
#include "core/units.h"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdio>

namespace roofscope {

// nccl_tests_json.cpp: the -J document.
namespace detail {
Result<NcclTestsRun> parseNcclTestsJson(std::string_view text, const std::string& file);
std::optional<Collective> collectiveFromBinary(std::string_view name);
} // namespace detail
using detail::collectiveFromBinary;

namespace {

// Launchers prefix every line of every rank: "0: " (srun -l) and "[1,0]<stdout>:" (OpenMPI).
// Returns how many bytes of `line` the prefix takes.
std::size_t launcherPrefix(std::string_view line) {
    if (line.size() > 1 && line[0] == '[') {
        const auto close = line.find("]<");
        const auto end = line.find(">:");
        if (close != std::string_view::npos && end != std::string_view::npos && close < end)
            return end + 2;
    }
    std::size_t i = line.find_first_not_of(' ');
    if (i == std::string_view::npos)
        return 0;
    const std::size_t digits = i;
    while (i < line.size() && line[i] >= '0' && line[i] <= '9')
        ++i;
    if (i > digits && i < line.size() && line[i] == ':')
        return i + 1;
    return 0;
}

} // namespace

std::optional<Collective> detail::collectiveFromBinary(std::string_view name) {
    if (const auto slash = name.find_last_of("/\\"); slash != std::string_view::npos)
        name = name.substr(slash + 1);
    const auto perf = name.find("_perf");
    if (perf == std::string_view::npos || perf == 0)
        return std::nullopt;
    // A log file may be named "nccl-tests_all_reduce_perf_16x.txt": the longest known
    // collective name that ends right before "_perf" wins (all_reduce, not reduce).
    const auto stem = name.substr(0, perf);
    for (std::size_t start = 0; start < stem.size(); ++start)
        if (start == 0 || std::string_view("_-.").find(stem[start - 1]) != std::string_view::npos)
            if (auto collective = parseEnum<Collective>(stem.substr(start)))
                return collective;
    return std::nullopt;
}

namespace {

void addDistinct(std::vector<std::string>& list, std::string value) {
    if (!value.empty() && std::find(list.begin(), list.end(), value) == list.end())
        list.push_back(std::move(value));
}

// Where each field lives in a data row, found from the "# size count type ..." header.
struct Layout {
    int size = -1, count = -1, type = -1, redop = -1, root = -1;
    int time[2] = {-1, -1}, alg[2] = {-1, -1}, bus[2] = {-1, -1}, wrong[2] = {-1, -1};
    std::size_t columns = 0;    // tokens a row has, the trailing timestamp left out
    bool trailingStamp = false; // -S: a date and time (with a blank) after the last column
    std::string names;          // for messages
};

std::optional<Layout> headerLayout(const std::vector<Word>& tokens) {
    if (tokens.size() < 3 || tokens[0].text != "size" || tokens[1].text != "count")
        return std::nullopt;
    Layout layout;
    int half = -1;
    for (std::size_t i = 0; i < tokens.size(); ++i) {
        const auto name = tokens[i].text;
        const int at = int(i);
        layout.names += (i ? " " : "") + std::string(name);
        if (name == "timestamp" && i + 1 == tokens.size()) {
            layout.trailingStamp = true;
            continue;
        }
        ++layout.columns;
        if (name == "size")
            layout.size = at;
        else if (name == "count")
            layout.count = at;
        else if (name == "type")
            layout.type = at;
        else if (name == "redop")
            layout.redop = at;
        else if (name == "root")
            layout.root = at;
        else if ((name == "time" || name == "cputime") && half < 1)
            layout.time[++half] = at;
        else if (half >= 0 && name == "algbw")
            layout.alg[half] = at;
        else if (half >= 0 && name == "busbw")
            layout.bus[half] = at;
        else if (half >= 0 && name == "#wrong")
            layout.wrong[half] = at;
        // Anything else (-I's i_min, i_max, ...) is located but not needed.
    }
    for (int h = 0; h < 2; ++h)
        if (layout.time[h] < 0 || layout.alg[h] < 0 || layout.bus[h] < 0)
            return std::nullopt;
    return layout;
}

struct RowReader {
    const std::vector<Word>& tokens;
    const std::string& file;
    int line;
    std::optional<Error> error;

    Error fail(int index, const std::string& what) {
        SourceLocation where = inFile(file);
        where.line = line;
        where.column = tokens[std::size_t(index)].column;
        return makeError(what + ", found '" + std::string(tokens[std::size_t(index)].text) + "'",
                         where);
    }
    std::int64_t integer(int index, const char* what) {
        if (error || index < 0)
            return index < 0 ? -1 : 0;
        const auto text = tokens[std::size_t(index)].text;
        std::int64_t value = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
        if (ec != std::errc() || end != text.data() + text.size())
            error = fail(index, std::string("expected an integer ") + what);
        return value;
    }
    double number(int index, const char* what, double scale) {
        if (error)
            return 0;
        const auto value = parseNumber(tokens[std::size_t(index)].text);
        if (!value.ok() || value.value() < 0) {
            error = fail(index, std::string("expected a non-negative number for ") + what);
            return 0;
        }
        return value.value() * scale;
    }
    std::string text(int index) {
        return index < 0 ? std::string() : std::string(tokens[std::size_t(index)].text);
    }
};

Result<NcclTestsRun> parseText(std::string_view text, const std::string& file);

// An excerpt without "# Rank" lines still pins n: busbw / algbw = factor(n), which is
// 2(n-1)/n or (n-1)/n and so invertible. The largest row has the most printed digits.
void inferRanks(NcclTestsRun& run) {
    if (run.ranks > 0 || !run.collective)
        return;
    const auto best = std::max_element(run.rows.begin(), run.rows.end(), [](auto& a, auto& b) {
        return a.outOfPlace.algBytesPerS < b.outOfPlace.algBytesPerS;
    });
    const double alg = best->outOfPlace.algBytesPerS, bus = best->outOfPlace.busBytesPerS;
    if (alg <= 0)
        return;
    const double f = bus / alg;
    double n = 0;
    if (*run.collective == Collective::all_reduce && f < 2)
        n = 2 / (2 - f);
    else if ((*run.collective == Collective::all_gather ||
              *run.collective == Collective::reduce_scatter ||
              *run.collective == Collective::all_to_all) &&
             f < 1)
        n = 1 / (1 - f);
    if (!(n >= 1.5 && n < 1e6))
        return;
    const int ranks = int(std::lround(n));
    const auto factor = busBandwidthFactor(*run.collective, ranks);
    // Both columns are rounded to 0.01 GB/s (or 2 digits with %.1e).
    const double tolerance = 0.005e9 * (1 + f) + 0.05 * bus;
    if (factor.ok() && std::fabs(alg * factor.value() - bus) <= tolerance) {
        run.ranks = ranks;
        run.ranksInferred = true;
    }
}

} // namespace

Result<NcclTestsRun> parseNcclTests(std::string_view text, const std::string& file) {
    const auto first = text.find_first_not_of(" \t\r\n");
    if (first == std::string_view::npos)
        return makeError("file is empty, expected nccl-tests output", inFile(file));
    auto run = text[first] == '{' ? detail::parseNcclTestsJson(text, file) : parseText(text, file);
    if (!run.ok())
        return run;
    if (!run.value().collective)
        run.value().collective = collectiveFromBinary(file);
    inferRanks(run.value());
    return run;
}

namespace {

Result<NcclTestsRun> parseText(std::string_view text, const std::string& file) {
    NcclTestsRun run;
    std::optional<Layout> layout;
    int headerLine = 0;
    double timeScale = 1e-6; // nccl-tests prints "(us)"; a different unit in the header wins
    int lineNumber = 0;
    for (std::size_t start = 0; start <= text.size();) {
        auto end = text.find('\n', start);
        if (end == std::string_view::npos)
            end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNumber;
        const std::size_t skip = launcherPrefix(line);
        const auto body = line.substr(skip);
        const auto hash = body.find_first_not_of(" \t");
        if (hash != std::string_view::npos && body[hash] == '#') {
            const auto tokens = splitWords(body.substr(hash + 1), int(skip + hash + 2));
            if (tokens.empty())
                continue;
            if (auto found = headerLayout(tokens)) {
                layout = std::move(found);
                headerLine = lineNumber;
            } else if (tokens[0].text == "(B)") {
                for (const auto& token : tokens) {
                    const auto unit = token.text;
                    if (unit == "(us)" || unit == "(ms)" || unit == "(ns)" || unit == "(s)") {
                        timeScale = unit == "(us)"   ? 1e-6
                                    : unit == "(ms)" ? 1e-3
                                    : unit == "(ns)" ? 1e-9
                                                     : 1.0;
                        break;
                    }
                }
            } else if (tokens.size() >= 3 && tokens[0].text == "nccl-tests" &&
                       tokens[1].text == "version") {
                run.version = std::string(tokens[2].text);
            } else if (tokens.size() >= 4 && tokens[0].text == "Collective" &&
                       tokens[2].text == "starting:") {
                run.collective = collectiveFromBinary(tokens[3].text);
            } else if (tokens.size() >= 2 && tokens[0].text == "Rank" &&
                       isAllDigits(tokens[1].text)) {
                ++run.ranks;
                for (std::size_t i = 2; i + 1 < tokens.size(); ++i) {
                    if (tokens[i].text == "on")
                        addDistinct(run.hosts, std::string(tokens[i + 1].text));
                    if (tokens[i].text != "device")
                        continue;
                    std::size_t name = i + 2;
                    if (name < tokens.size() && tokens[name].text.front() == '[')
                        ++name;
                    if (name < tokens.size()) {
                        auto rest = line.substr(std::size_t(tokens[name].column - 1));
                        rest = rest.substr(0, rest.find_last_not_of(" \t\r") + 1);
                        addDistinct(run.devices, std::string(rest));
                    }
                    break;
                }
            } else if (tokens.size() >= 5 && tokens[0].text == "Avg" && tokens[1].text == "bus") {
                if (const auto value = parseNumber(tokens[4].text); value.ok())
                    run.avgBusBytesPerS = value.value() * 1e9;
            }
            continue;
        }
        const auto tokens = splitWords(body, int(skip + 1));
        if (!layout && !run.collective)
            for (const auto& token : tokens) // the command line, when the log echoes it
                if (auto named = collectiveFromBinary(token.text))
                    run.collective = named;
        // Other programs' output (NCCL INFO, warnings) never starts with a bare byte count.
        if (!layout || tokens.empty() || !isAllDigits(tokens[0].text))
            continue;
        SourceLocation where = inFile(file);
        where.line = lineNumber;
        const bool tooFew = tokens.size() < layout->columns;
        if (tooFew || (!layout->trailingStamp && tokens.size() > layout->columns)) {
            where.column =
                tooFew ? int(line.find_last_not_of(" \t\r") + 2) : tokens[layout->columns].column;
            return makeError("malformed row: expected " + std::to_string(layout->columns) +
                                 " columns (" + layout->names + ", header on line " +
                                 std::to_string(headerLine) + "), found " +
                                 std::to_string(tokens.size()),
                             where);
        }
        RowReader reader{tokens, file, lineNumber, std::nullopt};
        NcclTestsRow row;
        row.line = lineNumber;
        row.sizeBytes = reader.integer(layout->size, "size in bytes");
        row.count = reader.integer(layout->count, "element count");
        row.type = reader.text(layout->type);
        row.redop = reader.text(layout->redop);
        row.root = int(reader.integer(layout->root, "root rank"));
        NcclTestsTiming* halves[2] = {&row.outOfPlace, &row.inPlace};
        for (int h = 0; h < 2; ++h) {
            halves[h]->timeS = reader.number(layout->time[h], "time", timeScale);
            halves[h]->algBytesPerS = reader.number(layout->alg[h], "algbw", 1e9);
            halves[h]->busBytesPerS = reader.number(layout->bus[h], "busbw", 1e9);
            if (layout->wrong[h] >= 0 && tokens[std::size_t(layout->wrong[h])].text != "N/A")
                halves[h]->wrong = reader.integer(layout->wrong[h], "#wrong count or N/A");
        }
        if (reader.error)
            return *reader.error;
        run.rows.push_back(std::move(row));
    }
    if (run.rows.empty())
        return makeError(layout ? "no data rows after the column header on line " +
                                      std::to_string(headerLine)
                                : "no nccl-tests results: expected a '# size count type ...' "
                                  "header followed by data rows",
                         inFile(file));
    return run;
}

} // namespace

} // namespace roofscope
