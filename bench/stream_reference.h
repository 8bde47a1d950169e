#pragma once
// A reference STREAM run (McCalpin's STREAM, written here from its published algorithm, not
// copied): the yardstick `roofscope-bench stream` holds cpu_triad against.

#include <cstddef>
#include <string>
#include <vector>

namespace roofscope::bench {

struct StreamKernelResult {
    double bestRate = 0;                          // B/s, STREAM's "Best Rate": bytes / minimum time
    double avgTime = 0, minTime = 0, maxTime = 0; // s, over the timed iterations but the first
};

struct StreamResult {
    std::size_t n = 0; // elements per array
    int threads = 0;
    StreamKernelResult copy, scale, add, triad;
    std::string error; // allocation or validation failure; empty when it ran fine
};

// Runs STREAM's ten iterations of copy, scale, add and triad over three arrays of `n` doubles
// (plus STREAM's OFFSET), one thread per entry of `cpus` pinned there, each loop split in static
// chunks as OpenMP's schedule(static) does, and validates the arrays against STREAM's analytic
// values. Counting is STREAM's: 16 B per element for copy and scale, 24 B for add and triad.
StreamResult runStreamReference(const std::vector<int>& cpus, std::size_t n);

} // namespace roofscope::bench
