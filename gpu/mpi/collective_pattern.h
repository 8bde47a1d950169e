#pragma once
// Internal to gpu/mpi: what each rank puts into a collective and what must come out, so that
// every transport (MPI between host processes, NCCL between GPUs) checks its result against the
// same analytic value. The values are small integers, exact in double whatever the summation
// order, so a lost, doubled or misplaced contribution shows as a wrong element.
//
// `count` is the collective's size S in doubles as nccl-tests counts it: the buffer of an
// all_reduce, the gathered output of an all_gather, the input of a reduce_scatter. It is a
// multiple of the rank count.

#include "core/enums.h"

#include <cstddef>
#include <optional>
#include <span>
#include <string>

namespace roofscope::probe::detail {

// Doubles in this rank's input and output buffers for a collective of `count` doubles.
std::size_t inputCount(Collective collective, std::size_t count, int ranks);
std::size_t outputCount(Collective collective, std::size_t count, int ranks);

// Fills rank `rank`'s input (inputCount doubles).
void fillInput(Collective collective, int rank, int ranks, std::span<double> input);

// Checks rank `rank`'s output (outputCount doubles): nullopt when every element is right, else
// "element 12 is 3, expected 4" for the first wrong one.
std::optional<std::string> checkOutput(Collective collective, int rank, int ranks,
                                       std::span<const double> output);

} // namespace roofscope::probe::detail
