#pragma once
// What an XLA collective instruction moves (HloCollective, hlo_cost.h): all-reduce, all-gather,
// reduce-scatter, all-to-all and collective-permute, and their async -start forms.

#include "core/import/xplane/hlo_cost.h"

#include <optional>
#include <vector>

namespace roofscope {

// A collective's message: its operands are one device's input; an async start's result is
// a tuple whose last element is what the collective produces (all-gather-start: (input,
// gathered)), or, for all-reduce-start, the reduced arrays themselves.
// `operands` are the instruction's operand shapes (nullptr for one not found); nullopt for an
// instruction that is no collective.
std::optional<HloCollective> hloCollectiveOf(const HloInstruction& i,
                                             const std::vector<const HloShape*>& operands);

} // namespace roofscope
