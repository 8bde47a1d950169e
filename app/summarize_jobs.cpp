#include "app/summarize_jobs.h"

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <sstream>
#include <thread>

namespace roofscope::app {

std::uint64_t summaryPeakBytes(std::uint64_t uncompressed) {
    // 0.9x, in integers: a 4 GB file's bytes times 9 still fit in 64 bits.
    return (uncompressed * 9 + 9) / 10;
}

std::uint64_t uncompressedBytes(const std::string& path) {
    std::error_code ec;
    const std::uint64_t size = std::filesystem::file_size(path, ec);
    if (ec)
        return 0;
    std::ifstream in(path, std::ios::binary);
    unsigned char magic[2] = {};
    if (!in.read(reinterpret_cast<char*>(magic), 2) || magic[0] != 0x1f || magic[1] != 0x8b)
        return size;
    unsigned char trailer[4] = {};
    if (size < 18 || !in.seekg(static_cast<std::streamoff>(size - 4)) ||
        !in.read(reinterpret_cast<char*>(trailer), 4))
        return size * 10;
    const std::uint64_t isize = trailer[0] | (std::uint64_t(trailer[1]) << 8) |
                                (std::uint64_t(trailer[2]) << 16) |
                                (std::uint64_t(trailer[3]) << 24);
    // Below the compressed size, or a file so large that the size has wrapped: a guess.
    if (isize < size || size >= (std::uint64_t(1) << 32) / 10)
        return std::max(isize, size * 10);
    return isize;
}

std::size_t summarizeJobs(std::size_t requested, std::size_t cores, std::uint64_t availableBytes,
                          const std::vector<std::uint64_t>& peakBytes) {
    if (peakBytes.empty())
        return 1;
    if (requested > 0)
        return std::min(requested, peakBytes.size());
    std::size_t jobs = std::clamp<std::size_t>(cores, 1, peakBytes.size());
    if (availableBytes == 0)
        return jobs;
    // The worst case: the largest files loading together.
    std::vector<std::uint64_t> largest = peakBytes;
    std::sort(largest.begin(), largest.end(), std::greater<>());
    std::uint64_t held = 0;
    for (std::size_t j = 0; j < jobs; ++j) {
        held += largest[j];
        if (held > availableBytes / 2)
            return std::max<std::size_t>(1, j);
    }
    return jobs;
}

std::uint64_t availableMemoryBytes() {
    std::ifstream in("/proc/meminfo");
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream fields(line);
        std::string key;
        std::uint64_t kib = 0;
        if (fields >> key >> kib && key == "MemAvailable:")
            return kib * 1024;
    }
    return 0;
}

void runOrdered(std::size_t count, std::size_t jobs, const std::function<void(std::size_t)>& work,
                const std::function<void(std::size_t)>& emit) {
    if (jobs <= 1 || count <= 1) {
        for (std::size_t i = 0; i < count; ++i) {
            work(i);
            emit(i);
        }
        return;
    }
    std::mutex m;
    std::condition_variable doneOne;
    std::vector<char> done(count, 0);
    std::atomic<std::size_t> next{0};
    std::vector<std::thread> workers;
    for (std::size_t t = 0; t < std::min(jobs, count); ++t)
        workers.emplace_back([&] {
            for (std::size_t i; (i = next.fetch_add(1)) < count;) {
                work(i);
                {
                    std::lock_guard lock(m);
                    done[i] = 1;
                }
                doneOne.notify_all();
            }
        });
    for (std::size_t i = 0; i < count; ++i) {
        std::unique_lock lock(m);
        doneOne.wait(lock, [&] { return done[i] != 0; });
        lock.unlock();
        emit(i);
    }
    for (auto& w : workers)
        w.join();
}

} // namespace roofscope::app
