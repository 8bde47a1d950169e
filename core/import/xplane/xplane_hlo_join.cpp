#include "core/import/xplane/xplane_hlo_join.h"

#include "core/import/xplane/hlo_estimate.h"

#include <algorithm>
#include <string>

namespace roofscope {

void XplaneHloJoin::startDevice() {
    given_.clear();
    collectives_.clear();
}

void XplaneHloJoin::join(XplaneDevice& d, std::size_t op, std::uint32_t index, const HloCost& cost,
                         std::string_view opName) {
    ++d.opsCosted;
    d.bytes += cost.bytes;
    TraceEvents& events = d.events;
    if (cost.collective)
        joinCollective(d, op, index, *cost.collective);
    if (cost.phase != Phase::unknown) {
        if (events.givenPhaseOf.size() <= op)
            events.givenPhaseOf.resize(op + 1, Phase::unknown);
        events.givenPhaseOf[op] = cost.phase;
    }
    if (!cost.flopsKnown)
        return;
    ++d.opsWithFlops;
    d.flops += cost.flops;
    const auto [given, fresh] = given_.try_emplace(index, kNoIndex);
    if (fresh) {
        given->second = static_cast<std::uint32_t>(events.given.size());
        events.given.push_back(hloOpEstimate(cost, std::string(opName)));
    }
    if (events.givenOf.size() <= op)
        events.givenOf.resize(op + 1, kNoIndex);
    events.givenOf[op] = given->second;
}

// As record_param_comms gives a Kineto trace's: the analysis then bounds the kernels' busbw as it
// does NCCL's (collective_bytes.h).
void XplaneHloJoin::joinCollective(XplaneDevice& d, std::size_t op, std::uint32_t index,
                                   const HloCollective& c) {
    TraceEvents& events = d.events;
    const auto [it, fresh] = collectives_.try_emplace(index, kNoIndex);
    if (fresh) {
        CollectiveArgs args;
        args.name = c.name;
        args.inNelems = static_cast<std::int64_t>(std::min(c.inElements, 4e18));
        args.outNelems = static_cast<std::int64_t>(std::min(c.outElements, 4e18));
        args.dtype = hloDtypeName(c.elementType);
        args.groupSize = c.groupSize > 0 && c.groupSize < (1 << 24) ? static_cast<int>(c.groupSize)
                                                                    : std::max(1, gpuPlanes_);
        it->second = static_cast<std::uint32_t>(events.collectives.size());
        events.collectives.push_back(std::move(args));
    }
    events.cpu[op].collective = it->second;
}

} // namespace roofscope
