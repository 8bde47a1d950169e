#pragma once
// The time-based roofline (Wang, Yang, Williams et al., "Time-Based Roofline for Deep Learning
// Performance Analysis", 2020): each op's time per launch against its work per launch, FLOPs in
// one plane and bytes in the other, with the device's ceilings drawn as the least time that work
// can take (t = F / APF, t = M / APM) and the run's shortest launch as a floor. Small kernels
// whose time is launch overhead sit on the floor, far above their roofs, and are said to be
// latency-bound (md_roofline.h) instead of memory-bound.

#include "core/analysis/view_table.h"
#include "core/session.h"

#include <string>
#include <vector>

namespace roofscope {

// One op with a time, per launch: seconds, FLOP and bytes at the view's memory level (0 when
// absent), and the least time its work takes on its device.
struct TimePoint {
    int record = 0;      // index into the shown dataset's records
    double timeS = 0;    // measured time / count
    double flops = 0;    // FLOPs / count; 0 when absent
    double bytes = 0;    // bytes at the view's level / count; 0 when absent
    double computeS = 0; // flops / APF of the op's precision and unit; 0 without either
    double memoryS = 0;  // bytes / APM; 0 without either
    double boundS = 0;   // max(computeS, memoryS)
    Bottleneck bottleneck = Bottleneck::none; // mdBoundFor's, latency included
};

// A ceiling drawn as a time line: t = work / value.
struct TimeRoof {
    std::string label; // "bf16 tensor 989 TFLOP/s", "dram 3.35 TB/s"
    double value = 0;  // FLOP/s (flops plane) or B/s (bytes plane)
    bool flops = true; // which plane it belongs to
};

struct TimeBasedPlot {
    int dataset = -1;
    std::string device; // its name; "" when the dataset's device is not in the session
    std::vector<TimePoint> points;
    std::vector<TimeRoof> roofs;
    double floorS = 0; // the shortest launch among the points: what a launch costs at least
    // Records left out, by reason ("no measured time", "no FLOPs or bytes: ..."), with counts.
    std::vector<std::pair<std::string, int>> leftOut;
    int latencyBound = 0;
    double latencyBoundS = 0; // their summed time, seconds
    double timedS = 0;        // every drawn op's summed time, seconds
};

// The time-based roofline of shownDataset(session) at view.memoryLevel; an empty plot (dataset
// -1) when every dataset is hidden.
TimeBasedPlot timeBasedPlot(const Session& session);

// "roofscope.time_based/1": one row per drawn op (name = recordLabel), largest time first:
// category, count, time per launch, FLOPs and bytes per launch, the compute and memory times,
// the bound, time / bound and the bottleneck; notes name the device, the floor, the ops left out
// and why, and the latency-bound ops' share of the time.
ViewTable timeBasedTable(const Session& session);

} // namespace roofscope
