#pragma once
// Device placement what-if (after DLS, Park et al. 2022): move every op of some categories to
// other devices and predict the step. A moved op takes its MD bound on the target (reproject)
// and its data crosses the link between its original device and the target at that link's
// ceiling. The transfer cost is an UPPER bound: every moved op pays for its inputs and outputs,
// although consecutive moved ops could keep their data on the target.
//
// Times are summed, not overlapped: a device's busy time is the sum of its ops' times, and the
// step is the sum over devices plus copies and transfers, as if nothing ran concurrently. Both
// the old and the new step are summed the same way, so that their difference is the move's.

#include "core/analysis/view_table.h"
#include "core/md_roofline.h"
#include "core/session.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// How one op fares under the plan.
struct PlacementOp {
    int record = 0;                   // index into Dataset::records
    std::string fromDevice;           // where it ran (the record's deviceId, else the dataset's)
    std::string toDevice;             // where the plan runs it: fromDevice when not moved
    bool moved = false;               // a move applies and toDevice differs from fromDevice
    bool memcpy = false;              // a copy of the run: its own total, never moved
    double measuredS = 0;             // the record's time, seconds; 0 when unknown
    std::optional<double> predictedS; // moved ops: the MD bound on the target, seconds
    double transferBytes = 0;         // moved ops: its DRAM bytes (inputs and outputs), B
    std::optional<Link> transferLink; // the link the transfer is costed on
    double transferS = 0;             // transferBytes / the link ceiling, seconds
    // The time the new step counts for the op itself (predictedS, or measuredS when it is not
    // moved or cannot be projected), seconds.
    double newS = 0;
    // Where the plan draws it on its device's roofline, at the options' memory level: FLOPs /
    // bytes (FLOP/B) and FLOPs / newS (FLOP/s, predicted on a target, measured where it ran);
    // both 0 when the record lacks FLOPs, bytes at that level or a time: it has no point.
    double intensity = 0;
    double flopsPerS = 0;
    // Why a moved op stays at its measured time (the target or the link lacks a ceiling, the
    // device is unknown); empty otherwise.
    std::string error;
};

// What one move of the plan did, so that a move that changes nothing says so.
struct PlacementMoveOutcome {
    PlacementMove move;
    int ops = 0;           // ops of the category in the step (memcpy never counts)
    int alreadyThere = 0;  // of them, those that ran on the target already
    int moved = 0;         // moved and projected
    int unprojected = 0;   // to move but kept at their measured time (PlacementOp::error)
    bool replaced = false; // a later move of the same category wins over this one
    bool ignored = false;  // a move of Category::memcpy: copies are the run's own
};

struct PlacementPlan {
    std::vector<PlacementOp> ops;              // every record, in record order
    std::vector<std::string> devices;          // involved: the dataset's devices, then the targets
    std::map<std::string, double> busyBeforeS; // by device id, memcpy records excluded
    std::map<std::string, double> busyAfterS;  // moved ops on their target, transfers excluded
    double memcpyS = 0;       // measured time of the run's memcpy records, in both steps
    double transferS = 0;     // transfers the moves cause, seconds
    double transferBytes = 0; // B
    double oldStepS = 0;      // sum of busyBeforeS + memcpyS: the run as measured
    double newStepS = 0;      // sum of busyAfterS + memcpyS + transferS
    int moved = 0;            // ops moved and projected
    int unprojected = 0;      // ops a move names that stay at their measured time
    std::vector<PlacementMoveOutcome> outcomes; // one per move, in the order of the moves
};

// The outcome in one sentence, `target` being the target's name: "embedding → Xeon: 0 ops are
// embedding in this step; nothing moves.", "gemm → CPU: 12 of 12 gemm ops moved.", ...
std::string outcomeText(const PlacementMoveOutcome& outcome, const std::string& target);

// The link a transfer between `from` and `to` crosses and its bandwidth (B/s): p2p between two
// accelerators (gpu, asic, fpga, tpu, ndp), the slower of the two devices' p2p ceilings where
// both have one; PCIe between a CPU and an accelerator, the slower of pcie_h2d and pcie_d2h
// (data goes both ways) over both devices where both have them. Errors between two CPUs and when
// neither device has the ceiling.
Result<std::pair<Link, double>> transferLink(const Device& from, const Device& to);

// The plan of `dataset` with `moves` applied in order (a later move of the same category wins;
// a move of Category::memcpy is ignored, a copy being the run's own data movement). `devices`
// are looked up by id; the MD bound uses `options`. Never fails: ops that cannot be projected
// are counted in `unprojected`, flagged and kept at their measured time.
PlacementPlan planPlacement(const Dataset& dataset, const std::vector<Device>& devices,
                            const std::vector<PlacementMove>& moves, const MdOptions& options);

// The placement table (schema "roofscope.placement/1") of shownDataset(session) under
// view.placement.moves and {view.memoryLevel, view.link}: one row per op with where it ran, where
// the plan runs it, measured, predicted and counted time and the transfer, and notes with the old
// and new step, the change in %, the busy time per device before and after, the transfers, the
// memcpy total, the ops that could not be projected and the upper-bound caveat. Empty (no columns)
// when there is no dataset to show.
ViewTable placementTable(const Session& session);
// The same table from the plan of dataset `index` already made (planPlacement), so that a chart
// that draws the plan does not make it twice.
ViewTable placementTable(const Session& session, int index, const PlacementPlan& plan);

} // namespace roofscope
