#pragma once
// XLA programs built by hand for the HLO cost model's tests (core/import/xplane/hlo_module.h's
// plain structs): shapes, instructions, computations and modules in a line each.

#include "core/import/xplane/hlo_module.h"

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace roofscope::test {

inline HloShape array(int type, std::vector<std::int64_t> dims) {
    HloShape s;
    s.elementType = type;
    s.dims = std::move(dims);
    return s;
}

inline HloShape tupleOf(std::vector<HloShape> parts) {
    HloShape s;
    s.elementType = hlo_type::tuple;
    s.tupleShapes = std::move(parts);
    return s;
}

inline HloInstruction instr(std::int64_t id, std::string name, std::string opcode, HloShape shape,
                            std::vector<std::int64_t> operands = {}) {
    HloInstruction i;
    i.id = id;
    i.name = std::move(name);
    i.opcode = std::move(opcode);
    i.shape = std::move(shape);
    i.operands = std::move(operands);
    return i;
}

// Named "c<id>", its root the last instruction.
inline HloComputation computation(std::int64_t id, std::vector<HloInstruction> instructions) {
    HloComputation c;
    c.id = id;
    c.name = "c" + std::to_string(id);
    c.instructions = std::move(instructions);
    c.rootId = c.instructions.back().id;
    return c;
}

// Its entry the last computation (callees come first).
inline HloModule moduleOf(std::vector<HloComputation> computations) {
    HloModule m;
    m.computations = std::move(computations);
    m.entryId = m.computations.back().id;
    return m;
}

} // namespace roofscope::test
