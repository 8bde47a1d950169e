#pragma once
// Blank-separated text, as every line-oriented parser reads it: one trimming rule (spaces, tabs,
// CR and LF at either end) and one word splitter that remembers columns for error messages.

#include <algorithm>
#include <string_view>
#include <vector>

namespace roofscope {

constexpr bool isBlank(char c) {
    return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

constexpr std::string_view trimBlanks(std::string_view s) {
    while (!s.empty() && isBlank(s.front()))
        s.remove_prefix(1);
    while (!s.empty() && isBlank(s.back()))
        s.remove_suffix(1);
    return s;
}

inline bool isAllDigits(std::string_view s) {
    return !s.empty() &&
           std::all_of(s.begin(), s.end(), [](char c) { return c >= '0' && c <= '9'; });
}

struct Word {
    std::string_view text;
    int column = 0; // 1-based, counted from `firstColumn` of the split
};

// The blank-separated words of `line`; the first character of `line` is at `firstColumn`.
inline std::vector<Word> splitWords(std::string_view line, int firstColumn = 1) {
    std::vector<Word> words;
    std::size_t i = 0;
    while (i < line.size()) {
        while (i < line.size() && isBlank(line[i]))
            ++i;
        const std::size_t start = i;
        while (i < line.size() && !isBlank(line[i]))
            ++i;
        if (i > start)
            words.push_back({line.substr(start, i - start), firstColumn + int(start)});
    }
    return words;
}

} // namespace roofscope
