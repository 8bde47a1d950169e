#pragma once
// What the CPU probe needs to know about the host, read from Linux (/proc, /sys, sysconf) without
// changing anything: the CPUs it may run on, one CPU per physical core, cache sizes, RAM and the
// current clock. Every field has a fallback, so reading never fails; unknown sizes are 0.

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope::probe {

struct CacheInfo {
    std::uint64_t bytes = 0; // size of one instance of the cache; 0 when absent or unknown
    int sharedBy = 0;        // logical CPUs sharing one instance; 0 when unknown
};

struct CpuTopology {
    std::vector<int> cpus;            // logical CPUs this process may run on (sched_getaffinity)
    std::vector<int> coreCpus;        // the first of `cpus` on each physical core: where threads go
    CacheInfo l1d, l2, l3;            // data/unified caches by level
    std::string modelName;            // "AMD EPYC 9654 96-Core Processor"; never empty
    std::string vendor;               // "Intel", "AMD", "ARM", ...; empty when unknown
    std::uint64_t memoryBytes = 0;    // physical RAM
    std::uint64_t availableBytes = 0; // RAM the kernel says can be allocated now (MemAvailable)

    // The largest cache level present (l3, else l2, else l1d), 0 when none is known.
    std::uint64_t lastLevelBytes() const;
};

// Reads the host once per call (cheap: a few small files).
CpuTopology readCpuTopology();

// Mean current clock of `cpus` in MHz, from cpufreq's scaling_cur_freq or /proc/cpuinfo's
// "cpu MHz"; 0 when the kernel exposes neither (e.g. some VMs and containers).
double readCoreClockMHz(const std::vector<int>& cpus);

// "48K", "1024K", "32M", "1G" (sysfs cache sizes) to bytes; 0 when unreadable.
std::uint64_t parseSizeWithSuffix(const std::string& text);

// Lower-case slug of a CPU name for a device id: letters and digits joined by single '-', with
// "(R)", "(TM)" and a trailing "@ 2.00GHz" left out. "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz"
// gives "intel-xeon-gold-6338-cpu".
std::string cpuSlug(const std::string& name);

} // namespace roofscope::probe
