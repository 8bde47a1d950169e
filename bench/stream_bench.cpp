// roofscope-bench stream: the CPU probe's DRAM bandwidth against a reference STREAM run side by
// side (DESIGN.md: the probe reaches >= 90 % of the reference). Both use the same cores, one
// pinned thread per core, and the same bytes: STREAM's arrays hold as many elements as
// cpu_triad's normal DRAM working set, so neither gets a cache advantage. The two alternate
// (three rounds by default), so that a burst of other load hits both.
//
//   roofscope-bench stream [--rounds N] [--n ELEMENTS]
//
// The comparison is deliberately unflattering to the probe: its value is the median of its
// samples, STREAM's is its best rate (the minimum time of nine), as STREAM prints it.

#include "bench/stream_bench.h"

#include "bench/stream_reference.h"

#include "gpu/cpu/cpu_probe.h"
#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/triad_plan.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace roofscope::bench {

namespace {

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.empty()      ? 0
           : v.size() % 2 ? v[v.size() / 2]
                          : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

} // namespace

int streamBench(int argc, char** argv) {
    int rounds = 3;
    std::size_t n = 0;
    for (int i = 2; i < argc; ++i) {
        const std::string a = argv[i];
        if (a == "--rounds" && i + 1 < argc)
            rounds = std::max(1, std::atoi(argv[++i]));
        else if (a == "--n" && i + 1 < argc)
            n = std::strtoull(argv[++i], nullptr, 10);
        else {
            std::fprintf(stderr, "unknown option %s\n", a.c_str());
            return 2;
        }
    }
    const probe::CpuTopology topology = probe::readCpuTopology();
    const probe::TriadPlan plan = probe::planTriad(topology, probe::Size::normal);
    for (const auto& point : plan.points)
        if (point.level == MemoryLevel::dram && n == 0)
            n = point.single; // elements per array of cpu_triad's DRAM run (on one thread)
    const std::vector<int>& cpus = topology.coreCpus;
    const probe::Benchmark* triad = nullptr;
    const auto benchmarks = probe::cpuBenchmarks();
    for (const auto& b : benchmarks)
        if (b.key == "cpu_triad")
            triad = &b;
    if (!triad || n == 0) {
        std::fprintf(stderr, "no cpu_triad benchmark or no DRAM working set\n");
        return 1;
    }
    const Device device = probe::cpuDevice();
    std::printf("%s, %zu threads (one per core, pinned), %s; arrays of %zu doubles "
                "(%.2f GB for the three)\n",
                device.name.c_str(), cpus.size(), device.identity.simd.c_str(), n,
                24.0 * static_cast<double>(n) / 1e9);
    std::fflush(stdout);

    std::vector<double> reference, probed;
    for (int round = 1; round <= rounds; ++round) {
        const StreamResult stream = runStreamReference(cpus, n);
        if (!stream.error.empty()) {
            std::printf("round %d: stream FAILED: %s\n", round, stream.error.c_str());
            return 1;
        }
        probe::Context context;
        context.size = probe::Size::normal;
        auto outcome = triad->run(context);
        if (!outcome) {
            std::printf("round %d: cpu_triad FAILED: %s\n", round,
                        outcome.error().toString().c_str());
            return 1;
        }
        const probe::Measured* dram = nullptr;
        for (const auto& m : outcome.value().ceilings)
            if (std::get_if<MemoryLevel>(&m.what) &&
                std::get<MemoryLevel>(m.what) == MemoryLevel::dram)
                dram = &m;
        if (!dram) {
            std::printf("round %d: cpu_triad gave no DRAM ceiling\n", round);
            return 1;
        }
        reference.push_back(stream.triad.bestRate);
        probed.push_back(dram->value);
        std::printf(
            "round %d: stream triad %.2f GB/s (best of 9; copy %.2f, scale %.2f, add %.2f); "
            "cpu_triad dram %.2f GB/s (median of %d, spread %.0f %%)\n",
            round, stream.triad.bestRate / 1e9, stream.copy.bestRate / 1e9,
            stream.scale.bestRate / 1e9, stream.add.bestRate / 1e9, dram->value / 1e9,
            dram->stats.samples, 100 * dram->stats.spread());
        std::fflush(stdout);
    }
    const double ref = median(reference), ours = median(probed), ratio = ours / ref;
    std::printf("stream triad (reference): %.2f GB/s\n", ref / 1e9);
    std::printf("roofscope cpu_triad dram: %.2f GB/s (%.1f %% of reference)\n", ours / 1e9,
                100 * ratio);
    std::printf("target >= 90 %% of reference: %s\n", ratio >= 0.9 ? "met" : "NOT met");
    return ratio >= 0.9 ? 0 : 1;
}

} // namespace roofscope::bench
