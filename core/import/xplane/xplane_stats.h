#pragma once
// How the XPlane converter reads a plane (xplane_convert.cpp): stats found by their names in the
// plane's stat metadata (ids are local to a plane), string stats that may be references to a
// stat-metadata entry (ref_value), the stats of a device event the model keeps, and times in
// picoseconds clamped and rounded to the model's nanoseconds. Included only where protobuf's
// generated XPlane code is built (ROOFSCOPE_HAVE_XPLANE).

#include <import/xplane/proto/xplane.pb.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <string>
#include <string_view>

namespace roofscope::xplane_stats {

namespace tp = tensorflow::profiler;

// Hostile times are clamped to +-2^61 ns (the year 2043 since 1970), so that a sum of three
// clamped terms cannot overflow.
constexpr std::int64_t kTimeLimit = std::int64_t(1) << 61;

inline std::int64_t clampTime(std::int64_t t) {
    return std::clamp(t, -kTimeLimit, kTimeLimit);
}

// Picoseconds to nanoseconds, to the nearest.
inline std::int64_t psToNs(std::int64_t ps) {
    ps = clampTime(ps);
    return ps >= 0 ? (ps + 500) / 1000 : -((-ps + 500) / 1000);
}

inline std::optional<int> numberAfter(std::string_view text, std::string_view prefix) {
    if (!text.starts_with(prefix))
        return std::nullopt;
    text.remove_prefix(prefix.size());
    int value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc() || end == text.data() || value < 0 || value > 1 << 20)
        return std::nullopt;
    return value;
}

// A plane's stats by name.
class PlaneStats {
  public:
    explicit PlaneStats(const tp::XPlane& plane) : plane_(plane) {}

    std::string_view nameOf(const tp::XStat& stat) const {
        const auto it = plane_.stat_metadata().find(stat.metadata_id());
        return it == plane_.stat_metadata().end() ? std::string_view() : it->second.name();
    }

    // A string value, or the name a reference points at; "" for other values. A view into the
    // space: a name that a hostile file repeats by reference is never copied per event.
    std::string_view view(const tp::XStat& stat) const {
        if (stat.value_case() == tp::XStat::kStrValue)
            return stat.str_value();
        if (stat.value_case() != tp::XStat::kRefValue)
            return {};
        const auto it = plane_.stat_metadata().find(static_cast<std::int64_t>(
            std::min<std::uint64_t>(stat.ref_value(), std::numeric_limits<std::int64_t>::max())));
        return it == plane_.stat_metadata().end() ? std::string_view() : it->second.name();
    }

    std::string text(const tp::XStat& stat) const {
        switch (stat.value_case()) {
        case tp::XStat::kStrValue:
            return stat.str_value();
        case tp::XStat::kRefValue: {
            const auto it =
                plane_.stat_metadata().find(static_cast<std::int64_t>(std::min<std::uint64_t>(
                    stat.ref_value(), std::numeric_limits<std::int64_t>::max())));
            return it == plane_.stat_metadata().end() ? std::string() : it->second.name();
        }
        case tp::XStat::kInt64Value:
            return std::to_string(stat.int64_value());
        case tp::XStat::kUint64Value:
            return std::to_string(stat.uint64_value());
        default:
            return {};
        }
    }

    std::optional<double> number(const tp::XStat& stat) const {
        switch (stat.value_case()) {
        case tp::XStat::kInt64Value:
            return double(stat.int64_value());
        case tp::XStat::kUint64Value:
            return double(stat.uint64_value());
        case tp::XStat::kDoubleValue:
            if (std::isfinite(stat.double_value()))
                return stat.double_value();
            return std::nullopt;
        default:
            return std::nullopt;
        }
    }

    // Integers as the file wrote them; JAX 0.8 packs 64-bit ids, so uint64 is read as int64.
    std::optional<std::int64_t> integer(const tp::XStat& stat) const {
        switch (stat.value_case()) {
        case tp::XStat::kInt64Value:
            return stat.int64_value();
        case tp::XStat::kUint64Value:
            return static_cast<std::int64_t>(stat.uint64_value());
        case tp::XStat::kDoubleValue:
            if (std::abs(stat.double_value()) < 9e18)
                return static_cast<std::int64_t>(stat.double_value());
            return std::nullopt;
        default:
            return std::nullopt;
        }
    }

    std::string_view eventName(const tp::XEvent& event) const {
        const auto it = plane_.event_metadata().find(event.metadata_id());
        if (it == plane_.event_metadata().end())
            return {};
        return it->second.name().empty() ? std::string_view(it->second.display_name())
                                         : std::string_view(it->second.name());
    }

    const tp::XEventMetadata* metadataOf(const tp::XEvent& event) const {
        const auto it = plane_.event_metadata().find(event.metadata_id());
        return it == plane_.event_metadata().end() ? nullptr : &it->second;
    }

  private:
    const tp::XPlane& plane_;
};

// The stats of one device event that the model keeps.
struct EventStats {
    std::int64_t correlation = -1;
    std::string_view hloOp, hloModule; // views into the space
    std::int64_t programId = -1;
    bool memcpy = false, memset = false;
    std::int64_t bytes = -1;
    std::optional<std::int64_t> stepNum;
};

// "kind:Unknown size:655360 dest:2 async:1" -> 655360
inline std::int64_t sizeIn(std::string_view details) {
    const auto at = details.find("size:");
    if (at == std::string_view::npos)
        return -1;
    details.remove_prefix(at + 5);
    std::int64_t value = -1;
    const auto [end, ec] = std::from_chars(details.data(), details.data() + details.size(), value);
    return ec == std::errc() && value >= 0 ? value : -1;
}

template <class Stats>
void readStats(const PlaneStats& plane, const Stats& stats, EventStats& out) {
    for (const tp::XStat& stat : stats) {
        const std::string_view name = plane.nameOf(stat);
        if (name == "correlation_id")
            out.correlation = plane.integer(stat).value_or(-1);
        else if (name == "hlo_op")
            out.hloOp = plane.view(stat);
        else if (name == "hlo_module")
            out.hloModule = plane.view(stat);
        else if (name == "program_id")
            out.programId = plane.integer(stat).value_or(-1);
        else if (name == "memcpy_details") {
            out.memcpy = true;
            out.bytes = sizeIn(plane.view(stat));
        } else if (name == "memset_details") {
            out.memset = true;
            out.bytes = sizeIn(plane.view(stat));
        } else if (name == "step_num")
            out.stepNum = plane.integer(stat);
    }
}

} // namespace roofscope::xplane_stats
