#pragma once
// Internal: hints to the kernel about the pages of large, freshly reserved buffers.
//
// No transparent huge pages are asked for. They were, for the event vectors, to save a page
// fault every 4 KiB; but on a VM the first touch of a 2 MiB page costs far more than 512 small
// ones, as the host backs each free 2 MiB block anew (2026-12-05, this 2-core VM: 0.4 GB/s for
// huge pages against 2.7 GB/s for small ones; for the 315 MB bench trace, the kernel's zeroing of
// the events' huge pages was 10 % of summarize's CPU, and 1.4 % with small pages). On bare metal
// the difference is a couple of milliseconds either way.

#include <cstddef>

namespace roofscope::detail {

// Faults in, writable, the whole pages of a freshly reserved buffer in one call (Linux 5.14+),
// so that the thread that then fills it meets no page faults: run beside that thread, the
// kernel's zeroing of the pages is done on another core. A hint only: the contents are
// unchanged, and without the call (older kernels, elsewhere) the pages fault in as they are
// written.
void populateForWrite(const void* data, std::size_t bytes);

} // namespace roofscope::detail
