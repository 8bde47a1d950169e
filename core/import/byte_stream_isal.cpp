// The ISA-L (igzip) inflater: the same contract as the zlib one, about 3x the speed on trace
// JSON, which is what lets .json.gz ingest keep up with the parser. Built only when CMake found
// ISA-L (ROOFSCOPE_HAVE_ISAL); otherwise the build says so and zlib does the work.
#include "core/import/byte_stream_internal.h"

#ifdef ROOFSCOPE_HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif

namespace roofscope::detail {

#ifdef ROOFSCOPE_HAVE_ISAL
namespace {

// zlib's words for the same faults, so that messages do not depend on the backend.
const char* describe(int rc) {
    switch (rc) {
    case ISAL_INVALID_BLOCK:
        return "invalid block type";
    case ISAL_INVALID_SYMBOL:
        return "invalid code";
    case ISAL_INVALID_LOOKBACK:
        return "invalid distance too far back";
    case ISAL_INVALID_WRAPPER:
        return "incorrect header check";
    case ISAL_UNSUPPORTED_METHOD:
        return "unknown compression method";
    case ISAL_INCORRECT_CHECKSUM:
        return "incorrect data check";
    case ISAL_NEED_DICT:
        return "a preset dictionary is required";
    default:
        return "invalid deflate data";
    }
}

class IsalInflater final : public Inflater {
  public:
    // The state holds two 32 KiB history buffers: on the heap, not on the caller's stack.
    IsalInflater() : state_(std::make_unique<inflate_state>()) { reset(); }

    void reset() override {
        isal_inflate_init(state_.get());
        // ISAL_GZIP: parse the header, check CRC-32 and length in the trailer, like zlib.
        state_->crc_flag = ISAL_GZIP;
    }

    Step inflate(const unsigned char* in, std::size_t inLength, char* out,
                 std::size_t outLength) override {
        state_->next_in = const_cast<std::uint8_t*>(in); // read only, despite the type
        state_->avail_in = static_cast<std::uint32_t>(inLength);
        state_->next_out = reinterpret_cast<std::uint8_t*>(out);
        state_->avail_out = static_cast<std::uint32_t>(outLength);
        const int rc = isal_inflate(state_.get());
        Step step;
        step.consumed = inLength - state_->avail_in;
        step.produced = outLength - state_->avail_out;
        if (rc != ISAL_DECOMP_OK)
            step.error = describe(rc);
        else
            step.memberEnd = state_->block_state == ISAL_BLOCK_FINISH;
        return step;
    }

  private:
    std::unique_ptr<inflate_state> state_;
};

} // namespace

std::unique_ptr<Inflater> makeIsalInflater(std::string&) {
    return std::make_unique<IsalInflater>();
}

bool inflateBackendAvailable(InflateBackend) {
    return true;
}

#else

std::unique_ptr<Inflater> makeIsalInflater(std::string& error) {
    error = "this build has no ISA-L";
    return nullptr;
}

bool inflateBackendAvailable(InflateBackend backend) {
    return backend == InflateBackend::zlib;
}

#endif

} // namespace roofscope::detail
