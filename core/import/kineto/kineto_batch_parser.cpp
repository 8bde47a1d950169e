#include "core/import/kineto/kineto_batch_parser.h"

#include "core/import/kineto/kineto_batch_parser_isa.h"
#include "core/import/parse_isa.h"

namespace roofscope::detail {

namespace {

std::unique_ptr<IsaBatchParser> makeFor(ParseIsa isa, TraceEvents& out, std::string fileName) {
#if ROOFSCOPE_PARSER_AVX2
    if (isa == ParseIsa::avx2)
        return avx2::makeBatchParser(out, std::move(fileName));
#else
    (void)isa;
#endif
    return baseline::makeBatchParser(out, std::move(fileName));
}

} // namespace

KinetoBatchParser::KinetoBatchParser(TraceEvents& out, std::string fileName)
    : impl_(makeFor(activeParseIsa(), out, std::move(fileName))) {}

KinetoBatchParser::~KinetoBatchParser() = default;

Status KinetoBatchParser::parse(const char* data, std::size_t length, std::size_t capacity,
                                std::uint64_t streamOffset, bool wholeArray) {
    return impl_->parse(data, length, capacity, streamOffset, wholeArray);
}

void KinetoBatchParser::finish() {
    impl_->finish();
}

const SkipCounts& KinetoBatchParser::skips() const {
    return impl_->skips();
}

void KinetoBatchParser::retarget(TraceEvents& out) {
    impl_->retarget(out);
}

} // namespace roofscope::detail
