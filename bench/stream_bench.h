#pragma once
// `roofscope-bench stream`: cpu_triad's DRAM bandwidth against a reference STREAM, side by side.

namespace roofscope::bench {

// Prints one line per round and the medians; returns 0 when the probe lands within 0.9-1.15x of
// the reference, 1 when it does not (after saying what each counted) or either run fails, 2 on a
// bad option.
int streamBench(int argc, char** argv);

} // namespace roofscope::bench
