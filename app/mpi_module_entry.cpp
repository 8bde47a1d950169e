// The MPI module's side (roofscope-mpi.so): MPI_Init, the gather of every rank's results to rank
// 0, MPI_Finalize. Errors are returned, never aborted on (MPI_ERRORS_RETURN).
#include "app/mpi_module.h"
#include "roofscope_features.h"

// Only MPI's C API is used: leave out the deprecated C++ bindings (and their warnings).
#define OMPI_SKIP_MPICXX 1
#define MPICH_SKIP_MPICXX 1
#include <mpi.h>

#include <algorithm>
#include <cstdint>

namespace roofscope::app {
namespace {

constexpr int kTagSize = 1, kTagBytes = 2;
constexpr std::size_t kPiece = std::size_t(1) << 30;

Status check(int rc, const char* call) {
    if (rc == MPI_SUCCESS)
        return {};
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    MPI_Error_string(rc, text, &length);
    return makeError(std::string(call) + " failed: " + std::string(text, std::size_t(length)));
}

Status start(int& rank, int& size) {
    int initialised = 0;
    MPI_Initialized(&initialised);
    if (!initialised)
        ROOFSCOPE_TRY_STATUS(check(MPI_Init(nullptr, nullptr), "MPI_Init"));
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    ROOFSCOPE_TRY_STATUS(check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank"));
    return check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size");
}

Result<std::vector<std::string>> gatherToRoot(const std::string& mine) {
    int rank = 0, size = 1;
    ROOFSCOPE_TRY_STATUS(check(MPI_Comm_rank(MPI_COMM_WORLD, &rank), "MPI_Comm_rank"));
    ROOFSCOPE_TRY_STATUS(check(MPI_Comm_size(MPI_COMM_WORLD, &size), "MPI_Comm_size"));
    if (rank != 0) {
        const std::uint64_t n = mine.size();
        ROOFSCOPE_TRY_STATUS(
            check(MPI_Send(&n, 1, MPI_UINT64_T, 0, kTagSize, MPI_COMM_WORLD), "MPI_Send"));
        for (std::size_t at = 0; at < mine.size(); at += kPiece) {
            const int piece = static_cast<int>(std::min(kPiece, mine.size() - at));
            ROOFSCOPE_TRY_STATUS(
                check(MPI_Send(mine.data() + at, piece, MPI_BYTE, 0, kTagBytes, MPI_COMM_WORLD),
                      "MPI_Send"));
        }
        return std::vector<std::string>{};
    }
    std::vector<std::string> all(static_cast<std::size_t>(size));
    all[0] = mine;
    for (int from = 1; from < size; ++from) {
        std::uint64_t n = 0;
        ROOFSCOPE_TRY_STATUS(
            check(MPI_Recv(&n, 1, MPI_UINT64_T, from, kTagSize, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                  "MPI_Recv"));
        std::string& bytes = all[static_cast<std::size_t>(from)];
        bytes.resize(static_cast<std::size_t>(n));
        for (std::size_t at = 0; at < bytes.size(); at += kPiece) {
            const int piece = static_cast<int>(std::min(kPiece, bytes.size() - at));
            ROOFSCOPE_TRY_STATUS(check(MPI_Recv(bytes.data() + at, piece, MPI_BYTE, from, kTagBytes,
                                                MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                                       "MPI_Recv"));
        }
    }
    return all;
}

void finish() {
    int finalised = 0;
    MPI_Finalized(&finalised);
    if (!finalised)
        MPI_Finalize();
}

} // namespace
} // namespace roofscope::app

extern "C" __attribute__((visibility("default"))) const roofscope::app::MpiModule*
roofscope_mpi_module() {
    using namespace roofscope::app;
    static const MpiModule table{kMpiModuleAbi, ROOFSCOPE_VERSION, start, gatherToRoot, finish};
    return &table;
}
