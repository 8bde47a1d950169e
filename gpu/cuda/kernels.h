#pragma once
// The probe's CUDA kernels, behind plain launch functions so that the host-side benchmark code is
// ordinary C++ and nvcc compiles only the small .cu files. Each launcher enqueues on `stream` and
// returns the launch's error (cudaGetLastError); none synchronises.

#include <cuda_runtime_api.h>

#include <cstddef>
#include <cstdint>

#ifdef __CUDACC__
#define ROOFSCOPE_HOST_DEVICE __host__ __device__
#else
#define ROOFSCOPE_HOST_DEVICE
#endif

namespace roofscope::probe::kernels {

// ---- fill_kernels.cu ------------------------------------------------------------------------

// 32-bit word `index` of the deterministic pattern that copy benchmarks write and verify: a
// multiplicative hash, so that every word differs from its neighbours and from zero-filled memory.
ROOFSCOPE_HOST_DEVICE inline std::uint32_t patternWord(std::uint64_t index, std::uint32_t seed) {
    const auto i = static_cast<std::uint32_t>(index ^ (index >> 32));
    return (i * 2654435761u) ^ (seed * 0x9e3779b9u) ^ 0x5bd1e995u;
}

// words[i] = patternWord(i, seed) for i < count.
cudaError_t fillPattern(std::uint32_t* words, std::size_t count, std::uint32_t seed,
                        cudaStream_t stream);

// data[i] = value for i < count: collective inputs whose sums are exact and known.
cudaError_t fillFloat(float* data, std::size_t count, float value, cudaStream_t stream);

enum class Element { f32, f16, bf16, e4m3, i8 };

// `count` elements of hash-random values: floating types uniform in [-1, 1) rounded to the type,
// i8 integers uniform in [-127, 127]. Random rather than constant or zero data, because tensor
// cores draw less power, and so clock higher, on zeros.
cudaError_t fillRandom(void* data, std::size_t count, Element element, std::uint32_t seed,
                       cudaStream_t stream);

// ---- fma_kernels.cu ---------------------------------------------------------------------------

enum class FmaType { f64, f32, f16x2, bf16x2 };

// Lanes per FMA instruction: 2 for the packed types (half2, bfloat162), 1 otherwise.
ROOFSCOPE_HOST_DEVICE inline constexpr int fmaLanes(FmaType type) {
    return type == FmaType::f16x2 || type == FmaType::bf16x2 ? 2 : 1;
}

inline constexpr int kFmaChains = 8; // independent dependency chains per thread
// FMAs per chain per loop trip: odd, so that the result's parity follows `trips` (see below), and
// large, so that loop overhead stays near 1% of the issued instructions.
inline constexpr int kFmaUnroll = 31;
inline constexpr int kFmaThreads = 256;

// Contract: each thread runs kFmaChains independent chains x <- fma(x, -1, 3) (packed types: on
// both halves of a half2 or bfloat162 at once, one HFMA2), `trips` x kFmaUnroll times each,
// starting from fmaStart(thread, chain, lane), and writes the sum of its final chain values (both
// lanes for packed types) to out[thread]. The
// recurrence alternates x and 3 - x, exactly in every precision, so the result is analytic
// (fmaExpected) while the operands still change every step; with an odd kFmaUnroll the result
// also tells an odd trip count from an even one. FMAs per thread: trips *
// kFmaUnroll * kFmaChains instructions, each fmaLanes(type) FMAs of 2 FLOP.
cudaError_t launchFma(FmaType type, int blocks, long long trips, double* out, cudaStream_t stream);

// Resident blocks of kFmaThreads per multiprocessor for the type's kernel.
cudaError_t fmaBlocksPerSm(FmaType type, int* blocks);

ROOFSCOPE_HOST_DEVICE inline double fmaStart(long long thread, int chain, int lane) {
    return 0.25 + 0.125 * static_cast<double>((thread + chain + 3 * lane) & 7);
}

// out[thread] after `trips` trips, computed on the host.
double fmaExpected(FmaType type, long long thread, long long trips);

// ---- memory_kernels.cu ------------------------------------------------------------------------

// Contract: `passes` passes over two buffers of `vectors` 16-byte vectors each, alternating
// direction (pass 0 copies a to b, pass 1 b to a, ...), every access 16 bytes wide, coalesced, and
// through L2 only (ld.global.cg / st.global.cg), so that a working set that fits in L2 measures
// L2 and not the multiprocessors' L1. Bytes moved per pass: 2 x vectors x 16 (read + written).
// After any number of passes both buffers hold a's original contents.
cudaError_t launchPingPong(void* a, void* b, std::size_t vectors, int passes, int blocks,
                           cudaStream_t stream);
inline constexpr int kPingPongThreads = 256;
cudaError_t pingPongBlocksPerSm(int* blocks);

// ---- shared_memory.cu -------------------------------------------------------------------------

inline constexpr int kSharedThreads = 256;
inline constexpr int kSharedTileVectors = 1024; // distinct 16-byte vectors in a block's tile
inline constexpr int kSharedLoadsPerPeriod = 32;

// Contract: each block fills a shared tile (2 x kSharedTileVectors 16-byte vectors, the second
// half a copy of the first so that no index wraps) with sharedTileWord(), then each thread makes
// `periods` x kSharedLoadsPerPeriod 16-byte loads from it, a warp's 32 loads contiguous (512
// bytes, no bank conflicts), and adds every loaded 32-bit word into its sum (mod 2^32). The sums
// of all threads are atomically added into *checksum (which the caller zeroes). Bytes loaded per
// launch: blocks x kSharedThreads x periods x kSharedLoadsPerPeriod x 16.
cudaError_t launchSharedLoads(int blocks, int periods, std::uint32_t* checksum,
                              cudaStream_t stream);
cudaError_t sharedLoadsBlocksPerSm(int* blocks);

ROOFSCOPE_HOST_DEVICE inline std::uint32_t sharedTileWord(int word) {
    return static_cast<std::uint32_t>(word) * 40503u + 17u;
}

// *checksum after one launch, computed on the host.
std::uint32_t sharedLoadsExpected(int blocks, int periods);

} // namespace roofscope::probe::kernels
