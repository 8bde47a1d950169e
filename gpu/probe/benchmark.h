#pragma once
// What every probe benchmark is: a stable snake_case key, and a function that measures and
// returns ceilings (or an Error naming the call that failed). CPU and CUDA benchmarks implement
// this; probe_run.cpp runs them, streams their progress and assembles the ceilings file.

#include "core/ceilings.h"
#include "core/error.h"

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace roofscope::probe {

// How long to measure: --quick (seconds, for tests and a first look), the default, or
// --thorough (more sizes and samples, for a report).
enum class Size { quick, normal, thorough };

// Order statistics of the timed samples of one measurement, in the measurement's unit.
struct Stats {
    double median = 0;
    double min = 0;
    double max = 0;
    int samples = 0;

    // (max - min) / median: how much the samples disagree; 0 for one sample.
    double spread() const { return median > 0 ? (max - min) / median : 0; }
};
// The statistics of `values` (any order). Empty input gives all zeros.
Stats summarize(std::vector<double> values);

// The state of the device right after a benchmark's timed samples, as its driver reports it: what
// can make a measured ceiling fall short of the datasheet without the benchmark being wrong.
// A field is nullopt when the driver does not say (no NVML, a CPU, a query it refused).
struct RunConditions {
    std::optional<double> smClockMHz;         // current SM clock
    std::optional<double> maxSmClockMHz;      // the highest SM clock the device allows
    std::optional<double> powerW;             // board power draw
    std::optional<double> powerLimitW;        // the enforced power limit
    std::optional<double> temperatureC;       // GPU core temperature
    std::optional<std::uint64_t> clockLimits; // NVML clocks-event (throttle) reason bits
    std::optional<int> pcieGeneration, pcieMaxGeneration; // link now, and the most it supports
    std::optional<int> pcieWidth, pcieMaxWidth;           // lanes now, and the most it supports
};

// One ceiling a benchmark measured: a compute rate, a memory level's bandwidth or a link's.
struct Measured {
    std::variant<ComputeKey, MemoryLevel, Link> what;
    double value = 0;         // FLOP/s (compute) or B/s (memory, links): the median sample
    Stats stats;              // over the samples of the rate, same unit as value
    std::string method;       // how, for a reader: "triad a=b+s*c, 1 GiB, 2 threads, 20 samples"
    double clockMHz = 0;      // core clock read during the run; 0 when unknown
    std::string note;         // optional: caveats ("L3 not resolved: ...")
    RunConditions conditions; // read with clockMHz; empty where unknown
};

// A point that is not a ceiling but that a user wants to see: one size of a working-set sweep,
// a single-thread bandwidth. Streamed as a result and kept in the file's probe report.
struct Observation {
    std::string label;          // e.g. "triad 1 thread", "hbm copy"
    double value = 0;           // in `unit`
    std::string unit;           // "B/s" or "FLOP/s"
    double workingSetBytes = 0; // sweeps: the bytes touched per pass; 0 otherwise
};

struct Outcome {
    std::vector<Measured> ceilings;
    std::vector<Observation> observations;
    std::vector<std::string> warnings; // partial sweeps, a level that could not be resolved
};

// What the runner gives a benchmark. Benchmarks call progress() now and then, stop early and
// return what they have when cancelled() turns true or timeLimitS passes, and never exit().
struct Context {
    Size size = Size::normal;
    double timeLimitS = 0; // wall-clock budget for this benchmark; 0 means none
    std::function<void(double fraction)> progress = [](double) {}; // fraction in [0, 1]
    std::function<bool()> cancelled = [] { return false; };
};

struct Benchmark {
    std::string key;   // stable snake_case, e.g. "cpu_triad", "gpu_gemm_bf16"
    std::string title; // for people: "Memory bandwidth (triad working-set sweep)"
    std::function<Result<Outcome>(Context&)> run;
};

} // namespace roofscope::probe
