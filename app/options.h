#pragma once
// One table per command of its options: each row names an option, its value, its help and what
// the value does, and the same rows parse the command line and print `--help`, so that the two
// cannot drift. The README's command summary quotes `roofscope --help`
// (tests/cli/test_cli_readme.cpp) and the man page is generated from it.

#include "app/cli.h"
#include "core/enums.h"

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope::app {

// What an option does with its value: stores it, or says why it cannot.
using Take = std::function<std::string(const std::string& value)>;

// Ready-made takes: each stores a good value and returns `why` for a bad one.
Take flag(bool& into);
Take nonEmpty(std::string& into, std::string why);
Take nonEmpty(std::optional<std::string>& into, std::string why);
// A whole number of at least `least`.
Take wholeNumber(int& into, std::string why, int least);
// A name or alias of E (parseEnum).
template <class E> Take enumValue(std::optional<E>& into, std::string why) {
    return [&into, why](const std::string& v) {
        into = parseEnum<E>(v);
        return into ? std::string() : why;
    };
}
template <class E> Take enumValue(E& into, std::string why) {
    return [&into, why](const std::string& v) {
        const auto parsed = parseEnum<E>(v);
        if (parsed)
            into = *parsed;
        return parsed ? std::string() : why;
    };
}

struct Option {
    std::vector<std::string_view> names; // {"-o", "--output"}
    std::string_view value;              // "OUT"; empty for a flag
    std::string help;                    // the help printer wraps it; a newline starts a new line
    // Takes the value (empty for a flag, and for an option whose value is missing at the end of
    // the line); returns why it is wrong ("--top needs a number of records"), empty when not.
    Take take;
};

struct OptionTable {
    std::string_view command; // "export"
    std::string intro;        // "Usage: ...\n\n" and what the command does, ending in "\n\n"
    std::size_t column = 16;  // where the options' help starts
    std::vector<Option> options;
    std::string outro; // after the options: "\n" and more paragraphs, or empty
    // The words a command takes besides its options (files); false: any is a usage error.
    bool operands = true;
};

// intro, the options (names and value from column 2, help wrapped at 94 from `column`), outro.
std::string helpText(const OptionTable& table);

// Parses `args` by `table`: --help and -h print the help (exit 0); an unknown option, a bad value
// or (without operands) any other word print "roofscope COMMAND: why", the help, and give exit 2.
// Operands are appended to `operands`. nullopt: parsed, the command goes on.
std::optional<int> parseCommandLine(const OptionTable& table, const std::vector<std::string>& args,
                                    std::vector<std::string>& operands, CommandIo io);

} // namespace roofscope::app
