#pragma once
// JAX / XLA XPlane profiles (`*.xplane.pb`: the XSpace protobuf that jax.profiler.trace, TensorFlow
// and PyTorch/XLA write) read into the trace model the Kineto path analyses (kineto_events.h),
// one TraceEvents per GPU plane (`/device:GPU:N`) that ran work:
//   - kernels, copies and memsets from the plane's `Stream #N(...)` lines: name from the event's
//     metadata, start = line timestamp_ns + offset_ps, duration_ps, the stream from the line's
//     name, `correlation_id`, copy sizes from `memcpy_details`;
//   - the XLA op of each kernel (stat `hlo_op`, with `hlo_module` and `program_id`) as an op that
//     spans the consecutive kernels it ran, so records group, name and categorise by HLO op;
//   - step markers as GPU step ranges: a `Steps` line on the device plane, or host events that
//     carry a `step_num` stat (jax.profiler.StepTraceAnnotation);
//   - the device from the plane's stats (vendor, compute capability, core count, memory size,
//     clock), named as the catalog names it where those identify one model (xplane_device.h).
// The public GPU profiles carry no FLOP or byte figures per op. Where /host:metadata holds a
// program's HLO module (stat `Hlo Proto`), each op is joined on (program_id, hlo_op) to its
// instruction and the HLO cost model (hlo_cost.h) estimates its FLOPs and bytes, which the
// analysis takes as the op's estimate (TraceEvents::given); otherwise none are made up. Times are
// nanoseconds (picoseconds in the file, rounded), absolute when the `Task Environment` plane gives
// the profile's start.

#include "core/error.h"
#include "core/import/kineto/kineto_events.h"
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/xplane_limits.h"

#include <cstdint>
#include <string>
#include <vector>

namespace roofscope {

// A `/device:GPU:N` plane: what the file says of the device and, when it ran work, its events.
struct XplaneDevice {
    int index = -1;        // N of /device:GPU:N
    std::string plane;     // "/device:GPU:0"
    std::string vendor;    // "AMD", "Nvidia"; "" when the plane does not say
    std::string name;      // as xplane_device.h infers it; "" when it cannot
    int computeMajor = -1; // CUDA compute capability, or gfx major.minor (9.4 = gfx942) on AMD
    int computeMinor = -1;
    int cores = -1;                      // SMs or compute units
    double clockHz = 0;                  // clock_rate (kHz in the file)
    std::int64_t memoryBytes = -1;       // memory_size
    double memoryBandwidthBytesPerS = 0; // memory_bandwidth, as the profiler estimates it
    std::size_t kernels = 0, memcpys = 0, memsets = 0;
    std::size_t ops = 0; // XLA op executions made from hlo_op
    TraceEvents events;  // meta.devices holds this device
    // Per events.cpu entry: the index into XplaneProfile::hloCosts of the op's instruction,
    // kNoIndex when it has none (entries past the end have none).
    std::vector<std::uint32_t> opCost;
    std::size_t opsCosted = 0;    // ops joined to an HLO instruction
    std::size_t opsWithFlops = 0; // of those, the ones whose FLOPs the cost model knows
    double flops = 0, bytes = 0;  // summed over the joined ops (estimated)
};

// A compiled XLA program, one event metadata entry of /host:metadata.
struct XlaProgram {
    std::int64_t id = -1; // program_id: the entry's id
    std::string name;     // "jit_forward_3d_conv(15)"
    bool hasHlo = false;  // its `Hlo Proto` stat is in the file
    std::string problem;  // why that HLO could not be read; "" when read or absent
    std::size_t instructions = 0;
};

struct XplaneProfile {
    std::vector<XplaneDevice> devices; // every /device:GPU:N plane, by N
    std::vector<std::string> hostnames;
    std::size_t xlaPrograms = 0; // events of /host:metadata (one per compiled XLA program)
    std::vector<XlaProgram> programs;
    std::vector<HloCost> hloCosts; // of the instructions ops were joined to
    std::size_t planes = 0;
    std::vector<std::string> warnings; // said once for the file
};

// Whether this build reads XPlane files (protobuf was found when it was built).
bool xplaneSupported();

// Reads `path` (gzip allowed). Errors name the file and, where known, the byte offset: a file over
// the limits (size, counts of planes, lines, events, stats and metadata, estimated memory),
// truncated or not an XSpace, one without a GPU plane, or a build without protobuf.
Result<XplaneProfile> readXplane(const std::string& path, const XplaneLimits& limits = {});

} // namespace roofscope
