// Deterministic data for the benchmarks: a word pattern that copies are verified against, and
// hash-random matrices for the GEMMs (never zeros; see kernels.h).
#include "gpu/cuda/kernels.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_fp8.h>

namespace roofscope::probe::kernels {

namespace {

constexpr int kThreads = 256;

int gridFor(std::size_t count) {
    const std::size_t blocks = (count + kThreads - 1) / kThreads;
    return static_cast<int>(blocks < 65535 * 16 ? (blocks ? blocks : 1) : 65535 * 16);
}

__global__ void fillPatternKernel(std::uint32_t* words, std::size_t count, std::uint32_t seed) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += stride)
        words[i] = patternWord(i, seed);
}

__global__ void fillFloatKernel(float* data, std::size_t count, float value) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += stride)
        data[i] = value;
}

// A 32-bit mix (lowbias32) of the index and seed: good enough that neighbouring elements look
// independent, which is all a power-realistic GEMM input needs.
__device__ std::uint32_t mix(std::uint64_t index, std::uint32_t seed) {
    std::uint32_t x = static_cast<std::uint32_t>(index) ^
                      static_cast<std::uint32_t>(index >> 32) * 0x85ebca6bu ^ seed * 0x9e3779b9u;
    x ^= x >> 16;
    x *= 0x7feb352du;
    x ^= x >> 15;
    x *= 0x846ca68bu;
    x ^= x >> 16;
    return x;
}

template <class T> __device__ T fromUnit(float u);
template <> __device__ float fromUnit<float>(float u) {
    return u;
}
template <> __device__ __half fromUnit<__half>(float u) {
    return __float2half_rn(u);
}
template <> __device__ __nv_bfloat16 fromUnit<__nv_bfloat16>(float u) {
    return __float2bfloat16_rn(u);
}
template <> __device__ __nv_fp8_e4m3 fromUnit<__nv_fp8_e4m3>(float u) {
    return __nv_fp8_e4m3(u);
}

template <class T>
__global__ void fillRandomKernel(T* data, std::size_t count, std::uint32_t seed) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += stride) {
        const float unit = static_cast<float>(mix(i, seed) >> 8) * (1.0f / 8388608.0f) - 1.0f;
        data[i] = fromUnit<T>(unit);
    }
}

__global__ void fillRandomInt8Kernel(std::int8_t* data, std::size_t count, std::uint32_t seed) {
    const std::size_t stride = static_cast<std::size_t>(gridDim.x) * blockDim.x;
    for (std::size_t i = blockIdx.x * static_cast<std::size_t>(blockDim.x) + threadIdx.x; i < count;
         i += stride)
        data[i] = static_cast<std::int8_t>(static_cast<int>(mix(i, seed) % 255u) - 127);
}

} // namespace

cudaError_t fillPattern(std::uint32_t* words, std::size_t count, std::uint32_t seed,
                        cudaStream_t stream) {
    fillPatternKernel<<<gridFor(count), kThreads, 0, stream>>>(words, count, seed);
    return cudaGetLastError();
}

cudaError_t fillFloat(float* data, std::size_t count, float value, cudaStream_t stream) {
    fillFloatKernel<<<gridFor(count), kThreads, 0, stream>>>(data, count, value);
    return cudaGetLastError();
}

cudaError_t fillRandom(void* data, std::size_t count, Element element, std::uint32_t seed,
                       cudaStream_t stream) {
    const int grid = gridFor(count);
    switch (element) {
    case Element::f32:
        fillRandomKernel<<<grid, kThreads, 0, stream>>>(static_cast<float*>(data), count, seed);
        break;
    case Element::f16:
        fillRandomKernel<<<grid, kThreads, 0, stream>>>(static_cast<__half*>(data), count, seed);
        break;
    case Element::bf16:
        fillRandomKernel<<<grid, kThreads, 0, stream>>>(static_cast<__nv_bfloat16*>(data), count,
                                                        seed);
        break;
    case Element::e4m3:
        fillRandomKernel<<<grid, kThreads, 0, stream>>>(static_cast<__nv_fp8_e4m3*>(data), count,
                                                        seed);
        break;
    case Element::i8:
        fillRandomInt8Kernel<<<grid, kThreads, 0, stream>>>(static_cast<std::int8_t*>(data), count,
                                                            seed);
        break;
    }
    return cudaGetLastError();
}

} // namespace roofscope::probe::kernels
