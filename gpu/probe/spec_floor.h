#pragma once
// A measured ceiling against its datasheet figure, from above and from below. Above: a value
// over the datasheet by more than 5 % is a counting or timing error. Below: a value far under it
// is a kernel that does less work than it counts or issues it at a lower rate than the unit
// can, or a device held back (clock, power, heat, a narrow PCIe link), and the probe says which.
// One rule shared by the probe's output and the GPU tests, so that neither accepts a benchmark
// running at half its rate.

#include "core/device.h"
#include "gpu/probe/benchmark.h"

#include <optional>
#include <string>
#include <variant>

namespace roofscope::probe {

using CeilingWhat = std::variant<ComputeKey, MemoryLevel, Link>;

// The least a ceiling must reach, as a fraction of its spec.
struct SpecFloor {
    double fraction = 0;
    bool scalesWithClock = false; // the spec is first scaled to the SM clock the run recorded
};

// Vector FMA 0.8x the spec at the recorded SM clock (the datasheet's figure assumes the boost
// clock; FMA kernels run at whatever clock the card holds, and the rate is linear in it).
// Tensor GEMMs 0.6x the unscaled spec: their power limit pulls the clock to 1.4-1.6 GHz on an
// H100/H200 that boosts to 1.98, and that sustained rate is what a training step gets. Memory
// levels 0.8x (HBM, DRAM; not tied to the SM clock). Links 0.7x: PCIe and NVLink packets carry
// headers that the datasheet's signalling rate counts as bandwidth.
SpecFloor specFloor(const CeilingWhat& what);

// More than this times the spec is a counting or timing error (measured clocks sit at or under
// the boost clock the datasheet assumes).
inline constexpr double kOverSpecLimit = 1.05;

struct SpecCheck {
    double spec = 0;     // the datasheet figure, in the measured unit
    double expected = 0; // spec at the recorded clock where the floor scales with it, else spec
    double ratio = 0;    // measured / expected
    SpecFloor floor;
    bool belowFloor = false; // ratio < floor.fraction
    bool overSpec = false;   // measured > kOverSpecLimit x spec
    std::string causes;      // belowFloor: what the device reported that explains it; "" if none
    std::string text;        // one line for a person; "" when within both bounds
};

// `m` against `spec` (same unit as m.value, > 0). The clock scale is m.clockMHz over
// m.conditions.maxSmClockMHz, at most 1; without either it is 1.
SpecCheck checkAgainstSpec(const Measured& m, double spec);

// What in `c` can hold a ceiling of kind `what` under its spec, in words ("clock limited by the
// software power cap; power 699 W at its 700 W limit"); "" when the device reported nothing.
// The SM clock counts only where the floor does not already scale with it, PCIe only for pcie_*.
std::string shortfallCauses(const RunConditions& c, const CeilingWhat& what);

// The spec figure of the same ceiling in `spec`'s ceilings; nullopt when it lists none.
std::optional<double> specValue(const Device& spec, const CeilingWhat& what);

// "fp16 vector", "dram", "pcie_h2d": the ceiling's name in messages.
std::string ceilingName(const CeilingWhat& what);

// The built-in catalog's entry for a device reported as `name` (the catalog's name or one of its
// aliases), without the user's entries: a measured entry there would be checked against itself.
std::optional<Device> builtinSpecDevice(const std::string& name);

} // namespace roofscope::probe
