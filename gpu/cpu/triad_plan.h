#pragma once
// Which working sets the triad sweep measures, from the cache sizes: a pure function of the
// topology, so that the choice can be tested for machines the tests do not run on.

#include "core/enums.h"
#include "gpu/cpu/cpu_topology.h"
#include "gpu/probe/benchmark.h"

#include <cstddef>
#include <optional>
#include <string>
#include <vector>

namespace roofscope::probe {

struct TriadPoint {
    std::optional<MemoryLevel> level; // the level this point measures; nullopt: a sweep point
    std::size_t perThread = 0;        // elements per array per thread in the all-core run
    std::size_t single = 0;           // elements per array in the single-thread run
};

struct TriadPlan {
    // Level points first (l1, l2, l3 when the machine has one and it can be told from DRAM,
    // dram), then the sweep points in between, ascending: when time runs out the ceilings are in.
    std::vector<TriadPoint> points;
    std::vector<std::string> warnings; // cache sizes guessed, DRAM set capped by free memory
    int samples = 0;                   // timed samples per run of a level point
    int sweepSamples = 0;              // per run of a sweep point: observations only, so fewer
    double minSampleS = 0;             // seconds per sample at least
};

// Working sets, per thread in the all-core run (threads = topology.coreCpus.size()):
//   L1: half of L1d; L2: half of a thread's share of L2; L3: half of a thread's share of L3
//   (the single-thread run uses half of one L3);
//   DRAM: 4x all last-level caches together, and >= 256 MiB (normal), or 8x and >= 1 GiB
//   (thorough), or (quick) 4x capped at 256 MiB but at least 4x all L2s; at most half the free
//   memory; split over the threads, or on one thread in the single-thread run.
// Element counts are multiples of kTriadBlock and count one array; a run touches 3 arrays.
TriadPlan planTriad(const CpuTopology& topology, Size size);

} // namespace roofscope::probe
