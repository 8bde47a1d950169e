#include "app/options.h"

#include <algorithm>
#include <ostream>
#include <sstream>

namespace roofscope::app {
namespace {

constexpr std::size_t kWidth = 94;

// `text` wrapped at kWidth, its first line continuing `line` (already `line.size()` wide), the
// others indented to `column`; a newline in `text` starts a new line.
void wrapInto(std::string& out, std::string line, const std::string& text, std::size_t column) {
    std::istringstream lines(text);
    std::string part;
    bool firstPart = true;
    while (std::getline(lines, part)) {
        if (!firstPart) {
            out += line + "\n";
            line = std::string(column, ' ');
        }
        firstPart = false;
        std::istringstream words(part);
        std::string word;
        bool first = true;
        while (words >> word) {
            if (!first && line.size() + 1 + word.size() > kWidth) {
                out += line + "\n";
                line = std::string(column, ' ');
                first = true;
            }
            if (!first)
                line += ' ';
            line += word;
            first = false;
        }
    }
    out += line + "\n";
}

const Option* find(const OptionTable& table, std::string_view name) {
    for (const auto& option : table.options)
        if (std::find(option.names.begin(), option.names.end(), name) != option.names.end())
            return &option;
    return nullptr;
}

} // namespace

Take flag(bool& into) {
    return [&into](const std::string&) {
        into = true;
        return std::string();
    };
}

Take nonEmpty(std::string& into, std::string why) {
    return [&into, why](const std::string& v) {
        if (v.empty())
            return why;
        into = v;
        return std::string();
    };
}

Take nonEmpty(std::optional<std::string>& into, std::string why) {
    return [&into, why](const std::string& v) {
        if (v.empty())
            return why;
        into = v;
        return std::string();
    };
}

Take wholeNumber(int& into, std::string why, int least) {
    return [&into, why, least](const std::string& v) {
        const auto n = parseWhole<int>(v);
        if (!n || *n < least)
            return why;
        into = *n;
        return std::string();
    };
}

std::string helpText(const OptionTable& table) {
    std::string out = table.intro;
    for (const auto& option : table.options) {
        std::string line = "  ";
        for (std::size_t i = 0; i < option.names.size(); ++i)
            line.append(i ? ", " : "").append(option.names[i]);
        if (!option.value.empty())
            line.append(" ").append(option.value);
        // A long name keeps its help on its line, two blanks after it.
        line += line.size() + 2 <= table.column ? std::string(table.column - line.size(), ' ')
                                                : std::string(2, ' ');
        wrapInto(out, line, option.help, table.column);
    }
    return out + table.outro;
}

std::optional<int> parseCommandLine(const OptionTable& table, const std::vector<std::string>& args,
                                    std::vector<std::string>& operands, CommandIo io) {
    const auto wrong = [&](const std::string& why) {
        return usageError(io, table.command, helpText(table), why);
    };
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& arg = args[i];
        if (arg == "--help" || arg == "-h") {
            io.out << helpText(table);
            return kExitOk;
        }
        const bool isOption = arg.size() > 1 && arg.front() == '-';
        if (!isOption) {
            if (!table.operands)
                return wrong("unknown argument '" + arg + "'");
            operands.push_back(arg);
            continue;
        }
        const Option* option = find(table, arg);
        // A command that takes no operands calls any word it does not know an argument.
        if (!option)
            return wrong(std::string(table.operands ? "unknown option" : "unknown argument") +
                         " '" + arg + "'");
        std::string value;
        if (!option->value.empty() && i + 1 < args.size())
            value = args[++i];
        if (const std::string why = option->take(value); !why.empty())
            return wrong(why);
    }
    return std::nullopt;
}

} // namespace roofscope::app
