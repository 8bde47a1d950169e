// Device-memory bandwidth: a ping-pong copy through L2 (contract in kernels.h).
#include "gpu/cuda/kernels.h"

namespace roofscope::probe::kernels {

namespace {

// 16-byte accesses that bypass L1 (.cg). The asm is volatile and clobbers memory so that the
// compiler keeps every access and its order: a pass's loads must follow the previous pass's
// stores to the same addresses, and no pass may be merged into another.
__device__ __forceinline__ uint4 loadL2(const uint4* p) {
    uint4 v;
    asm volatile("ld.global.cg.v4.u32 {%0,%1,%2,%3}, [%4];"
                 : "=r"(v.x), "=r"(v.y), "=r"(v.z), "=r"(v.w)
                 : "l"(p)
                 : "memory");
    return v;
}

__device__ __forceinline__ void storeL2(uint4* p, uint4 v) {
    asm volatile("st.global.cg.v4.u32 [%0], {%1,%2,%3,%4};" ::"l"(p), "r"(v.x), "r"(v.y), "r"(v.z),
                 "r"(v.w)
                 : "memory");
}

// Grid-stride, four independent loads in flight per thread before their stores, so that a
// resident grid keeps enough bytes in flight to cover HBM latency. Each index is only ever
// touched by one thread, so a pass needs no grid-wide barrier to see the previous pass's data.
__global__ void __launch_bounds__(kPingPongThreads)
    pingPong(uint4* a, uint4* b, std::size_t n, int passes) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    const std::size_t first = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x;
    for (int pass = 0; pass < passes; ++pass) {
        const uint4* src = (pass & 1) ? b : a;
        uint4* dst = (pass & 1) ? a : b;
        std::size_t i = first;
        for (; i + 3 * stride < n; i += 4 * stride) {
            const uint4 v0 = loadL2(src + i);
            const uint4 v1 = loadL2(src + i + stride);
            const uint4 v2 = loadL2(src + i + 2 * stride);
            const uint4 v3 = loadL2(src + i + 3 * stride);
            storeL2(dst + i, v0);
            storeL2(dst + i + stride, v1);
            storeL2(dst + i + 2 * stride, v2);
            storeL2(dst + i + 3 * stride, v3);
        }
        for (; i < n; i += stride)
            storeL2(dst + i, loadL2(src + i));
    }
}

} // namespace

cudaError_t launchPingPong(void* a, void* b, std::size_t vectors, int passes, int blocks,
                           cudaStream_t stream) {
    pingPong<<<blocks, kPingPongThreads, 0, stream>>>(static_cast<uint4*>(a),
                                                      static_cast<uint4*>(b), vectors, passes);
    return cudaGetLastError();
}

cudaError_t pingPongBlocksPerSm(int* blocks) {
    return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, pingPong, kPingPongThreads, 0);
}

} // namespace roofscope::probe::kernels
