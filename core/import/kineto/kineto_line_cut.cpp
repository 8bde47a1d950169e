#include "core/import/kineto/kineto_line_cut.h"

#include "core/import/kineto/kineto_window.h"

namespace roofscope::detail {

std::size_t lineCut(const char* buf, std::size_t from, std::size_t limit, std::size_t end) {
    if (limit > end)
        limit = end;
    for (std::size_t q = limit; q-- > from;) {
        if (buf[q] != '\n')
            continue;
        std::size_t next = q + 1;
        while (next < end && isBlank(buf[next]))
            ++next;
        if (next >= end || buf[next] != '{')
            continue;
        std::size_t comma = q;
        while (comma > from && isBlank(buf[comma - 1]))
            --comma;
        if (comma == from || buf[comma - 1] != ',')
            continue;
        std::size_t close = comma - 1;
        while (close > from && isBlank(buf[close - 1]))
            --close;
        if (close == from || buf[close - 1] != '}')
            continue;
        return close;
    }
    return kNoLineCut;
}

} // namespace roofscope::detail
