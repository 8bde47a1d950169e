// Vector-unit FMA throughput: many independent FMA chains per thread (contract in kernels.h).
#include "gpu/cuda/kernels.h"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

namespace roofscope::probe::kernels {

namespace {

__device__ inline double fmaStep(double x, double a, double b) {
    return fma(x, a, b);
}
__device__ inline float fmaStep(float x, float a, float b) {
    return fmaf(x, a, b);
}

// One kernel per type. `a` and `b` are kernel arguments (always -1 and 3) so that the compiler
// cannot fold the recurrence; every step is one FMA instruction (DFMA, FFMA, HFMA2).
template <class T>
__global__ void __launch_bounds__(kFmaThreads) fmaScalar(long long trips, T a, T b, double* out) {
    const long long thread = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
    T x[kFmaChains];
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        x[c] = static_cast<T>(fmaStart(thread, c, 0));
    for (long long t = 0; t < trips; ++t) {
#pragma unroll
        for (int u = 0; u < kFmaUnroll; ++u) {
#pragma unroll
            for (int c = 0; c < kFmaChains; ++c)
                x[c] = fmaStep(x[c], a, b);
        }
    }
    double sum = 0;
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        sum += x[c];
    out[thread] = sum;
}

// Packed two-wide FMA (HFMA2 on half2, HFMA2.BF16_V2 on bfloat162): 2 lanes per instruction.
// `a` and `b` arrive as kernel arguments of the packed type, not built in the kernel from floats:
// built in the kernel, ptxas packs both into one register and reads them with .H0_H0/.H1_H1
// swizzles, and then issues every HFMA2 on the FMA pipe alone, at half the rate. Passed whole,
// it sends about half of them to the MMA pipe (HFMA2.MMA) and reaches the datasheet's
// non-tensor rate: 131.4 against 66.9 TFLOP/s on an H200, with the same 8 chains.
template <class T2, class Ops>
__global__ void __launch_bounds__(kFmaThreads) fmaPacked(long long trips, T2 a, T2 b, double* out) {
    const long long thread = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
    T2 x[kFmaChains];
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        x[c] = Ops::make(static_cast<float>(fmaStart(thread, c, 0)),
                         static_cast<float>(fmaStart(thread, c, 1)));
    for (long long t = 0; t < trips; ++t) {
#pragma unroll
        for (int u = 0; u < kFmaUnroll; ++u) {
#pragma unroll
            for (int c = 0; c < kFmaChains; ++c)
                x[c] = __hfma2(x[c], a, b);
        }
    }
    double sum = 0;
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c) {
        const float2 f = Ops::toFloat2(x[c]);
        sum += static_cast<double>(f.x) + static_cast<double>(f.y);
    }
    out[thread] = sum;
}

struct HalfOps {
    __host__ __device__ static __half2 make(float lo, float hi) {
        return __floats2half2_rn(lo, hi);
    }
    __device__ static float2 toFloat2(__half2 x) { return __half22float2(x); }
};
struct BfloatOps {
    __host__ __device__ static __nv_bfloat162 make(float lo, float hi) {
        return __floats2bfloat162_rn(lo, hi);
    }
    __device__ static float2 toFloat2(__nv_bfloat162 x) { return __bfloat1622float2(x); }
};

} // namespace

cudaError_t launchFma(FmaType type, int blocks, long long trips, double* out, cudaStream_t stream) {
    switch (type) {
    case FmaType::f64:
        fmaScalar<double><<<blocks, kFmaThreads, 0, stream>>>(trips, -1.0, 3.0, out);
        break;
    case FmaType::f32:
        fmaScalar<float><<<blocks, kFmaThreads, 0, stream>>>(trips, -1.0f, 3.0f, out);
        break;
    case FmaType::f16x2:
        fmaPacked<__half2, HalfOps><<<blocks, kFmaThreads, 0, stream>>>(
            trips, HalfOps::make(-1.0f, -1.0f), HalfOps::make(3.0f, 3.0f), out);
        break;
    case FmaType::bf16x2:
        fmaPacked<__nv_bfloat162, BfloatOps><<<blocks, kFmaThreads, 0, stream>>>(
            trips, BfloatOps::make(-1.0f, -1.0f), BfloatOps::make(3.0f, 3.0f), out);
        break;
    }
    return cudaGetLastError();
}

cudaError_t fmaBlocksPerSm(FmaType type, int* blocks) {
    switch (type) {
    case FmaType::f64:
        return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fmaScalar<double>, kFmaThreads,
                                                             0);
    case FmaType::f32:
        return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fmaScalar<float>, kFmaThreads,
                                                             0);
    case FmaType::f16x2:
        return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fmaPacked<__half2, HalfOps>,
                                                             kFmaThreads, 0);
    case FmaType::bf16x2:
        return cudaOccupancyMaxActiveBlocksPerMultiprocessor(
            blocks, fmaPacked<__nv_bfloat162, BfloatOps>, kFmaThreads, 0);
    }
    return cudaErrorInvalidValue;
}

double fmaExpected(FmaType type, long long thread, long long trips) {
    // Each chain takes trips * kFmaUnroll steps of x -> 3 - x: back to its start when that count
    // is even, at 3 - start when odd. All values are multiples of 1/8 below 4, exact in fp16 and
    // bf16 (5 significant bits at most) and up.
    const bool odd = (trips * kFmaUnroll) % 2 != 0;
    const int lanes = fmaLanes(type);
    double sum = 0;
    for (int c = 0; c < kFmaChains; ++c)
        for (int lane = 0; lane < lanes; ++lane) {
            const double start = fmaStart(thread, c, lane);
            sum += odd ? 3.0 - start : start;
        }
    return sum;
}

} // namespace roofscope::probe::kernels
