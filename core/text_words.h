#pragma once
// Blank-separated text, as every line-oriented parser reads it: one trimming rule (spaces, tabs,
// CR and LF at either end) and one word splitter that remembers columns for error messages.

#include <algorithm>
#include <string>
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

// "a, b and c": the words separated by commas, the last pair by `last` (" and ", " or ").
inline std::string joinWords(const std::vector<std::string_view>& words, std::string_view last) {
    std::string out;
    for (std::size_t n = 0; n < words.size(); ++n) {
        if (n > 0)
            out += n + 1 == words.size() ? last : std::string_view(", ");
        out += words[n];
    }
    return out;
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
