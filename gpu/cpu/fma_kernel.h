#pragma once
// The FMA peak kernel: per thread, `chains` independent vector accumulators, each updated
// a = a * b + c, so that the FMA units' latency is hidden (a chain waits on its own result
// only). Written with intrinsics per ISA, so the compiler neither drops nor reorders the work.
//
// Contract: accumulator j of every lane starts at 2 + j; b = 0.75, c = 0.25. Its value after n
// updates is 1 + (1 + j) * 0.75^n, so the sum over all lanes and chains has a closed form
// (fmaExpectedSum) that the benchmark checks each thread's result against.

#include "gpu/cpu/simd_isa.h"

#include <cstdint>

namespace roofscope::probe {

struct FmaShape {
    int lanes = 1;  // elements per vector register
    int chains = 1; // independent accumulators (vector registers) per thread
    // FLOPs of one update of all chains: 2 per lane per FMA (a multiply and an add).
    double flopsPerIteration() const { return 2.0 * lanes * chains; }
};

FmaShape fmaShape(SimdIsa isa, bool fp64);

// `iterations` updates of every chain; returns the sum of all accumulators' lanes. ISAs without
// FMA (sse2, scalar) do a multiply then an add: the same 2 FLOPs, two instructions.
double fmaChainsF64(SimdIsa isa, std::uint64_t iterations);
double fmaChainsF32(SimdIsa isa, std::uint64_t iterations);

// What fmaChains* returns after `iterations` updates, from the closed form.
double fmaExpectedSum(SimdIsa isa, bool fp64, std::uint64_t iterations);

} // namespace roofscope::probe
