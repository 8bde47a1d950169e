#pragma once
// Bytes of one collective call from the arguments Kineto records on record_param_comms and NCCL
// kernels ("Collective name", "In msg nelems", "Out msg nelems", "dtype", "Group size").
//
// messageBytes is the size S that nccl-tests reports and divides by time for algbw
// (doc/PERFORMANCE.md of NVIDIA/nccl-tests; see collectives.h):
//   all_gather      S = out bytes (the gathered buffer, n x each rank's input)
//   reduce_scatter  S = in bytes (the full buffer, n x each rank's output)
//   all_reduce, broadcast, reduce, all_to_all, send_recv   S = in bytes
// When the count S needs is recorded as 0 but the other one is not, S is derived from it
// (all_gather: in x n; reduce_scatter: out x n; the others: out), because some records fill
// only one side.
// wireBytesPerRank = S x busBandwidthFactor(collective, n): the bytes each rank sends (and
// receives) over its links with the ring/bandwidth-optimal algorithms, the quantity whose rate
// is busbw. It is 0 for n = 1 except for broadcast, reduce and send_recv, whose factor is 1.

#include "core/enums.h"
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace roofscope {

struct CollectiveBytes {
    int elementBytes = 0;
    double messageBytes = 0;     // S, B
    double busFactor = 0;        // busBandwidthFactor(collective, n)
    double wireBytesPerRank = 0; // S x busFactor, B
};

// Element size of a collective's dtype: c10 ScalarType names as Kineto writes them ("Float",
// "BFloat16", "Half", "Long", "Byte", ...), nccl-tests type names ("float", "half", "bfloat16",
// "int8", "uint64", ...) and the profiler's "Input type" spellings ("c10::BFloat16"); case does
// not matter. nullopt for unknown names.
std::optional<int> collectiveDtypeBytes(std::string_view dtype);

// Errors when a count is negative or too large (beyond 2^62 bytes), the dtype is unknown or
// groupSize < 1.
Result<CollectiveBytes> collectiveBytes(Collective collective, std::int64_t inNelems,
                                        std::int64_t outNelems, std::string_view dtype,
                                        int groupSize);

} // namespace roofscope
