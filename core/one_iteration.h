#pragma once
// The records of a dataset as one iteration, for the views that show absolute times (the
// iteration, phase bars, step bars, deltas, cost). A trace with several steps sums its records
// over them; the views show one step, the mean (DESIGN.md, "Step").

#include "core/dataset.h"

namespace roofscope {

// A copy of `dataset` whose records, except those outside every traced step, have their time,
// FLOPs, bytes and communicated bytes divided by dataset.iterations(); counts stay the launches
// over all steps. Records outside steps are copied unchanged, in place, so that record indices
// stay valid: analyses skip them (OpRecord::outsideSteps). The copy's steps are cleared, so that
// its iterations() is 1 and dividing again changes nothing.
Dataset oneIteration(const Dataset& dataset);

} // namespace roofscope
