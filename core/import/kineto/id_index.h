#pragma once
// Internal: non-negative 64-bit ids (External id, correlation) to event indices, in one flat
// table with linear probing. A node-based std::unordered_map took a heap node per op and per
// runtime event, hundreds of thousands in a large trace, for lookups the link makes once each.
// Profilers number both kinds of id in sequence, so when the caller knows the ids' range and it
// is dense, the table is indexed by the id itself: 4 bytes per id in place of 16 at a load of
// 3/4, and no probing. On this VM the table's fresh pages cost as much as filling it (315 MB bench
// trace: the two tables took 10-17 ms, of the link's 27).

#include "core/import/kineto/kineto_events.h"

#include <cstdint>
#include <vector>

namespace roofscope::kineto {

class IdIndex {
  public:
    // Room for `ids` distinct ids, at a load of at most 3/4.
    explicit IdIndex(std::size_t ids) { hashed(ids); }

    // Room for `ids` distinct ids, every one that slot() is asked for within [lowest, highest]:
    // a table indexed by the id when that range is at most about four times `ids`, else as
    // above. An empty range (highest < lowest) holds nothing.
    IdIndex(std::size_t ids, std::int64_t lowest, std::int64_t highest) {
        if (highest < lowest) {
            hashed(0);
            return;
        }
        const auto span = static_cast<std::uint64_t>(highest) - static_cast<std::uint64_t>(lowest);
        if (span >= 4 * static_cast<std::uint64_t>(ids) + 1024) {
            hashed(ids);
            return;
        }
        lowest_ = lowest;
        direct_.assign(static_cast<std::size_t>(span) + 1, kNoIndex);
    }

    // Whether the table is indexed by the id (for tests).
    bool direct() const { return !direct_.empty(); }

    // The index held for `id` (>= 0), to be read or set: kNoIndex when `id` was not asked before.
    // At most `ids` (the constructor's) distinct ids may be asked, within its range if given one.
    std::uint32_t& slot(std::int64_t id) {
        if (!direct_.empty())
            return direct_[static_cast<std::size_t>(id - lowest_)];
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
        if (!direct_.empty()) {
            if (id < lowest_ ||
                static_cast<std::uint64_t>(id) - static_cast<std::uint64_t>(lowest_) >=
                    direct_.size())
                return kNoIndex;
            return direct_[static_cast<std::size_t>(id - lowest_)];
        }
        for (std::size_t i = home(id);; i = (i + 1) & mask_) {
            const Slot& s = slots_[i];
            if (s.id == id)
                return s.index;
            if (s.id < 0)
                return kNoIndex;
        }
    }

  private:
    void hashed(std::size_t ids) {
        std::size_t capacity = 16;
        while (capacity * 3 < ids * 4)
            capacity *= 2;
        slots_.assign(capacity, Slot{});
        mask_ = capacity - 1;
    }

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
    std::int64_t lowest_ = 0;
    std::vector<std::uint32_t> direct_; // by id - lowest_, when not empty
};

} // namespace roofscope::kineto
