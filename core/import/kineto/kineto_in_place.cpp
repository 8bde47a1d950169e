#include "core/import/kineto/kineto_in_place.h"

#include "core/import/kineto/kineto_window.h"

namespace roofscope::detail {

namespace {
constexpr std::size_t kPadding = simdjson::SIMDJSON_PADDING;
} // namespace

bool InPlaceBatches::clear(std::size_t i) const {
    return !any_ || i > lastEnd_ + kPadding;
}

bool InPlaceBatches::prepare(char* buf, std::size_t end, std::size_t start, std::size_t cut,
                             bool last) {
    const bool ready = start == prepared_;
    const bool inPlace = cut + 1 - start >= 2 * kPadding && (ready || clear(start));
    // Before this batch, whose padding may hold it, is handed over (buf[cut] is read first).
    const std::size_t next = last ? npos : nextBatchStart(buf, end, cut);
    prepared_ = npos;
    if (next != npos && clear(next)) {
        buf[next] = '[';
        prepared_ = next;
    }
    if (!inPlace)
        return false;
    if (!ready)
        buf[start] = '[';
    buf[cut] = ']';
    any_ = true;
    lastEnd_ = cut;
    return true;
}

std::size_t nextBatchStart(const char* buf, std::size_t end, std::size_t cut) {
    const bool comma = buf[cut] == ',';
    if (!comma && !isBlank(buf[cut]))
        return InPlaceBatches::npos;
    std::size_t i = cut + 1;
    while (i < end && isBlank(buf[i]))
        ++i;
    if (!comma) {
        if (i >= end || buf[i] != ',')
            return InPlaceBatches::npos;
        ++i;
        while (i < end && isBlank(buf[i]))
            ++i;
    }
    if (i >= end || buf[i] == ']' || i - 1 == cut)
        return InPlaceBatches::npos;
    return i - 1;
}

} // namespace roofscope::detail
