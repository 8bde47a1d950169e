// Vector-unit FMA throughput: many independent FMA chains per thread (contract in kernels.h).
#include "gpu/cuda/kernels.h"

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

// half2 has no scalar form: two lanes per HFMA2.
__global__ void __launch_bounds__(kFmaThreads)
    fmaF16x2(long long trips, float a, float b, double* out) {
    const long long thread = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x;
    const __half2 a2 = __float2half2_rn(a);
    const __half2 b2 = __float2half2_rn(b);
    __half2 x[kFmaChains];
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c)
        x[c] = __floats2half2_rn(static_cast<float>(fmaStart(thread, c, 0)),
                                 static_cast<float>(fmaStart(thread, c, 1)));
    for (long long t = 0; t < trips; ++t) {
#pragma unroll
        for (int u = 0; u < kFmaUnroll; ++u) {
#pragma unroll
            for (int c = 0; c < kFmaChains; ++c)
                x[c] = __hfma2(x[c], a2, b2);
        }
    }
    double sum = 0;
#pragma unroll
    for (int c = 0; c < kFmaChains; ++c) {
        const float2 f = __half22float2(x[c]);
        sum += static_cast<double>(f.x) + static_cast<double>(f.y);
    }
    out[thread] = sum;
}

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
        fmaF16x2<<<blocks, kFmaThreads, 0, stream>>>(trips, -1.0f, 3.0f, out);
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
        return cudaOccupancyMaxActiveBlocksPerMultiprocessor(blocks, fmaF16x2, kFmaThreads, 0);
    }
    return cudaErrorInvalidValue;
}

double fmaExpected(FmaType type, long long thread, long long trips) {
    // Each chain takes trips * kFmaUnroll steps of x -> 3 - x: back to its start when that count
    // is even, at 3 - start when odd. All values are multiples of 1/8 below 4, exact in fp16 and
    // up.
    const bool odd = (trips * kFmaUnroll) % 2 != 0;
    const int lanes = type == FmaType::f16x2 ? 2 : 1;
    double sum = 0;
    for (int c = 0; c < kFmaChains; ++c)
        for (int lane = 0; lane < lanes; ++lane) {
            const double start = fmaStart(thread, c, lane);
            sum += odd ? 3.0 - start : start;
        }
    return sum;
}

} // namespace roofscope::probe::kernels
