// The opcode sets are XLA's opcode names (the `opcode` field of HloInstructionProto, as HLO text
// spells them).
#include "core/import/xplane/hlo_opcodes.h"

#include <algorithm>
#include <initializer_list>

namespace roofscope {
namespace {

bool in(std::string_view opcode, std::initializer_list<std::string_view> set) {
    return std::find(set.begin(), set.end(), opcode) != set.end();
}

} // namespace

// 1 FLOP per output element.
bool hloElementwise(std::string_view op) {
    return in(op, {"add",
                   "subtract",
                   "multiply",
                   "divide",
                   "remainder",
                   "maximum",
                   "minimum",
                   "negate",
                   "abs",
                   "sign",
                   "floor",
                   "ceil",
                   "round-nearest-afz",
                   "round-nearest-even",
                   "compare",
                   "select",
                   "clamp",
                   "and",
                   "or",
                   "xor",
                   "not",
                   "shift-left",
                   "shift-right-arithmetic",
                   "shift-right-logical",
                   "popcnt",
                   "count-leading-zeros",
                   "is-finite",
                   "convert",
                   "real",
                   "imag",
                   "complex",
                   "reduce-precision",
                   "stochastic-convert"});
}

// 1 transcendental per output element, no FLOPs (XLA counts these apart).
bool hloTranscendental(std::string_view op) {
    return in(op,
              {"exponential", "exponential-minus-one", "log", "log-plus-one", "logistic", "tanh",
               "sqrt", "rsqrt", "cbrt", "sine", "cosine", "tan", "atan2", "power", "erf"});
}

// No arithmetic: layout, data movement, control and communication.
bool hloDataMovement(std::string_view op) {
    return in(op, {"parameter",
                   "constant",
                   "get-tuple-element",
                   "tuple",
                   "bitcast",
                   "bitcast-convert",
                   "reshape",
                   "dynamic-reshape",
                   "transpose",
                   "broadcast",
                   "copy",
                   "copy-start",
                   "copy-done",
                   "slice",
                   "dynamic-slice",
                   "dynamic-update-slice",
                   "concatenate",
                   "pad",
                   "iota",
                   "reverse",
                   "gather",
                   "after-all",
                   "partition-id",
                   "replica-id",
                   "opt-barrier",
                   "domain",
                   "all-gather",
                   "all-gather-start",
                   "all-gather-done",
                   "all-to-all",
                   "collective-permute",
                   "collective-permute-start",
                   "collective-permute-done",
                   "all-reduce-done",
                   "send",
                   "send-done",
                   "recv",
                   "recv-done"});
}

} // namespace roofscope
