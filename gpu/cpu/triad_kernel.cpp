#include "gpu/cpu/triad_kernel.h"

namespace roofscope::probe {

namespace {

// The loop is written once and compiled once per ISA (target attributes below), so the hot path
// is what a compiler makes of STREAM's loop, not hand-written intrinsics.
#define ROOFSCOPE_TRIAD_BODY                                                                       \
    for (std::uint64_t rep = 0; rep < reps; ++rep) {                                               \
        for (std::size_t i = 0; i < n; i += kTriadBlock)                                           \
            for (std::size_t j = 0; j < kTriadBlock; ++j)                                          \
                a[i + j] = b[i + j] + s * c[i + j];                                                \
        asm volatile("" ::: "memory");                                                             \
    }

void triadBaseline(double* __restrict a, const double* __restrict b, const double* __restrict c,
                   double s, std::size_t n, std::uint64_t reps) {
    ROOFSCOPE_TRIAD_BODY
}

#if defined(__x86_64__)
__attribute__((target("avx2,fma"))) void triadAvx2(double* __restrict a, const double* __restrict b,
                                                   const double* __restrict c, double s,
                                                   std::size_t n, std::uint64_t reps) {
    ROOFSCOPE_TRIAD_BODY
}

// prefer-vector-width: GCC's tunings may default to 256-bit vectors even where AVX-512 is
// allowed. Clang does not take the option here (and uses 512-bit vectors for generic tuning).
#if defined(__clang__)
#define ROOFSCOPE_AVX512_TARGET "avx512f"
#else
#define ROOFSCOPE_AVX512_TARGET "avx512f,prefer-vector-width=512"
#endif
__attribute__((target(ROOFSCOPE_AVX512_TARGET))) void
triadAvx512(double* __restrict a, const double* __restrict b, const double* __restrict c, double s,
            std::size_t n, std::uint64_t reps) {
    ROOFSCOPE_TRIAD_BODY
}
#endif

#undef ROOFSCOPE_AVX512_TARGET
#undef ROOFSCOPE_TRIAD_BODY

} // namespace

void triadRepeat(SimdIsa isa, double* a, const double* b, const double* c, double s, std::size_t n,
                 std::uint64_t reps) {
#if defined(__x86_64__)
    if (isa == SimdIsa::avx512)
        return triadAvx512(a, b, c, s, n, reps);
    if (isa == SimdIsa::avx2)
        return triadAvx2(a, b, c, s, n, reps);
#endif
    // SSE2 on x86-64 and NEON on aarch64 are the baseline ISAs, so the baseline build uses them.
    (void)isa;
    triadBaseline(a, b, c, s, n, reps);
}

} // namespace roofscope::probe
