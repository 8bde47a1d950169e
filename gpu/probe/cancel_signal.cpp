#include "gpu/probe/cancel_signal.h"

#include <atomic>
#include <csignal>

namespace roofscope::probe {
namespace {

std::atomic<int> signals{0};

extern "C" void onSignal(int number) {
    if (signals.fetch_add(1) > 0) {
        // The user insists (or the benchmark ignores the flag): leave without cleanup.
        std::signal(number, SIG_DFL);
        std::raise(number);
    }
}

} // namespace

void installCancelHandlers() {
    static_assert(std::atomic<int>::is_always_lock_free, "the handler needs a lock-free flag");
    struct sigaction action {};
    action.sa_handler = onSignal;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    // A reader that closes the pipe must not kill the measurement before the file is written.
    std::signal(SIGPIPE, SIG_IGN);
}

bool cancelRequested() {
    return signals.load() > 0;
}

} // namespace roofscope::probe
