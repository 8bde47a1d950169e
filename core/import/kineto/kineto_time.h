#pragma once
// Internal to the trace reader: Kineto timestamps are microseconds with up to three decimals
// ("1682725898236567", "12.345"); absolute epoch values have 16 integer digits, beyond what a
// double holds exactly once multiplied to nanoseconds, so the common forms are converted from
// their digits and only exponent forms go through a double.

#include <cstdint>
#include <optional>
#include <string_view>

namespace roofscope::detail {

// Nanoseconds of a JSON number token in microseconds (trailing blanks allowed), rounded to the
// nearest nanosecond; nullopt for anything that is not a finite number within +-9.2e15 us.
std::optional<std::int64_t> microsToNanos(std::string_view token);

} // namespace roofscope::detail
