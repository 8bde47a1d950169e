// roofscope summarize FILE... [--json] [--group kernel|op|launch] [--device ID] [--top N]
#include "app/cmd_summarize.h"
#include "app/cli.h"
#include "app/options.h"
#include "core/catalog_loader.h"

#include <ostream>

namespace roofscope::app {
namespace {

constexpr std::size_t kDefaultTop = 30;

std::optional<Grouping> parseGrouping(const std::string& text) {
    for (const Grouping g : {Grouping::kernel, Grouping::op, Grouping::launch})
        if (text == groupingName(g))
            return g;
    return std::nullopt;
}

struct Args {
    std::vector<std::string> files;
    std::string deviceId;
    SummaryOptions options;
    std::size_t top = kDefaultTop;
    bool json = false;
};

OptionTable optionTable(Args& a) {
    return {
        "summarize",
        "Usage: roofscope summarize FILE... [options]\n\n"
        "Summarizes PyTorch profiler (Kineto) traces, plain or gzipped, Nsight Compute CSV "
        "exports\n"
        "and nccl-tests output: the records by time with their FLOP/s, intensity and roofline\n"
        "bottleneck on the device, the collectives with their algbw and busbw, and the warnings\n"
        "(on stderr). The device is the catalog entry the file names, or --device.\n\n",
        15,
        {{{"--group"},
          "G",
          "kernel (default; one record per kernel name), op (per framework op and input shapes) "
          "or launch (one record per launch)",
          [&a](const std::string& v) {
              const auto g = parseGrouping(v);
              if (!g)
                  return std::string("--group needs kernel, op or launch");
              a.options.grouping = *g;
              return std::string();
          }},
         {{"--device"},
          "ID",
          "catalog device whose ceilings bound the records (see 'roofscope devices')",
          nonEmpty(a.deviceId, "--device needs a device id")},
         {{"--top"},
          "N",
          "records shown in the table, longest first (default 30; 0 shows all)",
          [&a](const std::string& v) {
              const auto n = parseWhole<std::size_t>(v);
              if (!n)
                  return std::string("--top needs a number of records (0 shows all)");
              a.top = *n;
              return std::string();
          }},
         {{"--json"},
          "",
          "print JSON, schema roofscope.summary/1 (docs/file-formats.md, \"Summary\"), with every "
          "record and the warnings",
          flag(a.json)}},
        "\nA file that cannot be read is reported with its position and skipped; the exit status "
        "is\nthen 1.\n"};
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
    Args a;
    const OptionTable table = optionTable(a);
    if (const auto code = parseCommandLine(table, args, a.files, io))
        return *code;
    if (a.files.empty())
        return usageError(io, "summarize", helpText(table), "no file given");
    const std::vector<std::string>& files = a.files;
    const std::string& deviceId = a.deviceId;
    SummaryOptions& options = a.options;
    const std::size_t top = a.top;
    const bool json = a.json;

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
