#include "gpu/probe/benchmark.h"

#include <algorithm>

namespace roofscope::probe {

Stats summarize(std::vector<double> values) {
    Stats s;
    if (values.empty())
        return s;
    std::sort(values.begin(), values.end());
    const std::size_t n = values.size();
    s.samples = static_cast<int>(n);
    s.min = values.front();
    s.max = values.back();
    s.median = n % 2 ? values[n / 2] : 0.5 * (values[n / 2 - 1] + values[n / 2]);
    return s;
}

} // namespace roofscope::probe
