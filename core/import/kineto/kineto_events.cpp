#include "core/import/kineto/kineto_events.h"

#include <cstring>

namespace roofscope {

std::size_t StringTable::SampleHash::operator()(std::string_view s) const noexcept {
    auto word = [&](std::size_t at) {
        std::uint64_t w = 0;
        std::memcpy(&w, s.data() + at, std::min<std::size_t>(8, s.size() - at));
        return w;
    };
    std::uint64_t h = 0x9e3779b97f4a7c15ull ^ s.size();
    auto mix = [&](std::uint64_t w) {
        h = (h ^ w) * 0xff51afd7ed558ccdull;
        h ^= h >> 32;
    };
    if (s.size() <= 32) {
        for (std::size_t at = 0; at < s.size(); at += 8)
            mix(word(at));
    } else {
        mix(word(0));
        mix(word(8));
        mix(word(s.size() / 2));
        mix(word(s.size() - 16));
        mix(word(s.size() - 8));
    }
    return static_cast<std::size_t>(h);
}

std::uint32_t StringTable::intern(std::string_view text) {
    if (const auto it = ids_.find(text); it != ids_.end())
        return it->second;
    const auto id = static_cast<std::uint32_t>(strings_.size());
    strings_.emplace_back(text);
    // The key views the deque's own copy, which never moves as the deque grows at the back.
    ids_.emplace(std::string_view(strings_.back()), id);
    return id;
}

} // namespace roofscope
