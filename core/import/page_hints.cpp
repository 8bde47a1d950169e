#include "core/import/page_hints.h"

#include <cstdint>

#if defined(__linux__)
#include <sys/mman.h>
#include <unistd.h>
#endif

namespace roofscope::detail {

namespace {

#if defined(__linux__)
// madvise on the whole `align`-sized blocks inside [data, data + bytes): a hint must not reach
// the neighbouring allocations that share the first and last block.
void adviseInside(const void* data, std::size_t bytes, std::uintptr_t align, int advice) {
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + align - 1) & ~(align - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(align - 1);
    if (end > begin)
        madvise(reinterpret_cast<void*>(begin), end - begin, advice);
}
#endif

} // namespace

void populateForWrite(const void* data, std::size_t bytes) {
#if defined(__linux__)
    constexpr int kPopulateWrite = 23; // MADV_POPULATE_WRITE, absent from older headers
    adviseInside(data, bytes, static_cast<std::uintptr_t>(::sysconf(_SC_PAGESIZE)), kPopulateWrite);
#else
    (void)data;
    (void)bytes;
#endif
}

} // namespace roofscope::detail
