#pragma once
// The performance ceilings of one device, each value with where it came from.

#include "core/enums.h"

#include <compare>
#include <map>
#include <optional>
#include <string>

namespace roofscope {

// Where a ceiling value comes from. A spec value names its source; a measured value names how
// it was measured, so that two ceilings of one device can be told apart and trusted or not.
struct Provenance {
    ProvenanceKind kind = ProvenanceKind::spec;
    std::string sourceUrl; // spec: the datasheet or page the number was read from
    std::string tool;      // measured: e.g. "roofscope-probe 0.1.0", "nccl-tests 2.13.8"
    std::string method;    // measured: e.g. "cuBLASLt GEMM 8192^3, random data"
    std::string date;      // measured: ISO-8601 date or date-time
    double clockMHz = 0;   // measured: clock during the run; 0 when unknown
    int samples = 0;       // measured: timed repetitions behind the value; 0 when unknown
    double spread = 0;     // measured: (max - min) / median of the samples; 0 when unknown
    std::string note;      // free text: sparsity, disputed figures, boost vs base clock

    bool operator==(const Provenance&) const = default;
};

struct Ceiling {
    double value = 0; // FLOP/s for compute, B/s for memory and links
    Provenance provenance;

    bool operator==(const Ceiling&) const = default;
};

struct ComputeKey {
    Precision precision = Precision::fp32;
    ComputeUnit unit = ComputeUnit::vector;

    auto operator<=>(const ComputeKey&) const = default;
};

struct Ceilings {
    std::map<ComputeKey, Ceiling> compute;
    std::map<MemoryLevel, Ceiling> memory;
    std::map<Link, Ceiling> links;

    bool operator==(const Ceilings&) const = default;

    bool empty() const { return compute.empty() && memory.empty() && links.empty(); }

    // The compute ceiling an op of this precision can reach: the tensor-unit ceiling when
    // `preferTensor` and the device has one for the precision, else the vector ceiling. fp16 and
    // bf16 off the tensor units take the fp32 vector ceiling, and their own vector ceiling only
    // on a device that lists no fp32 one: PyTorch's and XLA's pointwise and normalisation kernels
    // load 16-bit data but compute in fp32 registers, so the packed half2 rate that datasheets
    // and the probe give (twice fp32 on Hopper) is not a roof they can reach. Integer and
    // boolean work (`other`) takes the fp32 vector ceiling too. nullopt when nothing applies.
    std::optional<Ceiling> computeFor(Precision precision, bool preferTensor) const;
    // Which ceiling computeFor picks, so that a report can name it; nullopt when none applies.
    std::optional<ComputeKey> computeKeyFor(Precision precision, bool preferTensor) const;
    std::optional<Ceiling> memoryFor(MemoryLevel level) const;
    std::optional<Ceiling> linkFor(Link link) const;
    // The same ceilings without a copy (a provenance holds strings), for code that asks once per
    // record of millions; nullptr when none applies. Valid while these ceilings are unchanged.
    const Ceiling* computeCeiling(Precision precision, bool preferTensor) const;
    const Ceiling* memoryCeiling(MemoryLevel level) const;
};

} // namespace roofscope
