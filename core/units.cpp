#include "core/units.h"
#include "core/text_words.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>

namespace roofscope {
namespace {

struct Base {
    std::string_view spelling;
    Dimension dimension;
};

// Longest spellings first so that "byte" wins over "B"-less prefixes and "FLOPS" over "FLOP".
constexpr std::array kBases{
    Base{"second", Dimension::time},     Base{"cycles", Dimension::count},
    Base{"cycle", Dimension::count},     Base{"bytes", Dimension::bytes},
    Base{"FLOPS", Dimension::flopsPerS}, Base{"flops", Dimension::flopsPerS},
    Base{"FLOP", Dimension::flops},      Base{"flop", Dimension::flops},
    Base{"byte", Dimension::bytes},      Base{"inst", Dimension::count},
    Base{"OPS", Dimension::flopsPerS},   Base{"sec", Dimension::time},
    Base{"Hz", Dimension::frequency},    Base{"OP", Dimension::flops},
    Base{"B", Dimension::bytes},         Base{"s", Dimension::time}};

std::optional<double> prefixScale(std::string_view prefix) {
    struct Prefix {
        std::string_view text;
        double scale;
    };
    static constexpr std::array kPrefixes{Prefix{"", 1.0},
                                          Prefix{"n", 1e-9},
                                          Prefix{"u", 1e-6},
                                          Prefix{"\xC2\xB5", 1e-6},
                                          Prefix{"m", 1e-3},
                                          Prefix{"k", 1e3},
                                          Prefix{"K", 1e3},
                                          Prefix{"M", 1e6},
                                          Prefix{"G", 1e9},
                                          Prefix{"T", 1e12},
                                          Prefix{"P", 1e15},
                                          Prefix{"E", 1e18},
                                          Prefix{"Ki", 1024.0},
                                          Prefix{"Mi", 1048576.0},
                                          Prefix{"Gi", 1073741824.0},
                                          Prefix{"Ti", 1099511627776.0},
                                          Prefix{"Pi", 1125899906842624.0}};
    for (const auto& p : kPrefixes)
        if (p.text == prefix)
            return p.scale;
    return std::nullopt;
}

struct Scaled {
    double scale;
    Dimension dimension;
};

std::optional<Scaled> parseSimpleUnit(std::string_view unit) {
    for (const auto& base : kBases) {
        if (unit.size() >= base.spelling.size() &&
            unit.substr(unit.size() - base.spelling.size()) == base.spelling) {
            const auto scale = prefixScale(unit.substr(0, unit.size() - base.spelling.size()));
            if (scale)
                return Scaled{*scale, base.dimension};
        }
    }
    return std::nullopt;
}

// True when every comma in `s` separates thousands in the integer part: "1,234,567.5" yes;
// "1,5", "1,2,3", "12,34", "1234,567" and "1.234,5" no, since reading them would silently change
// the value (a decimal comma, a list).
bool validGrouping(std::string_view s) {
    std::size_t i = (!s.empty() && (s[0] == '+' || s[0] == '-')) ? 1 : 0;
    std::size_t group = 0;
    bool grouped = false;
    for (; i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || s[i] == ','); ++i) {
        if (s[i] != ',') {
            ++group;
            continue;
        }
        if (group == 0 || group > 3 || (grouped && group != 3))
            return false;
        grouped = true;
        group = 0;
    }
    if (grouped && group != 3)
        return false;
    return s.find(',', i) == std::string_view::npos;
}

} // namespace

Result<Quantity> toSi(double value, std::string_view unitText) {
    const std::string_view unit = trimBlanks(unitText);
    if (unit == "%")
        return Quantity{value / 100.0, Dimension::ratio};
    if (unit.empty())
        return Quantity{value, Dimension::count};
    const auto slash = unit.find('/');
    const auto numerator = parseSimpleUnit(trimBlanks(unit.substr(0, slash)));
    if (!numerator)
        return makeError("unknown unit '" + std::string(unit) + "'");
    if (slash == std::string_view::npos)
        return Quantity{value * numerator->scale, numerator->dimension};

    const auto denominator = parseSimpleUnit(trimBlanks(unit.substr(slash + 1)));
    if (!denominator)
        return makeError("unknown unit '" + std::string(unit) + "'");
    const double scale = numerator->scale / denominator->scale;
    const Dimension num = numerator->dimension;
    const Dimension den = denominator->dimension;
    if (den == Dimension::time) {
        switch (num) {
        case Dimension::bytes:
            return Quantity{value * scale, Dimension::bytesPerS};
        case Dimension::flops:
            return Quantity{value * scale, Dimension::flopsPerS};
        case Dimension::count:
            return Quantity{value * scale, Dimension::frequency};
        default:
            break;
        }
    } else if (num == Dimension::flops && den == Dimension::bytes) {
        return Quantity{value * scale, Dimension::intensity};
    }
    return makeError("unsupported unit '" + std::string(unit) + "'");
}

Result<double> parseNumber(std::string_view textIn) {
    const std::string_view text = trimBlanks(textIn);
    if (text.empty())
        return makeError("empty number");
    if (!validGrouping(text))
        return makeError("not a number: '" + std::string(text) + "'");
    std::string digits;
    digits.reserve(text.size());
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        // Commas have been checked to be thousands separators.
        if (c == ',')
            continue;
        const bool allowed = std::isdigit(static_cast<unsigned char>(c)) || c == '.' || c == '-' ||
                             c == '+' || c == 'e' || c == 'E';
        if (!allowed)
            return makeError("not a number: '" + std::string(text) + "'");
        digits += c;
    }
    char* end = nullptr;
    const double value = std::strtod(digits.c_str(), &end);
    if (end == digits.c_str() || *end != '\0' || !std::isfinite(value))
        return makeError("not a number: '" + std::string(text) + "'");
    return value;
}

std::string_view unitSymbol(Dimension dimension) {
    switch (dimension) {
    case Dimension::time:
        return "s";
    case Dimension::bytes:
        return "B";
    case Dimension::flops:
        return "FLOP";
    case Dimension::bytesPerS:
        return "B/s";
    case Dimension::flopsPerS:
        return "FLOP/s";
    case Dimension::frequency:
        return "Hz";
    case Dimension::intensity:
        return "FLOP/B";
    case Dimension::count:
        return "";
    case Dimension::ratio:
        return "%";
    }
    return "";
}

std::string formatSi(double value, Dimension dimension, int significant) {
    if (significant < 1)
        significant = 1;
    if (!std::isfinite(value))
        return std::isnan(value) ? std::string("n/a") : (value > 0 ? "inf" : "-inf");
    if (dimension == Dimension::ratio) {
        char buf[64];
        std::snprintf(buf, sizeof buf, "%.*g %%", significant, value * 100.0);
        return buf;
    }
    // Round to `significant` digits before choosing the prefix, so that a carry moves to the next
    // one: 999.96e9 B/s is "1.00 TB/s", not "1000 GB/s", and 9.996 is "10.0", not "10.00".
    if (value != 0) {
        char rounded[64];
        std::snprintf(rounded, sizeof rounded, "%.*e", significant - 1, value);
        value = std::strtod(rounded, nullptr);
    }
    const double magnitude = std::fabs(value);
    std::string_view prefix;
    double scaled = value;
    // Intensity and plain counts read best without prefixes below a million.
    const bool noSmallPrefixes = dimension != Dimension::time;
    struct Step {
        double factor;
        std::string_view prefix;
    };
    static constexpr std::array kUp{Step{1e18, "E"}, Step{1e15, "P"}, Step{1e12, "T"},
                                    Step{1e9, "G"},  Step{1e6, "M"},  Step{1e3, "k"}};
    static constexpr std::array kDown{Step{1e-3, "m"}, Step{1e-6, "\xC2\xB5"}, Step{1e-9, "n"}};
    if (magnitude != 0.0 && dimension != Dimension::intensity) {
        bool chosen = false;
        for (const auto& step : kUp) {
            if (magnitude >= step.factor) {
                scaled = value / step.factor;
                prefix = step.prefix;
                chosen = true;
                break;
            }
        }
        if (!chosen && magnitude < 1.0 && !noSmallPrefixes) {
            for (const auto& step : kDown) {
                if (magnitude >= step.factor || step.prefix == "n") {
                    scaled = value / step.factor;
                    prefix = step.prefix;
                    break;
                }
            }
        }
    }
    const double absScaled = std::fabs(scaled);
    const int exponent = absScaled > 0 ? static_cast<int>(std::floor(std::log10(absScaled))) : 0;
    const int decimals = std::max(0, significant - 1 - exponent);
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.*f", decimals, scaled);
    std::string out = buf;
    const std::string_view symbol = unitSymbol(dimension);
    if (!symbol.empty() || !prefix.empty()) {
        out += ' ';
        out += prefix;
        out += symbol;
    }
    return out;
}

} // namespace roofscope
