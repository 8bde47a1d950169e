#pragma once
// Internal to gpu/mpi (MPI builds only): MPI return codes as Error values that name the call and
// where it was made, and the agreements that keep every rank on the same path. A rank that fails
// alone must not leave the others waiting in a collective, so each step that can fail on one rank
// (an allocation, a wrong result, a CUDA call) is followed by agreeOnFailure() on all ranks.
// MPI_COMM_WORLD returns its errors (startMpi sets MPI_ERRORS_RETURN); nothing here aborts.

#include "core/error.h"
#include "gpu/mpi/mpi_probe.h"

// Only MPI's C API is used: leave out the deprecated C++ bindings (and their warnings).
#ifndef OMPI_SKIP_MPICXX
#define OMPI_SKIP_MPICXX 1
#endif
#ifndef MPICH_SKIP_MPICXX
#define MPICH_SKIP_MPICXX 1
#endif
#include <mpi.h>

#include <optional>
#include <source_location>
#include <string>

namespace roofscope::probe::detail {

// nullopt for MPI_SUCCESS; else "MPI_Allreduce failed at mpi_collectives.cpp:88: <the
// MPI_Error_string text>".
std::optional<Error> mpiError(int rc, const char* call,
                              std::source_location at = std::source_location::current());

// "<what> failed at <file>:<line>: <text>", for the other libraries' errors (CUDA, NCCL).
Error callError(const std::string& call, const std::string& text,
                std::source_location at = std::source_location::current());

// Collective over MPI_COMM_WORLD. Every rank passes its own failure (nullopt when fine); every
// rank gets the failure of the lowest failing rank, prefixed "rank R on NODE: ", or nullopt when
// all ranks are fine. A failure of the agreement itself is returned as the Error.
std::optional<Error> agreeOnFailure(const MpiSession& session, const std::optional<Error>& mine);

// Collective: rank 0's `flag` on every rank, or the MPI error of the broadcast.
Result<bool> broadcastFlag(bool flag);

} // namespace roofscope::probe::detail
