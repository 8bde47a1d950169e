#pragma once
// cpu_fma_fp64 / cpu_fma_fp32: peak vector FLOP/s from independent FMA chains, one pinned
// thread per core (the ceiling) and one thread (an observation).

#include "gpu/probe/benchmark.h"

namespace roofscope::probe {

// Ceiling: ComputeKey{fp64 or fp32, vector} in FLOP/s (2 per lane per FMA). Each thread's result
// is checked against the closed form. Cancelled or out of time: what was measured with a warning,
// or an Error when nothing was.
Result<Outcome> runCpuFma(Context& context, bool fp64);

} // namespace roofscope::probe
