#pragma once
// The command line: `roofscope` alone starts the GUI, `roofscope SUBCOMMAND ...` runs headless.
// Every sub-command is one row of the table in cli.cpp.

#include "core/build_info.h"

#include <charconv>
#include <iosfwd>
#include <optional>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

namespace roofscope::app {

struct CommandIo {
    std::ostream& out;
    std::ostream& err;
};

// Exit codes shared by all sub-commands.
inline constexpr int kExitOk = 0;
inline constexpr int kExitFailure = 1; // the work failed: unreadable file, bad content
inline constexpr int kExitUsage = 2;   // the command line was wrong

// A wrong command line: "roofscope <command>: <message>", a blank line and the command's help on
// err. Returns kExitUsage.
int usageError(CommandIo io, std::string_view command, std::string_view help,
               const std::string& message);

// `text` as a whole number of type T (no blanks, no sign for unsigned T, nothing after it), or
// nullopt.
template <class T> std::optional<T> parseWhole(const std::string& text) {
    T value{};
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size())
        return std::nullopt;
    return value;
}

// This build's facts without the Qt ones (app/build_facts.cpp).
BuildInfo buildFacts();

// Runs the sub-command named by args[0] (args exclude the program name) and returns its exit
// code, or nullopt when the arguments ask for the GUI (none, or files to open).
std::optional<int> runHeadless(const std::vector<std::string>& args, CommandIo io);

// Sub-commands, each given the arguments after its name.
int runDevices(const std::vector<std::string>& args, CommandIo io);
int runExport(const std::vector<std::string>& args, CommandIo io);
int runInfo(const std::vector<std::string>& args, CommandIo io);
int runModel(const std::vector<std::string>& args, CommandIo io);
int runProbe(const std::vector<std::string>& args, CommandIo io);
int runSummarize(const std::vector<std::string>& args, CommandIo io);

} // namespace roofscope::app
