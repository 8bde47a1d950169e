#pragma once
// What one GPU launch measures or is estimated to do, in the compact form a trace's hundreds of
// thousands of launches are kept in (an OpRecord, with its four strings and two std::maps, was
// 312 bytes a launch and most of the analysis' memory). groupLaunches turns them into OpRecords.

#include "core/op_record.h"
#include "core/shared_text.h"

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <stdexcept>

namespace roofscope {

// Up to `Capacity` measures keyed by a small enum, kept inline and in key order (a value and two
// bytes each); read as the std::map<Key, Measure> of OpRecord is read. A key can be present with
// an absent measure (a sum that lost it), as in that map.
template <class Key, std::size_t Capacity> class InlineMeasures {
  public:
    // What operator[] gives: assigned as the map's Measure& is, read as a Measure.
    class Slot {
      public:
        Slot& operator=(const Measure& m) {
            owner_.values_[i_] = m.value;
            owner_.origins_[i_] = static_cast<std::uint8_t>(m.origin);
            return *this;
        }
        operator Measure() const { return owner_.measureAt(i_); }

      private:
        friend class InlineMeasures;
        Slot(InlineMeasures& owner, std::size_t i) : owner_(owner), i_(i) {}
        InlineMeasures& owner_;
        std::size_t i_;
    };

    // The measure at `key`, added (absent) when missing. Throws std::length_error when `key` is
    // missing and Capacity keys are present: a launch's producers set at most two (device memory
    // and one link, kineto_analysis_copy.cpp), so this is a programming error.
    Slot operator[](Key key) {
        std::size_t i = 0;
        while (i < size_ && keys_[i] < static_cast<std::uint8_t>(key))
            ++i;
        if (i < size_ && keys_[i] == static_cast<std::uint8_t>(key))
            return Slot(*this, i);
        if (size_ == Capacity)
            throw std::length_error("InlineMeasures: more keys than its capacity");
        for (std::size_t j = size_; j > i; --j) {
            keys_[j] = keys_[j - 1];
            values_[j] = values_[j - 1];
            origins_[j] = origins_[j - 1];
        }
        ++size_;
        keys_[i] = static_cast<std::uint8_t>(key);
        values_[i] = 0;
        origins_[i] = static_cast<std::uint8_t>(Origin::absent);
        return Slot(*this, i);
    }
    // The measure at `key`; nullopt when `key` is not present.
    std::optional<Measure> find(Key key) const {
        for (std::size_t i = 0; i < size_; ++i)
            if (keys_[i] == static_cast<std::uint8_t>(key))
                return measureAt(i);
        return std::nullopt;
    }
    // As std::map::at: throws std::out_of_range when `key` is not present.
    Measure at(Key key) const {
        if (const auto m = find(key))
            return *m;
        throw std::out_of_range("InlineMeasures::at: key not present");
    }
    bool contains(Key key) const { return find(key).has_value(); }
    bool empty() const { return size_ == 0; }
    std::size_t size() const { return size_; }
    // f(key, measure) for each present key, in key order.
    template <class F> void forEach(F&& f) const {
        for (std::size_t i = 0; i < size_; ++i)
            f(static_cast<Key>(keys_[i]), measureAt(i));
    }
    std::map<Key, Measure> toMap() const {
        std::map<Key, Measure> out;
        forEach([&](Key k, const Measure& m) { out.emplace(k, m); });
        return out;
    }

  private:
    Measure measureAt(std::size_t i) const {
        return {values_[i], static_cast<Origin>(origins_[i])};
    }

    std::array<double, Capacity> values_{};
    std::array<std::uint8_t, Capacity> keys_{};
    std::array<std::uint8_t, Capacity> origins_{};
    std::uint8_t size_ = 0;
};

// The OpRecord fields a launch has of its own; names, count (1) and device id are the launch's or
// groupLaunches'.
struct LaunchRecord {
    Measure flops;                        // FLOP
    Measure timeS;                        // kernel time, s
    InlineMeasures<MemoryLevel, 2> bytes; // B moved at each level
    InlineMeasures<Link, 1> commBytes;    // B carried over its link (one at most)
    SharedText flopsNote;                 // what the estimate assumes; "" when nothing
    int rank = 0;
    int stream = -1;
    int groupSize = 0; // collectives: ranks taking part; 0 when unknown
    Category category = Category::other;
    Phase phase = Phase::unknown;
    Precision precision = Precision::fp32;
    bool usesTensorUnits = false;
    bool outsideSteps = false; // OpRecord::outsideSteps
    std::optional<Collective> collective;

    std::optional<double> bytesAt(MemoryLevel level) const {
        const auto m = bytes.find(level);
        return m && m->known() ? std::optional<double>(m->value) : std::nullopt;
    }
    std::optional<double> commBytesOn(Link link) const {
        const auto m = commBytes.find(link);
        return m && m->known() ? std::optional<double>(m->value) : std::nullopt;
    }
};

// The OpRecord of one launch named `name`: count 1, op and device id empty.
OpRecord toOpRecord(const LaunchRecord& r, std::string name);

} // namespace roofscope
