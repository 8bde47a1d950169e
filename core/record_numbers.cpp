#include "core/record_numbers.h"

#include "core/md_roofline.h"
#include "core/roofline.h"

#include <cmath>
#include <limits>

namespace roofscope {

RecordNumbers recordNumbers(const OpRecord& r, const Device* device, MemoryLevel level, Link link) {
    constexpr double kAbsent = std::numeric_limits<double>::quiet_NaN();
    RecordNumbers n;
    const bool timed = r.timeS.known() && r.timeS.value > 0;
    n.timeS = r.timeS.known() ? r.timeS.value : kAbsent;
    n.flops = r.flops.known() ? r.flops.value : kAbsent;
    n.bytes = r.bytesAt(level).value_or(kAbsent);
    n.intensity = n.flopsPerS = n.fractionOfRoof = kAbsent;
    if (device) {
        // Without FLOPs there is no point; rooflinePoint would word an error for each launch of
        // a trace grouped by launch.
        if (r.flops.known())
            if (const auto p = rooflinePoint(r, device->ceilings, level)) {
                n.intensity = p.value().intensity;
                n.flopsPerS = p.value().achievedFlopsPerS;
                n.fractionOfRoof = p.value().fractionOfRoof;
            }
        MdOptions options;
        options.level = level;
        options.link = link;
        if (const auto bound = mdBoundFor(r, device->ceilings, options))
            n.bottleneck = bound.value().bottleneck;
    }
    // Without a device (or a ceiling) there is no roof, but the op's own numbers still stand.
    if (std::isnan(n.intensity) && r.flops.known() && !std::isnan(n.bytes))
        n.intensity = intensity(r.flops.value, n.bytes);
    if (std::isnan(n.flopsPerS) && r.flops.known() && timed)
        n.flopsPerS = r.flops.value / r.timeS.value;
    return n;
}

} // namespace roofscope
