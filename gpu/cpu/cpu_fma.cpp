#include "gpu/cpu/cpu_fma.h"

#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/fma_kernel.h"
#include "gpu/cpu/simd_isa.h"
#include "gpu/cpu/team_sampler.h"

#include <cmath>
#include <cstdio>
#include <string>

namespace roofscope::probe {

namespace {

// Updates of all chains per repetition: long enough that the call overhead is noise (about
// 16k FMA instructions), short enough that calibration can size a sample finely.
constexpr std::uint64_t kIterationsPerRep = 1024;

struct RunResult {
    Stats rate; // FLOP/s
    TeamSamples samples;
    double clockMHz = 0;
};

Result<RunResult> measure(const std::vector<int>& cpus, SimdIsa isa, bool fp64,
                          const SamplingPlan& sampling) {
    const FmaShape shape = fmaShape(isa, fp64);
    std::vector<double> sums(cpus.size(), 0);
    std::vector<std::uint64_t> iterations(cpus.size(), 0);
    TeamWork work;
    work.work = [&](int t, std::uint64_t reps) {
        const std::uint64_t n = reps * kIterationsPerRep;
        sums[static_cast<std::size_t>(t)] = fp64 ? fmaChainsF64(isa, n) : fmaChainsF32(isa, n);
        iterations[static_cast<std::size_t>(t)] = n;
    };
    work.verify = [&](int t) -> Status {
        const auto i = static_cast<std::size_t>(t);
        const double expected = fmaExpectedSum(isa, fp64, iterations[i]);
        // fp32 rounds each update; the chains contract errors (|b| < 1), so a few ulp remain.
        const double tolerance = (fp64 ? 1e-12 : 1e-5) * expected;
        if (!(std::fabs(sums[i] - expected) <= tolerance))
            return makeError(std::string("cpu_fma_") + (fp64 ? "fp64" : "fp32") +
                             ": verification failed on thread " + std::to_string(t) + ": sum " +
                             std::to_string(sums[i]) + ", expected " + std::to_string(expected));
        return {};
    };
    ROOFSCOPE_TRY(sampled, sampleTeam(cpus, work, sampling));
    RunResult run;
    run.samples = std::move(sampled).value();
    const double flopsPerRep =
        shape.flopsPerIteration() * kIterationsPerRep * static_cast<double>(cpus.size());
    std::vector<double> rates;
    for (double s : run.samples.secondsPerRep)
        rates.push_back(s > 0 ? flopsPerRep / s : 0);
    run.rate = summarize(rates);
    run.clockMHz = readCoreClockMHz(cpus);
    return run;
}

std::string methodText(SimdIsa isa, bool fp64, std::size_t threads, const Stats& rate,
                       const SamplingPlan& sampling, bool pinned) {
    const FmaShape shape = fmaShape(isa, fp64);
    const std::string op = simdHasFma(isa) ? "FMA" : "multiply + add (no FMA unit)";
    return "a = a*b + c (" + op + ") on " + std::to_string(shape.chains) + " independent " +
           std::to_string(simdBytes(isa) * 8) + "-bit accumulators per thread (" + simdName(isa) +
           ", " + std::to_string(shape.lanes) + (fp64 ? " fp64" : " fp32") +
           " lanes; 2 FLOPs per lane per update); " + std::to_string(threads) +
           (pinned ? " pinned" : " unpinned") + " thread" + (threads == 1 ? "" : "s") +
           " (one per core); median of " + std::to_string(rate.samples) +
           " samples of >= " + std::to_string(static_cast<int>(sampling.minSampleS * 1000 + 0.5)) +
           " ms after warm-up; verified against the closed form";
}

} // namespace

Result<Outcome> runCpuFma(Context& context, bool fp64) {
    const std::string key = fp64 ? "cpu_fma_fp64" : "cpu_fma_fp32";
    const auto started = SteadyClock::now();
    const auto deadline = context.timeLimitS > 0
                              ? started + std::chrono::duration_cast<SteadyClock::duration>(
                                              std::chrono::duration<double>(context.timeLimitS))
                              : SteadyClock::time_point::max();
    const CpuTopology topology = readCpuTopology();
    const SimdIsa isa = detectSimd();
    const std::vector<int>& all = topology.coreCpus;
    const std::vector<int> one = {all.front()};

    SamplingPlan sampling;
    switch (context.size) {
    case Size::quick:
        sampling.samples = 5;
        sampling.minSampleS = 0.005;
        break;
    case Size::normal:
        sampling.samples = 15;
        sampling.minSampleS = 0.02;
        break;
    case Size::thorough:
        sampling.samples = 31;
        sampling.minSampleS = 0.05;
        break;
    }
    sampling.deadline = deadline;
    sampling.cancelled = context.cancelled;

    Outcome outcome;
    double lastFraction = 0;
    context.progress(0);
    std::string stopReason;
    int runIndex = 0;
    for (const bool allCores : {true, false}) {
        if (context.cancelled())
            stopReason = "cancelled";
        else if (SteadyClock::now() >= deadline)
            stopReason = "time limit reached";
        if (!stopReason.empty())
            break;
        sampling.onSample = [&](int done, int planned) {
            lastFraction = std::max(lastFraction, (runIndex + double(done) / planned) / 2);
            context.progress(std::min(1.0, lastFraction));
        };
        const auto& cpus = allCores ? all : one;
        ROOFSCOPE_TRY(run, measure(cpus, isa, fp64, sampling));
        ++runIndex;
        const RunResult& r = run.value();
        if (r.samples.secondsPerRep.empty()) {
            stopReason = "cancelled";
            break;
        }
        if (!r.samples.pinned)
            outcome.warnings.push_back("the OS refused to pin threads; measured unpinned");
        outcome.observations.push_back({std::string("fma ") + (fp64 ? "fp64" : "fp32") + ", " +
                                            std::to_string(cpus.size()) + " thread" +
                                            (cpus.size() == 1 ? "" : "s"),
                                        r.rate.median, "FLOP/s", 0});
        if (r.samples.cancelled)
            stopReason = "cancelled";
        else if (r.samples.outOfTime)
            stopReason = "time limit reached";
        if (allCores) {
            Measured m;
            m.what = ComputeKey{fp64 ? Precision::fp64 : Precision::fp32, ComputeUnit::vector};
            m.value = r.rate.median;
            m.stats = r.rate;
            m.method = methodText(isa, fp64, cpus.size(), r.rate, sampling, r.samples.pinned);
            m.clockMHz = r.clockMHz;
            if (!stopReason.empty())
                m.note = "fewer samples than planned (" + stopReason + ")";
            outcome.ceilings.push_back(std::move(m));
        }
        if (!stopReason.empty())
            break;
    }
    if (!stopReason.empty()) {
        if (outcome.ceilings.empty())
            return makeError(key + ": " + stopReason + " before anything was measured");
        outcome.warnings.push_back(key + ": " + stopReason + "; the all-core peak is kept");
    } else {
        context.progress(1);
    }
    return outcome;
}

} // namespace roofscope::probe
