#pragma once
// Internal: non-negative 64-bit ids (External id, correlation) to event indices, in one flat
// table with linear probing. A node-based std::unordered_map took a heap node per op and per
// runtime event, hundreds of thousands in a large trace, for lookups the link makes once each.

#include "core/import/kineto/kineto_events.h"

#include <cstdint>
#include <vector>

namespace roofscope::kineto {

class IdIndex {
  public:
    // Room for `ids` distinct ids, at a load of at most 3/4.
    explicit IdIndex(std::size_t ids) {
        std::size_t capacity = 16;
        while (capacity * 3 < ids * 4)
            capacity *= 2;
        slots_.assign(capacity, Slot{});
        mask_ = capacity - 1;
    }

    // The index held for `id` (>= 0), to be read or set: kNoIndex when `id` was not asked before.
    // At most `ids` (the constructor's) distinct ids may be asked.
    std::uint32_t& slot(std::int64_t id) {
        for (std::size_t i = home(id);; i = (i + 1) & mask_) {
            Slot& s = slots_[i];
            if (s.id == id)
                return s.index;
            if (s.id < 0) {
                s.id = id;
                return s.index;
            }
        }
    }
    // The index held for `id`, kNoIndex when none.
    std::uint32_t find(std::int64_t id) const {
        for (std::size_t i = home(id);; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.id == id)
                return s.index;
            if (s.id < 0)
                return kNoIndex;
        }
    }

  private:
    struct Slot {
        std::int64_t id = -1; // -1: free
        std::uint32_t index = kNoIndex;
    };
    // Fibonacci hashing: ids run in sequence, and their product's high bits spread them.
    std::size_t home(std::int64_t id) const {
        return static_cast<std::size_t>((static_cast<std::uint64_t>(id) * 0x9E3779B97F4A7C15ull) >>
                                        32) &
               mask_;
    }

    std::vector<Slot> slots_;
    std::size_t mask_ = 0;
};

} // namespace roofscope::kineto
