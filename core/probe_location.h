#pragma once
// Where roofscope-probe lives relative to the roofscope executable, one rule for the command
// line and the GUI: beside it, in the build tree, or in an installed tree's libexec.

#include <string>
#include <vector>

namespace roofscope {

// The paths tried, in order: $ROOFSCOPE_PROBE when set (and only it), else
// exeDir/roofscope-probe, exeDir/../gpu/roofscope-probe (build tree) and
// exeDir/../libexec/roofscope/roofscope-probe (installed).
std::vector<std::string> probeCandidates(const std::string& exeDir);

// The first candidate that is an executable regular file; empty when none is. `looked` (when
// given) receives every path tried, for the error message.
std::string findProbeExecutable(const std::string& exeDir, std::vector<std::string>* looked);

// The directory of the running executable (/proc/self/exe), empty when unknown.
std::string currentExecutableDir();

} // namespace roofscope
