#pragma once
// The CPU probe: always built, runs on every machine. Bandwidth per cache level and DRAM by a
// STREAM-style triad working-set sweep, and FMA peaks, with one pinned thread per core.

#include "core/device.h"
#include "gpu/probe/benchmark.h"

#include <vector>

namespace roofscope::probe {

// The host CPU as a device: name ("AMD EPYC 9654 96-Core Processor"), vendor, kind cpu, and its
// identity (host, cores, threads, SIMD width used, RAM, last-level cache). No ceilings.
Device cpuDevice();

// Keys: cpu_triad (l1, l2, l3 when present, dram; all cores; single-thread sweep points as
// observations), cpu_fma_fp64, cpu_fma_fp32.
std::vector<Benchmark> cpuBenchmarks();

} // namespace roofscope::probe
