#pragma once
// Immutable text that many records share: a copy is a reference count, not a heap allocation. A
// trace's millions of launches name a few hundred ops, shapes and formulas; each launch holding
// its own std::string of them was a tenth of the analysis' time and memory. One pointer wide
// (a std::shared_ptr is two): a launch holds five of them.

#include <atomic>
#include <cstdint>
#include <string>
#include <string_view>
#include <utility>

namespace roofscope {

class SharedText {
  public:
    SharedText() = default;
    // Implicit, so that text is assigned as to a string (rare, one-off texts).
    SharedText(std::string text)
        : block_(text.empty() ? nullptr : new Block{{1}, std::move(text)}) {}
    SharedText(const char* text) : SharedText(std::string(text)) {}
    SharedText(const SharedText& other) noexcept : block_(other.block_) { retain(); }
    SharedText(SharedText&& other) noexcept : block_(std::exchange(other.block_, nullptr)) {}
    SharedText& operator=(const SharedText& other) noexcept {
        if (block_ != other.block_) {
            release();
            block_ = other.block_;
            retain();
        }
        return *this;
    }
    SharedText& operator=(SharedText&& other) noexcept {
        if (this != &other) {
            release();
            block_ = std::exchange(other.block_, nullptr);
        }
        return *this;
    }
    ~SharedText() { release(); }

    const std::string& str() const { return block_ ? block_->text : empty_(); }
    operator const std::string&() const { return str(); }
    bool empty() const { return !block_; }
    // The same for every copy of one text (nullptr when empty): equal identities are equal
    // texts, for lookups that would otherwise compare long names. Equal texts made apart have
    // different identities.
    const void* identity() const { return block_; }
    bool starts_with(std::string_view prefix) const { return str().starts_with(prefix); }
    std::size_t find(std::string_view what) const { return str().find(what); }

    friend bool operator==(const SharedText& a, const SharedText& b) {
        return a.block_ == b.block_ || a.str() == b.str();
    }
    friend bool operator==(const SharedText& a, const std::string& b) { return a.str() == b; }
    friend bool operator==(const SharedText& a, const char* b) { return a.str() == b; }

  private:
    struct Block {
        // Atomic: loaded traces are regrouped on a background thread while the window reads them.
        std::atomic<std::uint64_t> refs;
        std::string text;
    };
    void retain() const noexcept {
        if (block_)
            block_->refs.fetch_add(1, std::memory_order_relaxed);
    }
    void release() noexcept {
        if (block_ && block_->refs.fetch_sub(1, std::memory_order_acq_rel) == 1)
            delete block_;
        block_ = nullptr;
    }
    static const std::string& empty_() {
        static const std::string none;
        return none;
    }
    Block* block_ = nullptr;
};

} // namespace roofscope
