#include "app/cmd_probe.h"
#include "app/cli.h"
#include "core/probe_location.h"

#include <csignal>
#include <cstring>
#include <ostream>

#include <sys/wait.h>
#include <unistd.h>

namespace roofscope::app {
namespace {

constexpr const char* kUsage =
    "usage: roofscope probe [--cpu] [--gpu N|all] [-o FILE] [--quick|--thorough]\n"
    "                       [--only KEYS] [--skip KEYS] [--time-limit S] [--list]\n"
    "\n"
    "Measures this machine's ceilings with roofscope-probe and prints them as a table. Without\n"
    "--cpu or --gpu it probes the CPU and every GPU. -o writes the ceilings file, which\n"
    "'roofscope devices' and the explorer read when it is in the user's catalog folder.\n"
    "All options are passed to roofscope-probe; 'roofscope-probe --help' explains each.\n";

// Runs the probe with its stdout on a pipe; stderr stays the user's terminal.
int runChild(const std::string& probe, const std::vector<std::string>& args, CommandIo io) {
    int fds[2];
    if (pipe(fds) != 0) {
        io.err << "roofscope probe: pipe: " << std::strerror(errno) << "\n";
        return kExitFailure;
    }
    std::vector<std::string> argv{probe};
    argv.insert(argv.end(), args.begin(), args.end());
    std::vector<char*> cargv;
    for (auto& a : argv)
        cargv.push_back(a.data());
    cargv.push_back(nullptr);
    const pid_t pid = fork();
    if (pid < 0) {
        io.err << "roofscope probe: fork: " << std::strerror(errno) << "\n";
        return kExitFailure;
    }
    if (pid == 0) {
        dup2(fds[1], STDOUT_FILENO);
        close(fds[0]);
        close(fds[1]);
        execv(probe.c_str(), cargv.data());
        _exit(127);
    }
    close(fds[1]);
    // Ctrl-C reaches the probe too (same process group); it stops cleanly and reports, and this
    // process stays to print what was measured.
    struct sigaction ignore {
    }, oldInt{};
    ignore.sa_handler = SIG_IGN;
    sigaction(SIGINT, &ignore, &oldInt);

    ProbeTranscript transcript;
    std::string pending;
    std::int64_t lineNumber = 0;
    char buffer[4096];
    auto handleLine = [&](std::string line) {
        ++lineNumber;
        if (!line.empty() && line.back() == '\r')
            line.pop_back();
        if (line.empty())
            return;
        auto parsed = parseProbeEvent(line, lineNumber, "roofscope-probe stdout");
        if (!parsed) {
            transcript.garbage.push_back(parsed.error().toString());
            return;
        }
        ProbeEvent e = std::move(parsed).value();
        printProgress(io.out, e);
        switch (e.type) {
        case ProbeEventType::hello:
            transcript.targets = e.targets;
            break;
        case ProbeEventType::result:
            transcript.results.push_back(std::move(e));
            break;
        case ProbeEventType::warning:
        case ProbeEventType::failed:
        case ProbeEventType::skipped:
            transcript.problems.push_back(std::move(e));
            break;
        case ProbeEventType::done:
            transcript.done = true;
            transcript.doneEvent = std::move(e);
            break;
        default:
            break;
        }
    };
    for (;;) {
        const ssize_t n = read(fds[0], buffer, sizeof buffer);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        pending.append(buffer, static_cast<std::size_t>(n));
        std::size_t newline;
        while ((newline = pending.find('\n')) != std::string::npos) {
            handleLine(pending.substr(0, newline));
            pending.erase(0, newline + 1);
        }
    }
    if (!pending.empty())
        handleLine(pending);
    close(fds[0]);
    int status = 0;
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
    }
    sigaction(SIGINT, &oldInt, nullptr);
    printProbeTable(io.out, transcript);
    if (WIFSIGNALED(status)) {
        io.err << "roofscope probe: roofscope-probe died of signal " << WTERMSIG(status) << " ("
               << strsignal(WTERMSIG(status)) << "); the results above are what it reported\n";
        return kExitFailure;
    }
    const int code = WIFEXITED(status) ? WEXITSTATUS(status) : kExitFailure;
    if (code == 127 && lineNumber == 0) {
        io.err << "roofscope probe: could not start " << probe << "\n";
        return kExitFailure;
    }
    return code;
}

} // namespace

int runProbe(const std::vector<std::string>& args, CommandIo io) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") {
            io.out << kUsage;
            return kExitOk;
        }
    std::vector<std::string> looked;
    const std::string probe = findProbeExecutable(currentExecutableDir(), &looked);
    if (probe.empty()) {
        io.err << "roofscope probe: roofscope-probe was not found; looked at:\n";
        for (const auto& path : looked)
            io.err << "  " << path << "\n";
        return kExitFailure;
    }
    return runChild(probe, args, io);
}

} // namespace roofscope::app
