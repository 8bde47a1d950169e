// listGpus(): the GPUs the CUDA driver sees, as Devices with their identity.
#include "gpu/cuda/cuda_devices.h"

#include "gpu/cuda/cuda_check.h"
#include "gpu/cuda/cuda_probe.h"
#include "gpu/cuda/nvml_reader.h"

#include <cuda_runtime_api.h>
#include <dlfcn.h>
#include <unistd.h>

#include <cctype>
#include <cstdio>

namespace roofscope::probe {

namespace {

std::string uuidText(const cudaUUID_t& uuid) {
    const auto* b = reinterpret_cast<const unsigned char*>(uuid.bytes);
    char text[64];
    std::snprintf(text, sizeof text,
                  "GPU-%02x%02x%02x%02x-%02x%02x-%02x%02x-%02x%02x-%02x%02x%02x%02x%02x%02x", b[0],
                  b[1], b[2], b[3], b[4], b[5], b[6], b[7], b[8], b[9], b[10], b[11], b[12], b[13],
                  b[14], b[15]);
    return text;
}

// "13.0" from the CUDA API version the driver supports (13000).
std::string cudaVersionText(int version) {
    return std::to_string(version / 1000) + "." + std::to_string(version % 1000 / 10);
}

std::string hostName() {
    char name[256] = {};
    if (gethostname(name, sizeof name - 1) != 0)
        return {};
    return name;
}

bool driverLibraryPresent() {
    void* library = dlopen("libcuda.so.1", RTLD_LAZY | RTLD_LOCAL);
    if (library)
        dlclose(library);
    return library != nullptr;
}

double attributeMHz(cudaDeviceAttr attribute, int device) {
    int kHz = 0;
    return cudaDeviceGetAttribute(&kHz, attribute, device) == cudaSuccess ? kHz / 1000.0 : 0.0;
}

} // namespace

Result<GpuFacts> gpuFacts(int device) {
    cudaDeviceProp prop{};
    ROOFSCOPE_CUDA_TRY(cudaGetDeviceProperties(&prop, device));
    GpuFacts facts;
    facts.name = prop.name;
    facts.major = prop.major;
    facts.minor = prop.minor;
    facts.multiprocessors = prop.multiProcessorCount;
    facts.l2Bytes = static_cast<std::size_t>(prop.l2CacheSize);
    facts.memoryBytes = prop.totalGlobalMem;
    char busId[32] = {};
    ROOFSCOPE_CUDA_TRY(cudaDeviceGetPCIBusId(busId, sizeof busId, device));
    facts.pciBusId = busId;
    return facts;
}

std::string deviceSlug(std::string_view name) {
    std::string slug;
    for (const char c : name) {
        const auto u = static_cast<unsigned char>(c);
        if (std::isalnum(u))
            slug += static_cast<char>(std::tolower(u));
        else if (!slug.empty() && slug.back() != '-')
            slug += '-';
    }
    while (!slug.empty() && slug.back() == '-')
        slug.pop_back();
    return slug;
}

Result<std::vector<Gpu>> listGpus() {
    int count = 0;
    const cudaError_t status = cudaGetDeviceCount(&count);
    if (status != cudaSuccess) {
        (void)cudaGetLastError();
        if (status == cudaErrorNoDevice)
            return makeError(std::string("no CUDA device: ") + cudaGetErrorString(status));
        // The runtime says "insufficient" both for an old driver and for none at all.
        if (status == cudaErrorInsufficientDriver && !driverLibraryPresent())
            return makeError("no CUDA driver: libcuda.so.1 cannot be loaded on this machine");
        return makeError(std::string("no CUDA driver: ") + cudaGetErrorString(status));
    }
    if (count == 0)
        return makeError("no CUDA device: the driver reports none");

    int driver = 0;
    int runtime = 0;
    ROOFSCOPE_CUDA_TRY(cudaDriverGetVersion(&driver));
    ROOFSCOPE_CUDA_TRY(cudaRuntimeGetVersion(&runtime));
    const std::string driverText = nvmlDriverVersion().value_or("CUDA " + cudaVersionText(driver));
    const std::string host = hostName();

    std::vector<Gpu> gpus;
    for (int index = 0; index < count; ++index) {
        cudaDeviceProp prop{};
        ROOFSCOPE_CUDA_TRY(cudaGetDeviceProperties(&prop, index));
        char busId[32] = {};
        ROOFSCOPE_CUDA_TRY(cudaDeviceGetPCIBusId(busId, sizeof busId, index));

        Gpu gpu;
        gpu.index = index;
        Device& d = gpu.device;
        d.name = prop.name;
        d.id = deviceSlug(d.name);
        d.vendor = "NVIDIA";
        d.kind = DeviceKind::gpu;
        d.aliases = {d.name};
        d.notes = "coreClockMHz is the maximum SM clock (cudaDevAttrClockRate), not the clock of a "
                  "run; each measured ceiling records the clock read right after its timing.";
        DeviceIdentity& id = d.identity;
        id.host = host;
        id.uuid = uuidText(prop.uuid);
        id.pciBusId = busId;
        id.computeCapability = std::to_string(prop.major) + "." + std::to_string(prop.minor);
        id.driverVersion = driverText;
        id.runtimeVersion = "CUDA " + cudaVersionText(runtime);
        id.computeUnits = prop.multiProcessorCount;
        id.coreClockMHz = attributeMHz(cudaDevAttrClockRate, index);
        id.memoryClockMHz = attributeMHz(cudaDevAttrMemoryClockRate, index);
        id.memoryBytes = prop.totalGlobalMem;
        id.l2Bytes = static_cast<std::uint64_t>(prop.l2CacheSize);
        gpus.push_back(std::move(gpu));
    }
    return gpus;
}

} // namespace roofscope::probe
