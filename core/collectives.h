#pragma once
// Collective bandwidth as nccl-tests defines it (doc/PERFORMANCE.md of NVIDIA/nccl-tests):
// algbw = S / t with S the per-rank message size in bytes (for all_gather and reduce_scatter the
// full, gathered buffer), busbw = algbw x factor(n), which makes busbw comparable with the
// hardware link bandwidth whatever the rank count. G = 1e9.

#include "core/enums.h"
#include "core/error.h"

#include <optional>

namespace roofscope {

// 2(n-1)/n for all_reduce; (n-1)/n for reduce_scatter, all_gather and all_to_all; 1 for
// broadcast, reduce and send_recv. Errors when ranks < 1.
Result<double> busBandwidthFactor(Collective collective, int ranks);

struct CollectiveBandwidth {
    double algBytesPerS = 0;
    double busBytesPerS = 0;
    // busbw above the link's peak is legal (in-switch reduction such as NVLink SHARP), so it is
    // flagged, never clamped.
    bool aboveLinkPeak = false;
};

// Errors when bytes is negative or not finite, time is not positive, or ranks < 1.
Result<CollectiveBandwidth> collectiveBandwidth(Collective collective, int ranks, double bytes,
                                                double timeS,
                                                std::optional<double> linkPeakBytesPerS = {});

} // namespace roofscope
