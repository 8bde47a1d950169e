#include "core/import/kineto/kineto_window.h"

#include <cstring>

namespace roofscope::detail {

Status Window::fill() {
    if (whole_)
        return {}; // all of it is here already
    if (pos > 1) {
        std::memmove(buf_ + 1, buf_ + pos, end - pos);
        base_ += pos - 1;
        end -= pos - 1;
        pos = 1;
    }
    while (!eof_ && end < usable()) {
        auto n = in_.read(buf_ + end, usable() - end);
        if (!n.ok()) {
            streamFailed_ = true;
            return n.error();
        }
        if (n.value() == 0)
            eof_ = true;
        end += n.value();
    }
    return {};
}

Result<bool> Window::skipBlanks() {
    for (;;) {
        while (pos < end && isBlank(buf_[pos]))
            ++pos;
        if (pos < end)
            return true;
        if (eof_)
            return false;
        if (auto s = fill(); !s.ok())
            return s.error();
    }
}

} // namespace roofscope::detail
