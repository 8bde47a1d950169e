#pragma once
// Run A against run B, op by op: where the time of an iteration went when the architecture or
// the software stack changed. Builds on matchOps (op_match.h).

#include "core/analysis/op_match.h"
#include "core/dataset.h"

#include <optional>
#include <string>
#include <vector>

namespace roofscope {

// The time of one iteration of a run, seconds. A dataset's records sum over
// Dataset::iterations() steps (1 without steps), so the sums are divided by it, and records
// outside every traced step are left out; its ranks run in parallel and wait for each other
// at the gradient sync, so the iteration lasts as long as its slowest rank: the records' times
// are summed per rank (OpRecord::rank) and the largest sum is the iteration time. A record's
// time counts when it is known (measured, or estimated as the analytic demo's bounds are),
// finite and not negative; the others are counted in `untimed`, never silently dropped.
struct IterationTime {
    double seconds = 0; // the slowest rank's sum; 0 when no record has a time
    int slowestRank = 0;
    int ranks = 0;     // ranks with at least one timed record
    int timed = 0;     // records whose time counts, over all ranks
    int estimated = 0; // of those, records whose time is an estimate rather than a measurement
    int untimed = 0;   // records without a usable time
};

IterationTime iterationTime(const Dataset& dataset);

// Whether a record's time counts towards an iteration (see IterationTime).
bool hasUsableTime(const OpRecord& record);

// One op of the comparison: a matched pair, or an op that only one run has.
struct DiffRow {
    std::optional<int> a;          // record index in run A; nullopt for an op only B has
    std::optional<int> b;          // record index in run B; nullopt for an op only A has
    std::optional<MatchTier> tier; // nullopt for an op only one run has
    // Seconds; NaN where the side has no record or no usable time.
    double timeAS = 0;
    double timeBS = 0;
    // timeBS - timeAS; an op only one run has counts as appearing (+timeBS) or vanishing
    // (-timeAS), so that the deltas of all rows sum to the difference of the summed times. NaN
    // when a side that has a record lacks its time.
    double deltaS = 0;
    double change = 0; // deltaS / timeAS, a ratio (-0.34 = 34 % faster); NaN without a base
    double impact = 0; // deltaS / run A's iteration time, a ratio; NaN when that is 0
};

struct RunDiff {
    // Sorted by |deltaS| descending (rows without a delta last); ties keep pair order.
    std::vector<DiffRow> rows;
    IterationTime iterationA, iterationB;
    int pairsByTier[4] = {0, 0, 0, 0}; // indexed by MatchTier
    int onlyA = 0, onlyB = 0;
    int untimedPairs = 0; // matched pairs of which at least one side has no usable time
};

// The per-op difference of run b against run a (the baseline). Never fails: empty datasets and
// datasets without times give rows without deltas and zero iteration times.
RunDiff runDiff(const Dataset& a, const Dataset& b);

} // namespace roofscope
