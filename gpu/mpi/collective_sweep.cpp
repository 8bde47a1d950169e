#include "gpu/mpi/collective_sweep.h"

#include "core/collectives.h"
#include "gpu/mpi/mpi_call.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>

namespace roofscope::probe::detail {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

// Enough back-to-back collectives per sample to dwarf the timer and launch overhead for small
// messages, bounded so that a slow first warm-up cannot make a sample last minutes.
constexpr int kMaxReps = 1000;

// A barrier, `reps` collectives, then the slowest rank's seconds on every rank: a collective is
// only as fast as its last participant.
Result<double> timedRun(const MpiSession& session, const SweepSpec& spec, Transport& transport,
                        int reps) {
    if (auto e = mpiError(MPI_Barrier(MPI_COMM_WORLD), "MPI_Barrier"))
        return *e;
    const auto local = transport.run(reps);
    // One all-reduce carries both the slowest time and whether any rank failed.
    const double mine[2] = {local.ok() ? local.value() : 0.0, local.ok() ? 0.0 : 1.0};
    double all[2] = {0, 0};
    if (auto e = mpiError(MPI_Allreduce(mine, all, 2, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD),
                          "MPI_Allreduce"))
        return *e;
    if (all[1] > 0) {
        const auto agreed =
            agreeOnFailure(session, local.ok() ? std::nullopt : std::optional(local.error()));
        return agreed ? *agreed : makeError(spec.call + " failed on another rank");
    }
    if (!(all[0] > 0))
        return makeError(spec.call + " took no measurable time");
    return all[0];
}

struct SizeResult {
    Stats busBytesPerS;
    int reps = 0;
};

// One size: buffers, two warm-ups (the first pays for connection setup and page faults), the
// timed samples, the check. Every rank computes the same reps, from an all-reduced time.
Result<SizeResult> measureSize(const MpiSession& session, const SweepSpec& spec,
                               Transport& transport, std::size_t count, const SweepSizes& sizes) {
    if (auto e = agreeOnFailure(session, transport.prepare(count)))
        return *e;
    struct Release {
        Transport& transport;
        ~Release() { transport.release(); }
    } release{transport};

    double warm = 0;
    for (int w = 0; w < 2; ++w) {
        const auto t = timedRun(session, spec, transport, 1);
        if (!t.ok())
            return t.error();
        warm = t.value();
    }
    SizeResult result;
    result.reps = static_cast<int>(
        std::clamp(std::ceil(sizes.sampleS / warm), 1.0, static_cast<double>(kMaxReps)));
    const double bytes = static_cast<double>(count) * sizeof(double);
    std::vector<double> rates;
    for (int s = 0; s < sizes.samples; ++s) {
        const auto t = timedRun(session, spec, transport, result.reps);
        if (!t.ok())
            return t.error();
        const auto bw =
            collectiveBandwidth(spec.collective, session.size, bytes, t.value() / result.reps);
        if (!bw.ok())
            return bw.error();
        rates.push_back(bw.value().busBytesPerS);
    }
    if (auto e = agreeOnFailure(session, transport.verify()))
        return *e;
    result.busBytesPerS = summarize(std::move(rates));
    return result;
}

std::string plural(int n, const char* word) {
    return std::to_string(n) + " " + word + (n == 1 ? "" : "s");
}

std::string methodText(const MpiSession& session, const SweepSpec& spec,
                       const std::vector<std::uint64_t>& sizes, std::uint64_t best, int samples,
                       int minReps, int maxReps) {
    const char* factor = spec.collective == Collective::all_reduce ? "2(n-1)/n" : "(n-1)/n";
    const std::string reps = minReps == maxReps
                                 ? std::to_string(minReps)
                                 : std::to_string(minReps) + "-" + std::to_string(maxReps);
    return spec.call + " (double, " + (spec.collective == Collective::all_gather ? "" : "sum, ") +
           spec.transport + ") over " + plural(session.size, "rank") + " on " +
           plural(session.nodes, "node") + "; " + plural(static_cast<int>(sizes.size()), "size") +
           " " + binaryBytes(sizes.front()) + ".." + binaryBytes(sizes.back()) + ", best at " +
           binaryBytes(best) + "; " + std::to_string(samples) + " samples of " + reps +
           " reps per size, each the slowest rank's time after a barrier; busbw = S/t x " + factor +
           " as nccl-tests; results verified";
}

} // namespace

SweepSizes sweepSizes(Size size, bool gpu) {
    constexpr std::uint64_t KiB = 1024, MiB = KiB * KiB, GiB = MiB * KiB;
    SweepSizes s;
    std::uint64_t top = 0, step = 4;
    switch (size) {
    case Size::quick:
        top = gpu ? 64 * MiB : 16 * MiB;
        s.samples = 5;
        s.sampleS = 0.002;
        break;
    case Size::normal:
        top = gpu ? GiB : 256 * MiB;
        s.samples = 10;
        s.sampleS = 0.01;
        break;
    case Size::thorough:
        top = gpu ? 4 * GiB : 512 * MiB;
        step = 2;
        s.samples = 20;
        s.sampleS = 0.05;
        break;
    }
    for (std::uint64_t b = 64 * KiB; b <= top; b *= step)
        s.bytes.push_back(b);
    return s;
}

std::string binaryBytes(std::uint64_t bytes) {
    const char* units[] = {"B", "KiB", "MiB", "GiB", "TiB"};
    int u = 0;
    double value = static_cast<double>(bytes);
    while (value >= 1024 && u < 4) {
        value /= 1024;
        ++u;
    }
    char text[32];
    std::snprintf(text, sizeof text, value == std::floor(value) ? "%.0f %s" : "%.3g %s", value,
                  units[u]);
    return text;
}

Result<Outcome> runSweep(const MpiSession& session, const SweepSpec& spec, Transport& transport,
                         Context& context) {
    const SweepSizes sizes = sweepSizes(context.size, spec.gpu);
    const auto started = Clock::now();
    Outcome outcome;
    std::vector<std::uint64_t> done;
    std::vector<SizeResult> results;
    double lastSizeS = 0;

    for (std::size_t i = 0; i < sizes.bytes.size(); ++i) {
        // Rank 0 alone decides whether to go on, so that every rank runs the same sizes.
        std::string stop;
        if (session.rank == 0) {
            if (context.cancelled()) {
                stop = "cancelled";
            } else if (context.timeLimitS > 0 && i > 0) {
                // The next size moves more bytes: project its time from the last one's.
                const double ratio =
                    static_cast<double>(sizes.bytes[i]) / static_cast<double>(sizes.bytes[i - 1]);
                if (secondsSince(started) + lastSizeS * ratio > context.timeLimitS) {
                    char text[64];
                    std::snprintf(text, sizeof text, "time limit of %g s", context.timeLimitS);
                    stop = text;
                }
            }
        }
        const auto go = broadcastFlag(stop.empty());
        if (!go.ok())
            return go.error();
        if (!go.value()) {
            outcome.warnings.push_back(
                spec.call + " sweep stopped after " + std::to_string(i) + " of " +
                std::to_string(sizes.bytes.size()) +
                " sizes: " + (session.rank == 0 ? stop : std::string("stopped by rank 0")));
            break;
        }

        const auto sizeStarted = Clock::now();
        const std::size_t ranks = static_cast<std::size_t>(session.size);
        const std::size_t count =
            std::max<std::size_t>(sizes.bytes[i] / sizeof(double) / ranks, 1) * ranks;
        const auto result = measureSize(session, spec, transport, count, sizes);
        if (!result.ok())
            return result.error();
        done.push_back(sizes.bytes[i]);
        results.push_back(result.value());
        outcome.observations.push_back({spec.call + " busbw", result.value().busBytesPerS.median,
                                        "B/s", static_cast<double>(count * sizeof(double))});
        context.progress(static_cast<double>(i + 1) / static_cast<double>(sizes.bytes.size()));
        lastSizeS = secondsSince(sizeStarted);
    }
    if (results.empty())
        return outcome;

    std::size_t best = 0;
    int minReps = results[0].reps, maxReps = results[0].reps;
    for (std::size_t i = 0; i < results.size(); ++i) {
        if (results[i].busBytesPerS.median > results[best].busBytesPerS.median)
            best = i;
        minReps = std::min(minReps, results[i].reps);
        maxReps = std::max(maxReps, results[i].reps);
    }
    Measured m;
    m.what = session.nodes > 1 ? Link::inter_node : Link::intra_node;
    m.value = results[best].busBytesPerS.median;
    m.stats = results[best].busBytesPerS;
    m.method = methodText(session, spec, done, done[best], sizes.samples, minReps, maxReps);
    if (session.nodes == 1)
        m.note = "all ranks on one node: the intra-node path, not the network";
    if (!spec.gpu)
        m.note += std::string(m.note.empty() ? "" : "; ") +
                  "host memory through MPI, not a GPU collective";
    outcome.ceilings.push_back(std::move(m));
    return outcome;
}

} // namespace roofscope::probe::detail
