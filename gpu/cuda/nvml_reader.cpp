#include "gpu/cuda/nvml_reader.h"

#include <dlfcn.h>

namespace roofscope::probe {

namespace {

// The few NVML declarations used, written out because the toolkit ships no nvml.h here; they are
// the library's stable C ABI (nvml.h: nvmlReturn_t 0 is NVML_SUCCESS, NVML_CLOCK_SM is 1).
using NvmlReturn = int;
using NvmlDevice = struct NvmlDeviceOpaque*;
constexpr NvmlReturn kNvmlSuccess = 0;
constexpr int kNvmlClockSm = 1;

struct Nvml {
    NvmlReturn (*init)() = nullptr;
    NvmlReturn (*driverVersion)(char*, unsigned) = nullptr;
    NvmlReturn (*handleByPciBusId)(const char*, NvmlDevice*) = nullptr;
    NvmlReturn (*clockInfo)(NvmlDevice, int, unsigned*) = nullptr;
    bool ready = false;
};

template <class F> bool bind(void* library, const char* name, F& function) {
    function = reinterpret_cast<F>(dlsym(library, name));
    return function != nullptr;
}

// Loaded and initialised once per process and never unloaded: nvmlShutdown at exit would race
// with other threads still reading, and the handle costs nothing to keep.
const Nvml& nvml() {
    static const Nvml loaded = [] {
        Nvml n;
        void* library = dlopen("libnvidia-ml.so.1", RTLD_NOW | RTLD_LOCAL);
        if (!library)
            return n;
        const bool bound = bind(library, "nvmlInit_v2", n.init) &&
                           bind(library, "nvmlSystemGetDriverVersion", n.driverVersion) &&
                           bind(library, "nvmlDeviceGetHandleByPciBusId_v2", n.handleByPciBusId) &&
                           bind(library, "nvmlDeviceGetClockInfo", n.clockInfo);
        n.ready = bound && n.init() == kNvmlSuccess;
        return n;
    }();
    return loaded;
}

} // namespace

std::optional<std::string> nvmlDriverVersion() {
    const Nvml& n = nvml();
    if (!n.ready)
        return std::nullopt;
    char text[96] = {};
    if (n.driverVersion(text, sizeof text) != kNvmlSuccess)
        return std::nullopt;
    return std::string(text);
}

std::optional<double> nvmlSmClockMHz(const std::string& pciBusId) {
    const Nvml& n = nvml();
    if (!n.ready)
        return std::nullopt;
    NvmlDevice device = nullptr;
    unsigned mhz = 0;
    if (n.handleByPciBusId(pciBusId.c_str(), &device) != kNvmlSuccess ||
        n.clockInfo(device, kNvmlClockSm, &mhz) != kNvmlSuccess || mhz == 0)
        return std::nullopt;
    return static_cast<double>(mhz);
}

} // namespace roofscope::probe
