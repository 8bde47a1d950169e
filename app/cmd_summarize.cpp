// roofscope summarize FILE... [--json] [--group kernel|op|launch] [--device ID] [--top N]
//                             [--jobs N]
#include "app/cmd_summarize.h"
#include "app/cli.h"
#include "app/mpi_module.h"
#include "app/options.h"
#include "app/summarize_jobs.h"
#include "app/summarize_ranks.h"
#include "core/catalog_loader.h"

#include <algorithm>
#include <filesystem>
#include <optional>
#include <ostream>
#include <sstream>
#include <thread>

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
    std::string systemId;
    SummaryOptions options;
    std::size_t top = kDefaultTop;
    std::size_t jobs = 0; // 0: summarizeJobs decides
    bool json = false;
};

OptionTable optionTable(Args& a) {
    return {
        "summarize",
        "Usage: roofscope summarize FILE... [options]\n\n"
        "Summarizes PyTorch profiler (Kineto) traces, plain or gzipped, Nsight Systems SQLite\n"
        "exports, XPlane profiles of JAX / XLA, Nsight Compute CSV exports and nccl-tests\n"
        "output: the records by time with their FLOP/s, intensity and roofline bottleneck on\n"
        "the device, the collectives with their algbw and busbw, and the warnings (on stderr).\n"
        "The device is the catalog entry the file names, or --device.\n\n",
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
         {{"--system"},
          "ID",
          "the node or cloud instance the GPUs were in (see 'roofscope devices --systems'; "
          "default: the GPU vendor's node): its bus bandwidth bounds the collectives; 'none' "
          "for no system",
          nonEmpty(a.systemId, "--system needs a system id")},
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
         {{"--jobs"},
          "N",
          "files summarised at once (default: one per core, fewer when the machine's memory "
          "cannot hold that many traces; under mpirun or srun, one per rank); the output is the "
          "same whatever N",
          [&a](const std::string& v) {
              const auto n = parseWhole<std::size_t>(v);
              if (!n || *n == 0)
                  return std::string("--jobs needs a number of files, at least 1");
              a.jobs = *n;
              return std::string();
          }},
         {{"--json"},
          "",
          "print JSON, schema roofscope.summary/1 (docs/file-formats.md, \"Summary\"), with every "
          "record and the warnings",
          flag(a.json)}},
        "\nA file that cannot be read is reported with its position and skipped; the exit status "
        "is\nthen 1. Under mpirun or srun the files are shared out among the ranks, each reading "
        "its own,\nand rank 0 writes what a single process would.\n"};
}

// The catalog and the device of --device, shared by every rank (ranks other than 0 pass a
// stream nobody reads).
struct Setup {
    Catalog catalog;
    SummaryOptions options;
};

std::optional<Setup> prepare(const Args& a, std::ostream& err, int& status) {
    Setup setup{{}, a.options};
    std::vector<std::string> catalogWarnings;
    setup.catalog = loadCatalog(&catalogWarnings);
    for (const auto& w : catalogWarnings)
        err << "warning: " << w << "\n";
    if (!a.deviceId.empty()) {
        setup.options.device = setup.catalog.find(a.deviceId);
        if (!setup.options.device)
            setup.options.device = setup.catalog.findByName(a.deviceId);
        // A device the user named wrongly is a wrong command line, unlike a file's unknown one.
        if (!setup.options.device) {
            err << "roofscope summarize: unknown device '" << a.deviceId
                << "' (see 'roofscope devices' for the ids)\n";
            status = kExitUsage;
            return std::nullopt;
        }
    }
    if (a.systemId == "none") {
        setup.options.noSystem = true;
    } else if (!a.systemId.empty()) {
        setup.options.system = findSystem(builtinSystems(), a.systemId);
        if (!setup.options.system) {
            err << "roofscope summarize: unknown system '" << a.systemId
                << "' (see 'roofscope devices --systems' for the ids)\n";
            status = kExitUsage;
            return std::nullopt;
        }
    }
    return setup;
}

std::string fileFailure(const Error& error) {
    return "roofscope summarize: " + error.toString() + "\n";
}

// What one file's summary writes: its table (or its JSON entry) and its warnings or error.
FileOutcome summarizeOne(std::size_t index, const Args& a, const Setup& setup) {
    FileOutcome o;
    o.index = index;
    const std::string& path = a.files[index];
    auto summary = summarizeInput(path, setup.catalog, setup.options);
    if (!summary) {
        o.failed = true;
        o.err = fileFailure(summary.error());
        return o;
    }
    if (a.json) {
        o.out = summaryDatasetJson(summary.value());
        return o;
    }
    std::ostringstream err, out;
    for (const auto& w : summary.value().warnings)
        err << "warning: " << path << ": " << w << "\n";
    printSummaryTable(out, summary.value(), setup.options.grouping, a.top);
    o.err = err.str();
    o.out = out.str();
    return o;
}

std::size_t jobsFor(const Args& a) {
    std::vector<std::uint64_t> peaks;
    for (const auto& f : a.files)
        peaks.push_back(summaryPeakBytes(uncompressedBytes(f)));
    return summarizeJobs(a.jobs, std::thread::hardware_concurrency(), availableMemoryBytes(),
                         peaks);
}

// Several files side by side (summarize_jobs.h), each one's output written in command-line
// order once it and those before it are done: the same bytes as one after another.
int summarizeHere(const Args& a, CommandIo io) {
    int status = kExitOk;
    auto setup = prepare(a, io.err, status);
    if (!setup)
        return status;
    const std::size_t jobs = jobsFor(a);
    // Files side by side share the cores: each parses on its share of them.
    const std::size_t sideBySide = std::max<std::size_t>(1, std::min(jobs, a.files.size()));
    setup->options.parseThreads =
        std::max(1u, std::thread::hardware_concurrency() / static_cast<unsigned>(sideBySide));
    if (a.json) {
        // Kept whole (not as text) so the document is written once, as before MPI existed.
        std::vector<std::optional<Result<FileSummary>>> loaded(a.files.size());
        std::vector<FileSummary> summaries;
        runOrdered(
            a.files.size(), jobs,
            [&](std::size_t i) {
                loaded[i] = summarizeInput(a.files[i], setup->catalog, setup->options);
            },
            [&](std::size_t i) {
                auto& summary = *loaded[i];
                if (!summary) {
                    io.err << fileFailure(summary.error());
                    status = kExitFailure;
                } else {
                    summaries.push_back(std::move(summary).value());
                }
                loaded[i].reset();
            });
        io.out << summaryJson(summaries, setup->options.grouping);
        return status;
    }
    // Streamed per file: the first trace's table shows while the next ones load.
    std::vector<FileOutcome> outcomes(a.files.size());
    runOrdered(
        a.files.size(), jobs, [&](std::size_t i) { outcomes[i] = summarizeOne(i, a, *setup); },
        [&](std::size_t i) {
            io.err << outcomes[i].err;
            io.out << outcomes[i].out;
            io.out.flush();
            if (outcomes[i].failed)
                status = kExitFailure;
            outcomes[i] = FileOutcome{};
        });
    return status;
}

// Under an MPI launcher: each rank summarises its share of the files (assignFiles) and sends the
// outcomes to rank 0, which writes them in the command line's order.
int summarizeAcrossRanks(const Args& a, const MpiLaunch& launch, CommandIo io) {
    const auto loaded = loadMpiModule();
    if (!loaded) {
        // Only rank 0 fails: a failing rank makes the launcher kill the others, rank 0 among
        // them, sometimes before it has said why.
        if (launch.rank != 0)
            return kExitOk;
        io.err << "roofscope summarize: started by an MPI launcher, but "
               << loaded.error().toString() << "\n";
        io.err.flush();
        return kExitFailure;
    }
    const MpiModule& mpi = *loaded.value();
    int rank = 0, size = 1;
    if (const auto started = mpi.start(rank, size); !started) {
        io.err << "roofscope summarize: rank " << launch.rank << ": " << started.error().toString()
               << "\n";
        return kExitFailure;
    }
    struct Finish {
        const MpiModule& mpi;
        ~Finish() { mpi.finish(); }
    } finishAtEnd{mpi};
    if (size <= 1)
        return summarizeHere(a, io);

    std::ostringstream quiet;
    int status = kExitOk;
    auto setup = prepare(a, rank == 0 ? io.err : quiet, status);
    if (!setup)
        return rank == 0 ? status : kExitOk;
    // Ranks often share a node, one per core already: each parses on its own thread.
    setup->options.parseThreads = 1;
    std::vector<std::uint64_t> sizes;
    for (const auto& path : a.files) {
        std::error_code ec;
        const auto bytes = std::filesystem::file_size(path, ec);
        sizes.push_back(ec ? 0 : static_cast<std::uint64_t>(bytes));
    }
    const std::vector<int> owner = assignFiles(sizes, size);
    std::vector<std::size_t> ours;
    for (std::size_t i = 0; i < a.files.size(); ++i)
        if (owner[i] == rank)
            ours.push_back(i);
    // Side by side only when asked (--jobs): ranks often share a node, one per core already.
    std::vector<FileOutcome> done(ours.size());
    std::string mine;
    runOrdered(
        ours.size(), a.jobs > 0 ? a.jobs : 1,
        [&](std::size_t k) { done[k] = summarizeOne(ours[k], a, *setup); },
        [&](std::size_t k) {
            encodeOutcome(done[k], mine);
            done[k] = FileOutcome{};
        });
    const auto gathered = mpi.gatherToRoot(mine);
    if (!gathered) {
        io.err << "roofscope summarize: rank " << rank << ": " << gathered.error().toString()
               << "\n";
        return kExitFailure;
    }
    if (rank != 0)
        return kExitOk;
    std::vector<FileOutcome> outcomes;
    for (const auto& bytes : gathered.value()) {
        auto decoded = decodeOutcomes(bytes);
        if (!decoded) {
            io.err << "roofscope summarize: " << decoded.error().toString() << "\n";
            return kExitFailure;
        }
        for (auto& o : decoded.value())
            outcomes.push_back(std::move(o));
    }
    std::sort(outcomes.begin(), outcomes.end(),
              [](const FileOutcome& x, const FileOutcome& y) { return x.index < y.index; });
    std::vector<std::string> entries;
    for (const auto& o : outcomes) {
        io.err << o.err;
        if (o.failed)
            status = kExitFailure;
        else if (a.json)
            entries.push_back(o.out);
        else
            io.out << o.out;
    }
    if (a.json) {
        const auto doc = summaryJsonOfDatasets(entries, setup->options.grouping);
        if (!doc) {
            io.err << "roofscope summarize: " << doc.error().toString() << "\n";
            return kExitFailure;
        }
        io.out << doc.value();
    }
    return status;
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
    if (const auto launch = mpiLaunch())
        return summarizeAcrossRanks(a, *launch, io);
    return summarizeHere(a, io);
}

} // namespace roofscope::app
