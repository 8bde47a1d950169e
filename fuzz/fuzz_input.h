#pragma once
// The fuzzer's bytes as the text an importer reads, and a check that an error says where.

#include "core/error.h"

#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

namespace roofscope::fuzz {

inline std::string_view text(const std::uint8_t* data, std::size_t size) {
    return {reinterpret_cast<const char*>(data), size};
}

// Every refusal must name the file: an Error without one is a bug worth a crash report.
template <class T> void checkError(const Result<T>& result) {
    if (!result.ok() && (result.error().where.file.empty() || result.error().message.empty()))
        std::abort();
}

} // namespace roofscope::fuzz
