#pragma once
// Internal to the trace reader: the keys of the trace object and the values other than
// traceEvents, read through the window. A value of a key the reader uses is kept (up to a
// limit) and handed to readTopLevelValue (kineto_metadata.h); the others are stepped over.

#include "core/error.h"
#include "core/import/kineto/kineto_events.h"
#include "core/import/kineto/kineto_window.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace roofscope::detail {

// Reads the key in quotes at w.pos into `key` (keys past 4096 bytes are cut: no key we know is
// that long) and leaves w.pos after its closing quote. False when the data ends inside it.
// Errors: no quote at w.pos, a stream that fails.
Result<bool> readTopLevelKey(Window& w, const std::string& file, std::string& key);

// Reads the value at w.pos and leaves w.pos after it, keeping it in `events` when the key is
// one the reader uses; a kept value over maxBytes is skipped with a warning. False when the data
// ends inside it. Errors: unbalanced brackets, a stream that fails.
Result<bool> readTopLevelValueText(Window& w, std::string_view key, const std::string& file,
                                   std::size_t maxBytes, TraceEvents& events);

} // namespace roofscope::detail
