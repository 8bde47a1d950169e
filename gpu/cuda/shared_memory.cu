// Shared-memory bandwidth: conflict-free 16-byte loads from a block's tile (contract in
// kernels.h).
#include "gpu/cuda/kernels.h"

namespace roofscope::probe::kernels {

namespace {

// Each period's loads start at (thread + 224 x period) mod kSharedTileVectors: a multiple of 32
// vectors further on each period, so the addresses change with the loop counter (the compiler
// cannot hoist the loads out of it) while a warp's 32 loads stay contiguous. With the tile
// doubled, base + 32 x r never wraps, and every load is one LDS.128 with an immediate offset.
__global__ void __launch_bounds__(kSharedThreads)
    sharedLoads(int periods, std::uint32_t* checksum) {
    __shared__ uint4 tile[2 * kSharedTileVectors];
    for (int v = threadIdx.x; v < 2 * kSharedTileVectors; v += blockDim.x) {
        const int w = 4 * (v % kSharedTileVectors);
        tile[v] = make_uint4(sharedTileWord(w), sharedTileWord(w + 1), sharedTileWord(w + 2),
                             sharedTileWord(w + 3));
    }
    __syncthreads();
    uint4 acc = make_uint4(0, 0, 0, 0);
    for (int p = 0; p < periods; ++p) {
        const uint4* base = tile + ((threadIdx.x + 224 * p) & (kSharedTileVectors - 1));
#pragma unroll
        for (int r = 0; r < kSharedLoadsPerPeriod; r += 2) {
            const uint4 v0 = base[32 * r];
            const uint4 v1 = base[32 * (r + 1)];
            acc.x += v0.x + v1.x;
            acc.y += v0.y + v1.y;
            acc.z += v0.z + v1.z;
            acc.w += v0.w + v1.w;
        }
    }
    atomicAdd(checksum, acc.x + acc.y + acc.z + acc.w);
}

} // namespace

cudaError_t launchSharedLoads(int blocks, int periods, std::uint32_t* checksum,
                              cudaStream_t stream) {
    sharedLoads<<<blocks, kSharedThreads, 0, stream>>>(periods, checksum);
    return cudaGetLastError();
}

cudaError_t sharedLoadsBlocksPerSm(int* blocks) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, sharedLoads, kSharedThreads, 0);
}

std::uint32_t sharedLoadsExpected(int blocks, int periods) {
    // A thread's 32 loads per period (kSharedLoadsPerPeriod must stay kSharedTileVectors / 32)
    // cover the tile vectors congruent to its lane mod 32, once each, whatever the period's offset:
    // its sum is periods x S(lane), S(lane) the sum of the words of those vectors. All arithmetic
    // mod 2^32, as on the device.
    std::uint32_t perBlock = 0;
    for (int thread = 0; thread < kSharedThreads; ++thread) {
        std::uint32_t lane = 0;
        for (int k = 0; k < kSharedTileVectors / 32; ++k) {
            const int vector = (thread % 32) + 32 * k;
            for (int word = 0; word < 4; ++word)
                lane += sharedTileWord(4 * vector + word);
        }
        perBlock += lane * static_cast<std::uint32_t>(periods);
    }
    return perBlock * static_cast<std::uint32_t>(blocks);
}

} // namespace roofscope::probe::kernels
