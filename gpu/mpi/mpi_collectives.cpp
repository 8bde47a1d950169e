// The CPU path of the cluster collectives: MPI_Allreduce, MPI_Allgather and
// MPI_Reduce_scatter_block on host buffers of doubles, one process per rank. What it measures is
// the MPI library's path between processes: shared memory within a node, the fabric between.

#include "gpu/mpi/collective_pattern.h"
#include "gpu/mpi/collective_sweep.h"
#include "gpu/mpi/mpi_call.h"

#include <new>
#include <vector>

namespace roofscope::probe::detail {

namespace {

class MpiTransport final : public Transport {
  public:
    MpiTransport(const MpiSession& session, Collective collective)
        : session_(session), collective_(collective) {}

    std::optional<Error> prepare(std::size_t count) override {
        const std::size_t in = inputCount(collective_, count, session_.size);
        const std::size_t out = outputCount(collective_, count, session_.size);
        try {
            // Filling touches every page, so that first-touch faults stay out of the timing.
            input_.assign(in, 0.0);
            output_.assign(out, 0.0);
        } catch (const std::bad_alloc&) {
            release();
            return makeError("cannot allocate " + binaryBytes((in + out) * sizeof(double)) +
                             " of host buffers");
        }
        fillInput(collective_, session_.rank, session_.size, input_);
        return std::nullopt;
    }

    Result<double> run(int reps) override {
        const int block = static_cast<int>(collective_ == Collective::all_gather ? input_.size()
                                                                                 : output_.size());
        const double start = MPI_Wtime();
        for (int r = 0; r < reps; ++r) {
            int rc = MPI_SUCCESS;
            const char* call = "";
            switch (collective_) {
            case Collective::all_gather:
                call = "MPI_Allgather";
                rc = MPI_Allgather(input_.data(), block, MPI_DOUBLE, output_.data(), block,
                                   MPI_DOUBLE, MPI_COMM_WORLD);
                break;
            case Collective::reduce_scatter:
                call = "MPI_Reduce_scatter_block";
                rc = MPI_Reduce_scatter_block(input_.data(), output_.data(), block, MPI_DOUBLE,
                                              MPI_SUM, MPI_COMM_WORLD);
                break;
            default:
                call = "MPI_Allreduce";
                rc = MPI_Allreduce(input_.data(), output_.data(), static_cast<int>(input_.size()),
                                   MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
                break;
            }
            if (auto e = mpiError(rc, call))
                return *e;
        }
        return MPI_Wtime() - start;
    }

    std::optional<Error> verify() override {
        if (auto wrong = checkOutput(collective_, session_.rank, session_.size, output_))
            return makeError(std::string(toString(collective_)) + " result wrong: " + *wrong);
        return std::nullopt;
    }

    void release() override {
        std::vector<double>().swap(input_);
        std::vector<double>().swap(output_);
    }

  private:
    MpiSession session_;
    Collective collective_;
    std::vector<double> input_, output_;
};

const char* mpiCall(Collective collective) {
    switch (collective) {
    case Collective::all_gather:
        return "MPI_Allgather";
    case Collective::reduce_scatter:
        return "MPI_Reduce_scatter_block";
    default:
        return "MPI_Allreduce";
    }
}

} // namespace

Result<Outcome> mpiCollective(const MpiSession& session, Collective collective, Context& context) {
    // Counts are int in MPI: the largest host size (512 MiB of doubles) stays far below.
    MpiTransport transport(session, collective);
    SweepSpec spec;
    spec.collective = collective;
    spec.call = mpiCall(collective);
    spec.transport = "host processes";
    spec.gpu = false;
    return runSweep(session, spec, transport, context);
}

} // namespace roofscope::probe::detail
