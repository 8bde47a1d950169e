#include "core/collectives.h"

#include <cmath>
#include <string>

namespace roofscope {

Result<double> busBandwidthFactor(Collective collective, int ranks) {
    if (ranks < 1)
        return makeError("a collective needs at least one rank, got " + std::to_string(ranks));
    const double n = ranks;
    switch (collective) {
    case Collective::all_reduce:
        return 2.0 * (n - 1.0) / n;
    case Collective::reduce_scatter:
    case Collective::all_gather:
    case Collective::all_to_all:
        return (n - 1.0) / n;
    case Collective::broadcast:
    case Collective::reduce:
    case Collective::send_recv:
        return 1.0;
    }
    return makeError("unknown collective");
}

Result<CollectiveBandwidth> collectiveBandwidth(Collective collective, int ranks, double bytes,
                                                double timeS,
                                                std::optional<double> linkPeakBytesPerS) {
    ROOFSCOPE_TRY(factor, busBandwidthFactor(collective, ranks));
    if (!std::isfinite(bytes) || bytes < 0)
        return makeError("collective size must be a finite non-negative number of bytes");
    if (!std::isfinite(timeS) || timeS <= 0)
        return makeError("collective time must be positive");
    CollectiveBandwidth bw;
    bw.algBytesPerS = bytes / timeS;
    bw.busBytesPerS = bw.algBytesPerS * factor.value();
    if (linkPeakBytesPerS && *linkPeakBytesPerS > 0)
        bw.aboveLinkPeak = bw.busBytesPerS > *linkPeakBytesPerS;
    return bw;
}

} // namespace roofscope
