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
#include <string>
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

// Which memory level counts as M, and the link whose bandwidth the planes draw as APB for ops
// that communicate nothing. An op's own bytes are bounded by the links they crossed.
struct MdOptions {
    MemoryLevel level = MemoryLevel::dram;
    Link link = Link::intra_node;
};

// The bandwidth of `link` on a device, B/s: its ceiling, or for intra_node without one the
// per-direction peer link (p2p: NVLink, xGMI), which nccl-tests' busbw compares with; nullopt
// when the device has neither.
std::optional<double> linkBandwidth(const Ceilings& ceilings, Link link);

// APF for the op's precision (tensor units when it uses them), APM at options.level and APB:
// for an op that communicates, the bandwidth its bytes see over the links they crossed,
// P / sum(bytes on link / linkBandwidth(link)) (a host copy is bounded by PCIe, a peer copy by
// the peer link, a collective by the intra- or inter-node ceiling its group spans), 0 when one
// of those links has no bandwidth; otherwise linkBandwidth(options.link). 0 for whatever the
// device lacks.
MdCeilings mdCeilingsFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options);

// F, M at options.level and P summed over all links (absent quantities count as 0).
MdWork mdWorkFor(const OpRecord& op, const MdOptions& options);

// A launch this short that reaches under this fraction of its bound is latency-bound: its time is
// the launch and scheduling overhead of a few microseconds (Wang et al., "Time-Based Roofline for
// Deep Learning Performance Analysis", 2020, draw it as a floor), not the roofs.
inline constexpr double kLatencyBoundLaunchS = 10e-6;
inline constexpr double kLatencyBoundEfficiency = 0.1;

// True when nothing of the op's work is known: no FLOPs, no bytes at any memory level and no
// communicated bytes (a trace recorded without shapes gives most kernels none). Such an op has
// no bound: a bound of 0 would count its time as wasted against nothing.
bool workUnknown(const OpRecord& op);

// Why the op's work is unknown, with the remedy where there is one (its flopsNote, else a
// generic reason).
std::string unknownWorkReason(const OpRecord& op);

// True when a record's mean launch lasts at most kLatencyBoundLaunchS and its bound is below
// kLatencyBoundEfficiency of its measured time.
bool latencyBound(const OpRecord& op, const MdBound& bound);

// mdBound of one record against a device's ceilings, with its measured time when known; the
// bottleneck is `latency` when latencyBound (boundS and the three terms unchanged). An op whose
// bytes crossed a link without a bandwidth is refused with that link's name, one whose work is
// unknown (workUnknown) with unknownWorkReason.
Result<MdBound> mdBoundFor(const OpRecord& op, const Ceilings& ceilings, const MdOptions& options);

struct PhaseTotals {
    double measuredS = 0; // of the ops with a bound
    double boundS = 0;
    std::map<Bottleneck, double> boundSByBottleneck;
    double unknownS = 0; // measured time of the phase's ops whose work is unknown
};

// Measured time of ops whose work is unknown, for one reason.
struct UnknownWork {
    std::string reason; // unknownWorkReason
    int ops = 0;
    double seconds = 0;
};

// An iteration (or any set of records) summed by phase. measuredS and boundS cover the ops with
// a bound only, so that boundS / measuredS is the efficiency of the work that is known. Ops
// whose work is unknown are summed apart, by reason; other records whose bound cannot be
// computed (a ceiling missing) are counted in `unbounded` and their first error kept, not
// silently dropped.
struct IterationBound {
    std::map<Phase, PhaseTotals> phases;
    double measuredS = 0;
    double boundS = 0;
    int unbounded = 0;
    std::optional<Error> firstError;
    double unknownS = 0;
    int unknownOps = 0;
    std::vector<UnknownWork> unknown; // largest time first
};

IterationBound mdIteration(const std::vector<OpRecord>& records, const Ceilings& ceilings,
                           const MdOptions& options);

} // namespace roofscope
