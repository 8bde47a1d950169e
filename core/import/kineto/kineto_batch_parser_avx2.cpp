// The batch parser compiled for AVX2 CPUs: core/CMakeLists.txt compiles this file alone with
// -mavx2 -mbmi -mpclmul -mlzcnt, so that simdjson.h builds its haswell On-Demand kernel.
// (GCC's target pragma would not do: simdjson's results hold std::pair, whose baseline code
// cannot inline the kernel's always-inline functions.)
//
// Inline functions and templates compiled here are AVX2 code, and one the linker keeps for the
// whole program would fail on an older CPU; the parser's own code is in namespace detail::avx2,
// and tests/packaging/isa_leak.py checks the built executables for AVX2 code anywhere else.

#include "core/import/kineto/kineto_batch_parser_isa.h"

#if ROOFSCOPE_PARSER_AVX2
#define ROOFSCOPE_PARSER_NS avx2
#include "core/import/kineto/kineto_batch_parser_body.h"
static_assert(std::is_same_v<simdjson::ondemand::parser, simdjson::haswell::ondemand::parser>,
              "the AVX2 path must get simdjson's haswell On-Demand kernel");
#endif
