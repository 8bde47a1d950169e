#pragma once
// The probe's progress stream: roofscope-probe writes one JSON object per line on stdout
// (schema "roofscope.probe-events/1", docs/file-formats.md); the GUI and `roofscope probe` read
// it. Both sides use these functions, so the stream has one definition.

#include "core/ceilings.h"
#include "core/error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace roofscope {

inline constexpr std::string_view kProbeEventsSchema = "roofscope.probe-events/1";

enum class ProbeEventType {
    hello,       // first line: tool, schema, the planned benchmarks
    started,     // a benchmark began
    progress,    // a benchmark's fraction done
    result,      // a measured ceiling
    observation, // a measured value that is not a ceiling (a sweep point)
    warning,     // something the user should know; the run goes on
    failed,      // a benchmark failed; the run goes on with the next
    skipped,     // a benchmark was not run (not supported, not selected, time limit)
    done         // last line: how the run ended and where the ceilings file is
};

// How a run ended.
enum class ProbeRunStatus {
    ok,        // every planned benchmark gave its result
    partial,   // some failed, were skipped for time or could not run; the file holds the rest
    cancelled, // stopped by the user (SIGINT/SIGTERM); the file holds what was measured
    failed     // nothing could be measured, or the file could not be written
};

struct PlannedBenchmark {
    std::string key;    // e.g. "cpu_triad"
    std::string title;  // e.g. "Memory bandwidth (triad working-set sweep)"
    std::string target; // "cpu", "gpu0", "gpu0+gpu1", "cluster"

    bool operator==(const PlannedBenchmark&) const = default;
};

// A device the run measures, as hello lists it: "gpu0" is "NVIDIA H200".
struct ProbeTarget {
    std::string target; // "cpu", "gpu0", ...
    std::string name;   // the device's name as the driver or /proc/cpuinfo reports it

    bool operator==(const ProbeTarget&) const = default;
};

struct ProbeEvent {
    ProbeEventType type = ProbeEventType::warning;
    std::string benchmark; // key; empty on hello and done, optional on warning
    std::string target;    // as in PlannedBenchmark; empty on hello and done
    std::string message;   // hello: the tool and version; warning, failed, skipped: the reason
    // hello
    std::vector<PlannedBenchmark> plan;
    std::vector<ProbeTarget> targets;
    // started
    std::string title;
    int index = 0; // 0-based position in the plan
    int count = 0; // benchmarks in the plan
    // progress, in [0, 1]
    double fraction = 0;
    // result: which ceiling, its value (FLOP/s or B/s) and provenance
    std::variant<std::monostate, ComputeKey, MemoryLevel, Link> what;
    Ceiling ceiling;
    // observation
    std::string label;
    double value = 0;
    std::string unit;
    double workingSetBytes = 0;
    // done
    ProbeRunStatus status = ProbeRunStatus::ok;
    std::string output;  // path of the ceilings file written; empty when none
    double elapsedS = 0; // started: 0; done: the whole run; failed/result: the benchmark's

    bool operator==(const ProbeEvent&) const = default;
};

// One line of the stream, without its newline.
std::string toJsonLine(const ProbeEvent& event);

// Parses one line. Errors name `source` (e.g. "roofscope-probe stdout"), the line number and
// what is wrong: not JSON, not an object, an unknown event, a missing or mistyped field.
Result<ProbeEvent> parseProbeEvent(std::string_view line, std::int64_t lineNumber,
                                   const std::string& source);

std::string_view toString(ProbeEventType type);
std::string_view toString(ProbeRunStatus status);

} // namespace roofscope
