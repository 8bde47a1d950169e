#include "core/estimate/attention_scores.h"

#include <algorithm>

namespace roofscope::estimate {

double causalScoreEntries(double sq, double sk, bool bottomRight) {
    const double offset = bottomRight ? sk - sq : 0;
    // t = i + offset + 1 runs over [lo, hi]; entries with t <= 0 count 0, t >= s_k count s_k.
    const double lo = offset + 1, hi = offset + sq;
    const auto sumRange = [](double a, double b) {
        return a > b ? 0.0 : (a + b) * (b - a + 1) / 2;
    };
    const double rising = sumRange(std::max(lo, 1.0), std::min(hi, sk));
    const double full = std::max(0.0, hi - std::max(lo, sk + 1) + 1);
    return rising + full * sk;
}

} // namespace roofscope::estimate
