#pragma once
// Internal: asks the kernel to back a large, freshly reserved buffer with transparent huge pages.
// Filling a vector of a million trace events otherwise takes a page fault every 4 KiB, measured
// at ~15% of the load time. A hint only: without THP (or off Linux) nothing changes.

#include <cstddef>

namespace roofscope::detail {

void adviseHugePages(const void* data, std::size_t bytes);

// Faults in, writable, the whole pages of a freshly reserved buffer in one call (Linux 5.14+),
// so that the thread that then fills it meets no page faults: run beside that thread, the
// kernel's zeroing of the pages is done on another core. A hint only: the contents are
// unchanged, and without the call (older kernels, elsewhere) the pages fault in as they are
// written.
void populateForWrite(const void* data, std::size_t bytes);

template <class Vector> void reserveHuge(Vector& v, std::size_t count) {
    if (count <= v.capacity())
        return;
    v.reserve(count);
    adviseHugePages(v.data(), v.capacity() * sizeof(typename Vector::value_type));
}

} // namespace roofscope::detail
