#pragma once
// An allocator whose value-initialising construct() default-initialises instead, so that
// resize() of a vector of trivial elements leaves the memory untouched: threads then write
// (and fault in) their own parts of it side by side, rather than one thread zeroing it first.

#include <memory>
#include <type_traits>
#include <utility>

namespace roofscope::ui {

template <class T> class DefaultInitAllocator : public std::allocator<T> {
  public:
    template <class U> struct rebind { using other = DefaultInitAllocator<U>; };
    using std::allocator<T>::allocator;

    template <class U> void construct(U* p) noexcept(std::is_nothrow_default_constructible_v<U>) {
        ::new (static_cast<void*>(p)) U;
    }
    template <class U, class... Args> void construct(U* p, Args&&... args) {
        std::construct_at(p, std::forward<Args>(args)...);
    }
};

} // namespace roofscope::ui
