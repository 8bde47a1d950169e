#pragma once
// The words the MD-Roofline chart shows besides its axes: phase names, and what hovering an op's
// or an aggregate's point says (its name, time against its bound, place in the plane).

#include "core/analysis/md_analysis.h"

#include <QString>

namespace roofscope::ui {

// "forward", ..., "gradient sync" for Phase::communication.
QString mdPhaseName(Phase phase);

// An op's point at (x, y) in `plane`:
//   gemm
//   run · rank 0 · forward            (the rank only when `ranks`: the dataset has several)
//   measured 20.0 ms · bound 10.0 ms, compute-bound
//   A = 1000 FLOP/B · 50.0 TFLOP/s
//   Grey: the C plane applies to it  (only where the plane's premise does not hold)
QString mdOpTip(MdPlane plane, const Dataset& dataset, const MdOpResult& op, double x, double y,
                bool ranks);

// An aggregate's point: its label ("iteration (rank 0)"), the ops summed, the times, the
// coordinates and, where grey, the plane that applies.
QString mdAggregateTip(MdPlane plane, const MdAggregate& aggregate, double x, double y);

} // namespace roofscope::ui
