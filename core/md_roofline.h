#pragma once
// MD-Roofline (Miao et al., ISCC 2022): communication as a third roofline dimension.
// Per op: F FLOPs, M memory bytes, P communicated bytes; ceilings APF (FLOP/s), APM (B/s) and
// APB (B/s). t_F = F/APF, t_M = M/APM, t_P = P/APB; the op cannot run faster than
// max(t_F, t_M, t_P), and the argmax names its bottleneck.

#include "core/ceilings.h"
#include "core/error.h"
#include "core/op_record.h"

#include <map>
#include <optional>
#include <vector>

namespace roofscope {

struct MdCeilings {
    double apfFlopsPerS = 0; // 0 = unknown
    double apmBytesPerS = 0;
    double apbBytesPerS = 0;
};

struct MdWork {
    double flops = 0;
    double memoryBytes = 0;
    double commBytes = 0;
};

struct MdBound {
    double computeS = 0; // t_F
    double memoryS = 0;  // t_M
    double commS = 0;    // t_P
    double boundS = 0;   // max of the three
    // The argmax. Ties go to compute, then memory, then communication: at a ridge the op is
    // as much one as the other, and the faster resource is the one worth naming. `none` when the
    // op does no work at all.
    Bottleneck bottleneck = Bottleneck::none;
    // boundS / measured time, in (0, 1] for a plausible measurement; above 1 means the op beat
    // its bound (a finding). nullopt when no measured time was given.
    std::optional<double> efficiency;
};

// The bound of `work` under `ceilings`. Errors when a quantity is negative or not finite, or
// when the op does work of a kind whose ceiling is unknown (e.g. communicates without APB).
Result<MdBound> mdBound(const MdWork& work, const MdCeilings& ceilings,
                        std::optional<double> measuredS = std::nullopt);

enum class MdPlane { a, o, c };

// Coordinates of an op in the three planes and their ridges. A = F/M against FLOP/s (ridge
// APF/APM); O = P/M against communication B/s (ridge APB/APM), the plane for ops left of the A
// ridge (memory-side); C = P/F against communication B/s (ridge APB/APF) for ops at or right of
// it (compute-side). Coordinates are +inf when the denominator is zero and NaN when undefined.
struct MdPlanes {
    double a = 0, o = 0, c = 0;
    double ridgeA = 0, ridgeO = 0, ridgeC = 0;
    MdPlane commPlane = MdPlane::c; // which of O and C applies to this op
};

MdPlanes mdPlanes(const MdWork& work, const MdCeilings& ceilings);

// Which memory level counts as M and which link's bandwidth is APB.
struct MdOptions {
    MemoryLevel level = MemoryLevel::dram;
    Link link = Link::intra_node;
};

// APF for the op's precision (tensor units when it uses them), APM at options.level and APB of
// options.link (for intra_node, the p2p link when the device has no intra_node ceiling); 0 for
// whatever the device lacks.
MdCeilings mdCeilingsFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options);

// F, M at options.level and P summed over all links (absent quantities count as 0): the link
// the bytes travel over is the user's choice of APB, not a property of the record.
MdWork mdWorkFor(const OpRecord& op, const MdOptions& options);

// mdBound of one record against a device's ceilings, with its measured time when known.
Result<MdBound> mdBoundFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options);

struct PhaseTotals {
    double measuredS = 0;
    double boundS = 0;
    std::map<Bottleneck, double> boundSByBottleneck;
};

// An iteration (or any set of records) summed by phase. Records whose bound cannot be computed
// are counted in `unbounded` and their first error kept, not silently dropped.
struct IterationBound {
    std::map<Phase, PhaseTotals> phases;
    double measuredS = 0;
    double boundS = 0;
    int unbounded = 0;
    std::optional<Error> firstError;
};

IterationBound mdIteration(const std::vector<OpRecord>& records, const Ceilings& ceilings,
                           const MdOptions& options);

} // namespace roofscope
