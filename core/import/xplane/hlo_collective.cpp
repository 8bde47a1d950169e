#include "core/import/xplane/hlo_collective.h"

#include <string_view>

namespace roofscope {

std::optional<HloCollective> hloCollectiveOf(const HloInstruction& i,
                                             const std::vector<const HloShape*>& operands) {
    std::string_view op = i.opcode;
    if (op.ends_with("-start"))
        op.remove_suffix(6);
    const char* name = op == "all-reduce"           ? "allreduce"
                       : op == "all-gather"         ? "allgather"
                       : op == "reduce-scatter"     ? "reducescatter"
                       : op == "all-to-all"         ? "alltoall"
                       : op == "collective-permute" ? "sendrecv"
                                                    : nullptr;
    if (!name)
        return std::nullopt;
    HloCollective c;
    c.name = name;
    c.groupSize = i.groupSize;
    for (const HloShape* s : operands)
        if (s) {
            c.inElements += hloElements(*s);
            if (c.elementType == 0)
                c.elementType = s->elementType;
        }
    const bool start = i.opcode.ends_with("-start");
    const bool lastOfTuple = start && op != "all-reduce" && !i.shape.tupleShapes.empty();
    const HloShape& result = lastOfTuple ? i.shape.tupleShapes.back() : i.shape;
    if (result.tupleShapes.empty()) {
        c.outElements = hloElements(result);
    } else {
        for (const HloShape& part : result.tupleShapes)
            c.outElements += hloElements(part);
    }
    if (c.elementType == 0)
        c.elementType = result.tupleShapes.empty() ? result.elementType
                                                   : result.tupleShapes.front().elementType;
    return c;
}

} // namespace roofscope
