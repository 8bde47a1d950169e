#pragma once
// How many files `roofscope summarize` reads at once, and the ordered run that does it: files
// are summarised side by side on as many threads, and each one's output is written, in command
// line order, as soon as it and every file before it are done, so that what is written is the
// same byte for byte whatever the number of jobs.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

namespace roofscope::app {

// What summarising a trace of `uncompressedBytes` holds at its peak, in bytes: the README's
// measured 0.77-0.89x of the uncompressed size, rounded up.
std::uint64_t summaryPeakBytes(std::uint64_t uncompressedBytes);

// The uncompressed size of the file at `path`, in bytes: its size, or for gzip its trailer's
// ISIZE when that can be the size (it is the size mod 4 GiB), else 10x the compressed size.
// 0 when the file cannot be read (its summary will say why).
std::uint64_t uncompressedBytes(const std::string& path);

// Files to summarise at once: `requested` when given (> 0), else one per core, never more than
// there are files, and no more than the largest peaks fit in half of `availableBytes` (the
// machine's available memory), at least 1.
std::size_t summarizeJobs(std::size_t requested, std::size_t cores, std::uint64_t availableBytes,
                          const std::vector<std::uint64_t>& peakBytes);

// The machine's available memory (MemAvailable of /proc/meminfo), bytes; 0 when unknown.
std::uint64_t availableMemoryBytes();

// Runs work(i) for i in [0, count) on `jobs` threads, taking the files in order, and calls
// emit(i) on the calling thread in order of i once work(i) has returned. work must only touch
// what belongs to its i.
void runOrdered(std::size_t count, std::size_t jobs, const std::function<void(std::size_t)>& work,
                const std::function<void(std::size_t)>& emit);

} // namespace roofscope::app
