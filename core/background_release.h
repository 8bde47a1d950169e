#pragma once
// Destroying what a large load built takes time of its own: the million launches of a 315 MB
// trace took 5-8 ms to free, between the analysis and the output of `roofscope summarize`. Values
// handed over here are destroyed on one background thread, in the order handed over, while the
// caller goes on.

#include <functional>
#include <memory>
#include <type_traits>
#include <utility>

namespace roofscope {

namespace detail {
void queueRelease(std::function<void()> holder);
}

// Moves `value` away and destroys it on the background thread. Everything handed over is
// destroyed before the process exits normally (the thread is joined at static destruction), or
// by waitForReleases(). The value's destructor must not need the caller's locks or objects that
// static destruction may already have destroyed.
template <class T> void releaseInBackground(T&& value) {
    static_assert(!std::is_lvalue_reference_v<T>, "pass the value with std::move");
    auto held = std::make_shared<std::decay_t<T>>(std::forward<T>(value));
    detail::queueRelease([held = std::move(held)] {});
}

// Returns once everything handed over so far is destroyed.
void waitForReleases();

} // namespace roofscope
