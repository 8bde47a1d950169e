#pragma once
// Immutable text that many records share: a copy is a reference count, not a heap allocation. A
// trace's millions of launches name a few hundred ops, shapes and formulas; each launch holding
// its own std::string of them was a tenth of the analysis' time and memory.

#include <memory>
#include <string>
#include <string_view>

namespace roofscope {

class SharedText {
  public:
    SharedText() = default;
    // Implicit, so that text is assigned as to a string (rare, one-off texts).
    SharedText(std::string text)
        : text_(text.empty() ? nullptr : std::make_shared<const std::string>(std::move(text))) {}
    SharedText(const char* text) : SharedText(std::string(text)) {}

    const std::string& str() const { return text_ ? *text_ : empty_(); }
    operator const std::string&() const { return str(); }
    bool empty() const { return !text_; }
    bool starts_with(std::string_view prefix) const { return str().starts_with(prefix); }
    std::size_t find(std::string_view what) const { return str().find(what); }

    friend bool operator==(const SharedText& a, const SharedText& b) { return a.str() == b.str(); }
    friend bool operator==(const SharedText& a, const std::string& b) { return a.str() == b; }
    friend bool operator==(const SharedText& a, const char* b) { return a.str() == b; }

  private:
    static const std::string& empty_() {
        static const std::string none;
        return none;
    }
    std::shared_ptr<const std::string> text_;
};

} // namespace roofscope
