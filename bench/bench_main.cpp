// roofscope-bench: the performance budgets of DESIGN.md, measured. Not a test: it prints numbers
// for the README. Each measurement runs in a child process, so that its peak resident memory
// (from wait4) is that of the load alone; "one core" rows pin the child to one core.
//
//   roofscope-bench ingest [--size-mb N] [--dir DIR] [--no-python] [--no-gzip] [--keep]
//                          [--python EXE] [--hta DIR] [--roofscope EXE]
//   roofscope-bench read FILE        (the child: one load and analysis on one core, prints times
//                                    and counts)
//   roofscope-bench parse FILE       (the child: the load alone, on one core)
//   roofscope-bench parse-cores FILE (the child: the load alone, on every core)
//   roofscope-bench redraw [--sizes N,N,...] [--repeats N] [--style S] [--png DIR]
//                                    (plot redraw offscreen, see redraw_bench.cpp)
//   roofscope-bench stream [--rounds N] [--n ELEMENTS]
//                                    (CPU probe vs reference STREAM, see stream_bench.cpp)

#include "bench/kineto_trace_generator.h"
#include "bench/stream_bench.h"
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_reader.h"

#include <zlib.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

namespace {

using Clock = std::chrono::steady_clock;

void pinToOneCore() {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(0, &set);
    sched_setaffinity(0, sizeof set, &set);
}

// On one core (pinned, the batches parsed on the reading thread) or on every core as a user's
// load parses them.
int readOnce(const char* path, bool analyse, bool oneCore) {
    roofscope::KinetoReadOptions options;
    if (oneCore) {
        pinToOneCore();
        options.threads = 1;
    }
    if (const char* kib = std::getenv("ROOFSCOPE_BENCH_CHUNK_KIB"))
        options.chunkBytes = std::strtoull(kib, nullptr, 10) << 10;
    const auto start = Clock::now();
    auto r = roofscope::readKinetoFile(path, options);
    const double s = std::chrono::duration<double>(Clock::now() - start).count();
    if (!r.ok()) {
        std::fprintf(stderr, "%s\n", r.error().toString().c_str());
        return 1;
    }
    if (!analyse) {
        std::printf("%.6f %lld %zu\n", s, static_cast<long long>(r.value().eventsSeen),
                    r.value().gpu.size());
        return 0;
    }
    // The analysis (linking, estimates, phases) is what turns events into roofline points.
    const auto analysisStart = Clock::now();
    const auto analysis = roofscope::analyzeTrace(r.value());
    const double a = std::chrono::duration<double>(Clock::now() - analysisStart).count();
    std::printf("%.6f %lld %zu %.6f %zu\n", s, static_cast<long long>(r.value().eventsSeen),
                r.value().gpu.size(), a, analysis.launches.size());
    return 0;
}

struct ChildRun {
    bool ok = false;
    std::string out;
    double wallS = 0;
    long peakKiB = 0;
};

ChildRun runChild(const std::vector<std::string>& argv) {
    ChildRun run;
    int fds[2];
    if (pipe(fds) != 0)
        return run;
    const auto start = Clock::now();
    const pid_t pid = fork();
    if (pid == 0) {
        dup2(fds[1], 1);
        close(fds[0]);
        close(fds[1]);
        std::vector<char*> args;
        for (const auto& a : argv)
            args.push_back(const_cast<char*>(a.c_str()));
        args.push_back(nullptr);
        execvp(args[0], args.data());
        _exit(127);
    }
    close(fds[1]);
    char buf[4096];
    for (ssize_t n; (n = read(fds[0], buf, sizeof buf)) > 0;)
        run.out.append(buf, static_cast<std::size_t>(n));
    close(fds[0]);
    int status = 0;
    rusage usage{};
    wait4(pid, &status, 0, &usage);
    run.wallS = std::chrono::duration<double>(Clock::now() - start).count();
    run.peakKiB = usage.ru_maxrss;
    run.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    return run;
}

bool gzipFile(const std::string& from, const std::string& to) {
    std::FILE* in = std::fopen(from.c_str(), "rb");
    gzFile out = gzopen(to.c_str(), "wb6");
    if (!in || !out)
        return false;
    std::vector<char> buf(1 << 20);
    for (std::size_t n; (n = std::fread(buf.data(), 1, buf.size(), in)) > 0;)
        if (gzwrite(out, buf.data(), static_cast<unsigned>(n)) != static_cast<int>(n))
            return false;
    std::fclose(in);
    return gzclose(out) == Z_OK;
}

void report(const char* what, double seconds, double uncompressedBytes, long peakKiB) {
    std::printf("%-46s %8.3f s  %6.3f GB/s", what, seconds, uncompressedBytes / seconds / 1e9);
    if (peakKiB >= 0)
        std::printf("  peak RSS %7.1f MB (%.2fx the uncompressed size)",
                    static_cast<double>(peakKiB) / 1024.0,
                    static_cast<double>(peakKiB) * 1024.0 / uncompressedBytes);
    std::printf("\n");
}

int ingest(int argc, char** argv) {
    // Line by line, so that a long peer run shows what is done already.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    std::uint64_t sizeMb = 512;
    std::string dir, pythonExe = "python3", htaDir, roofscopeExe;
    bool python = true, keep = false, zipped = true;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--size-mb" && i + 1 < argc)
            sizeMb = std::strtoull(argv[++i], nullptr, 10);
        else if (a == "--dir" && i + 1 < argc)
            dir = argv[++i];
        else if (a == "--no-python")
            python = false;
        else if (a == "--keep")
            keep = true;
        else if (a == "--no-gzip")
            zipped = false;
        else if (a == "--python" && i + 1 < argc)
            pythonExe = argv[++i];
        else if (a == "--hta" && i + 1 < argc)
            htaDir = argv[++i];
        else if (a == "--roofscope" && i + 1 < argc)
            roofscopeExe = argv[++i];
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    namespace fs = std::filesystem;
    if (dir.empty())
        dir =
            (fs::temp_directory_path() / ("roofscope-bench-" + std::to_string(getpid()))).string();
    fs::create_directories(dir);
    const std::string json = dir + "/trace.json", gz = json + ".gz";
    roofscope::bench::GeneratedTrace info;
    if (const auto err = roofscope::bench::writeKinetoTrace(json, sizeMb << 20, info);
        !err.empty()) {
        std::fprintf(stderr, "%s\n", err.c_str());
        return 1;
    }
    if (zipped && !gzipFile(json, gz)) {
        std::fprintf(stderr, "cannot gzip %s\n", json.c_str());
        return 1;
    }
    const double bytes = static_cast<double>(info.bytes);
    std::printf("trace: %.1f MB JSON (%.1f MB gzipped), %llu events, %llu GPU events; %ld cores\n",
                bytes / 1e6, zipped ? static_cast<double>(fs::file_size(gz)) / 1e6 : 0.0,
                static_cast<unsigned long long>(info.events),
                static_cast<unsigned long long>(info.kernels), sysconf(_SC_NPROCESSORS_ONLN));
    std::printf("(\"one core\": pinned to one core; the rest on every core, as a user runs it; "
                "summarize: the median of five runs)\n");
    const std::string self = fs::read_symlink("/proc/self/exe").string();
    int failures = 0;
    for (const auto& [label, file] :
         {std::pair{"roofscope parse .json", json}, std::pair{"roofscope parse .json.gz", gz}}) {
        if (!zipped && file == gz)
            continue;
        const auto run = runChild({self, "read", file});
        double seconds = 0, analysisSeconds = 0;
        long long events = 0, gpuEvents = 0, launches = 0;
        if (!run.ok ||
            std::sscanf(run.out.c_str(), "%lf %lld %lld %lf %lld", &seconds, &events, &gpuEvents,
                        &analysisSeconds, &launches) != 5 ||
            events != static_cast<long long>(info.events) || launches != gpuEvents) {
            std::printf("%-46s FAILED (%s)\n", label, run.out.c_str());
            ++failures;
            continue;
        }
        // The parse alone in a child of its own, for its own peak memory.
        const auto parse = runChild({self, "parse", file});
        double parseSeconds = 0;
        if (!parse.ok || std::sscanf(parse.out.c_str(), "%lf", &parseSeconds) != 1) {
            std::printf("%-46s FAILED (%s)\n", label, parse.out.c_str());
            ++failures;
            continue;
        }
        report((std::string(label) + ", one core").c_str(), std::min(seconds, parseSeconds), bytes,
               parse.peakKiB);
        const auto cores = runChild({self, "parse-cores", file});
        double coresSeconds = 0;
        if (!cores.ok || std::sscanf(cores.out.c_str(), "%lf", &coresSeconds) != 1) {
            std::printf("%-46s FAILED (%s)\n", label, cores.out.c_str());
            ++failures;
            continue;
        }
        report(label, coresSeconds, bytes, cores.peakKiB);
        report((std::string(label) + " + analysis, one core").c_str(), seconds + analysisSeconds,
               bytes, run.peakKiB);
    }
    // End to end as a user runs it: read, parse, analyse and write the summary, on every core.
    struct Timed {
        std::string who;
        bool gz = false;
        double seconds = 0;
    };
    std::vector<Timed> endToEnd, peers;
    if (roofscopeExe.empty())
        roofscopeExe = (fs::path(self).parent_path().parent_path() / "app" / "roofscope").string();
    for (const auto& [label, file] : {std::pair{"roofscope summarize --json, .json", json},
                                      std::pair{"roofscope summarize --json, .json.gz", gz}}) {
        if (!zipped && file == gz)
            continue;
        // The median of five runs: one run on a shared VM moves by 10 % or more.
        constexpr int kRuns = 5;
        std::vector<double> walls;
        long peakKiB = 0;
        bool ok = true;
        for (int r = 0; r < kRuns && ok; ++r) {
            const auto run = runChild({roofscopeExe, "summarize", file, "--json"});
            ok = run.ok && run.out.find("\"roofscope.summary/1\"") != std::string::npos;
            walls.push_back(run.wallS);
            peakKiB = std::max(peakKiB, run.peakKiB);
        }
        if (!ok) {
            std::printf("%-46s FAILED (%s)\n", label, roofscopeExe.c_str());
            ++failures;
            continue;
        }
        std::sort(walls.begin(), walls.end());
        const double median = walls[kRuns / 2];
        report(label, median, bytes, peakKiB);
        endToEnd.push_back({"roofscope", file == gz, median});
    }
    if (python) {
        // The parser HTA and TraceLens build on, timed around json.load only.
        const char* script = "import json,gzip,sys,time,os\n"
                             "f=sys.argv[1]\n"
                             "o=gzip.open if f.endswith('.gz') else open\n"
                             "with o(f,'rb') as h:\n"
                             " t=time.perf_counter(); d=json.load(h); t=time.perf_counter()-t\n"
                             "print(t, len(d['traceEvents']))\n";
        for (const auto& [label, file] : {std::pair{"python json.load, .json", json},
                                          std::pair{"python json.load, .json.gz", gz}}) {
            if (!zipped && file == gz)
                continue;
            const auto run = runChild({pythonExe, "-c", script, file});
            double seconds = 0;
            if (!run.ok || std::sscanf(run.out.c_str(), "%lf", &seconds) != 1) {
                std::printf("%-46s not measured (%s failed)\n", label, pythonExe.c_str());
                continue;
            }
            report(label, seconds, bytes, run.peakKiB);
            peers.push_back({"json.load", file == gz, seconds});
        }
    }
    if (!htaDir.empty()) {
        // Holistic Trace Analysis' loader (Trace.load_traces: parse into its DataFrame, align,
        // filter), from the snapshot given, on one rank: the whole process is timed, imports
        // included, as a user waits for it.
        const char* script =
            "import sys,time,os,logging\n"
            "t0=time.perf_counter()\n"
            "sys.path.insert(0,sys.argv[1])\n"
            "logging.disable(logging.WARNING)\n"
            "from hta.common.trace import Trace\n"
            "f=os.path.abspath(sys.argv[2])\n"
            "tr=Trace(trace_files={0:f},trace_dir=os.path.dirname(f))\n"
            "tr.load_traces(use_multiprocessing=False,use_memory_profiling=False)\n"
            "print(time.perf_counter()-t0, len(tr.traces[0]))\n";
        for (const auto& [label, file] : {std::pair{"HTA Trace.load_traces, .json", json},
                                          std::pair{"HTA Trace.load_traces, .json.gz", gz}}) {
            if (!zipped && file == gz)
                continue;
            const auto run = runChild({pythonExe, "-c", script, htaDir, file});
            double seconds = 0;
            long long rows = 0;
            if (!run.ok || std::sscanf(run.out.c_str(), "%lf %lld", &seconds, &rows) != 2 ||
                rows <= 0) {
                std::printf("%-46s not measured (HTA from %s failed: %s)\n", label, htaDir.c_str(),
                            run.out.c_str());
                continue;
            }
            report(label, run.wallS, bytes, run.peakKiB);
            peers.push_back({"HTA", file == gz, run.wallS});
        }
    }
    // The ratios the README quotes: each peer's time over Roofscope's end to end on the same file.
    for (const Timed& peer : peers)
        for (const Timed& ours : endToEnd)
            if (peer.gz == ours.gz)
                std::printf("roofscope end to end is %6.1fx %s, %s\n", peer.seconds / ours.seconds,
                            peer.who.c_str(), peer.gz ? ".json.gz" : ".json");
    if (!keep) {
        fs::remove(json);
        if (zipped)
            fs::remove(gz);
        fs::remove(dir);
    }
    return failures ? 1 : 0;
}

} // namespace

namespace roofscope::bench {
int redrawBench(int argc, char** argv);
int openBench(int argc, char** argv);
} // namespace roofscope::bench

int main(int argc, char** argv) {
    if (argc >= 3 && std::strcmp(argv[1], "read") == 0)
        return readOnce(argv[2], true, true);
    if (argc >= 3 && std::strcmp(argv[1], "parse") == 0)
        return readOnce(argv[2], false, true);
    if (argc >= 3 && std::strcmp(argv[1], "parse-cores") == 0)
        return readOnce(argv[2], false, false);
    if (argc >= 2 && std::strcmp(argv[1], "ingest") == 0)
        return ingest(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "open") == 0)
        return roofscope::bench::openBench(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "redraw") == 0)
        return roofscope::bench::redrawBench(argc, argv);
    if (argc >= 2 && std::strcmp(argv[1], "stream") == 0)
        return roofscope::bench::streamBench(argc, argv);
    std::fprintf(stderr, "usage: roofscope-bench ingest [--size-mb N] [--dir DIR] [--no-python] "
                         "[--no-gzip] [--keep] [--python EXE] [--hta DIR] [--roofscope EXE]\n"
                         "       roofscope-bench read FILE\n"
                         "       roofscope-bench open [--size-mb N | --file FILE] [--dir DIR] "
                         "[--keep]\n"
                         "       roofscope-bench redraw [--sizes N,N,...] [--repeats N] "
                         "[--style markers|dots|density] [--png DIR]\n"
                         "       roofscope-bench stream [--rounds N] [--n ELEMENTS]\n");
    return 2;
}
