#pragma once
// What `roofscope info` says about a Kineto trace: where it came from, what it holds and what
// the analysis can make of it, in a few lines.

#include "core/error.h"

#include <string>

namespace roofscope {

// Loads the trace (streaming, any size) and describes it. Errors as loadKinetoTrace.
Result<std::string> describeKinetoTrace(const std::string& path);

} // namespace roofscope
