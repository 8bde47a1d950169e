#pragma once
// Work cut into slices run side by side: after every load the plot computes, orders and sorts
// millions of points, and the record table makes millions of rows, each item on its own.

#include <algorithm>
#include <cstddef>
#include <thread>
#include <vector>

namespace roofscope {

// How many threads `items` independent items are worth: one below `threaded` items, else one
// per core, at most `most`.
inline std::size_t threadsFor(std::size_t items, std::size_t threaded, std::size_t most) {
    return items < threaded ? 1
                            : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, most);
}

// Runs work(t) for every t in [0, threads): t = 0 on the calling thread, each other t on a thread
// of its own. Returns once every call has returned.
template <class Work> void onThreads(std::size_t threads, Work&& work) {
    std::vector<std::thread> workers;
    for (std::size_t t = 1; t < threads; ++t)
        workers.emplace_back([&work, t] { work(t); });
    work(std::size_t{0});
    for (auto& w : workers)
        w.join();
}

} // namespace roofscope
