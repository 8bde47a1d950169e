#pragma once
// One timed triad run on a pinned thread team, over per-thread arrays that each thread first
// touches (so they live on its NUMA node) and that later runs of the same team reuse: the sweep
// grows them to the largest working set once instead of faulting in fresh pages for every point.

#include "gpu/cpu/simd_isa.h"
#include "gpu/cpu/team_sampler.h"
#include "gpu/probe/benchmark.h"

#include <cstddef>
#include <memory>
#include <vector>

namespace roofscope::probe {

struct TriadRun {
    Stats rate; // B/s as STREAM counts triad bytes
    TeamSamples samples;
    double workingSetBytes = 0; // all threads, three arrays, one pass
    double clockMHz = 0;        // read right after the run; 0 when unknown
};

// Per-thread arrays of one team (one CPU list), kept between runs. Not thread-safe itself: runs
// happen one after another.
class TriadTeam {
  public:
    TriadTeam(std::vector<int> cpus, SimdIsa isa);
    ~TriadTeam();
    TriadTeam(const TriadTeam&) = delete;
    TriadTeam& operator=(const TriadTeam&) = delete;

    // `n` elements per array on each thread (a multiple of kTriadBlock). Errors: an allocation
    // that fails (naming the size and thread), a verification that fails (naming the element).
    Result<TriadRun> run(std::size_t n, const SamplingPlan& sampling);

    const std::vector<int>& cpus() const { return cpus_; }

  private:
    struct Arrays;
    std::vector<int> cpus_;
    SimdIsa isa_;
    std::vector<std::unique_ptr<Arrays>> arrays_;
};

} // namespace roofscope::probe
