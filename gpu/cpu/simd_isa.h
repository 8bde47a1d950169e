#pragma once
// Which vector instruction set the CPU kernels use, detected once at run time, so that one binary
// runs on any x86-64 (SSE2 baseline) and on aarch64 (NEON baseline) and still uses the widest
// unit the machine has.

#include <string>

namespace roofscope::probe {

enum class SimdIsa { scalar, sse2, avx2, avx512, neon };

// The widest ISA this CPU and its OS support among those the kernels are written for: avx512
// needs AVX-512F, avx2 needs AVX2 and FMA. Respects ROOFSCOPE_CPU_SIMD (a name below) when it
// names one the CPU supports, so that a narrower path can be measured on a wide machine.
SimdIsa detectSimd();

// Whether this CPU (and OS) can run the kernels of `isa`; scalar always can.
bool simdSupported(SimdIsa isa);

// "avx512", "avx2", "sse2", "neon" or "scalar": the DeviceIdentity::simd spelling.
std::string simdName(SimdIsa isa);

// Width of one vector register in bytes: 64, 32, 16, 16, 8.
int simdBytes(SimdIsa isa);

// Whether the ISA has a fused multiply-add (one rounding, two FLOPs per lane per instruction).
bool simdHasFma(SimdIsa isa);

} // namespace roofscope::probe
