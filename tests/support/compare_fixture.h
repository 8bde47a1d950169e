#pragma once
// Two runs of one model on one device that differ in software stack (PyTorch 2.1 / CUDA 12.1
// against PyTorch 2.3 / CUDA 12.4), with round times so that every difference is worked by hand:
//
//   run A (2.1/12.1)                            run B (2.3/12.4)                          tier
//   0 ampere_fp16_s16816gemm..  gemm 20 ms  ->  0 sm80_xmma_gemm..     16 ms (renamed)    work
//   1 gelu kernel               4 ms        ->  1 gelu kernel          4 ms               exact
//   2 layer_norm_fwd            3 ms        ->  2 layer_norm_fwd       3.6 ms (shapes +20 %) name
//   3 flash_fwd_kernel          10 ms       ->  3 flash_fwd_kernel     8 ms               exact
//   4 ncclAllReduce             8 ms        ->  4 ncclAllReduce        9.5 ms             exact
//   5 reduce_old (only A)       1 ms            5 fused_bwd (only B)   2 ms
//
// Iteration A = 46 ms, B = 43.1 ms (-6.3 %).

#include "core/session.h"

namespace roofscope::testing {

inline OpRecord op(std::string name, Category category, Phase phase, double flops, double dram,
                   double seconds, std::int64_t count = 1) {
    OpRecord r;
    r.name = std::move(name);
    r.category = category;
    r.phase = phase;
    r.precision = Precision::fp16;
    r.usesTensorUnits = category == Category::gemm || category == Category::attention;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (dram > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(dram);
    if (seconds >= 0)
        r.timeS = Measure::measured(seconds);
    r.count = count;
    return r;
}

inline OpRecord allReduce(double seconds) {
    OpRecord r = op("ncclAllReduce", Category::collective, Phase::communication, 0, 0, seconds);
    r.commBytes[Link::intra_node] = Measure::measured(1e9);
    r.collective = Collective::all_reduce;
    return r;
}

inline Dataset stackRunA() {
    Dataset d;
    d.context.label = "pt21";
    d.context.deviceId = "gpu-a";
    d.context.model = "BERT-large";
    d.context.stack.framework = "PyTorch 2.1.0";
    d.context.stack.cuda = "12.1";
    d.records = {
        op("ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_nn", Category::gemm, Phase::forward, 2e12,
           1e10, 0.020, 10),
        op("vectorized_elementwise_kernel<gelu>", Category::elementwise, Phase::forward, 1e9, 4e9,
           0.004),
        op("layer_norm_fwd", Category::norm, Phase::forward, 5e8, 2e9, 0.003),
        op("flash_fwd_kernel", Category::attention, Phase::forward, 1e12, 4e9, 0.010),
        allReduce(0.008),
        op("reduce_old", Category::reduction, Phase::forward, 1e8, 1e9, 0.001),
    };
    return d;
}

inline Dataset stackRunB() {
    Dataset d = stackRunA();
    d.context.label = "pt23";
    d.context.stack.framework = "PyTorch 2.3.0";
    d.context.stack.cuda = "12.4";
    d.records = {
        op("sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x128", Category::gemm, Phase::forward,
           2e12, 1e10, 0.016, 10),
        op("vectorized_elementwise_kernel<gelu>", Category::elementwise, Phase::forward, 1e9, 4e9,
           0.004),
        op("layer_norm_fwd", Category::norm, Phase::forward, 6e8, 2.4e9, 0.0036),
        op("flash_fwd_kernel", Category::attention, Phase::forward, 1e12, 4e9, 0.008),
        allReduce(0.0095),
        op("fused_bwd", Category::elementwise, Phase::backward, 1e8, 8e8, 0.002),
    };
    return d;
}

// fp16 tensor 300 TFLOP/s, fp32 vector 20 TFLOP/s, dram 2 TB/s, intra-node 300 GB/s.
inline Device deviceA() {
    Device d;
    d.id = "gpu-a";
    d.name = "GPU A";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {300e12, {}};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {20e12, {}};
    d.ceilings.memory[MemoryLevel::dram] = {2e12, {}};
    d.ceilings.links[Link::intra_node] = {300e9, {}};
    return d;
}

// fp16 tensor 1000 TFLOP/s, fp32 vector 60 TFLOP/s, dram 3 TB/s, intra-node 450 GB/s.
inline Device deviceB() {
    Device d;
    d.id = "gpu-b";
    d.name = "GPU B";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {1000e12, {}};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {60e12, {}};
    d.ceilings.memory[MemoryLevel::dram] = {3e12, {}};
    d.ceilings.links[Link::intra_node] = {450e9, {}};
    return d;
}

inline Session stackSession() {
    Session s;
    s.devices = {deviceA(), deviceB()};
    s.datasets = {stackRunA(), stackRunB()};
    s.view.view = ViewKind::comparison;
    return s;
}

} // namespace roofscope::testing
