#include "app/cli.h"

#include "app/gui_module.h"

#include <filesystem>
#include <ostream>
#include <string_view>

namespace roofscope::app {
namespace {

struct Command {
    std::string_view name;
    std::string_view summary;
    int (*run)(const std::vector<std::string>&, CommandIo);
};

constexpr Command kCommands[] = {
    {"devices", "list the device catalog (spec and measured ceilings)", runDevices},
    {"export", "a view as PNG, PDF or SVG, its numbers as CSV or JSON", runExport},
    {"info", "describe a session or ceilings file", runInfo},
    {"model", "a model's layers with their roofline bound on a device", runModel},
    {"probe", "measure this machine's ceilings (runs roofscope-probe)", runProbe},
    {"summarize", "records, collectives and bottlenecks of traces and profiles", runSummarize},
};

void printUsage(std::ostream& out) {
    out << "Usage: roofscope [FILE...]            start the explorer (on the demo without FILE)\n"
           "       roofscope COMMAND [ARGS...]    run headless\n"
           "       roofscope --version | --help\n\nCommands:\n";
    for (const auto& c : kCommands)
        out << "  " << c.name << std::string(10 - c.name.size(), ' ') << c.summary << "\n";
    out << "\n'roofscope COMMAND --help' describes a command.\n";
}

// The same lines as Help > About; the Qt ones from the explorer's module when it loads, since
// only it knows the Qt it runs on.
void printVersion(std::ostream& out) {
    const auto module = loadGuiModule();
    const BuildInfo info = module ? module.value()->buildInfo() : buildFacts();
    for (const std::string& line :
         versionLines(info, module ? std::string() : module.error().message))
        out << line << "\n";
}

} // namespace

int usageError(CommandIo io, std::string_view command, std::string_view help,
               const std::string& message) {
    io.err << "roofscope " << command << ": " << message << "\n\n" << help;
    return kExitUsage;
}

std::optional<int> runHeadless(const std::vector<std::string>& args, CommandIo io) {
    if (args.empty())
        return std::nullopt;
    const std::string& first = args.front();
    if (first == "--version" || first == "-V") {
        printVersion(io.out);
        return kExitOk;
    }
    if (first == "--help" || first == "-h" || first == "help") {
        printUsage(io.out);
        return kExitOk;
    }
    for (const auto& c : kCommands)
        if (first == c.name)
            return c.run(std::vector<std::string>(args.begin() + 1, args.end()), io);
    if (first.starts_with("-")) {
        io.err << "roofscope: unknown option '" << first << "'\n\n";
        printUsage(io.err);
        return kExitUsage;
    }
    // Anything else must be a file for the GUI to open; a mistyped command is not one.
    if (!std::filesystem::exists(first)) {
        io.err << "roofscope: '" << first << "' is neither a command nor an existing file\n\n";
        printUsage(io.err);
        return kExitUsage;
    }
    return std::nullopt;
}

} // namespace roofscope::app
