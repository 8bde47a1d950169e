// A stand-in for roofscope-probe, so that the explorer's runner and dialog can be tested for
// every way a probe run can go without measuring anything. It speaks the real protocol (core's
// toJsonLine) and takes the real options it needs (--list, -o, --only); FAKE_PROBE_MODE picks
// what it does:
//   ok        plans 3 benchmarks (2 on the CPU, 1 on gpu0), runs each with progress and results,
//             writes a ceilings file to -o (a measured CPU and a measured GPU), done ok
//   crash     the first benchmark's result, then abort() half-way through the second
//   hang      starts the first benchmark and never says anything again
//   garbage   ok, with a line that is not JSON (line 2), an unknown event (line 4), truncated
//             JSON (line 6), a line sent in two pieces and one ending in CRLF
//   slow      the first result, then progress every 100 ms for 10 s; SIGTERM makes it write the
//             partial file and `done cancelled`, exit 130
//   stubborn  like slow, but ignores SIGTERM
//   nogpu     the CPU benchmarks, the GPU one skipped for want of a driver, done partial, exit 3
// With --list it prints the plan as a hello event and exits 0, whatever the mode.
#include "core/ceilings_file.h"
#include "core/probe_events.h"

#include <chrono>
#include <csignal>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

using namespace roofscope;

namespace {

volatile std::sig_atomic_t g_terminate = 0;

void onTerminate(int) {
    g_terminate = 1;
}

void sleepMs(int ms) {
    std::this_thread::sleep_for(std::chrono::milliseconds(ms));
}

void send(const ProbeEvent& event) {
    std::cout << toJsonLine(event) << '\n' << std::flush;
}

struct Bench {
    PlannedBenchmark plan;
    std::vector<ProbeEvent> results; // what it measures
};

Ceiling measured(double value, const std::string& method) {
    Ceiling c;
    c.value = value;
    c.provenance.kind = ProvenanceKind::measured;
    c.provenance.tool = "fake-probe 1.0";
    c.provenance.method = method;
    c.provenance.date = "2026-11-30";
    c.provenance.samples = 5;
    c.provenance.spread = 0.02;
    return c;
}

ProbeEvent resultOf(const PlannedBenchmark& p,
                    std::variant<std::monostate, ComputeKey, MemoryLevel, Link> what,
                    double value) {
    ProbeEvent e;
    e.type = ProbeEventType::result;
    e.benchmark = p.key;
    e.target = p.target;
    e.what = what;
    e.ceiling = measured(value, p.title);
    e.elapsedS = 0.1;
    return e;
}

std::vector<Bench> makePlan(const std::string& only) {
    std::vector<Bench> all;
    Bench triad{{"cpu_triad", "Memory bandwidth (triad working-set sweep)", "cpu"}, {}};
    triad.results.push_back(resultOf(triad.plan, MemoryLevel::dram, 85.3e9));
    Bench fma{{"cpu_fma", "FMA peak (fp64, fp32)", "cpu"}, {}};
    fma.results.push_back(
        resultOf(fma.plan, ComputeKey{Precision::fp64, ComputeUnit::vector}, 1.21e12));
    fma.results.push_back(
        resultOf(fma.plan, ComputeKey{Precision::fp32, ComputeUnit::vector}, 2.43e12));
    Bench hbm{{"gpu_memory", "GPU memory bandwidth", "gpu0"}, {}};
    hbm.results.push_back(resultOf(hbm.plan, MemoryLevel::dram, 3.95e12));
    all = {triad, fma, hbm};
    if (only.empty())
        return all;
    std::vector<Bench> chosen;
    for (const auto& b : all)
        if (("," + only + ",").find("," + b.plan.key + ",") != std::string::npos)
            chosen.push_back(b);
    return chosen;
}

void hello(const std::vector<Bench>& plan) {
    ProbeEvent e;
    e.type = ProbeEventType::hello;
    e.message = "fake-probe 1.0";
    for (const auto& b : plan)
        e.plan.push_back(b.plan);
    e.targets = {{"cpu", "Fake CPU 9000"}, {"gpu0", "Fake GPU 9000"}};
    send(e);
}

ProbeEvent about(ProbeEventType type, const Bench& b) {
    ProbeEvent e;
    e.type = type;
    e.benchmark = b.plan.key;
    e.target = b.plan.target;
    return e;
}

void started(const Bench& b, int index, int count) {
    ProbeEvent e = about(ProbeEventType::started, b);
    e.title = b.plan.title;
    e.index = index;
    e.count = count;
    send(e);
}

void progress(const Bench& b, double fraction) {
    ProbeEvent e = about(ProbeEventType::progress, b);
    e.fraction = fraction;
    send(e);
}

// The results so far as the devices of a ceilings file: the CPU's and gpu0's.
std::vector<Device> devicesOf(const std::vector<ProbeEvent>& results) {
    Device cpu{"fake-cpu", "Fake CPU 9000", "Fake", DeviceKind::cpu, {}, {}, {}, {}, {}};
    Device gpu{"fake-gpu", "Fake GPU 9000", "Fake", DeviceKind::gpu, {}, {}, {}, {}, {}};
    for (const auto& r : results) {
        Device& d = r.target == "cpu" ? cpu : gpu;
        if (const auto* key = std::get_if<ComputeKey>(&r.what))
            d.ceilings.compute[*key] = r.ceiling;
        else if (const auto* level = std::get_if<MemoryLevel>(&r.what))
            d.ceilings.memory[*level] = r.ceiling;
    }
    std::vector<Device> devices;
    for (const Device& d : {cpu, gpu})
        if (!d.ceilings.empty())
            devices.push_back(d);
    return devices;
}

int finish(const std::string& output, const std::vector<ProbeEvent>& results, ProbeRunStatus status,
           int exitCode) {
    ProbeEvent done;
    done.type = ProbeEventType::done;
    done.status = status;
    if (!output.empty() && !results.empty()) {
        const Status written = writeCeilingsFile(output, devicesOf(results));
        if (!written) {
            std::cerr << "fake_probe: " << written.error().toString() << "\n";
            return 1;
        }
        done.output = output;
    }
    send(done);
    return exitCode;
}

} // namespace

int main(int argc, char** argv) {
    std::string output, only;
    bool list = false;
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        if (arg == "--list")
            list = true;
        else if (arg == "-o" && i + 1 < argc)
            output = argv[++i];
        else if (arg == "--only" && i + 1 < argc)
            only = argv[++i];
    }
    const char* modeEnv = std::getenv("FAKE_PROBE_MODE");
    const std::string mode = modeEnv ? modeEnv : "ok";
    const std::vector<Bench> plan = makePlan(only);
    const int count = int(plan.size());
    hello(plan);
    if (list || mode == "list")
        return 0;

    std::signal(SIGTERM, mode == "stubborn" ? SIG_IGN : onTerminate);
    std::vector<ProbeEvent> results;
    if (mode == "garbage") {
        std::cout << "this is not JSON\n" << std::flush; // line 2
        // Line 3: one event in two pieces, as a pipe may deliver it.
        const std::string line = [&] {
            ProbeEvent e = about(ProbeEventType::started, plan[0]);
            e.title = plan[0].plan.title;
            e.count = count;
            return toJsonLine(e);
        }();
        std::cout << line.substr(0, 10) << std::flush;
        sleepMs(50);
        std::cout << line.substr(10) << '\n' << std::flush;
        // Line 4: well-formed JSON naming an event nobody knows.
        ProbeEvent unknown = about(ProbeEventType::warning, plan[0]);
        unknown.message = "from the future";
        std::string text = toJsonLine(unknown);
        text.replace(text.find("\"warning\""), 9, "\"teleport\"");
        std::cout << text << '\n' << std::flush;
        // Line 5: a result ending in CRLF; line 6: JSON cut short.
        std::cout << toJsonLine(plan[0].results[0]) << "\r\n" << std::flush;
        results.push_back(plan[0].results[0]);
        std::cout << "{\"event\": \"progr\n" << std::flush;
        for (int i = 1; i < count; ++i) {
            started(plan[std::size_t(i)], i, count);
            for (const auto& r : plan[std::size_t(i)].results) {
                send(r);
                results.push_back(r);
            }
        }
        return finish(output, results, ProbeRunStatus::ok, 0);
    }

    for (int i = 0; i < count; ++i) {
        const Bench& b = plan[std::size_t(i)];
        if (mode == "nogpu" && b.plan.target != "cpu") {
            ProbeEvent w;
            w.type = ProbeEventType::warning;
            w.message = "no CUDA driver: the GPU benchmarks cannot run";
            send(w);
            ProbeEvent s = about(ProbeEventType::skipped, b);
            s.message = "no CUDA driver";
            send(s);
            continue;
        }
        started(b, i, count);
        if (mode == "hang")
            for (;;)
                sleepMs(1000);
        const bool slowHere = (mode == "slow" || mode == "stubborn") && i == 1;
        const int steps = slowHere ? 100 : 4;
        for (int step = 1; step <= steps; ++step) {
            sleepMs(slowHere ? 100 : 5);
            if (g_terminate) {
                std::cerr << "fake_probe: interrupted, writing what was measured\n";
                return finish(output, results, ProbeRunStatus::cancelled, 130);
            }
            progress(b, double(step) / steps);
            if (mode == "crash" && i == 1 && step == steps / 2) {
                std::cerr << "fake_probe: simulated fault in " << b.plan.key << "\n" << std::flush;
                std::abort();
            }
        }
        for (const auto& r : b.results) {
            send(r);
            results.push_back(r);
        }
    }
    if (mode == "nogpu")
        return finish(output, results, ProbeRunStatus::partial, 3);
    return finish(output, results, ProbeRunStatus::ok, 0);
}
