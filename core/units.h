#pragma once
// Unit conversion at the boundary: importers turn "1,234 Gbyte/second" or "12.5 usecond" into
// SI values (s, B, FLOP, B/s, FLOP/s, Hz) with toSi(); reports turn SI back into readable text
// with formatSi(). Inside Roofscope every quantity is SI (G = 1e9).

#include "core/error.h"

#include <string>
#include <string_view>

namespace roofscope {

enum class Dimension {
    time,      // s
    bytes,     // B
    flops,     // FLOP
    bytesPerS, // B/s
    flopsPerS, // FLOP/s
    frequency, // Hz
    intensity, // FLOP/B
    count,     // instructions, cycles, launches
    ratio      // 1.0 = 100 %
};

struct Quantity {
    double value = 0; // in the SI base unit of `dimension`
    Dimension dimension = Dimension::count;
};

// Converts value, expressed in `unit`, to SI. Accepts decimal prefixes (n u µ m k K M G T P E),
// binary prefixes (Ki Mi Gi Ti Pi, steps of 1024), short and long spellings (B/byte, s/second,
// FLOP/flop, "FLOPS" and "OPS" as per-second rates), Nsight Compute's forms ("Gbyte/second",
// "usecond", "cycle/nsecond", "inst") and "%". An unknown unit is an error naming it.
Result<Quantity> toSi(double value, std::string_view unit);

// Parses a number as tools print it: optional thousands separators ("1,234.5"), exponent,
// surrounding blanks. "n/a", "", "nan", "inf" and trailing garbage are errors.
Result<double> parseNumber(std::string_view text);

// value (SI) as text with a prefix chosen so that the mantissa lies in [1, 1000), e.g.
// formatSi(3.12e14, Dimension::flopsPerS) == "312 TFLOP/s". `significant` digits, at least 1.
std::string formatSi(double value, Dimension dimension, int significant = 3);

// The SI unit symbol of a dimension without prefix: "s", "B", "FLOP/s", ...
std::string_view unitSymbol(Dimension dimension);

} // namespace roofscope
