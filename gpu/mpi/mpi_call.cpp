#include "gpu/mpi/mpi_call.h"

#include <climits>
#include <string_view>

namespace roofscope::probe::detail {

namespace {

// The call site without the build machine's directories: "mpi_collectives.cpp:88".
std::string site(const std::source_location& at) {
    std::string_view file = at.file_name();
    if (const auto slash = file.find_last_of('/'); slash != std::string_view::npos)
        file.remove_prefix(slash + 1);
    return std::string(file) + ":" + std::to_string(at.line());
}

} // namespace

Error callError(const std::string& call, const std::string& text, std::source_location at) {
    return makeError(call + " failed at " + site(at) + ": " + text);
}

std::optional<Error> mpiError(int rc, const char* call, std::source_location at) {
    if (rc == MPI_SUCCESS)
        return std::nullopt;
    char text[MPI_MAX_ERROR_STRING] = {};
    int length = 0;
    if (MPI_Error_string(rc, text, &length) != MPI_SUCCESS)
        return callError(call, "MPI error code " + std::to_string(rc), at);
    return callError(call, std::string(text, static_cast<std::size_t>(length)), at);
}

std::optional<Error> agreeOnFailure(const MpiSession& session, const std::optional<Error>& mine) {
    if (!session.active())
        return mine;
    // The lowest failing rank speaks for all: MIN over "my rank if I failed, else size".
    const int candidate = mine ? session.rank : session.size;
    int first = session.size;
    if (auto e = mpiError(MPI_Allreduce(&candidate, &first, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD),
                          "MPI_Allreduce"))
        return e;
    if (first >= session.size)
        return std::nullopt;

    std::string text;
    if (session.rank == first) {
        text =
            "rank " + std::to_string(session.rank) + " on " + session.node + ": " + mine->message;
        if (text.size() > INT_MAX / 2)
            text.resize(INT_MAX / 2);
    }
    int length = static_cast<int>(text.size());
    if (auto e = mpiError(MPI_Bcast(&length, 1, MPI_INT, first, MPI_COMM_WORLD), "MPI_Bcast"))
        return e;
    text.resize(static_cast<std::size_t>(length));
    if (auto e =
            mpiError(MPI_Bcast(text.data(), length, MPI_CHAR, first, MPI_COMM_WORLD), "MPI_Bcast"))
        return e;
    return makeError(std::move(text));
}

Result<bool> broadcastFlag(bool flag) {
    int value = flag ? 1 : 0;
    if (auto e = mpiError(MPI_Bcast(&value, 1, MPI_INT, 0, MPI_COMM_WORLD), "MPI_Bcast"))
        return *e;
    return value != 0;
}

} // namespace roofscope::probe::detail
