#include "core/import/kineto/kineto_time.h"

#include <charconv>
#include <cmath>
#include <string>

namespace roofscope::detail {

namespace {

std::optional<std::int64_t> viaDouble(std::string_view token) {
    double us = 0;
    const auto [end, ec] = std::from_chars(token.data(), token.data() + token.size(), us);
    if (ec != std::errc() || end != token.data() + token.size() || !std::isfinite(us))
        return std::nullopt;
    const double ns = std::round(us * 1000.0);
    if (std::fabs(ns) >= 9.2e18)
        return std::nullopt;
    return static_cast<std::int64_t>(ns);
}

} // namespace

std::optional<std::int64_t> microsToNanos(std::string_view token) {
    while (!token.empty() && (token.back() == ' ' || token.back() == '\n' || token.back() == '\r' ||
                              token.back() == '\t'))
        token.remove_suffix(1);
    if (token.empty())
        return std::nullopt;
    std::size_t i = 0;
    const bool negative = token[0] == '-';
    if (negative)
        ++i;
    std::int64_t micros = 0;
    std::size_t digits = 0;
    for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++digits) {
        if (digits == 16)
            return viaDouble(token); // beyond 9.2e15 us the int64 of nanoseconds overflows
        micros = micros * 10 + (token[i] - '0');
    }
    if (digits == 0)
        return std::nullopt;
    std::int64_t fraction = 0; // nanoseconds
    if (i < token.size() && token[i] == '.') {
        ++i;
        std::int64_t scale = 100;
        bool roundUp = false;
        std::size_t fractionDigits = 0;
        for (; i < token.size() && token[i] >= '0' && token[i] <= '9'; ++i, ++fractionDigits) {
            const int d = token[i] - '0';
            if (scale > 0) {
                fraction += d * scale;
                scale /= 10;
            } else if (fractionDigits == 3) {
                roundUp = d >= 5;
            }
        }
        if (fractionDigits == 0)
            return std::nullopt;
        fraction += roundUp ? 1 : 0;
    }
    if (i != token.size())
        return viaDouble(token); // an exponent, or not a number at all
    const std::int64_t ns = micros * 1000 + fraction;
    return negative ? -ns : ns;
}

} // namespace roofscope::detail
