#pragma once
// How the HLO cost model (hlo_cost.h) classes an XLA opcode that it does not cost by shape.

#include <string_view>

namespace roofscope {

// 1 FLOP per output element (add, multiply, compare, select, convert, ...).
bool hloElementwise(std::string_view opcode);

// 1 transcendental per output element and no FLOPs (exp, log, tanh, ...), as XLA counts them.
bool hloTranscendental(std::string_view opcode);

// No arithmetic: layout, data movement, control and communication.
bool hloDataMovement(std::string_view opcode);

} // namespace roofscope
