// The CUDA benchmarks under their stable keys (see cuda_probe.h). Listing them touches no GPU;
// each runs only when the driver calls it.
#include "gpu/cuda/cuda_benchmarks.h"
#include "gpu/cuda/cuda_probe.h"

namespace roofscope::probe {

std::vector<Benchmark> gpuBenchmarks(int device) {
    std::vector<Benchmark> list;
    auto add = [&](std::string key, std::string title, auto run) {
        list.push_back(Benchmark{std::move(key), std::move(title), std::move(run)});
    };
    const struct {
        Precision precision;
        const char* key;
        const char* title;
    } fma[] = {{Precision::fp64, "gpu_fma_fp64", "GPU fp64 FMA peak (vector units)"},
               {Precision::fp32, "gpu_fma_fp32", "GPU fp32 FMA peak (vector units)"},
               {Precision::fp16, "gpu_fma_fp16", "GPU fp16 FMA peak (vector units, half2)"},
               {Precision::bf16, "gpu_fma_bf16", "GPU bf16 FMA peak (vector units, bfloat162)"}};
    for (const auto& f : fma)
        add(f.key, f.title,
            [device, p = f.precision](Context& c) { return runFmaPeak(device, p, c); });
    const struct {
        Precision precision;
        const char* key;
        const char* title;
    } gemm[] = {{Precision::tf32, "gpu_gemm_tf32", "GPU tf32 tensor peak (cuBLASLt GEMM)"},
                {Precision::fp16, "gpu_gemm_fp16", "GPU fp16 tensor peak (cuBLASLt GEMM)"},
                {Precision::bf16, "gpu_gemm_bf16", "GPU bf16 tensor peak (cuBLASLt GEMM)"},
                {Precision::fp8, "gpu_gemm_fp8", "GPU fp8 tensor peak (cuBLASLt GEMM)"},
                {Precision::int8, "gpu_gemm_int8", "GPU int8 tensor peak (cuBLASLt GEMM)"}};
    for (const auto& g : gemm)
        add(g.key, g.title,
            [device, p = g.precision](Context& c) { return runGemm(device, p, c); });
    add("gpu_memory", "GPU L2 and HBM bandwidth (copy working-set sweep)",
        [device](Context& c) { return runMemorySweep(device, c); });
    add("gpu_shared_memory", "GPU shared-memory bandwidth",
        [device](Context& c) { return runSharedMemory(device, c); });
    add("gpu_h2d", "Host to GPU copy bandwidth (pinned memory)",
        [device](Context& c) { return runHostCopy(device, true, c); });
    add("gpu_d2h", "GPU to host copy bandwidth (pinned memory)",
        [device](Context& c) { return runHostCopy(device, false, c); });
    return list;
}

std::vector<Benchmark> multiGpuBenchmarks(const std::vector<int>& devices) {
    std::vector<Benchmark> list;
    if (devices.size() < 2)
        return list;
    list.push_back(Benchmark{"gpu_p2p", "GPU peer-to-peer copy bandwidth (every pair)",
                             [devices](Context& c) { return runPeerCopy(devices, c); }});
    if (!ncclBuilt())
        return list;
    const struct {
        Collective collective;
        const char* key;
        const char* title;
    } nccl[] = {
        {Collective::all_reduce, "nccl_all_reduce", "NCCL all-reduce bus bandwidth"},
        {Collective::all_gather, "nccl_all_gather", "NCCL all-gather bus bandwidth"},
        {Collective::reduce_scatter, "nccl_reduce_scatter", "NCCL reduce-scatter bus bandwidth"}};
    for (const auto& n : nccl)
        list.push_back(Benchmark{n.key, n.title, [devices, what = n.collective](Context& c) {
                                     return runNcclCollective(devices, what, c);
                                 }});
    return list;
}

} // namespace roofscope::probe
