#pragma once
// `roofscope probe`: runs roofscope-probe as a child, shows its progress and prints the measured
// ceilings as a table.

#include "core/probe_events.h"

#include <iosfwd>
#include <string>
#include <vector>

namespace roofscope::app {

// What the child reported, in arrival order, with the names of its targets.
struct ProbeTranscript {
    std::vector<ProbeTarget> targets;
    std::vector<ProbeEvent> results;  // result events
    std::vector<ProbeEvent> problems; // warning, failed, skipped
    std::vector<std::string> garbage; // lines that were not events, with their number
    bool done = false;
    ProbeEvent doneEvent;
};

// One line per event worth a person's attention (a finished benchmark's ceilings, a failure).
void printProgress(std::ostream& out, const ProbeEvent& event);
// The ceilings per target as an aligned table, then the problems.
void printProbeTable(std::ostream& out, const ProbeTranscript& transcript);

} // namespace roofscope::app
