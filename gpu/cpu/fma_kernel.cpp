#include "gpu/cpu/fma_kernel.h"

#include <cmath>

#if defined(__x86_64__)
#include <immintrin.h>
#elif defined(__aarch64__)
#include <arm_neon.h>
#endif

namespace roofscope::probe {

namespace {

// Chains per ISA: at least FMA latency x FMA pipes (4 x 2 on recent x86, 4 x 4 on wide Arm
// cores), and few enough to stay in registers with b and c (32 vector registers with AVX-512 and
// NEON, 16 with AVX2 and SSE2).
constexpr int kChainsAvx512 = 16;
constexpr int kChainsAvx2 = 12;
constexpr int kChainsSse2 = 12;
constexpr int kChainsNeon = 16;
constexpr int kChainsScalar = 8;

// One function body per ISA (a macro, because target attributes do not reach lambdas or
// templates): the chain loop fully unrolled so that each accumulator is its own register, then
// the lanes stored and summed.
#define ROOFSCOPE_FMA_CHAINS(CHAINS, VEC, SCALAR, SET1, UPDATE, STORE)                             \
    VEC acc[CHAINS];                                                                               \
    for (int j = 0; j < CHAINS; ++j)                                                               \
        acc[j] = SET1(static_cast<SCALAR>(2.0 + j));                                               \
    const VEC b = SET1(static_cast<SCALAR>(0.75)), c = SET1(static_cast<SCALAR>(0.25));            \
    for (std::uint64_t i = 0; i < iterations; ++i) {                                               \
        _Pragma("GCC unroll 16") for (int j = 0; j < CHAINS; ++j) acc[j] = UPDATE(acc[j], b, c);   \
    }                                                                                              \
    constexpr int lanes = static_cast<int>(sizeof(VEC) / sizeof(SCALAR));                          \
    alignas(64) SCALAR out[CHAINS * lanes];                                                        \
    for (int j = 0; j < CHAINS; ++j)                                                               \
        STORE(out + j * lanes, acc[j]);                                                            \
    double total = 0;                                                                              \
    for (SCALAR x : out)                                                                           \
        total += static_cast<double>(x);                                                           \
    return total;

#if defined(__x86_64__)
#define ROOFSCOPE_MUL_ADD_PD(a, b, c) _mm_add_pd(_mm_mul_pd(a, b), c)
#define ROOFSCOPE_MUL_ADD_PS(a, b, c) _mm_add_ps(_mm_mul_ps(a, b), c)

__attribute__((target("avx512f"))) double avx512F64(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsAvx512, __m512d, double, _mm512_set1_pd, _mm512_fmadd_pd,
                         _mm512_store_pd)
}

__attribute__((target("avx512f"))) double avx512F32(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsAvx512, __m512, float, _mm512_set1_ps, _mm512_fmadd_ps,
                         _mm512_store_ps)
}

__attribute__((target("avx2,fma"))) double avx2F64(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsAvx2, __m256d, double, _mm256_set1_pd, _mm256_fmadd_pd,
                         _mm256_store_pd)
}

__attribute__((target("avx2,fma"))) double avx2F32(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsAvx2, __m256, float, _mm256_set1_ps, _mm256_fmadd_ps,
                         _mm256_store_ps)
}

double sse2F64(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsSse2, __m128d, double, _mm_set1_pd, ROOFSCOPE_MUL_ADD_PD,
                         _mm_store_pd)
}

double sse2F32(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsSse2, __m128, float, _mm_set1_ps, ROOFSCOPE_MUL_ADD_PS,
                         _mm_store_ps)
}
#endif

#if defined(__aarch64__)
// vfmaq(c, a, b) is c + a * b.
#define ROOFSCOPE_NEON_FMA_F64(a, b, c) vfmaq_f64(c, a, b)
#define ROOFSCOPE_NEON_FMA_F32(a, b, c) vfmaq_f32(c, a, b)

double neonF64(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsNeon, float64x2_t, double, vdupq_n_f64, ROOFSCOPE_NEON_FMA_F64,
                         vst1q_f64)
}

double neonF32(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsNeon, float32x4_t, float, vdupq_n_f32, ROOFSCOPE_NEON_FMA_F32,
                         vst1q_f32)
}
#endif

// Other architectures: plain arithmetic, which the compiler may vectorise or contract as it likes.
template <class T> T mulAdd(T a, T b, T c) {
    return a * b + c;
}
template <class T> void storeScalar(T* out, T v) {
    *out = v;
}
template <class T> T setScalar(T v) {
    return v;
}

template <class T> double scalarChains(std::uint64_t iterations) {
    ROOFSCOPE_FMA_CHAINS(kChainsScalar, T, T, setScalar<T>, mulAdd<T>, storeScalar<T>)
}

#undef ROOFSCOPE_FMA_CHAINS

} // namespace

FmaShape fmaShape(SimdIsa isa, bool fp64) {
    const int lanes = simdBytes(isa) / (fp64 ? 8 : 4);
    switch (isa) {
    case SimdIsa::avx512:
        return {lanes, kChainsAvx512};
    case SimdIsa::avx2:
        return {lanes, kChainsAvx2};
    case SimdIsa::sse2:
        return {lanes, kChainsSse2};
    case SimdIsa::neon:
        return {lanes, kChainsNeon};
    case SimdIsa::scalar:
        break;
    }
    return {1, kChainsScalar};
}

double fmaChainsF64(SimdIsa isa, std::uint64_t iterations) {
#if defined(__x86_64__)
    if (isa == SimdIsa::avx512)
        return avx512F64(iterations);
    if (isa == SimdIsa::avx2)
        return avx2F64(iterations);
    if (isa == SimdIsa::sse2)
        return sse2F64(iterations);
#elif defined(__aarch64__)
    if (isa == SimdIsa::neon)
        return neonF64(iterations);
#endif
    return scalarChains<double>(iterations);
}

double fmaChainsF32(SimdIsa isa, std::uint64_t iterations) {
#if defined(__x86_64__)
    if (isa == SimdIsa::avx512)
        return avx512F32(iterations);
    if (isa == SimdIsa::avx2)
        return avx2F32(iterations);
    if (isa == SimdIsa::sse2)
        return sse2F32(iterations);
#elif defined(__aarch64__)
    if (isa == SimdIsa::neon)
        return neonF32(iterations);
#endif
    return scalarChains<float>(iterations);
}

double fmaExpectedSum(SimdIsa isa, bool fp64, std::uint64_t iterations) {
    const FmaShape shape = fmaShape(isa, fp64);
    const double decay = std::pow(0.75, static_cast<double>(iterations));
    double perLane = 0;
    for (int j = 0; j < shape.chains; ++j)
        perLane += 1.0 + (1.0 + j) * decay;
    return perLane * shape.lanes;
}

} // namespace roofscope::probe
