#pragma once
// The MD-Roofline view's analysis of one dataset (Miao et al., ISCC 2022): every op's F, M and P,
// its place in the three planes and which communication plane applies to it, its bound and
// bottleneck; per rank the iteration split by phase; the straggler rank; and, for multi-rank
// runs, the cluster ceilings every rank is held to. The chart draws this, the table lists it.

#include "core/analysis/view_table.h"
#include "core/md_roofline.h"
#include "core/session.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// One op of the analysed dataset.
struct MdOpResult {
    int record = 0;                  // index into Dataset::records
    MdWork work;                     // F (FLOP), M (B at the view's memory level), P (B, all links)
    MdCeilings ceilings;             // APF (FLOP/s), APM and APB (B/s) the op is bounded by
    MdPlanes planes;                 // A (FLOP/B), O (B/B), C (B/FLOP), the ridges and commPlane
    std::optional<double> measuredS; // the record's time, seconds, when known
    // t_F, t_M, t_P, bound, bottleneck and efficiency; nullopt when the bound cannot be computed
    // (a ceiling the op's work needs is missing, its device is unknown, a quantity is invalid).
    std::optional<MdBound> bound;
    std::string error; // why `bound` is missing; empty when it is present
};

// A rank's step on the GPU timeline, the mean over its complete steps (steps.h, the breakdown of
// HTA and TraceLens): the phases overlap (DDP syncs gradients while backward runs), so the
// kernel times by phase do not add up to the step; this says how long the step was, how much of
// its communication compute hid, and how much the step waited for (exposed). Seconds.
struct MdStepOverlap {
    int steps = 0;             // complete steps averaged
    double spanS = 0;          // first GPU activity to last
    double computeS = 0;       // compute kernels (union)
    double exposedCommS = 0;   // communication while no compute ran
    double exposedMemcpyS = 0; // copies while neither ran
    double idleS = 0;          // no GPU activity
    double commS = 0;          // communication kernels' time in one step (the rank's records)
    double hiddenCommS = 0;    // commS - exposedCommS, at least 0: ran while compute did
};

// One rank's iteration, summed by phase by mdIteration. Phase::communication is the gradient
// sync. Ranks whose device is unknown have every op unbounded.
struct MdRankTotals {
    int rank = 0;
    std::string deviceId; // the device of the rank's first record (a rank runs on one device)
    IterationBound iteration;
    std::optional<MdStepOverlap> overlap; // when the dataset has complete steps of this rank
};

// A set of ops taken as one (Miao et al. apply MD-Roofline to whole iterations and layers): F, M
// and P summed over its ops (absent quantities count 0), the measured times summed. Compute ops
// rarely communicate and collectives do no FLOPs, so single ops seldom have finite O and C; their
// sum does. Its APM is that of the ops; its APF and APB are the work-weighted harmonic means of
// the ops' (F / sum of F_i / APF_i, P / sum of P_i / APB_i), so that t_F, t_M and t_P are the sums
// of the ops' terms and the bound is max(sum t_F, sum t_M, sum t_P): the ops' times if every
// resource overlapped. Ops whose work is unknown are left out and counted.
enum class MdAggregateKind { iteration, phase };

struct MdAggregate {
    MdAggregateKind kind = MdAggregateKind::iteration;
    int rank = 0;
    Phase phase = Phase::unknown; // the phase summed; meaningful for kind == phase only
    std::string label;            // "iteration (rank 0)", "forward (rank 0)"
    int opCount = 0;              // records summed: those whose work is known
    int unknownOps = 0;           // records left out as their work is unknown (workUnknown)
    double unknownS = 0;          // their measured time, seconds
    MdWork work;
    MdCeilings ceilings;             // APF as above; 0 when unknown
    MdPlanes planes;                 // coordinates and ridges of the sums; commPlane: O or C
    std::optional<double> measuredS; // sum of the ops' times; nullopt when one op has none
    std::optional<MdBound> bound;    // against the same ceilings the ops use
    std::string error;               // why `bound` is missing; empty when it is present
};

// The rank the others wait for: the largest measured total.
struct MdStraggler {
    int rank = 0;
    double measuredS = 0;      // its measured total, seconds
    double medianS = 0;        // median of all ranks' measured totals, seconds
    double slowerFraction = 0; // measuredS / medianS - 1 (0.25 = 25 % slower); 0 if median is 0
};

struct MdAnalysis {
    MdOptions options;
    int dataset = -1; // index into Session::datasets
    // The rank shown: -1 when all ranks are shown against the cluster ceilings.
    int shownRank = -1;
    // Ceilings the shown ops are bounded by: the shown rank's device, or the cluster's (one
    // device's own when every rank runs on the same device).
    Ceilings ceilings;
    // Where `ceilings` came from, in words: a device's name, or "slowest of 4 ranks' devices".
    std::string ceilingsSource;
    bool cluster = false;            // true when `ceilings` combine several devices
    std::vector<MdOpResult> ops;     // the shown rank's ops (all ranks': every op), record order
    std::vector<MdRankTotals> ranks; // every rank of the dataset, ascending
    std::optional<MdStraggler> straggler; // only when the dataset holds more than one rank
    int unbounded = 0;                    // ops in `ops` without a bound
    bool anyCommunication = false;        // some shown op has P > 0: the O and C planes have points
    // Per shown rank, ascending: its iteration (every op of the rank), then, when the rank has
    // more than one phase, each of its forward, backward and optimizer phases (the gradient sync
    // alone has no F or M: it counts inside the iteration only).
    std::vector<MdAggregate> aggregates;
};

// The aggregate of `records` (all of one rank) against `ceilings` (the ops' ceilings under
// `options`, as for analyseMd's ops). Label and kind are left to the caller.
MdAggregate mdAggregate(const std::vector<const OpRecord*>& records, const Ceilings& ceilings,
                        const MdOptions& options);

// The ceilings a cluster of ranks is held to, value by value over `perRank` (one entry per
// rank, so a device shared by three ranks weighs three times in the mean): `slowest` takes the
// minimum, `mean` the arithmetic mean. A ceiling that any rank's device lacks is left out: the
// cluster cannot be said to reach it. Provenance: the slowest device's for `slowest`; for
// `mean` the first device's, with a note saying it is a mean. Empty when `perRank` is.
Ceilings clusterCeilings(const std::vector<const Ceilings*>& perRank, ClusterRule rule);

// The analysis of `session.datasets[datasetIndex]` under {view.memoryLevel, view.link},
// showing view.md.rank (-1: all ranks against clusterCeilings of their devices by
// view.md.clusterRule; a rank: that rank against its own device's ceilings). A record's device is
// its deviceId, else the dataset context's, looked up in session.devices. Errors when the index
// is out of range or the asked-for rank has no records.
Result<MdAnalysis> analyseMd(const Session& session, int datasetIndex);

// One op in one plane as the MD chart draws it.
struct MdPlanePoint {
    std::size_t op = 0;  // index into MdAnalysis::ops (or ::aggregates for an aggregate)
    double x = 0;        // the plane's coordinate: A F/M (FLOP/B), O P/M (B/B), C P/F (B/FLOP)
    double y = 0;        // achieved: on A F / t (FLOP/s), on O and C P / t (B/s)
    bool premise = true; // the plane applies to the op: A always, O or C as planes.commPlane
};

// A plane of the MD chart: its roof min(peak, slope * x) with the ridge where the two meet, and
// the ops with a positive measured time and a place on log axes. The roof is that of the op doing
// the most FLOPs, bounded ops first (with mixed precisions its compute ceiling is the one the
// iteration's compute mostly meets); without FLOPs, the op taking the most measured time. Its APB
// is that of the op moving the most bytes over links, i.e. of the links the communication
// crossed (an inter-node all-reduce's NICs, not the NVLink a GEMM's ceilings name).
struct MdPlaneView {
    double peak = 0;                  // APF (FLOP/s) on A; APB (B/s) on O and C
    double slope = 0;                 // APM (B/s) on A and O; APF (FLOP/s) on C
    double ridge = 0;                 // peak / slope, in the plane's x; 0 when a ceiling is missing
    std::vector<MdPlanePoint> points; // in op order
    std::vector<MdPlanePoint> aggregates; // those with a measured time, in aggregate order
};
MdPlaneView mdPlaneView(const MdAnalysis& md, MdPlane plane);

// The MD-Roofline table (schema "roofscope.md/1") of shownDataset(session) (shown_dataset.h): one
// row per shown op, then one per aggregate (name = its label, category empty, phase "all" for an
// iteration; column `kind`, the last, says "op", "iteration" or "phase"), with F, M, P, the plane
// coordinates, the communication plane, t_F, t_M, t_P, the bound, the measured time, the bottleneck
// and the efficiency (empty cells where undefined), and notes with the iteration by phase (measured
// vs bound), the straggler, the APB used and its provenance, the ops without a bound, and the
// iteration's point (A, O, C, bottleneck and efficiency). An empty table (no rows, no columns) when
// there is no dataset to show; a table with one note when the analysis fails.
ViewTable mdTable(const Session& session);
// The same table from an analysis of `session` already made (analyseMd), so that a chart that
// draws the analysis does not make it twice.
ViewTable mdTable(const Session& session, const MdAnalysis& md);

// Median of `values` (the mean of the middle two for an even count); 0 when empty.
double medianOf(std::vector<double> values);

} // namespace roofscope
