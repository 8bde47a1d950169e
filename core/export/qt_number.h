#pragma once
// Numbers and text as Qt writes them, without Qt: the points tables were written with Qt's
// QString::number and QJsonDocument before they moved into core, and the files a user's
// scripts read must not change with the move (tests/core/test_qt_text.cpp compares both).

#include <string>
#include <string_view>

namespace roofscope {

// The shortest text that reads back as `v`, in the form of QString::number(v, 'g',
// QLocale::FloatingPointShortest): plain digits unless the exponent form is shorter ("1500",
// "0.00012", "1e-04", "1e+06", exponent of at least two digits); "0" for either zero; "nan",
// "inf", "-inf".
std::string qtShortest(double v);

// A finite double as QJsonDocument writes it: an integral value within ±2^53 as an integer
// ("1000000000000000"), any other as qtShortest ("1e+16", "0.5").
std::string qtJsonNumber(double v);

// `text` (UTF-8) as a QString round trip would give it back: each byte of a malformed sequence
// becomes U+FFFD, as QString::fromUtf8 does.
std::string qtValidUtf8(std::string_view text);

// A JSON string literal with QJsonDocument's escapes: \" \\ \b \f \n \r \t, \u00XX for other
// control characters, everything else as UTF-8 (made valid as qtValidUtf8 does).
std::string qtJsonString(std::string_view text);

} // namespace roofscope
