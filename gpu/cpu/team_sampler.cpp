#include "gpu/cpu/team_sampler.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <cmath>
#include <exception>
#include <latch>
#include <string>
#include <system_error>
#include <thread>

#include <pthread.h>
#include <sched.h>

namespace roofscope::probe {

namespace {

bool pinTo(int cpu) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    return pthread_setaffinity_np(pthread_self(), sizeof set, &set) == 0;
}

// Setup and verify allocate and format messages; an exception there must not escape a thread
// (std::terminate), so it becomes an Error like any other failure.
Status guarded(const std::function<Status(int)>& f, int thread) {
    try {
        return f(thread);
    } catch (const std::exception& e) {
        return makeError(std::string("thread ") + std::to_string(thread) + ": " + e.what());
    } catch (...) {
        return makeError("thread " + std::to_string(thread) + ": unknown exception");
    }
}

constexpr std::uint64_t kMaxReps = std::uint64_t{1} << 40;
constexpr int kMaxRegrowth = 8;

// Everything the threads share. Fields other than atomics are written by thread 0 only, between
// barriers, and read by all after the next barrier (which orders the accesses).
struct Shared {
    explicit Shared(int n) : sync(n), setup(n), verify(n) {}
    std::barrier<> sync;
    std::vector<Status> setup, verify;
    std::atomic<bool> setupFailed{false}, pinFailed{false};
    std::uint64_t reps = 1;
    int regrown = 0; // samples dropped as too short
    bool calibrated = false;
    bool stop = false;
};

void teamBody(int t, const std::vector<int>& cpus, const TeamWork& work, const SamplingPlan& plan,
              Shared& shared, TeamSamples& out) {
    if (!pinTo(cpus[static_cast<std::size_t>(t)]))
        shared.pinFailed = true;
    shared.setup[static_cast<std::size_t>(t)] = guarded(work.setup, t);
    if (!shared.setup[static_cast<std::size_t>(t)].ok())
        shared.setupFailed = true;
    shared.sync.arrive_and_wait();
    if (shared.setupFailed)
        return; // every thread sees the same flag after the barrier, so all leave together

    // One timed interval: all threads leave the first barrier together and the interval ends
    // when the slowest reaches the second, as with a parallel loop's implicit join.
    const auto step = [&](std::uint64_t reps) {
        shared.sync.arrive_and_wait();
        const auto start = SteadyClock::now();
        work.work(t, reps);
        shared.sync.arrive_and_wait();
        return std::chrono::duration<double>(SteadyClock::now() - start).count();
    };
    const auto decide = [&](auto&& onThread0) {
        if (t == 0)
            onThread0();
        shared.sync.arrive_and_wait();
    };

    step(1); // warm-up: page faults, caches, clocks ramping up
    while (!shared.calibrated && !shared.stop) {
        const double s = step(shared.reps);
        decide([&] {
            const double target = plan.minSampleS;
            if (s >= 0.5 * target || shared.reps >= kMaxReps) {
                const double scaled = std::round(static_cast<double>(shared.reps) * target / s);
                shared.reps = std::clamp<std::uint64_t>(
                    static_cast<std::uint64_t>(std::max(1.0, scaled)), 1, kMaxReps);
                shared.calibrated = true;
            } else {
                const double factor = s > 0 ? std::ceil(target / s) : 100.0;
                shared.reps *= static_cast<std::uint64_t>(std::clamp(factor, 2.0, 100.0));
            }
            if (plan.cancelled()) {
                out.cancelled = true;
                shared.stop = true;
            }
        });
    }
    while (!shared.stop && static_cast<int>(out.secondsPerRep.size()) < plan.samples) {
        const double s = step(shared.reps);
        decide([&] {
            const double target = plan.minSampleS;
            if (s < 0.5 * target && shared.regrown < kMaxRegrowth && shared.reps < kMaxReps) {
                const double factor = s > 0 ? std::ceil(target / s) : 100.0;
                shared.reps *= static_cast<std::uint64_t>(std::clamp(factor, 2.0, 100.0));
                ++shared.regrown;
            } else {
                out.secondsPerRep.push_back(s / static_cast<double>(shared.reps));
                out.reps = shared.reps;
                plan.onSample(static_cast<int>(out.secondsPerRep.size()), plan.samples);
            }
            const int done = static_cast<int>(out.secondsPerRep.size());
            if (plan.cancelled()) {
                out.cancelled = true;
                shared.stop = true;
            } else if (done >= 1 && done < plan.samples && SteadyClock::now() >= plan.deadline) {
                out.outOfTime = true;
                shared.stop = true;
            }
        });
    }
    shared.verify[static_cast<std::size_t>(t)] = guarded(work.verify, t);
}

} // namespace

Result<TeamSamples> sampleTeam(const std::vector<int>& cpus, const TeamWork& work,
                               const SamplingPlan& plan) {
    if (cpus.empty())
        return makeError("no CPU to run on (empty affinity mask)");
    if (!work.work)
        return makeError("no work given to the thread team");
    const int n = static_cast<int>(cpus.size());
    TeamSamples out;
    Shared shared(n);

    cpu_set_t callerMask;
    CPU_ZERO(&callerMask);
    const bool haveMask =
        pthread_getaffinity_np(pthread_self(), sizeof callerMask, &callerMask) == 0;

    // Workers wait at a gate until all exist: a thread that cannot be created must not leave
    // the others waiting at a barrier sized for the whole team.
    std::latch gate(1);
    std::atomic<bool> abort{false};
    std::vector<std::thread> threads;
    std::string startError;
    try {
        threads.reserve(static_cast<std::size_t>(n - 1));
        for (int t = 1; t < n; ++t)
            threads.emplace_back([&, t] {
                gate.wait();
                if (!abort)
                    teamBody(t, cpus, work, plan, shared, out);
            });
    } catch (const std::exception& e) {
        startError = std::string("cannot start thread ") + std::to_string(threads.size() + 1) +
                     " of " + std::to_string(n) + ": " + e.what();
        abort = true;
    }
    gate.count_down();
    if (!abort)
        teamBody(0, cpus, work, plan, shared, out);
    for (auto& thread : threads)
        thread.join();
    if (haveMask)
        pthread_setaffinity_np(pthread_self(), sizeof callerMask, &callerMask);

    if (!startError.empty())
        return makeError(startError);
    for (const auto& status : shared.setup)
        if (!status.ok())
            return status.error();
    for (const auto& status : shared.verify)
        if (!status.ok())
            return status.error();
    out.pinned = !shared.pinFailed;
    return out;
}

} // namespace roofscope::probe
