#pragma once
// Which instruction set the trace parsers run. simdjson's On-Demand API is compiled for one kernel
// (the one the compiler flags allow), and this project is built for baseline x86-64, so the parse
// of event fields is compiled twice (kineto_batch_parser_{baseline,avx2}.cpp) and the choice is
// made here, once, at run time, as simdjson does for its own stage 1.

#include <optional>
#include <string_view>

namespace roofscope {

enum class ParseIsa {
    baseline, // portable code: simdjson's fallback kernel, SSE2 for the structure scanner
    avx2,     // simdjson's haswell kernel (AVX2, BMI1, PCLMULQDQ, LZCNT) and AVX2 scanning
};

// "baseline" or "avx2".
std::string_view parseIsaName(ParseIsa isa);

// Whether this build has the path and this CPU can run it (baseline always can).
bool parseIsaAvailable(ParseIsa isa);

// The instruction set every trace parse uses: avx2 when available, unless the environment
// variable ROOFSCOPE_ISA is "baseline" (for a check of the portable path on any machine). A value
// that is not an available instruction set is ignored. Decided on the first call, unless
// overridden.
ParseIsa activeParseIsa();

// For tests that run the same input under each path: forces `isa` when it is available (returns
// false and changes nothing otherwise); nullopt returns to the choice above.
bool overrideParseIsa(std::optional<ParseIsa> isa);

} // namespace roofscope
