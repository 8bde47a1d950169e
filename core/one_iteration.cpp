#include "core/one_iteration.h"

namespace roofscope {
namespace {

void scale(Measure& m, double factor) {
    if (m.known())
        m.value *= factor;
}

} // namespace

Dataset oneIteration(const Dataset& dataset) {
    Dataset out = dataset;
    const int n = dataset.iterations();
    out.steps.clear(); // it holds one iteration now: iterations() is 1
    if (n <= 1)
        return out;
    const double factor = 1.0 / static_cast<double>(n);
    for (OpRecord& r : out.records) {
        if (r.outsideSteps)
            continue;
        scale(r.timeS, factor);
        scale(r.flops, factor);
        for (auto& [level, bytes] : r.bytes)
            scale(bytes, factor);
        for (auto& [link, bytes] : r.commBytes)
            scale(bytes, factor);
    }
    return out;
}

} // namespace roofscope
