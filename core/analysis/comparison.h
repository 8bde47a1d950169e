#pragma once
// What the comparison view compares, and the points and arrows it draws: run A (the baseline)
// against run B, or run A re-projected onto another device. Shared by the chart and by
// comparisonTable (compare_tables.h), so that both always show the same pair.

#include "core/analysis/arch_projection.h"
#include "core/analysis/run_diff.h"
#include "core/error.h"
#include "core/session.h"

#include <vector>

namespace roofscope {

struct ComparisonPair {
    int baseline = -1;      // run A: index into Session::datasets
    int target = -1;        // run B: index into Session::datasets; -1 when projecting
    int projectDevice = -1; // index into Session::devices when projecting, else -1

    bool projection() const { return projectDevice >= 0; }
};

// The pair session.view names: compare.baseline and compare.target are dataset labels (the first
// dataset of that label); an empty one picks the first (then the next) dataset that is not
// hidden and not the other side. With view.compare.projectDevice set, run A is re-projected onto
// that device and no run B is needed. Errors, in words a user can act on: fewer than two datasets
// (one when projecting), a label no dataset has, A and B the same dataset, a device id the
// session lacks.
Result<ComparisonPair> resolveComparison(const Session& session);

// A record's place on the classic roofline: x = FLOPs / bytes at the view's memory level
// (FLOP/B), y = FLOPs / time (FLOP/s).
struct ComparisonPoint {
    RecordRef ref;        // the record drawn (projected points name run A's record)
    double intensity = 0; // FLOP/B at the view's memory level
    double flopsPerS = 0; // FLOPs / timeS
    double timeS = 0;     // measured, or predicted on the target for a projected point; seconds
};

// From an op's point in run A to its point in run B (or its projected point).
struct ComparisonArrow {
    ComparisonPoint from, to;
    double change = 0; // time B / time A - 1: negative when B is faster
    double impact = 0; // (time B - time A) / run A's iteration time
    bool faster() const { return change < 0; }
};

struct ComparisonPlot {
    ComparisonPair pair;
    std::vector<ComparisonPoint> pointsA; // drawable records of run A
    // Drawable records of run B, or in projection mode run A's records at their predicted time.
    std::vector<ComparisonPoint> pointsB;
    std::vector<ComparisonArrow> arrows; // matched (or projected) ops drawable on both sides
    // Indices into `arrows` of the (at most kLabelledArrows) largest |impact|, largest first.
    std::vector<int> labelled;
    // Records with no place on a log-log FLOP/s plot (no FLOPs, no time, no bytes), both sides.
    int undrawable = 0;
    // The compute roofs to draw: the precisions of the drawn points, in enumeration order (bf16
    // ops get bf16 roofs whatever view.precision says); view.precision when no point is drawn.
    std::vector<Precision> precisions;
};

inline constexpr int kLabelledArrows = 5;

// The comparison of session.view at view.memoryLevel (and view.link for projections); the error
// of resolveComparison when the session cannot be compared.
Result<ComparisonPlot> comparisonPlot(const Session& session);

// MdOptions of the session view: memory level and link.
MdOptions mdOptionsOf(const ViewSettings& view);

} // namespace roofscope
