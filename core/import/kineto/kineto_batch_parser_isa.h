#pragma once
// Internal to the trace reader: the batch parser as compiled for one instruction set. The same
// source (kineto_batch_parser_body.h) is compiled once per path, each in a namespace of its own
// (detail::baseline, detail::avx2) so that no function of one path can stand in for the other's
// at link time; kineto_batch_parser.cpp picks one by activeParseIsa().

#include "core/error.h"
#include "core/import/kineto/kineto_event_store.h"
#include "core/import/kineto/kineto_events.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

// ROOFSCOPE_PARSER_AVX2: core/CMakeLists.txt builds the AVX2 path (x86-64, GCC or Clang) and says
// so; elsewhere only the baseline path exists.
#ifndef ROOFSCOPE_PARSER_AVX2
#define ROOFSCOPE_PARSER_AVX2 0
#endif

namespace roofscope::detail {

// See KinetoBatchParser for what parse and finish promise.
class IsaBatchParser {
  public:
    virtual ~IsaBatchParser() = default;
    virtual Status parse(const char* data, std::size_t length, std::size_t capacity,
                         std::uint64_t streamOffset, bool wholeArray) = 0;
    virtual void finish() = 0;
    virtual const SkipCounts& skips() const = 0;
    virtual void retarget(TraceEvents& out) = 0;
};

namespace baseline {
std::unique_ptr<IsaBatchParser> makeBatchParser(TraceEvents& out, std::string fileName);
}
#if ROOFSCOPE_PARSER_AVX2
namespace avx2 {
std::unique_ptr<IsaBatchParser> makeBatchParser(TraceEvents& out, std::string fileName);
}
#endif

} // namespace roofscope::detail
