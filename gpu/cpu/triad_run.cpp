#include "gpu/cpu/triad_run.h"

#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/triad_kernel.h"

#include <cstdlib>
#include <string>
#include <utility>

namespace roofscope::probe {

namespace {

// b and c hold small dyadic values, so b + s * c is exact with or without FMA contraction and
// the verification can demand equality.
constexpr double kB = 2.0, kC = 0.5, kScalar = 3.0, kExpected = kB + kScalar * kC;

// Where b and c start relative to a, modulo a 4 KiB page: apart, so that loads of b[i] and c[i]
// do not falsely depend on the store to a[i] (4K aliasing). STREAM's default arrays sit 1 KiB
// apart modulo 4 KiB for the same reason.
constexpr std::size_t kStaggerBytes = 1344; // 21 cache lines

std::string mebibytes(std::size_t bytes) {
    return std::to_string((bytes + (1 << 20) - 1) >> 20) + " MiB";
}

} // namespace

struct TriadTeam::Arrays {
    void* block = nullptr;
    std::size_t capacity = 0; // elements per array
    double* a = nullptr;
    double* b = nullptr;
    double* c = nullptr;

    ~Arrays() { std::free(block); }

    // Grows to `n` elements per array; the new pages are touched by the calling (pinned) thread.
    bool reserve(std::size_t n) {
        if (n <= capacity)
            return true;
        std::free(block);
        block = nullptr;
        capacity = 0;
        const std::size_t pageRound = (n * sizeof(double) + 4095) / 4096 * 4096;
        // aligned_alloc wants a size that is a multiple of the alignment (C11; ASan enforces it),
        // and the stagger between the arrays is not a whole page.
        const std::size_t bytes = (3 * pageRound + 2 * kStaggerBytes + 4095) / 4096 * 4096;
        block = std::aligned_alloc(4096, bytes);
        if (!block)
            return false;
        char* base = static_cast<char*>(block);
        a = reinterpret_cast<double*>(base);
        b = reinterpret_cast<double*>(base + pageRound + kStaggerBytes);
        c = reinterpret_cast<double*>(base + 2 * (pageRound + kStaggerBytes));
        capacity = n;
        return true;
    }
};

TriadTeam::TriadTeam(std::vector<int> cpus, SimdIsa isa) : cpus_(std::move(cpus)), isa_(isa) {
    for (std::size_t i = 0; i < cpus_.size(); ++i)
        arrays_.push_back(std::make_unique<Arrays>());
}

TriadTeam::~TriadTeam() = default;

Result<TriadRun> TriadTeam::run(std::size_t n, const SamplingPlan& sampling) {
    TeamWork work;
    work.setup = [&](int t) -> Status {
        Arrays& mine = *arrays_[static_cast<std::size_t>(t)];
        if (!mine.reserve(n))
            return makeError("cpu_triad: cannot allocate " + mebibytes(3 * n * sizeof(double)) +
                             " (3 arrays of " + std::to_string(n) + " doubles) for thread " +
                             std::to_string(t));
        // a = 0 so that a pass that did not happen fails the verification.
        for (std::size_t i = 0; i < n; ++i) {
            mine.a[i] = 0;
            mine.b[i] = kB;
            mine.c[i] = kC;
        }
        return {};
    };
    work.work = [&](int t, std::uint64_t reps) {
        Arrays& mine = *arrays_[static_cast<std::size_t>(t)];
        triadRepeat(isa_, mine.a, mine.b, mine.c, kScalar, n, reps);
    };
    work.verify = [&](int t) -> Status {
        const Arrays& mine = *arrays_[static_cast<std::size_t>(t)];
        for (std::size_t i = 0; i < n; ++i)
            if (mine.a[i] != kExpected || mine.b[i] != kB || mine.c[i] != kC)
                return makeError("cpu_triad: verification failed on thread " + std::to_string(t) +
                                 " at element " + std::to_string(i) +
                                 ": a = " + std::to_string(mine.a[i]) + ", expected " +
                                 std::to_string(kExpected));
        return {};
    };
    ROOFSCOPE_TRY(sampled, sampleTeam(cpus_, work, sampling));
    TriadRun run;
    run.samples = std::move(sampled).value();
    run.workingSetBytes =
        kTriadBytesPerElement * static_cast<double>(n) * static_cast<double>(cpus_.size());
    std::vector<double> rates;
    for (double s : run.samples.secondsPerRep)
        rates.push_back(s > 0 ? run.workingSetBytes / s : 0);
    run.rate = summarize(rates);
    run.clockMHz = readCoreClockMHz(cpus_);
    return run;
}

} // namespace roofscope::probe
