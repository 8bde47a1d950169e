#include "gpu/cpu/cpu_probe.h"

#include "gpu/cpu/cpu_fma.h"
#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/cpu_triad.h"
#include "gpu/cpu/simd_isa.h"

#include <unistd.h>

namespace roofscope::probe {

Device cpuDevice() {
    const CpuTopology topology = readCpuTopology();
    Device device;
    device.name = topology.modelName;
    device.id = cpuSlug(topology.modelName);
    device.vendor = topology.vendor;
    device.kind = DeviceKind::cpu;
    device.aliases = {topology.modelName};

    DeviceIdentity& id = device.identity;
    char host[256] = {};
    if (gethostname(host, sizeof host - 1) == 0)
        id.host = host;
    id.simd = simdName(detectSimd());
    id.computeUnits = static_cast<int>(topology.coreCpus.size());
    id.threads = static_cast<int>(topology.cpus.size());
    id.memoryBytes = topology.memoryBytes;
    id.l2Bytes = topology.lastLevelBytes();
    id.coreClockMHz = readCoreClockMHz(topology.coreCpus);
    return device;
}

std::vector<Benchmark> cpuBenchmarks() {
    return {
        {"cpu_triad", "CPU memory bandwidth (STREAM triad working-set sweep)",
         [](Context& context) { return runCpuTriad(context); }},
        {"cpu_fma_fp64", "CPU peak fp64 (FMA, all cores)",
         [](Context& context) { return runCpuFma(context, true); }},
        {"cpu_fma_fp32", "CPU peak fp32 (FMA, all cores)",
         [](Context& context) { return runCpuFma(context, false); }},
    };
}

} // namespace roofscope::probe
