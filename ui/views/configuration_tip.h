#pragma once
// What hovering a configuration (model × device × stack × world size) says in the matrix and
// cost views, and the scale costs per iteration read best at: a fraction of a cent per
// iteration is clearer per thousand or per million iterations.

#include "core/analysis/repeat_stats.h"

#include <QString>

namespace roofscope::ui {

// 1, 1e3 or 1e6: the factor that brings `cost` (per iteration) to a readable number.
double costScaleFor(double cost);
// "per iteration", "per 1,000 iterations" or "per million iterations" for costScaleFor's factors.
QString costPerText(double scale);

//   BERT
//   NVIDIA H100 SXM5 80GB · PyTorch 2.3.0, CUDA 12.4
//   52.0 ms ± 1.2 ms over 3 repeats
//   cost 57.8 per million iterations at 4 per device-hour
//   runs: h23-1, h23-2, h23-3
// Costs at `costScale` (costScaleFor of the cost when 0, as the matrix has no cost axis).
QString configurationTip(const Session& session, const Configuration& k, double costScale = 0);

} // namespace roofscope::ui
