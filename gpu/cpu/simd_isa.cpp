#include "gpu/cpu/simd_isa.h"

#include <cstdlib>
#include <string_view>

namespace roofscope::probe {

bool simdSupported(SimdIsa isa) {
#if defined(__x86_64__)
    // __builtin_cpu_supports also checks that the OS saves the wide registers (XCR0).
    switch (isa) {
    case SimdIsa::avx512:
        return __builtin_cpu_supports("avx512f");
    case SimdIsa::avx2:
        return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
    case SimdIsa::sse2:
    case SimdIsa::scalar:
        return true;
    case SimdIsa::neon:
        return false;
    }
    return false;
#elif defined(__aarch64__)
    return isa == SimdIsa::neon || isa == SimdIsa::scalar;
#else
    return isa == SimdIsa::scalar;
#endif
}

namespace {

SimdIsa widest() {
    for (SimdIsa isa : {SimdIsa::avx512, SimdIsa::avx2, SimdIsa::neon, SimdIsa::sse2})
        if (simdSupported(isa))
            return isa;
    return SimdIsa::scalar;
}

} // namespace

SimdIsa detectSimd() {
    static const SimdIsa isa = [] {
        if (const char* wanted = std::getenv("ROOFSCOPE_CPU_SIMD")) {
            for (SimdIsa candidate :
                 {SimdIsa::avx512, SimdIsa::avx2, SimdIsa::sse2, SimdIsa::neon, SimdIsa::scalar})
                if (simdName(candidate) == std::string_view(wanted) && simdSupported(candidate))
                    return candidate;
        }
        return widest();
    }();
    return isa;
}

std::string simdName(SimdIsa isa) {
    switch (isa) {
    case SimdIsa::avx512:
        return "avx512";
    case SimdIsa::avx2:
        return "avx2";
    case SimdIsa::sse2:
        return "sse2";
    case SimdIsa::neon:
        return "neon";
    case SimdIsa::scalar:
        break;
    }
    return "scalar";
}

int simdBytes(SimdIsa isa) {
    switch (isa) {
    case SimdIsa::avx512:
        return 64;
    case SimdIsa::avx2:
        return 32;
    case SimdIsa::sse2:
    case SimdIsa::neon:
        return 16;
    case SimdIsa::scalar:
        break;
    }
    return 8;
}

bool simdHasFma(SimdIsa isa) {
    return isa == SimdIsa::avx512 || isa == SimdIsa::avx2 || isa == SimdIsa::neon;
}

} // namespace roofscope::probe
