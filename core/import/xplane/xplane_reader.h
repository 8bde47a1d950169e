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
// The public GPU profiles carry no FLOP or byte figures per op; none are made up here. Times are
// nanoseconds (picoseconds in the file, rounded), absolute when the `Task Environment` plane gives
// the profile's start.

#include "core/error.h"
#include "core/import/kineto/kineto_events.h"
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
};

struct XplaneProfile {
    std::vector<XplaneDevice> devices; // every /device:GPU:N plane, by N
    std::vector<std::string> hostnames;
    std::size_t xlaPrograms = 0; // events of /host:metadata (one per compiled XLA program)
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
