// Plain byte streams, the two raw sources (file, memory) and the gzip sniffing that picks the
// stream. The gzip stream itself is in byte_stream_gzip.cpp.
#include "core/import/byte_stream.h"
#include "core/import/byte_stream_internal.h"

#include "core/file_type.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <optional>
#include <sys/stat.h>
#include <unistd.h>

namespace roofscope {
namespace detail {
namespace {

// One read() asks the kernel for at most this much (Linux caps a read near 2 GiB anyway).
constexpr std::size_t kMaxSyscallBytes = std::size_t(1) << 30;

SourceLocation at(const std::string& file, std::uint64_t offset) {
    SourceLocation where = inFile(file);
    where.byteOffset = static_cast<std::int64_t>(offset);
    return where;
}

Error systemError(const std::string& file, const std::string& what, int err) {
    return makeError(what + ": " + std::strerror(err), inFile(file));
}

class FileSource final : public RawSource {
  public:
    // Owns `fd` from here on: every way out of openByteStream() closes it.
    FileSource(int fd, std::string name) : fd_(fd), name_(std::move(name)) {}
    ~FileSource() override { ::close(fd_); }
    FileSource(const FileSource&) = delete;
    FileSource& operator=(const FileSource&) = delete;

    Result<std::string_view> next(char* scratch, std::size_t capacity) override {
        capacity = std::min(capacity, kMaxSyscallBytes);
        for (;;) {
            const ssize_t n = ::read(fd_, scratch, capacity);
            if (n >= 0) {
                offset_ += static_cast<std::uint64_t>(n);
                return std::string_view(scratch, static_cast<std::size_t>(n));
            }
            if (errno != EINTR)
                return makeError(std::string("cannot read: ") + std::strerror(errno),
                                 at(name_, offset_));
        }
    }
    std::int64_t size() const override { return size_; }
    const std::string& name() const override { return name_; }
    std::unique_ptr<WholeText> whole() override {
        return offset_ == 0 && size_ >= 0 ? mapWholeFile(fd_, static_cast<std::uint64_t>(size_))
                                          : nullptr;
    }
    void setSize(std::int64_t size) { size_ = size; }

  private:
    int fd_;
    std::string name_;
    std::int64_t size_ = -1;
    std::uint64_t offset_ = 0;
};

class MemorySource final : public RawSource {
  public:
    MemorySource(std::string bytes, std::string name)
        : bytes_(std::move(bytes)), name_(std::move(name)) {}

    Result<std::string_view> next(char*, std::size_t capacity) override {
        const std::size_t n = std::min(capacity, bytes_.size() - pos_);
        const std::string_view view(bytes_.data() + pos_, n);
        pos_ += n;
        return view;
    }
    std::int64_t size() const override { return static_cast<std::int64_t>(bytes_.size()); }
    const std::string& name() const override { return name_; }
    std::unique_ptr<WholeText> whole() override {
        return pos_ == 0 ? copyWholeText(bytes_) : nullptr;
    }

  private:
    std::string bytes_;
    std::string name_;
    std::size_t pos_ = 0;
};

// Bytes as they are, straight into the caller's buffer.
class PlainStream final : public ByteStream {
  public:
    PlainStream(std::unique_ptr<RawSource> source, const ByteStreamLimits& limits)
        : source_(std::move(source)), limits_(limits) {}

    Result<std::size_t> read(char* dst, std::size_t capacity) override {
        if (failed_)
            return *failed_;
        auto got = source_->next(dst, capacity);
        if (!got.ok()) {
            failed_ = got.error();
            return *failed_;
        }
        const std::string_view bytes = got.value();
        if (bytes.data() != dst && !bytes.empty())
            std::memcpy(dst, bytes.data(), bytes.size());
        produced_ += bytes.size();
        if (produced_ > limits_.maxOutputBytes) {
            failed_ =
                makeError("the data is larger than the limit of " +
                              std::to_string(limits_.maxOutputBytes) + " bytes (maxOutputBytes)",
                          at(source_->name(), limits_.maxOutputBytes));
            return *failed_;
        }
        return bytes.size();
    }
    std::uint64_t fileOffset() const override { return produced_; }
    std::int64_t fileSize() const override { return source_->size(); }
    std::uint64_t produced() const override { return produced_; }
    bool compressed() const override { return false; }
    WholeText* whole() override {
        // Over the limit, read() gives the error at the byte where it is crossed.
        if (!whole_ && produced_ == 0 && !failed_ && source_->size() >= 0 &&
            static_cast<std::uint64_t>(source_->size()) <= limits_.maxOutputBytes)
            whole_ = source_->whole();
        return whole_.get();
    }

  private:
    std::unique_ptr<RawSource> source_;
    std::unique_ptr<WholeText> whole_;
    ByteStreamLimits limits_;
    std::uint64_t produced_ = 0;
    std::optional<Error> failed_;
};

bool isGzipMagic(const unsigned char* bytes, std::size_t length) {
    return length >= 2 && bytes[0] == 0x1f && bytes[1] == 0x8b;
}

InflateBackend usable(InflateBackend backend) {
    return inflateBackendAvailable(backend) ? backend : InflateBackend::zlib;
}

} // namespace

Result<std::unique_ptr<ByteStream>>
openByteStream(const std::string& path, const ByteStreamLimits& limits, InflateBackend backend) {
    struct stat st {};
    ROOFSCOPE_TRY(opened, openRegularFile(path, st));
    const int fd = opened.value();
    auto source = std::make_unique<FileSource>(fd, path);

    // A regular file, so the magic can be peeked without disturbing the read position.
    unsigned char magic[2];
    ssize_t n;
    do
        n = ::pread(fd, magic, sizeof magic, 0);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return systemError(path, "cannot read", errno);
    source->setSize(static_cast<std::int64_t>(st.st_size));
    if (isGzipMagic(magic, static_cast<std::size_t>(n)))
        return makeGzipStream(std::move(source), limits, usable(backend));
    return std::unique_ptr<ByteStream>(std::make_unique<PlainStream>(std::move(source), limits));
}

std::unique_ptr<ByteStream> memoryByteStream(std::string bytes, std::string name,
                                             const ByteStreamLimits& limits,
                                             InflateBackend backend) {
    const bool gzip =
        isGzipMagic(reinterpret_cast<const unsigned char*>(bytes.data()), bytes.size());
    auto source = std::make_unique<MemorySource>(std::move(bytes), std::move(name));
    if (gzip)
        return makeGzipStream(std::move(source), limits, usable(backend));
    return std::make_unique<PlainStream>(std::move(source), limits);
}

} // namespace detail

Result<std::unique_ptr<ByteStream>> openByteStream(const std::string& path,
                                                   const ByteStreamLimits& limits) {
    return detail::openByteStream(path, limits, detail::defaultInflateBackend());
}

std::unique_ptr<ByteStream> memoryByteStream(std::string bytes, std::string name,
                                             const ByteStreamLimits& limits) {
    return detail::memoryByteStream(std::move(bytes), std::move(name), limits,
                                    detail::defaultInflateBackend());
}

} // namespace roofscope
