#include "core/import/xplane/hlo_window_taps.h"

#include <algorithm>
#include <numeric>

namespace roofscope {
namespace {

std::int64_t floorDiv(std::int64_t a, std::int64_t b) { // b > 0
    return a >= 0 ? a / b : -((-a + b - 1) / b);
}

std::int64_t ceilDiv(std::int64_t a, std::int64_t b) { // b > 0
    return -floorDiv(-a, b);
}

} // namespace

double validTaps(std::int64_t input, std::int64_t output, const HloWindowDim& w,
                 std::int64_t& budget) {
    constexpr std::int64_t kBig = std::int64_t(1) << 40, kStep = std::int64_t(1) << 20;
    if (input < 0 || output < 0 || w.size < 0 || input > kBig || output > kBig || w.size > kBig ||
        w.stride < 1 || w.stride > kStep || w.windowDilation < 1 || w.windowDilation > kStep ||
        w.baseDilation < 1 || w.baseDilation > kStep || w.paddingLow < -kBig || w.paddingLow > kBig)
        return -1;
    if (input == 0 || output == 0 || w.size == 0)
        return 0;
    const std::int64_t last = (input - 1) * w.baseDilation; // in the dilated input
    const std::int64_t period = w.baseDilation / std::gcd(w.stride, w.baseDilation);
    double n = 0;
    for (std::int64_t k = 0; k < w.size; ++k) {
        budget -= period;
        if (budget < 0)
            return -1;
        // p = o * stride + c must lie in [0, last] and be a multiple of the base dilation.
        const std::int64_t c = k * w.windowDilation - w.paddingLow;
        const std::int64_t lo = std::max<std::int64_t>(0, ceilDiv(-c, w.stride));
        const std::int64_t hi = std::min<std::int64_t>(output - 1, floorDiv(last - c, w.stride));
        if (lo > hi)
            continue;
        std::int64_t first = lo;
        while (first < lo + period && (first * w.stride + c) % w.baseDilation != 0)
            ++first;
        if (first < lo + period && first <= hi)
            n += double((hi - first) / period + 1);
    }
    return n;
}

} // namespace roofscope
