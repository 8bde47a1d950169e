// The gzip stream: members one after another (as gzip(1) reads them), zero padding after the
// last one tolerated, limits against bombs, and errors at the compressed offset. Decoding is
// delegated to an Inflater: zlib here, ISA-L in byte_stream_isal.cpp.
#include "core/import/byte_stream_internal.h"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <optional>
#include <zlib.h>

namespace roofscope::detail {
namespace {

// Compressed bytes read from the file at a time: large reads, few system calls.
constexpr std::size_t kInputBytes = std::size_t(1) << 20;
// Output of one inflate call at most, so that the limits are checked at least this often even
// when the caller reads into a huge buffer.
constexpr std::size_t kOutputSliceBytes = std::size_t(4) << 20;

class ZlibInflater final : public Inflater {
  public:
    ZlibInflater() = default;
    ~ZlibInflater() override {
        if (ready_)
            inflateEnd(&z_);
    }
    ZlibInflater(const ZlibInflater&) = delete;
    ZlibInflater& operator=(const ZlibInflater&) = delete;

    bool start(std::string& error) {
        // 16 + MAX_WBITS: a gzip wrapper only, so a zlib or raw stream is reported, not guessed.
        const int rc = inflateInit2(&z_, 16 + MAX_WBITS);
        ready_ = rc == Z_OK;
        if (!ready_)
            error = z_.msg ? z_.msg : "cannot start zlib (out of memory)";
        return ready_;
    }

    void reset() override { inflateReset(&z_); }

    Step inflate(const unsigned char* in, std::size_t inLength, char* out,
                 std::size_t outLength) override {
        z_.next_in = const_cast<Bytef*>(in); // zlib's API is not const-correct; it only reads
        z_.avail_in = static_cast<uInt>(inLength);
        z_.next_out = reinterpret_cast<Bytef*>(out);
        z_.avail_out = static_cast<uInt>(outLength);
        const int rc = ::inflate(&z_, Z_NO_FLUSH);
        Step step;
        step.consumed = inLength - z_.avail_in;
        step.produced = outLength - z_.avail_out;
        switch (rc) {
        case Z_OK:
        case Z_BUF_ERROR: // no progress possible: the caller supplies input or sees the end
            break;
        case Z_STREAM_END:
            step.memberEnd = true;
            break;
        case Z_NEED_DICT:
            step.error = "a preset dictionary is required";
            break;
        case Z_MEM_ERROR:
            step.error = "out of memory";
            break;
        default:
            step.error = z_.msg ? z_.msg : "invalid deflate data";
            break;
        }
        return step;
    }

  private:
    z_stream z_{};
    bool ready_ = false;
};

SourceLocation at(const std::string& file, std::uint64_t offset) {
    SourceLocation where = inFile(file);
    where.byteOffset = static_cast<std::int64_t>(offset);
    return where;
}

class GzipStream final : public ByteStream {
  public:
    GzipStream(std::unique_ptr<RawSource> source, const ByteStreamLimits& limits,
               InflateBackend backend)
        : source_(std::move(source)), limits_(limits),
          scratch_(std::make_unique_for_overwrite<char[]>(kInputBytes)) {
        std::string error;
        inflater_ = backend == InflateBackend::isal ? makeIsalInflater(error) : nullptr;
        if (!inflater_)
            inflater_ = makeZlibInflater(error);
        if (!inflater_)
            failed_ = makeError("cannot decompress: " + error, at(source_->name(), 0));
    }

    Result<std::size_t> read(char* dst, std::size_t capacity) override {
        if (failed_)
            return *failed_;
        std::size_t written = 0;
        while (written < capacity && !done_) {
            if (pos_ == in_.size() && !sourceEnded_) {
                if (auto s = refill(); !s.ok())
                    return fail(s.error());
                continue;
            }
            if (betweenMembers_) {
                if (auto s = startMember(); !s.ok())
                    return fail(s.error());
                continue;
            }
            const std::size_t slice =
                std::min({capacity - written, kOutputSliceBytes, outputAllowance()});
            const auto step =
                inflater_->inflate(reinterpret_cast<const unsigned char*>(in_.data()) + pos_,
                                   in_.size() - pos_, dst + written, slice);
            pos_ += step.consumed;
            consumed_ += step.consumed;
            written += step.produced;
            produced_ += step.produced;
            if (!step.error.empty())
                return fail(makeError("corrupt gzip data: " + step.error, here()));
            if (auto s = checkLimits(); !s.ok())
                return fail(s.error());
            if (step.memberEnd)
                betweenMembers_ = true;
            else if (step.consumed == 0 && step.produced == 0 && pos_ == in_.size() && sourceEnded_)
                return fail(makeError("gzip data ends early: the file is truncated", here()));
            else if (step.consumed == 0 && step.produced == 0 && pos_ < in_.size())
                return fail(makeError("corrupt gzip data: the decoder is stuck", here()));
        }
        return written;
    }

    std::uint64_t fileOffset() const override { return consumed_; }
    std::int64_t fileSize() const override { return source_->size(); }
    std::uint64_t produced() const override { return produced_; }
    bool compressed() const override { return true; }

  private:
    Error fail(Error error) {
        failed_ = std::move(error);
        return *failed_;
    }

    SourceLocation here() const { return at(source_->name(), consumed_); }

    Status refill() {
        auto got = source_->next(scratch_.get(), kInputBytes);
        if (!got.ok())
            return got.error();
        in_ = got.value();
        pos_ = 0;
        sourceEnded_ = in_.empty();
        return {};
    }

    // After a member (or before the first): zero padding up to the end is allowed, as gzip(1)
    // allows it; anything else must be the next member's magic.
    Status startMember() {
        while (pos_ < in_.size() && in_[pos_] == 0) {
            ++pos_;
            ++consumed_;
        }
        if (pos_ == in_.size()) {
            done_ = sourceEnded_;
            return {};
        }
        if (static_cast<unsigned char>(in_[pos_]) != 0x1f)
            return makeError("unexpected data after the end of the gzip data (not another gzip "
                             "member)",
                             here());
        inflater_->reset();
        betweenMembers_ = false;
        return {};
    }

    // One byte beyond maxOutputBytes may be decoded, so that reaching the limit exactly is fine
    // and passing it is seen.
    std::size_t outputAllowance() const {
        const std::uint64_t left =
            limits_.maxOutputBytes >= produced_ ? limits_.maxOutputBytes - produced_ : 0;
        return static_cast<std::size_t>(
            std::min<std::uint64_t>(left + 1, std::numeric_limits<std::uint32_t>::max() / 2));
    }

    Status checkLimits() const {
        if (produced_ > limits_.maxOutputBytes)
            return makeError("decompressed data exceeds the limit of " +
                                 std::to_string(limits_.maxOutputBytes) + " bytes (maxOutputBytes)",
                             here());
        if (produced_ > limits_.ratioGraceBytes &&
            static_cast<double>(produced_) > limits_.maxRatio * static_cast<double>(consumed_)) {
            char ratio[32];
            std::snprintf(ratio, sizeof ratio, "%g", limits_.maxRatio);
            return makeError("decompressed data is more than " + std::string(ratio) +
                                 " times the compressed data read so far (maxRatio), which "
                                 "looks like a gzip bomb",
                             here());
        }
        return {};
    }

    std::unique_ptr<RawSource> source_;
    ByteStreamLimits limits_;
    std::unique_ptr<Inflater> inflater_;
    std::unique_ptr<char[]> scratch_;
    std::string_view in_; // compressed bytes at hand; [pos_, end) not yet decoded
    std::size_t pos_ = 0;
    std::uint64_t consumed_ = 0; // compressed bytes decoded (or skipped as padding)
    std::uint64_t produced_ = 0;
    bool sourceEnded_ = false;
    bool betweenMembers_ = true; // the first member starts like any other
    bool done_ = false;
    std::optional<Error> failed_;
};

} // namespace

std::unique_ptr<Inflater> makeZlibInflater(std::string& error) {
    auto inflater = std::make_unique<ZlibInflater>();
    if (!inflater->start(error))
        return nullptr;
    return inflater;
}

InflateBackend defaultInflateBackend() {
    return inflateBackendAvailable(InflateBackend::isal) ? InflateBackend::isal
                                                         : InflateBackend::zlib;
}

std::unique_ptr<ByteStream> makeGzipStream(std::unique_ptr<RawSource> source,
                                           const ByteStreamLimits& limits, InflateBackend backend) {
    return std::make_unique<GzipStream>(std::move(source), limits, backend);
}

} // namespace roofscope::detail
