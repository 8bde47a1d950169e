#pragma once
// Which op of run A is which op of run B: the pairing behind the comparison view. Two runs of one
// model on another architecture or software stack rarely list the same kernels under the same
// names, so records are matched in tiers, from the most certain to the least.

#include "core/dataset.h"

#include <optional>
#include <string_view>
#include <vector>

namespace roofscope {

// How a pair was matched, most certain first.
enum class MatchTier {
    // Same framework op on the same input shapes (OpRecord::op), category and phase, whatever
    // the kernel is called: the same model on another vendor's GPU or library runs the same ops
    // on the same shapes as kernels that share no name.
    op,
    // Same name, category, phase and precision, and the same work per launch: the same op on
    // the same shapes.
    exact,
    // Same name and category, different work (or phase, precision): the shapes changed.
    name,
    // Different name, same category, phase and work per launch: the same op run as another
    // kernel (a GEMM picked differently by another architecture or library version).
    work
};

// "op", "exact", "name", "work": the spelling tables and exports use.
std::string_view matchTierName(MatchTier tier);

// Relative tolerance within which two work figures are equal: FLOPs and bytes per launch are
// functions of the input shapes, so equal shapes give equal figures up to rounding.
inline constexpr double kSameWorkTolerance = 1e-6;

// True when a and b do the same work per launch: FLOPs / count and DRAM bytes / count equal
// within kSameWorkTolerance (relative), a quantity absent on both sides counting as equal and
// absent on one side only as different.
bool sameWorkPerLaunch(const OpRecord& a, const OpRecord& b);

struct OpPair {
    int a = 0; // index into run A's records
    int b = 0; // index into run B's records
    MatchTier tier = MatchTier::exact;

    bool operator==(const OpPair&) const = default;
};

struct OpMatch {
    std::vector<OpPair> pairs; // ordered by a
    std::vector<int> onlyA;    // records of A without a partner, in record order
    std::vector<int> onlyB;    // records of B without a partner, in record order
};

// Pairs the records of a and b, tier by tier (op, exact, name, then work), each tier among the
// records still unpaired. Records that share a tier's key are paired in order of appearance:
// the i-th such record of A with the i-th of B. Every record ends up in exactly one pair or in
// one of the unmatched lists. Cost: linear in the records for the exact key and name tiers,
// quadratic only within a group of records sharing name/category/phase (or category/phase for
// the work tier) whose work differs.
OpMatch matchOps(const std::vector<OpRecord>& a, const std::vector<OpRecord>& b);

} // namespace roofscope
