#pragma once
// One kernel, op, layer or collective, possibly aggregated over `count` launches.

#include "core/enums.h"

#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace roofscope {

// A number together with how it was obtained. `value` is meaningless when origin is absent.
struct Measure {
    double value = 0;
    Origin origin = Origin::absent;

    bool known() const { return origin != Origin::absent; }
    bool operator==(const Measure&) const = default;

    static Measure measured(double v) { return {v, Origin::measured}; }
    static Measure estimated(double v) { return {v, Origin::estimated}; }
};

struct OpRecord {
    std::string name;
    // The framework op that launched it, with its input shapes as groupLaunches names an op
    // ("aten::mm [[512,768],[768,3072]]"); "" when it is linked to no op, or when it aggregates
    // launches of different ops. Runs of one model on two vendors' GPUs share it where their
    // kernels share nothing (op_match.h).
    std::string op;
    Category category = Category::other;
    Phase phase = Phase::unknown;
    std::string deviceId; // catalog or measured device id; empty when unknown
    int rank = 0;
    int stream = -1; // -1 when not known or not applicable
    Precision precision = Precision::fp32;
    bool usesTensorUnits = false; // true when the op ran (or can run) on tensor/matrix units

    Measure flops;                        // FLOP, summed over `count` launches
    std::map<MemoryLevel, Measure> bytes; // bytes moved at each level, summed over launches
    std::map<Link, Measure> commBytes;    // bytes communicated over each link
    Measure timeS;                        // wall time on the device, seconds, summed
    std::int64_t count = 1;               // launches aggregated into this record

    // True for launches that belong to no traced step (steps.h, OutsideSteps): shown on request,
    // never counted in an iteration.
    bool outsideSteps = false;
    // Why `flops` is absent, in words with the remedy, or what its estimate assumes (a stride the
    // trace does not record); "" when there is nothing to say.
    std::string flopsNote;

    std::optional<Collective> collective; // set for communication ops
    int groupSize = 0;                    // ranks taking part in the collective; 0 when unknown

    bool operator==(const OpRecord&) const = default;

    // Bytes at `level`, or nullopt when absent.
    std::optional<double> bytesAt(MemoryLevel level) const {
        const auto it = bytes.find(level);
        if (it == bytes.end() || !it->second.known())
            return std::nullopt;
        return it->second.value;
    }
    std::optional<double> commBytesOn(Link link) const {
        const auto it = commBytes.find(link);
        if (it == commBytes.end() || !it->second.known())
            return std::nullopt;
        return it->second.value;
    }
};

} // namespace roofscope
