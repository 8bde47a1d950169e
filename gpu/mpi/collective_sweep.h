#pragma once
// Internal to gpu/mpi (MPI builds only): the measurement every cluster collective shares,
// whatever carries the bytes. All ranks run the same sizes in lockstep (rank 0 decides, before
// each size, whether to go on: cancellation and the time limit are its alone); at each size a
// warm-up, then timed samples of `reps` back-to-back collectives started after a barrier, the
// sample being the slowest rank's time; then the result is checked against its analytic value.
// Bus bandwidth as nccl-tests: algbw = S / t, busbw = algbw x 2(n-1)/n (all_reduce) or (n-1)/n
// (all_gather, reduce_scatter), S in bytes as collective_pattern.h counts it.

#include "core/error.h"
#include "gpu/mpi/mpi_probe.h"
#include "gpu/probe/benchmark.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace roofscope::probe::detail {

struct SweepSizes {
    std::vector<std::uint64_t> bytes; // S per size, ascending
    int samples = 0;                  // timed samples per size
    double sampleS = 0;               // aim for samples of about this long (sets reps)
};
// quick: 64 KiB..16 MiB (GPU ..64 MiB), 5 samples; normal: ..256 MiB (GPU ..1 GiB), 10 samples;
// thorough: ..512 MiB (GPU ..4 GiB), 20 samples. NCCL needs large messages to reach its bus
// bandwidth; host buffers are kept within what a node with a rank per core can hold.
SweepSizes sweepSizes(Size size, bool gpu);

// One collective over one transport. The sweep calls each method on every rank in the same
// order and agrees on failures after it, so a method only reports this rank's failure.
class Transport {
  public:
    virtual ~Transport() = default;
    // Buffers for a collective of `count` doubles (a multiple of the rank count), the input
    // filled with fillInput().
    virtual std::optional<Error> prepare(std::size_t count) = 0;
    // Runs the collective `reps` times back to back: seconds on this rank from the call until the
    // last one completed here.
    virtual Result<double> run(int reps) = 0;
    // The output of the last run against checkOutput().
    virtual std::optional<Error> verify() = 0;
    // Frees the buffers of this size.
    virtual void release() = 0;
};

struct SweepSpec {
    Collective collective = Collective::all_reduce;
    std::string call;      // the measured call, e.g. "MPI_Allreduce", "ncclAllReduce"
    std::string transport; // for the method text, e.g. "host processes", "one GPU per rank"
    bool gpu = false;      // selects the GPU sizes
};

// The outcome: one Link ceiling (inter_node when the job spans nodes, else intra_node), the
// best median busbw over the sizes, and one observation per size. A cancellation or the time
// limit ends the sweep early with a warning; an MPI error or a wrong result on any rank is an
// Error on every rank.
Result<Outcome> runSweep(const MpiSession& session, const SweepSpec& spec, Transport& transport,
                         Context& context);

// The transports (mpi_collectives.cpp, mpi_nccl.cpp). Collective: every rank calls the same one.
Result<Outcome> mpiCollective(const MpiSession& session, Collective collective, Context& context);
// Only when ncclBuilt(); `gpu` is this rank's CUDA device.
Result<Outcome> ncclCollective(const MpiSession& session, Collective collective, int gpu,
                               Context& context);
bool ncclBuilt();

// "64 KiB", "16 MiB", "1 GiB": how the method text names sizes.
std::string binaryBytes(std::uint64_t bytes);

} // namespace roofscope::probe::detail
