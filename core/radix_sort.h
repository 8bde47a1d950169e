#pragma once
// A stable sort of trivially copyable items by a double key, in linear time: the plot sorts
// a million dots by intensity for QCustomPlot's graphs after every load, where std::sort took
// 40 ms for half a million and this takes 8 ms (2026-12-05, this 2-core VM).

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <type_traits>
#include <utility>

namespace roofscope {

// The key's bits, turned so that unsigned order is the order of the doubles: negative values
// have all bits flipped, the others only the sign bit. -0.0 comes just before +0.0; NaNs with
// the sign bit clear come after +infinity, those with it set before -infinity.
inline std::uint64_t orderedBits(double key) {
    const auto bits = std::bit_cast<std::uint64_t>(key);
    return bits >> 63 ? ~bits : bits | (std::uint64_t{1} << 63);
}

// Sorts `items` by `key(item)` (a double) ascending, keeping the order of items of equal keys
// (equal bit patterns: -0.0 sorts before +0.0, NaNs as orderedBits puts them). Least significant
// digit first, 11 bits a pass, six passes at most; a pass where every key has the same digit is
// skipped. Takes a scratch buffer the size of `items`.
template <class T, class Key> void radixSortByKey(std::span<T> items, Key key) {
    static_assert(std::is_trivially_copyable_v<T>);
    constexpr int kBits = 11, kPasses = 6; // 66 bits cover the 64
    constexpr std::size_t kDigits = std::size_t{1} << kBits;
    const std::size_t n = items.size();
    if (n < 2)
        return;
    auto digit = [](std::uint64_t bits, int pass) {
        return static_cast<std::size_t>(bits >> (pass * kBits)) & (kDigits - 1);
    };
    // Every pass's counts in one read of the items.
    auto counts = std::make_unique<std::array<std::size_t, kDigits>[]>(kPasses);
    for (const T& item : items) {
        const std::uint64_t bits = orderedBits(key(item));
        for (int p = 0; p < kPasses; ++p)
            ++counts[p][digit(bits, p)];
    }
    auto scratch = std::make_unique_for_overwrite<T[]>(n);
    T* from = items.data();
    T* to = scratch.get();
    for (int p = 0; p < kPasses; ++p) {
        auto& at = counts[p];
        if (at[digit(orderedBits(key(*from)), p)] == n)
            continue; // one digit for all: the order stays
        std::size_t sum = 0;
        for (std::size_t& c : at)
            sum += std::exchange(c, sum);
        for (std::size_t i = 0; i < n; ++i)
            to[at[digit(orderedBits(key(from[i])), p)]++] = from[i];
        std::swap(from, to);
    }
    if (from != items.data())
        std::memcpy(static_cast<void*>(items.data()), from, n * sizeof(T));
}

} // namespace roofscope
