#include "core/background_release.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace roofscope {

namespace {

class Releaser {
  public:
    ~Releaser() {
        {
            std::lock_guard lock(mutex_);
            stopping_ = true;
        }
        queued_.notify_all();
        if (thread_.joinable())
            thread_.join();
    }

    void queue(std::function<void()> holder) {
        {
            std::lock_guard lock(mutex_);
            pending_.push_back(std::move(holder));
            if (!thread_.joinable())
                thread_ = std::thread([this] { run(); });
        }
        queued_.notify_all();
    }

    void wait() {
        std::unique_lock lock(mutex_);
        drained_.wait(lock, [&] { return pending_.empty() && !busy_; });
    }

  private:
    void run() {
        std::unique_lock lock(mutex_);
        for (;;) {
            queued_.wait(lock, [&] { return stopping_ || !pending_.empty(); });
            if (pending_.empty())
                return; // stopping, and nothing is left
            std::function<void()> holder = std::move(pending_.front());
            pending_.pop_front();
            busy_ = true;
            lock.unlock();
            holder = nullptr; // the value dies here, outside the lock
            lock.lock();
            busy_ = false;
            if (pending_.empty())
                drained_.notify_all();
        }
    }

    std::mutex mutex_;
    std::condition_variable queued_, drained_;
    std::deque<std::function<void()>> pending_;
    bool busy_ = false;
    bool stopping_ = false;
    std::thread thread_;
};

Releaser& releaser() {
    static Releaser instance;
    return instance;
}

} // namespace

namespace detail {
void queueRelease(std::function<void()> holder) {
    releaser().queue(std::move(holder));
}
} // namespace detail

void waitForReleases() {
    releaser().wait();
}

} // namespace roofscope
