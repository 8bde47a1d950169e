#include "core/export/qt_number.h"

#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <system_error>

namespace roofscope {
namespace {

// Digits and decimal exponent of the shortest round-trip form: v = 0.d1d2... × 10^decpt.
struct Shortest {
    bool negative = false;
    std::string digits;
    int decpt = 0;
};

Shortest shortestDigits(double v) {
    char buffer[64];
    const auto result =
        std::to_chars(buffer, buffer + sizeof buffer, v, std::chars_format::scientific);
    const std::string_view text(buffer, static_cast<std::size_t>(result.ptr - buffer));
    Shortest s;
    std::size_t i = 0;
    if (text[i] == '-') {
        s.negative = true;
        ++i;
    }
    const std::size_t e = text.find('e');
    for (; i < e; ++i)
        if (text[i] != '.')
            s.digits += text[i];
    // to_chars does not terminate its text: the exponent is read within it.
    int exp10 = 0;
    const char* from = text.data() + e + 1;
    if (*from == '+')
        ++from;
    std::from_chars(from, text.data() + text.size(), exp10);
    s.decpt = exp10 + 1;
    // "0e+00" has one digit, 0, at decpt 1.
    return s;
}

std::string fixed(const Shortest& s) {
    std::string out = s.negative ? "-" : "";
    const int n = static_cast<int>(s.digits.size());
    if (s.decpt <= 0) {
        out += "0.";
        out.append(static_cast<std::size_t>(-s.decpt), '0');
        out += s.digits;
    } else if (s.decpt >= n) {
        out += s.digits;
        out.append(static_cast<std::size_t>(s.decpt - n), '0');
    } else {
        out += s.digits.substr(0, static_cast<std::size_t>(s.decpt));
        out += '.';
        out += s.digits.substr(static_cast<std::size_t>(s.decpt));
    }
    return out;
}

std::string exponent(const Shortest& s) {
    std::string out = s.negative ? "-" : "";
    out += s.digits[0];
    if (s.digits.size() > 1) {
        out += '.';
        out += s.digits.substr(1);
    }
    const int e = s.decpt - 1;
    out += e < 0 ? "e-" : "e+";
    const int magnitude = std::abs(e);
    if (magnitude < 10)
        out += '0';
    out += std::to_string(magnitude);
    return out;
}

void appendUtf8(std::string& out, char32_t c) {
    if (c < 0x80) {
        out += static_cast<char>(c);
    } else if (c < 0x800) {
        out += static_cast<char>(0xC0 | (c >> 6));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else if (c < 0x10000) {
        out += static_cast<char>(0xE0 | (c >> 12));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    } else {
        out += static_cast<char>(0xF0 | (c >> 18));
        out += static_cast<char>(0x80 | ((c >> 12) & 0x3F));
        out += static_cast<char>(0x80 | ((c >> 6) & 0x3F));
        out += static_cast<char>(0x80 | (c & 0x3F));
    }
}

// The length of the well-formed UTF-8 sequence at text[i] (RFC 3629: no overlong forms, no
// surrogates, nothing past U+10FFFF), or 0 when it is malformed.
std::size_t sequenceLength(std::string_view text, std::size_t i) {
    const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
    const unsigned char b0 = byte(i);
    if (b0 < 0x80)
        return 1;
    std::size_t n = 0;
    unsigned char lo = 0x80, hi = 0xBF;
    if (b0 >= 0xC2 && b0 <= 0xDF) {
        n = 2;
    } else if (b0 >= 0xE0 && b0 <= 0xEF) {
        n = 3;
        if (b0 == 0xE0)
            lo = 0xA0;
        if (b0 == 0xED)
            hi = 0x9F;
    } else if (b0 >= 0xF0 && b0 <= 0xF4) {
        n = 4;
        if (b0 == 0xF0)
            lo = 0x90;
        if (b0 == 0xF4)
            hi = 0x8F;
    } else {
        return 0;
    }
    if (i + n > text.size())
        return 0;
    if (byte(i + 1) < lo || byte(i + 1) > hi)
        return 0;
    for (std::size_t k = 2; k < n; ++k)
        if (byte(i + k) < 0x80 || byte(i + k) > 0xBF)
            return 0;
    return n;
}

} // namespace

std::string qtShortest(double v) {
    if (std::isnan(v))
        return "nan";
    if (std::isinf(v))
        return v < 0 ? "-inf" : "inf";
    // Qt writes negative zero as "0".
    if (v == 0)
        return "0";
    // Qt takes the plain form unless the exponent form is shorter.
    const Shortest s = shortestDigits(v);
    std::string plain = fixed(s), scientific = exponent(s);
    return plain.size() <= scientific.size() ? plain : scientific;
}

std::string qtJsonNumber(double v) {
    // QJsonValue keeps an integral double within ±2^53 (where every integer is exact) as an
    // integer and writes it as one; any other double as QString::number's shortest form.
    constexpr double kExact = 9007199254740992.0;
    if (std::floor(v) == v && std::abs(v) <= kExact)
        return std::to_string(static_cast<long long>(v));
    return qtShortest(v);
}

std::string qtValidUtf8(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (std::size_t i = 0; i < text.size();) {
        if (const std::size_t n = sequenceLength(text, i)) {
            out.append(text.substr(i, n));
            i += n;
        } else {
            appendUtf8(out, U'\uFFFD');
            ++i;
        }
    }
    return out;
}

std::string qtJsonString(std::string_view text) {
    static constexpr char kHex[] = "0123456789abcdef";
    std::string out = "\"";
    for (const char c : qtValidUtf8(text)) {
        const auto u = static_cast<unsigned char>(c);
        switch (c) {
        case '"':
            out += "\\\"";
            break;
        case '\\':
            out += "\\\\";
            break;
        case '\b':
            out += "\\b";
            break;
        case '\f':
            out += "\\f";
            break;
        case '\n':
            out += "\\n";
            break;
        case '\r':
            out += "\\r";
            break;
        case '\t':
            out += "\\t";
            break;
        default:
            if (u < 0x20) {
                out += "\\u00";
                out += kHex[u >> 4];
                out += kHex[u & 0xF];
            } else {
                out += c;
            }
        }
    }
    return out + '"';
}

} // namespace roofscope
