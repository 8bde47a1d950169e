#include "core/import/parse_isa.h"

#include "core/import/kineto/kineto_batch_parser_isa.h"

#include <simdjson.h>

#include <atomic>
#include <cstdlib>

namespace roofscope {

namespace {

// -1: not forced; otherwise the ParseIsa forced by a test.
std::atomic<int> forced{-1};

ParseIsa automaticIsa() {
    if (const char* wanted = std::getenv("ROOFSCOPE_ISA")) {
        const std::string_view w(wanted);
        if (w == parseIsaName(ParseIsa::baseline))
            return ParseIsa::baseline;
    }
    return parseIsaAvailable(ParseIsa::avx2) ? ParseIsa::avx2 : ParseIsa::baseline;
}

} // namespace

std::string_view parseIsaName(ParseIsa isa) {
    switch (isa) {
    case ParseIsa::baseline:
        return "baseline";
    case ParseIsa::avx2:
        return "avx2";
    }
    return "baseline";
}

bool parseIsaAvailable(ParseIsa isa) {
    switch (isa) {
    case ParseIsa::baseline:
        return true;
    case ParseIsa::avx2: {
#if ROOFSCOPE_PARSER_AVX2
        // simdjson's own test of what its haswell kernel needs (CPUID and the OS saving the YMM
        // registers), so the two never disagree.
        static const bool runs = [] {
            const auto* haswell = simdjson::get_available_implementations()["haswell"];
            return haswell && haswell->supported_by_runtime_system();
        }();
        return runs;
#else
        return false;
#endif
    }
    }
    return false;
}

ParseIsa activeParseIsa() {
    const int f = forced.load(std::memory_order_relaxed);
    if (f >= 0)
        return static_cast<ParseIsa>(f);
    static const ParseIsa chosen = automaticIsa();
    return chosen;
}

bool overrideParseIsa(std::optional<ParseIsa> isa) {
    if (isa && !parseIsaAvailable(*isa))
        return false;
    forced.store(isa ? static_cast<int>(*isa) : -1, std::memory_order_relaxed);
    return true;
}

} // namespace roofscope
