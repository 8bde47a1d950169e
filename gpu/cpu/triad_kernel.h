#pragma once
// STREAM's triad, a[i] = b[i] + s * c[i], vectorised for the ISA the probe detected.
//
// Contract (as in BabelStream's kernels): a, b and c hold n doubles each and do not overlap; n is
// a multiple of kTriadBlock. One pass moves 24 bytes per element as STREAM counts them: two
// reads and one write; the write-allocate read of `a` that the hardware also does is not
// counted, and no non-temporal stores are used to avoid it, so the numbers compare like for like
// with STREAM. After any number of passes, a[i] == b[i] + s * c[i] exactly when b, c and s are
// small dyadic values (the verification relies on it).

#include "gpu/cpu/simd_isa.h"

#include <cstddef>
#include <cstdint>

namespace roofscope::probe {

// Elements per inner block: the inner loop has this fixed trip count, so the compiler vectorises
// it completely at -O2 as at -O3 (no scalar remainder, no run-time alias checks).
inline constexpr std::size_t kTriadBlock = 64;

// Bytes one triad pass counts per element (STREAM's convention).
inline constexpr double kTriadBytesPerElement = 3 * sizeof(double);

// `reps` passes of the triad over [0, n). Each pass really runs: a compiler barrier between
// passes keeps the optimiser from merging repeated identical stores.
void triadRepeat(SimdIsa isa, double* a, const double* b, const double* c, double s, std::size_t n,
                 std::uint64_t reps);

} // namespace roofscope::probe
