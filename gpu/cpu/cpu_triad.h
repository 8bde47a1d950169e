#pragma once
// cpu_triad: memory bandwidth per cache level and DRAM by a STREAM triad working-set sweep,
// all cores (the ceilings) and one thread (observations).

#include "gpu/probe/benchmark.h"

namespace roofscope::probe {

// Ceilings: MemoryLevel l1, l2, l3 (when present and measurable), dram, in B/s as STREAM counts
// triad bytes. Observations: every run of the sweep, single- and all-thread, with its working
// set. A level within 10 % of the next one down gets a warning and a note. Cancelled or out of
// time: the levels measured so far with a warning, or an Error when none was.
Result<Outcome> runCpuTriad(Context& context);

} // namespace roofscope::probe
