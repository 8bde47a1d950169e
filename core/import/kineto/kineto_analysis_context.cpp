// What a trace says about its run: rank, world size, software stack, and which GPU it is about.

#include "core/import/kineto/kineto_analysis_internal.h"

#include <algorithm>
#include <map>

namespace roofscope::kineto {
namespace {

// CUDA writes its versions as 1000 x major + 10 x minor (12010 for 12.1); other text is kept.
std::string cudaVersion(const std::string& text) {
    if (text.empty() || text.size() > 9 ||
        !std::all_of(text.begin(), text.end(), [](char c) { return c >= '0' && c <= '9'; }))
        return text;
    const long value = std::stol(text);
    if (value < 1000)
        return text;
    return std::to_string(value / 1000) + "." + std::to_string(value % 1000 / 10);
}

} // namespace

DatasetContext contextOf(const TraceMetadata& meta) {
    DatasetContext context;
    context.rank = std::max(meta.distributed.rank.value_or(0), 0);
    context.worldSize = std::max(meta.distributed.worldSize.value_or(1), 1);
    SoftwareStack& stack = context.stack;
    const auto version = [&](const char* key) -> std::string {
        const auto it = meta.versions.find(key);
        return it == meta.versions.end() ? std::string() : it->second;
    };
    stack.cuda = cudaVersion(version("cuda_runtime_version"));
    stack.driver = cudaVersion(version("cuda_driver_version"));
    stack.nccl = meta.distributed.ncclVersion;
    for (const char* key : {"pytorch_version", "torch_version"})
        if (const std::string v = version(key); !v.empty() && stack.framework.empty())
            stack.framework = "PyTorch " + v;
    // "nsys": the Nsight Systems release that exported the file (nsys_reader.cpp).
    for (const char* key : {"cupti_version", "hip_runtime_version", "hip_driver_version",
                            "roctracer_version", "nsys"})
        if (const std::string v = version(key); !v.empty())
            stack.other[key] = v;
    return context;
}

std::pair<int, std::string> busiestDevice(const TraceEvents& events) {
    // Kernel time decides; a trace of copies only falls back on all GPU time.
    std::map<int, double> kernelNs, anyNs;
    for (const GpuEvent& g : events.gpu) {
        anyNs[g.device] += static_cast<double>(g.durNs);
        if (g.kind == GpuEventKind::kernel)
            kernelNs[g.device] += static_cast<double>(g.durNs);
    }
    const auto& busy = kernelNs.empty() ? anyNs : kernelNs;
    int device = -1;
    double most = -1;
    for (const auto& [d, ns] : busy)
        if (ns > most) {
            most = ns;
            device = d;
        }
    const auto& devices = events.meta.devices;
    if (device < 0 && devices.size() == 1)
        return {devices.front().id, devices.front().name};
    for (const TraceDeviceProperties& p : devices)
        if (p.id == device)
            return {device, p.name};
    // ROCm may number devices from another base than deviceProperties does (formats.md 1.4):
    // with a single listed GPU there is no doubt which one it is.
    if (devices.size() == 1)
        return {device, devices.front().name};
    return {device, ""};
}

} // namespace roofscope::kineto
