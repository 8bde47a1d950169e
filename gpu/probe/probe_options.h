#pragma once
// roofscope-probe's command line.

#include "core/error.h"
#include "gpu/probe/benchmark.h"

#include <string>
#include <vector>

namespace roofscope::probe {

struct ProbeOptions {
    bool cpu = false;              // --cpu: probe the CPU
    bool gpuRequested = false;     // --gpu given: a missing GPU is then exit status 3
    bool allGpus = false;          // --gpu all
    std::vector<int> gpus;         // --gpu N[,N...]
    std::vector<std::string> only; // --only k1,k2: run just these benchmark keys
    std::vector<std::string> skip; // --skip k1,k2
    Size size = Size::normal;      // --quick / --thorough
    double timeLimitS = 0;         // --time-limit S: the whole run; 0 means none
    std::string output;            // -o FILE: the ceilings file; empty: none written
    bool list = false;             // --list: print the plan (a hello event) and exit
    bool help = false;
    bool version = false;

    // Neither --cpu nor --gpu: the CPU and every GPU the driver sees.
    bool wantsCpu() const { return cpu || !gpuRequested; }
};

// Parses the arguments after the program name. Errors say which argument is wrong.
Result<ProbeOptions> parseProbeOptions(const std::vector<std::string>& args);

// The usage text for --help and usage errors.
std::string probeUsage();

// Whether a benchmark key passes --only and --skip.
bool selected(const ProbeOptions& options, const std::string& key);

} // namespace roofscope::probe
