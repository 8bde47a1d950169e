#pragma once
// What an XLA op's HLO instruction (hlo_cost.h) gives the op's events for the analysis, as
// XProf joins its cost analysis on (program_id, hlo_op): the instruction's estimate
// (TraceEvents::given) when the model knows its FLOPs, a collective's message
// (TraceEvents::collectives), and the phase its name stack says (TraceEvents::givenPhaseOf).
// An instruction whose FLOPs the model does not know gives no estimate, rather than 0 FLOPs.

#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/xplane_reader.h"

#include <cstdint>
#include <string_view>
#include <unordered_map>

namespace roofscope {

class XplaneHloJoin {
  public:
    // `gpuPlanes`: the profile's GPUs, which a collective without replica groups spans.
    explicit XplaneHloJoin(int gpuPlanes) : gpuPlanes_(gpuPlanes) {}

    // Before the ops of another device: entries are shared within one device's events only.
    void startDevice();

    // d.events.cpu[op] (an op named `opName`) is an execution of the instruction costed `cost`,
    // out of the profile's costs at `index`; counts it in d's totals (opsCosted, opsWithFlops,
    // flops, bytes).
    void join(XplaneDevice& d, std::size_t op, std::uint32_t index, const HloCost& cost,
              std::string_view opName);

  private:
    void joinCollective(XplaneDevice& d, std::size_t op, std::uint32_t index,
                        const HloCollective& c);

    int gpuPlanes_;
    // Of the device being joined: cost index -> its TraceEvents::given entry, and -> its
    // TraceEvents::collectives entry.
    std::unordered_map<std::uint32_t, std::uint32_t> given_, collectives_;
};

} // namespace roofscope
