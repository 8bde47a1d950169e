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
constexpr int kNvmlTemperatureGpu = 0;

struct Nvml {
    NvmlReturn (*init)() = nullptr;
    NvmlReturn (*driverVersion)(char*, unsigned) = nullptr;
    NvmlReturn (*handleByPciBusId)(const char*, NvmlDevice*) = nullptr;
    NvmlReturn (*clockInfo)(NvmlDevice, int, unsigned*) = nullptr;
    // Optional: each absent one leaves its field of RunConditions empty.
    NvmlReturn (*maxClockInfo)(NvmlDevice, int, unsigned*) = nullptr;
    NvmlReturn (*powerUsage)(NvmlDevice, unsigned*) = nullptr;       // mW
    NvmlReturn (*powerLimit)(NvmlDevice, unsigned*) = nullptr;       // mW
    NvmlReturn (*temperature)(NvmlDevice, int, unsigned*) = nullptr; // degrees C
    NvmlReturn (*clockReasons)(NvmlDevice, unsigned long long*) = nullptr;
    NvmlReturn (*pcieGen)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*pcieMaxGen)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*pcieWidth)(NvmlDevice, unsigned*) = nullptr;
    NvmlReturn (*pcieMaxWidth)(NvmlDevice, unsigned*) = nullptr;
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
        bind(library, "nvmlDeviceGetMaxClockInfo", n.maxClockInfo);
        bind(library, "nvmlDeviceGetPowerUsage", n.powerUsage);
        bind(library, "nvmlDeviceGetEnforcedPowerLimit", n.powerLimit);
        bind(library, "nvmlDeviceGetTemperature", n.temperature);
        // Renamed in NVML 12.2 ("throttle" became "clocks event"); the old name stays exported.
        if (!bind(library, "nvmlDeviceGetCurrentClocksEventReasons", n.clockReasons))
            bind(library, "nvmlDeviceGetCurrentClocksThrottleReasons", n.clockReasons);
        bind(library, "nvmlDeviceGetCurrPcieLinkGeneration", n.pcieGen);
        bind(library, "nvmlDeviceGetMaxPcieLinkGeneration", n.pcieMaxGen);
        bind(library, "nvmlDeviceGetCurrPcieLinkWidth", n.pcieWidth);
        bind(library, "nvmlDeviceGetMaxPcieLinkWidth", n.pcieMaxWidth);
        return n;
    }();
    return loaded;
}

std::optional<NvmlDevice> handle(const Nvml& n, const std::string& pciBusId) {
    NvmlDevice device = nullptr;
    if (!n.ready || n.handleByPciBusId(pciBusId.c_str(), &device) != kNvmlSuccess)
        return std::nullopt;
    return device;
}

// `query(device, &value)` when NVML has it and it succeeds, scaled by `scale`.
template <class F, class... Args>
std::optional<double> ask(F query, NvmlDevice device, double scale, Args... args) {
    unsigned value = 0;
    if (!query || query(device, args..., &value) != kNvmlSuccess)
        return std::nullopt;
    return value * scale;
}

std::optional<int> askInt(NvmlReturn (*query)(NvmlDevice, unsigned*), NvmlDevice device) {
    unsigned value = 0;
    if (!query || query(device, &value) != kNvmlSuccess || value == 0)
        return std::nullopt;
    return static_cast<int>(value);
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
    const auto device = handle(n, pciBusId);
    if (!device)
        return std::nullopt;
    const auto mhz = ask(n.clockInfo, *device, 1.0, kNvmlClockSm);
    return mhz && *mhz > 0 ? mhz : std::nullopt;
}

RunConditions nvmlConditions(const std::string& pciBusId) {
    RunConditions c;
    const Nvml& n = nvml();
    const auto device = handle(n, pciBusId);
    if (!device)
        return c;
    c.smClockMHz = ask(n.clockInfo, *device, 1.0, kNvmlClockSm);
    c.maxSmClockMHz = ask(n.maxClockInfo, *device, 1.0, kNvmlClockSm);
    c.powerW = ask(n.powerUsage, *device, 1e-3);
    c.powerLimitW = ask(n.powerLimit, *device, 1e-3);
    c.temperatureC = ask(n.temperature, *device, 1.0, kNvmlTemperatureGpu);
    unsigned long long reasons = 0;
    if (n.clockReasons && n.clockReasons(*device, &reasons) == kNvmlSuccess)
        c.clockLimits = reasons;
    c.pcieGeneration = askInt(n.pcieGen, *device);
    c.pcieMaxGeneration = askInt(n.pcieMaxGen, *device);
    c.pcieWidth = askInt(n.pcieWidth, *device);
    c.pcieMaxWidth = askInt(n.pcieMaxWidth, *device);
    return c;
}

} // namespace roofscope::probe
