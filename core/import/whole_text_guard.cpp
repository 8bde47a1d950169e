#include "core/import/whole_text_guard.h"

#include <atomic>
#include <cerrno>
#include <csignal>
#include <cstdint>
#include <mutex>
#include <sys/mman.h>
#include <unistd.h>

namespace roofscope::detail {

namespace {

// Files mapped at once in one process: one per trace being read, so a few per core at most.
constexpr int kSlots = 64;

struct Slot {
    std::atomic<bool> used{false};
    std::atomic<std::uintptr_t> begin{0}; // 0 while the slot guards nothing
    std::atomic<std::uintptr_t> end{0};
    std::atomic<bool> tripped{false};
};

Slot slots[kSlots];
struct sigaction previous {};
std::uintptr_t pageBytes = 4096;
bool installed = false;

// Only async-signal-safe work: atomics, mmap (a system call), and the previous handler.
void onSigbus(int sig, siginfo_t* info, void* context) {
    const int savedErrno = errno;
    const auto address = reinterpret_cast<std::uintptr_t>(info->si_addr);
    for (Slot& s : slots) {
        const std::uintptr_t begin = s.begin.load(std::memory_order_acquire);
        if (begin == 0 || address < begin || address >= s.end.load(std::memory_order_acquire))
            continue;
        // The page past the file's new end becomes private zeros; the faulting read resumes.
        void* page = reinterpret_cast<void*>(address & ~(pageBytes - 1));
        if (::mmap(page, pageBytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED,
                   -1, 0) != MAP_FAILED) {
            s.tripped.store(true, std::memory_order_release);
            errno = savedErrno;
            return;
        }
        break;
    }
    errno = savedErrno;
    if ((previous.sa_flags & SA_SIGINFO) != 0 && previous.sa_sigaction != nullptr) {
        previous.sa_sigaction(sig, info, context);
        return;
    }
    if (previous.sa_handler != SIG_DFL && previous.sa_handler != SIG_IGN) {
        previous.sa_handler(sig);
        return;
    }
    // Not ours and no one else's: the default action, as if no handler had been installed
    // (the faulting access runs again and the signal ends the process).
    ::signal(SIGBUS, SIG_DFL);
}

bool install() {
    static std::once_flag once;
    std::call_once(once, [] {
        const long page = ::sysconf(_SC_PAGESIZE);
        if (page > 0)
            pageBytes = static_cast<std::uintptr_t>(page);
        struct sigaction action {};
        action.sa_sigaction = onSigbus;
        action.sa_flags = SA_SIGINFO;
        sigemptyset(&action.sa_mask);
        installed = ::sigaction(SIGBUS, &action, &previous) == 0;
    });
    return installed;
}

} // namespace

int guardRange(char* begin, std::size_t length) {
    if (!install())
        return -1;
    for (int i = 0; i < kSlots; ++i) {
        bool expected = false;
        if (!slots[i].used.compare_exchange_strong(expected, true))
            continue;
        const auto b = reinterpret_cast<std::uintptr_t>(begin);
        slots[i].tripped.store(false, std::memory_order_relaxed);
        slots[i].end.store(b + length, std::memory_order_release);
        slots[i].begin.store(b, std::memory_order_release);
        return i;
    }
    return -1;
}

void unguardRange(int slot) {
    if (slot < 0 || slot >= kSlots)
        return;
    slots[slot].begin.store(0, std::memory_order_release);
    slots[slot].end.store(0, std::memory_order_release);
    slots[slot].used.store(false, std::memory_order_release);
}

bool guardTripped(int slot) {
    return slot >= 0 && slot < kSlots && slots[slot].tripped.load(std::memory_order_acquire);
}

} // namespace roofscope::detail
