#include "core/import/whole_text.h"

#include "core/import/whole_text_guard.h"

#include <algorithm>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace roofscope {

namespace {

std::size_t pageBytes() {
    static const std::size_t page = [] {
        const long p = ::sysconf(_SC_PAGESIZE);
        return p > 0 ? static_cast<std::size_t>(p) : std::size_t(4096);
    }();
    return page;
}

std::size_t roundUp(std::size_t n, std::size_t to) {
    return (n + to - 1) / to * to;
}

// One reservation: a page whose last byte is data()[-1], the file mapped privately over the
// next pages, then anonymous pages for the padding (the bytes past a file's end in its last page
// read as zeros; pages past that would raise SIGBUS, so the padding is never the file's).
class MappedText final : public WholeText {
  public:
    static std::unique_ptr<WholeText> map(int fd, std::uint64_t size) {
        const std::size_t page = pageBytes();
        if (size > (std::uint64_t(1) << 47))
            return nullptr;
        const auto bytes = static_cast<std::size_t>(size);
        const std::size_t fileSpan = roundUp(bytes, page);
        const std::size_t total = page + fileSpan + roundUp(kPadding, page);
        void* reserved = ::mmap(nullptr, total, PROT_READ | PROT_WRITE,
                                MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
        if (reserved == MAP_FAILED)
            return nullptr;
        auto text = std::unique_ptr<MappedText>(
            new MappedText(static_cast<char*>(reserved), total, page, bytes));
        if (bytes > 0) {
            if (::mmap(text->data(), bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd,
                       0) == MAP_FAILED)
                return nullptr;
            text->slot_ = detail::guardRange(text->data(), fileSpan);
            if (text->slot_ < 0)
                return nullptr;
        }
        return text;
    }
    ~MappedText() override {
        detail::unguardRange(slot_);
        ::munmap(reserved_, total_);
    }
    MappedText(const MappedText&) = delete;
    MappedText& operator=(const MappedText&) = delete;

    char* data() override { return reserved_ + page_; }
    std::size_t size() const override { return size_; }
    void release(std::uint64_t upTo) override {
        const std::size_t end =
            static_cast<std::size_t>(std::min<std::uint64_t>(upTo, size_)) / page_ * page_;
        // Every call costs the other cores an interrupt to flush their TLBs (madvise was 3-5 %
        // of a load's CPU when called for each 512 KiB batch): a few MiB at a time, or all of it.
        if (end <= released_ || (end - released_ < kStep && upTo < size_))
            return;
        // A fault in a large page-cache folio (ext4 makes them up to 2 MiB for a freshly
        // written file) maps the folio's pages around it, those before it too: pages of the
        // folio that held the last boundary may be mapped again, so the range is taken again
        // from a folio back. Without it half of each folio stayed resident (measured).
        const std::size_t from = released_ > kFolioSlack ? released_ - kFolioSlack : 0;
        ::madvise(data() + from, end - from, MADV_DONTNEED);
        released_ = end;
    }
    bool changed() const override { return detail::guardTripped(slot_); }

  private:
    static constexpr std::size_t kFolioSlack = std::size_t(4) << 20; // twice the largest folio
    static constexpr std::size_t kStep = std::size_t(8) << 20;
    MappedText(char* reserved, std::size_t total, std::size_t page, std::size_t size)
        : reserved_(reserved), total_(total), page_(page), size_(size) {}

    char* reserved_;
    std::size_t total_, page_, size_;
    std::size_t released_ = 0;
    int slot_ = -1;
};

class CopiedText final : public WholeText {
  public:
    explicit CopiedText(std::string_view bytes)
        : buffer_(new char[1 + bytes.size() + kPadding]()), size_(bytes.size()) {
        if (!bytes.empty())
            std::memcpy(buffer_.get() + 1, bytes.data(), bytes.size());
    }
    char* data() override { return buffer_.get() + 1; }
    std::size_t size() const override { return size_; }
    void release(std::uint64_t) override {}
    bool changed() const override { return false; }

  private:
    std::unique_ptr<char[]> buffer_;
    std::size_t size_;
};

} // namespace

std::unique_ptr<WholeText> mapWholeFile(int fd, std::uint64_t size) {
    return MappedText::map(fd, size);
}

std::unique_ptr<WholeText> copyWholeText(std::string_view bytes) {
    return std::make_unique<CopiedText>(bytes);
}

} // namespace roofscope
