// The GPU path of the cluster collectives: one GPU per rank, an NCCL communicator over all ranks
// (its unique id made by rank 0 and broadcast with MPI), ncclAllReduce, ncclAllGather and
// ncclReduceScatter on one stream of our own, timed with CUDA events. Compiled into the probe
// only when the build has NCCL (ROOFSCOPE_PROBE_MPI_NCCL, set in gpu/CMakeLists.txt).
//
// NCCL's setup and collectives block until every rank joins: a rank that fails alone before
// them is agreed on first (agreeOnFailure), but a rank that dies inside one cannot be, and the
// launcher's timeout is then what ends the job.

#include "gpu/mpi/collective_sweep.h"

#if defined(ROOFSCOPE_PROBE_MPI_NCCL)

#include "gpu/mpi/collective_pattern.h"
#include "gpu/mpi/mpi_call.h"

#include <cuda_runtime.h>
#include <nccl.h>

#include <new>
#include <vector>

namespace roofscope::probe::detail {

namespace {

std::optional<Error> cudaFailure(cudaError_t rc, const char* call,
                                 std::source_location at = std::source_location::current()) {
    if (rc == cudaSuccess)
        return std::nullopt;
    return callError(call, std::string(cudaGetErrorName(rc)) + ": " + cudaGetErrorString(rc), at);
}

std::optional<Error> ncclFailure(ncclResult_t rc, const char* call, ncclComm_t comm,
                                 std::source_location at = std::source_location::current()) {
    if (rc == ncclSuccess)
        return std::nullopt;
    std::string text = ncclGetErrorString(rc);
    // NCCL keeps a more specific reason (which peer, which transport) than the code says.
    if (const char* last = ncclGetLastError(comm); last && *last)
        text += std::string(" (") + last + ")";
    return callError(call, text, at);
}

class NcclTransport final : public Transport {
  public:
    NcclTransport(const MpiSession& session, Collective collective, int gpu)
        : session_(session), collective_(collective), gpu_(gpu) {}
    NcclTransport(const NcclTransport&) = delete;
    NcclTransport& operator=(const NcclTransport&) = delete;
    ~NcclTransport() override {
        release();
        if (comm_)
            ncclCommDestroy(comm_);
        if (start_)
            cudaEventDestroy(start_);
        if (stop_)
            cudaEventDestroy(stop_);
        if (stream_)
            cudaStreamDestroy(stream_);
    }

    // This rank's part of the setup: its GPU, a stream of its own, two events.
    std::optional<Error> openDevice() {
        if (auto e = cudaFailure(cudaSetDevice(gpu_), "cudaSetDevice"))
            return e;
        if (auto e = cudaFailure(cudaStreamCreateWithFlags(&stream_, cudaStreamNonBlocking),
                                 "cudaStreamCreateWithFlags"))
            return e;
        if (auto e = cudaFailure(cudaEventCreate(&start_), "cudaEventCreate"))
            return e;
        return cudaFailure(cudaEventCreate(&stop_), "cudaEventCreate");
    }

    // Collective: every rank joins with the same id.
    std::optional<Error> joinCommunicator(const ncclUniqueId& id) {
        return ncclFailure(ncclCommInitRank(&comm_, session_.size, id, session_.rank),
                           "ncclCommInitRank", nullptr);
    }

    std::optional<Error> prepare(std::size_t count) override {
        inCount_ = inputCount(collective_, count, session_.size);
        outCount_ = outputCount(collective_, count, session_.size);
        auto failed = [this](std::optional<Error> e) {
            release();
            return e;
        };
        if (auto e = cudaFailure(cudaMalloc(&in_, inCount_ * sizeof(double)), "cudaMalloc"))
            return failed(e);
        if (auto e = cudaFailure(cudaMalloc(&out_, outCount_ * sizeof(double)), "cudaMalloc"))
            return failed(e);
        try {
            host_.assign(std::max(inCount_, outCount_), 0.0);
        } catch (const std::bad_alloc&) {
            return failed(makeError("cannot allocate " +
                                    binaryBytes(host_.size() * sizeof(double)) +
                                    " of host memory to fill and check the GPU buffers"));
        }
        fillInput(collective_, session_.rank, session_.size,
                  std::span<double>(host_.data(), inCount_));
        if (auto e = cudaFailure(
                cudaMemcpy(in_, host_.data(), inCount_ * sizeof(double), cudaMemcpyHostToDevice),
                "cudaMemcpy"))
            return failed(e);
        if (auto e = cudaFailure(cudaMemset(out_, 0, outCount_ * sizeof(double)), "cudaMemset"))
            return failed(e);
        return std::nullopt;
    }

    Result<double> run(int reps) override {
        if (auto e = cudaFailure(cudaEventRecord(start_, stream_), "cudaEventRecord"))
            return *e;
        for (int r = 0; r < reps; ++r) {
            if (auto e = launch())
                return *e;
        }
        if (auto e = cudaFailure(cudaEventRecord(stop_, stream_), "cudaEventRecord"))
            return *e;
        if (auto e = cudaFailure(cudaEventSynchronize(stop_), "cudaEventSynchronize"))
            return *e;
        float ms = 0;
        if (auto e = cudaFailure(cudaEventElapsedTime(&ms, start_, stop_), "cudaEventElapsedTime"))
            return *e;
        return static_cast<double>(ms) * 1e-3;
    }

    std::optional<Error> verify() override {
        if (auto e = cudaFailure(
                cudaMemcpy(host_.data(), out_, outCount_ * sizeof(double), cudaMemcpyDeviceToHost),
                "cudaMemcpy"))
            return e;
        if (auto wrong = checkOutput(collective_, session_.rank, session_.size,
                                     std::span<const double>(host_.data(), outCount_)))
            return makeError(std::string(toString(collective_)) + " result wrong: " + *wrong);
        return std::nullopt;
    }

    void release() override {
        if (in_)
            cudaFree(in_);
        if (out_)
            cudaFree(out_);
        in_ = out_ = nullptr;
        std::vector<double>().swap(host_);
    }

  private:
    std::optional<Error> launch() {
        switch (collective_) {
        case Collective::all_gather:
            return ncclFailure(ncclAllGather(in_, out_, inCount_, ncclDouble, comm_, stream_),
                               "ncclAllGather", comm_);
        case Collective::reduce_scatter:
            return ncclFailure(
                ncclReduceScatter(in_, out_, outCount_, ncclDouble, ncclSum, comm_, stream_),
                "ncclReduceScatter", comm_);
        default:
            return ncclFailure(
                ncclAllReduce(in_, out_, inCount_, ncclDouble, ncclSum, comm_, stream_),
                "ncclAllReduce", comm_);
        }
    }

    MpiSession session_;
    Collective collective_;
    int gpu_ = 0;
    ncclComm_t comm_ = nullptr;
    cudaStream_t stream_ = nullptr;
    cudaEvent_t start_ = nullptr, stop_ = nullptr;
    double* in_ = nullptr;
    double* out_ = nullptr;
    std::size_t inCount_ = 0, outCount_ = 0;
    std::vector<double> host_;
};

const char* ncclCall(Collective collective) {
    switch (collective) {
    case Collective::all_gather:
        return "ncclAllGather";
    case Collective::reduce_scatter:
        return "ncclReduceScatter";
    default:
        return "ncclAllReduce";
    }
}

} // namespace

bool ncclBuilt() {
    return true;
}

Result<Outcome> ncclCollective(const MpiSession& session, Collective collective, int gpu,
                               Context& context) {
    NcclTransport transport(session, collective, gpu);
    if (auto e = agreeOnFailure(session, transport.openDevice()))
        return *e;
    ncclUniqueId id{};
    std::optional<Error> noId;
    if (session.rank == 0)
        noId = ncclFailure(ncclGetUniqueId(&id), "ncclGetUniqueId", nullptr);
    if (auto e = agreeOnFailure(session, noId))
        return *e;
    if (auto e = mpiError(MPI_Bcast(&id, sizeof id, MPI_BYTE, 0, MPI_COMM_WORLD), "MPI_Bcast"))
        return *e;
    if (auto e = agreeOnFailure(session, transport.joinCommunicator(id)))
        return *e;

    SweepSpec spec;
    spec.collective = collective;
    spec.call = ncclCall(collective);
    spec.transport = "NCCL " + std::to_string(NCCL_MAJOR) + "." + std::to_string(NCCL_MINOR) +
                     ", one GPU per rank, CUDA events";
    spec.gpu = true;
    return runSweep(session, spec, transport, context);
}

} // namespace roofscope::probe::detail

#else

namespace roofscope::probe::detail {

bool ncclBuilt() {
    return false;
}

Result<Outcome> ncclCollective(const MpiSession&, Collective, int, Context&) {
    return makeError("this build has no NCCL");
}

} // namespace roofscope::probe::detail

#endif
