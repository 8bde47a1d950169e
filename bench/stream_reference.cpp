// STREAM by John D. McCalpin, re-implemented from its published description for
// `roofscope-bench stream`: three arrays a, b, c of N doubles (+ OFFSET), initialised
// a = 1, b = 2, c = 0 and a = 2a by the threads that later use them; then NTIMES = 10 iterations
// of copy (c = a), scale (b = s c), add (c = a + b) and triad (a = b + s c) with s = 3, each loop
// timed around the whole parallel region; rates from the minimum time over all iterations but
// the first; arrays validated against the same recurrence done on scalars.
//
// Two departures, neither of which changes the memory traffic: OpenMP's "parallel for
// schedule(static)" is a team of std::threads given the same static chunks (STREAM's OpenMP
// build is what people run on multi-core machines; this keeps the project OpenMP-free), pinned
// one per core as a careful STREAM run binds them (OMP_PROC_BIND); and the arrays, static in
// STREAM, are one anonymous mapping laid out exactly as STREAM's .bss (three contiguous arrays
// of N + OFFSET) with N chosen at run time, because 2 GB of static arrays would need
// -mcmodel=medium and would be reserved by every roofscope-bench sub-command.
//
// This file is compiled with -O3 (bench/CMakeLists.txt) at the compiler's baseline ISA, as
// STREAM's makefile builds it.

#include "bench/stream_reference.h"

#include <algorithm>
#include <atomic>
#include <barrier>
#include <chrono>
#include <cmath>
#include <exception>
#include <latch>
#include <limits>
#include <thread>

#include <pthread.h>
#include <sched.h>
#include <sys/mman.h>

namespace roofscope::bench {

namespace {

constexpr int kNTimes = 10;
constexpr double kScalar = 3.0;

enum class Kernel { init, doubleA, copy, scale, add, triad, quit };

double mysecond() {
    return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch())
        .count();
}

// The body of each "#pragma omp parallel for" of STREAM, over one thread's static chunk.
void runChunk(Kernel kernel, double* __restrict a, double* __restrict b, double* __restrict c,
              std::size_t lo, std::size_t hi) {
    switch (kernel) {
    case Kernel::init:
        for (std::size_t j = lo; j < hi; j++) {
            a[j] = 1.0;
            b[j] = 2.0;
            c[j] = 0.0;
        }
        break;
    case Kernel::doubleA:
        for (std::size_t j = lo; j < hi; j++)
            a[j] = 2.0E0 * a[j];
        break;
    case Kernel::copy:
        for (std::size_t j = lo; j < hi; j++)
            c[j] = a[j];
        break;
    case Kernel::scale:
        for (std::size_t j = lo; j < hi; j++)
            b[j] = kScalar * c[j];
        break;
    case Kernel::add:
        for (std::size_t j = lo; j < hi; j++)
            c[j] = a[j] + b[j];
        break;
    case Kernel::triad:
        for (std::size_t j = lo; j < hi; j++)
            a[j] = b[j] + kScalar * c[j];
        break;
    case Kernel::quit:
        break;
    }
}

// A fork-join team: thread 0 (the caller) times each region as STREAM's main thread does.
class Team {
  public:
    Team(const std::vector<int>& cpus, double* a, double* b, double* c, std::size_t n)
        : cpus_(cpus), a_(a), b_(b), c_(c), n_(n), sync_(static_cast<std::ptrdiff_t>(cpus.size())) {
    }

    // Starts the workers; false (with `error`) when one cannot be created. Workers wait at a
    // gate until all exist, so that a missing one never leaves the others at a barrier.
    bool start(std::string& error) {
        try {
            for (std::size_t t = 1; t < cpus_.size(); ++t)
                threads_.emplace_back([this, t] {
                    gate_.wait();
                    if (!abandoned_)
                        workerLoop(t);
                });
        } catch (const std::exception& e) {
            error = std::string("cannot start a STREAM thread: ") + e.what();
            abandoned_ = true;
        }
        gate_.count_down();
        if (abandoned_)
            return false;
        restoreMask_ =
            pthread_getaffinity_np(pthread_self(), sizeof callerMask_, &callerMask_) == 0;
        pin(0);
        return true;
    }

    // One timed parallel loop: seconds from before the fork to after the join.
    double parallel(Kernel kernel) {
        kernel_ = kernel;
        const double t = mysecond();
        sync_.arrive_and_wait(); // fork
        chunk(0);
        sync_.arrive_and_wait(); // join
        return mysecond() - t;
    }

    ~Team() {
        if (!abandoned_) {
            kernel_ = Kernel::quit;
            sync_.arrive_and_wait();
        }
        for (auto& thread : threads_)
            thread.join();
        if (restoreMask_)
            pthread_setaffinity_np(pthread_self(), sizeof callerMask_, &callerMask_);
    }

  private:
    void pin(std::size_t t) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(cpus_[t], &set);
        pthread_setaffinity_np(pthread_self(), sizeof set, &set);
    }
    void chunk(std::size_t t) {
        // OpenMP's schedule(static) without a chunk size: contiguous blocks, the first
        // n % threads threads one element longer.
        const std::size_t threads = cpus_.size(), q = n_ / threads, r = n_ % threads;
        const std::size_t lo = t * q + std::min(t, r), hi = lo + q + (t < r ? 1 : 0);
        runChunk(kernel_, a_, b_, c_, lo, hi);
    }
    void workerLoop(std::size_t t) {
        pin(t);
        for (;;) {
            sync_.arrive_and_wait();
            if (kernel_ == Kernel::quit)
                return;
            chunk(t);
            sync_.arrive_and_wait();
        }
    }

    std::vector<int> cpus_;
    double *a_, *b_, *c_;
    std::size_t n_;
    std::barrier<> sync_;
    std::vector<std::thread> threads_;
    Kernel kernel_ = Kernel::init;
    std::latch gate_{1};
    cpu_set_t callerMask_{};
    bool restoreMask_ = false;
    std::atomic<bool> abandoned_{false};
};

// STREAM's checkSTREAMresults: the arrays' mean absolute error against the scalar recurrence.
std::string validate(const double* a, const double* b, const double* c, std::size_t n) {
    double aj = 1.0, bj = 2.0, cj = 0.0;
    aj = 2.0E0 * aj;
    for (int k = 0; k < kNTimes; k++) {
        cj = aj;
        bj = kScalar * cj;
        cj = aj + bj;
        aj = bj + kScalar * cj;
    }
    double aErr = 0, bErr = 0, cErr = 0;
    for (std::size_t j = 0; j < n; j++) {
        aErr += std::abs(a[j] - aj);
        bErr += std::abs(b[j] - bj);
        cErr += std::abs(c[j] - cj);
    }
    const double epsilon = 1.e-13, count = static_cast<double>(n);
    std::string error;
    if (std::abs(aErr / count / aj) > epsilon)
        error += "array a failed validation; ";
    if (std::abs(bErr / count / bj) > epsilon)
        error += "array b failed validation; ";
    if (std::abs(cErr / count / cj) > epsilon)
        error += "array c failed validation; ";
    return error;
}

StreamKernelResult summarise(const double (&times)[kNTimes], double bytes) {
    StreamKernelResult r;
    r.minTime = std::numeric_limits<double>::max();
    for (int k = 1; k < kNTimes; k++) { // the first iteration is left out, as STREAM does
        r.avgTime += times[k];
        r.minTime = std::min(r.minTime, times[k]);
        r.maxTime = std::max(r.maxTime, times[k]);
    }
    r.avgTime /= kNTimes - 1;
    r.bestRate = r.minTime > 0 ? bytes / r.minTime : 0;
    return r;
}

} // namespace

StreamResult runStreamReference(const std::vector<int>& cpus, std::size_t n) {
    StreamResult result;
    result.n = n;
    result.threads = static_cast<int>(cpus.size());
    if (cpus.empty() || n == 0) {
        result.error = "no CPU or no elements";
        return result;
    }
    // OFFSET: pad each array so that consecutive arrays start 1 KiB apart modulo 4 KiB, the
    // layout STREAM's default build (N = 10,000,000, OFFSET = 0) has.
    const std::size_t offset =
        ((4096 + 1024 - (n * sizeof(double)) % 4096) % 4096) / sizeof(double);
    const std::size_t stride = n + offset, bytes = 3 * stride * sizeof(double);
    void* mapping =
        mmap(nullptr, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (mapping == MAP_FAILED) {
        result.error = "cannot map " + std::to_string(bytes >> 20) + " MiB for the STREAM arrays";
        return result;
    }
    double* a = static_cast<double*>(mapping);
    double* b = a + stride;
    double* c = b + stride;
    {
        Team team(cpus, a, b, c, n);
        if (!team.start(result.error)) {
            munmap(mapping, bytes);
            return result;
        }
        team.parallel(Kernel::init);
        team.parallel(Kernel::doubleA); // STREAM's timer-granularity check
        double times[4][kNTimes];
        for (int k = 0; k < kNTimes; k++) {
            times[0][k] = team.parallel(Kernel::copy);
            times[1][k] = team.parallel(Kernel::scale);
            times[2][k] = team.parallel(Kernel::add);
            times[3][k] = team.parallel(Kernel::triad);
        }
        const double word = sizeof(double) * static_cast<double>(n);
        result.copy = summarise(times[0], 2 * word);
        result.scale = summarise(times[1], 2 * word);
        result.add = summarise(times[2], 3 * word);
        result.triad = summarise(times[3], 3 * word);
    }
    result.error = validate(a, b, c, n);
    munmap(mapping, bytes);
    return result;
}

} // namespace roofscope::bench
