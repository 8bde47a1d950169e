// roofscope summarize FILE... [--json] [--group kernel|op|launch] [--device ID] [--top N]
#include "app/cmd_summarize.h"
#include "app/cli.h"
#include "core/catalog_loader.h"

#include <ostream>

namespace roofscope::app {
namespace {

constexpr const char* kHelp =
    "Usage: roofscope summarize FILE... [options]\n\n"
    "Summarizes PyTorch profiler (Kineto) traces, plain or gzipped, Nsight Compute CSV exports\n"
    "and nccl-tests output: the records by time with their FLOP/s, intensity and roofline\n"
    "bottleneck on the device, the collectives with their algbw and busbw, and the warnings\n"
    "(on stderr). The device is the catalog entry the file names, or --device.\n\n"
    "  --group G    kernel (default; one record per kernel name), op (per framework op and\n"
    "               input shapes) or launch (one record per launch)\n"
    "  --device ID  catalog device whose ceilings bound the records (see 'roofscope devices')\n"
    "  --top N      records shown in the table, longest first (default 30; 0 shows all)\n"
    "  --json       print JSON, schema roofscope.summary/1 (docs/file-formats.md, \"Summary\"),\n"
    "               with every record and the warnings\n\n"
    "A file that cannot be read is reported with its position and skipped; the exit status is\n"
    "then 1.\n";

constexpr std::size_t kDefaultTop = 30;

int usageError(CommandIo io, const std::string& message) {
    return app::usageError(io, "summarize", kHelp, message);
}

std::optional<Grouping> parseGrouping(const std::string& text) {
    for (const Grouping g : {Grouping::kernel, Grouping::op, Grouping::launch})
        if (text == groupingName(g))
            return g;
    return std::nullopt;
}

} // namespace

std::string_view groupingName(Grouping grouping) {
    switch (grouping) {
    case Grouping::kernel:
        return "kernel";
    case Grouping::op:
        return "op";
    case Grouping::launch:
        break;
    }
    return "launch";
}

int runSummarize(const std::vector<std::string>& args, CommandIo io) {
    std::vector<std::string> files;
    std::string deviceId;
    SummaryOptions options;
    std::size_t top = kDefaultTop;
    bool json = false;
    for (std::size_t i = 0; i < args.size(); ++i) {
        const std::string& a = args[i];
        const bool hasValue = i + 1 < args.size();
        if (a == "--help" || a == "-h") {
            io.out << kHelp;
            return kExitOk;
        } else if (a == "--json") {
            json = true;
        } else if (a == "--group") {
            const auto g = hasValue ? parseGrouping(args[++i]) : std::nullopt;
            if (!g)
                return usageError(io, "--group needs kernel, op or launch");
            options.grouping = *g;
        } else if (a == "--device") {
            if (!hasValue)
                return usageError(io, "--device needs a device id");
            deviceId = args[++i];
        } else if (a == "--top") {
            const auto n = parseWhole<std::size_t>(hasValue ? args[++i] : std::string());
            if (!n)
                return usageError(io, "--top needs a number of records (0 shows all)");
            top = *n;
        } else if (a.size() > 1 && a.front() == '-') {
            return usageError(io, "unknown option '" + a + "'");
        } else {
            files.push_back(a);
        }
    }
    if (files.empty())
        return usageError(io, "no file given");

    std::vector<std::string> catalogWarnings;
    const Catalog catalog = loadCatalog(&catalogWarnings);
    for (const auto& w : catalogWarnings)
        io.err << "warning: " << w << "\n";
    if (!deviceId.empty()) {
        options.device = catalog.find(deviceId);
        if (!options.device)
            options.device = catalog.findByName(deviceId);
        // A device the user named wrongly is a wrong command line, unlike a file's unknown one.
        if (!options.device) {
            io.err << "roofscope summarize: unknown device '" << deviceId
                   << "' (see 'roofscope devices' for the ids)\n";
            return kExitUsage;
        }
    }

    int status = kExitOk;
    std::vector<FileSummary> summaries;
    for (const auto& path : files) {
        auto summary = summarizeInput(path, catalog, options);
        if (!summary) {
            io.err << "roofscope summarize: " << summary.error().toString() << "\n";
            status = kExitFailure;
            continue;
        }
        if (json) {
            summaries.push_back(std::move(summary).value());
            continue;
        }
        // Streamed per file: the first trace's table shows while the next one loads.
        for (const auto& w : summary.value().warnings)
            io.err << "warning: " << path << ": " << w << "\n";
        printSummaryTable(io.out, summary.value(), options.grouping, top);
        io.out.flush();
    }
    if (json)
        io.out << summaryJson(summaries, options.grouping);
    return status;
}

} // namespace roofscope::app
