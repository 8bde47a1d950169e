#include "gpu/cpu/triad_plan.h"

#include "gpu/cpu/triad_kernel.h"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace roofscope::probe {

namespace {

constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

// Elements per array for a working set of `bytes` over the three arrays, whole blocks, >= 1.
std::size_t elementsFor(double bytes) {
    const double perArray = bytes / kTriadBytesPerElement;
    const auto blocks = static_cast<std::size_t>(perArray / static_cast<double>(kTriadBlock));
    return std::max<std::size_t>(1, blocks) * kTriadBlock;
}

std::string mib(double bytes) {
    const double v = bytes / static_cast<double>(MiB);
    return std::to_string(static_cast<long long>(std::llround(v))) + " MiB";
}

} // namespace

TriadPlan planTriad(const CpuTopology& topology, Size size) {
    TriadPlan plan;
    const int threads = std::max<int>(1, static_cast<int>(topology.coreCpus.size()));
    const int smt = std::max<int>(1, static_cast<int>(topology.cpus.size()) / threads);
    // Cores of our team that share one instance of a cache (sharedBy counts logical CPUs).
    const auto coresSharing = [&](const CacheInfo& cache, int unknown) {
        const int cores = cache.sharedBy ? std::max(1, cache.sharedBy / smt) : unknown;
        return std::clamp(cores, 1, threads);
    };

    double l1 = static_cast<double>(topology.l1d.bytes);
    if (l1 <= 0) {
        l1 = 32.0 * KiB;
        plan.warnings.push_back("L1d size unknown; assumed 32 KiB");
    }
    double l2 = static_cast<double>(topology.l2.bytes);
    if (l2 <= 0) {
        l2 = 512.0 * KiB;
        plan.warnings.push_back("L2 size unknown; assumed 512 KiB per core");
    }
    const int l2Sharing = coresSharing(topology.l2, 1);
    const double l2PerThread = l2 / l2Sharing;
    const double l3 = static_cast<double>(topology.l3.bytes);
    // Without a sharing list (sysconf only), assume one L3 shared by the whole team.
    const int l3Sharing = coresSharing(topology.l3, threads);
    const double l2Instances = std::ceil(static_cast<double>(threads) / l2Sharing);
    const double l3Instances = std::ceil(static_cast<double>(threads) / l3Sharing);
    const double lastLevelTotal = l3 > 0 ? l3 * l3Instances : l2 * l2Instances;

    double dram = 0;
    switch (size) {
    case Size::quick:
        dram = std::max(std::min(4 * lastLevelTotal, 256.0 * MiB), 4 * l2 * l2Instances);
        plan.samples = 5;
        plan.minSampleS = 0.002;
        break;
    case Size::normal:
        dram = std::max(4 * lastLevelTotal, 256.0 * MiB);
        plan.samples = 15;
        plan.minSampleS = 0.02;
        break;
    case Size::thorough:
        dram = std::max(8 * lastLevelTotal, 1.0 * GiB);
        plan.samples = 31;
        plan.minSampleS = 0.05;
        break;
    }
    plan.sweepSamples = std::max(3, plan.samples / 3);
    if (topology.availableBytes && dram > 0.5 * static_cast<double>(topology.availableBytes)) {
        dram = 0.5 * static_cast<double>(topology.availableBytes);
        plan.warnings.push_back("DRAM working set capped at half the free memory (" + mib(dram) +
                                ")");
    }
    if (dram < 4 * lastLevelTotal)
        plan.warnings.push_back("DRAM working set " + mib(dram) + " is less than 4x the " +
                                mib(lastLevelTotal) +
                                " of last-level cache; part of it may be served from cache" +
                                (size == Size::quick ? " (quick run)" : ""));

    const auto add = [&](std::optional<MemoryLevel> level, double perThreadBytes,
                         double singleBytes) {
        plan.points.push_back({level, elementsFor(perThreadBytes), elementsFor(singleBytes)});
    };
    add(MemoryLevel::l1, l1 / 2, l1 / 2);
    add(MemoryLevel::l2, l2PerThread / 2, l2PerThread / 2);
    if (l3 > 0) {
        if (l3 / 2 < dram / 2)
            add(MemoryLevel::l3, l3 / l3Sharing / 2, l3 / 2);
        else
            plan.warnings.push_back("L3 (" + mib(l3) + ") not measured: half of it is not well " +
                                    "below the DRAM working set of this run (" + mib(dram) + ")");
    }
    add(MemoryLevel::dram, dram / threads, dram);

    // Sweep points between L1 and DRAM, per thread, skipping those close to a level point.
    const double factor = size == Size::thorough ? 2.0 : size == Size::normal ? 4.0 : 0.0;
    if (factor > 0) {
        const double first = l1 / 2, last = dram / threads;
        std::vector<TriadPoint> sweep;
        for (double bytes = first * factor; bytes < last / 1.5; bytes *= factor) {
            const std::size_t n = elementsFor(bytes);
            const bool nearLevel =
                std::any_of(plan.points.begin(), plan.points.end(), [&](auto& p) {
                    const double ratio = static_cast<double>(n) / static_cast<double>(p.perThread);
                    return ratio > 1 / 1.5 && ratio < 1.5;
                });
            if (!nearLevel)
                sweep.push_back({std::nullopt, n, n});
        }
        plan.points.insert(plan.points.end(), sweep.begin(), sweep.end());
    }
    return plan;
}

} // namespace roofscope::probe
