#pragma once
// The tables of the comparison, matrix and cost views: what the explorer lists beside each chart
// and what exports write (view_table.h). Times in seconds, changes in percent, costs in the
// currency of Session::pricesPerHour.

#include "core/analysis/repeat_stats.h"
#include "core/analysis/view_table.h"
#include "core/session.h"

#include <string>

namespace roofscope {

// "roofscope.comparison/1": one row per op of run A against run B (resolveComparison,
// comparison.h), largest |delta| first; columns op, op_b (recordLabel: the framework op and a
// short kernel name), category, match ("op", "exact", "name", "work", "only_a", "only_b";
// "projected", "kept_measured" or "not_projected" when projecting), time_a, time_b, delta (s),
// change, impact (%), speedup (x = time A / time B), bottleneck_b (run B's record on B's device,
// or the op on the projection's target; "unknown" when it has none), projected ("yes" when time_b
// is a prediction, not a measurement), kernel and kernel_b (the records' full names). Notes
// say both runs, the iteration times in words and what was not matched or not timed. When the
// session cannot be compared the table has its columns, no rows and the reason as its one note.
ViewTable comparisonTable(const Session& session);

// "roofscope.matrix/1": one row per configuration (repeatStats): model, device, device_name,
// stack, world_size, repeats, mean, stddev, stderr (s), few_repeats ("yes" below 3 repeats),
// untimed (datasets without times) and datasets (their labels). Notes name the configurations
// with too few repeats.
ViewTable matrixTable(const Session& session);
// The same from statistics already made (repeatStats), for a chart that draws them.
ViewTable matrixTable(const Session& session, const RepeatStats& stats);

// "roofscope.cost/1": one row per configuration: model, device, device_name, stack, world_size,
// repeats, mean (s), price_per_hour, cost_per_iteration (empty without a price) and pareto
// ("yes" on the time-cost Pareto front). Notes name the front and the devices without a price.
ViewTable costTable(const Session& session);
ViewTable costTable(const Session& session, const RepeatStats& stats);

// "NVIDIA H100 SXM5 80GB · PyTorch 2.3.0, CUDA 12.4" (device name, or id when the session lacks
// the device; "× 8" after the device when several ran; "no stack" when the stack is unknown).
std::string configurationLabel(const Session& session, const Configuration& configuration);

// "−34 %" or "+12 %" (typographic minus, whole percent below 10 % shown with one decimal) for a
// ratio of -0.34 or 0.12; "n/a" for NaN.
std::string formatChange(double ratio);

} // namespace roofscope
