#pragma once
// The placement what-if's fixture, shared by the core and chart suites: two GPUs, a CPU and a
// tensor ASIC with round ceilings, and one run on gpu0 whose every step is worked out by hand in
// tests/core/test_placement.cpp.

#include "core/session.h"

#include <string>
#include <utility>
#include <vector>

namespace roofscope::testing::placement {

inline Ceiling ceiling(double value) {
    Ceiling c;
    c.value = value;
    return c;
}

// gpu0: fp16 tensor 100 TFLOP/s, fp32 10 TFLOP/s, DRAM 1 TB/s, p2p 100 GB/s, PCIe h2d 25 GB/s,
// d2h 20 GB/s.
inline Device gpu0() {
    Device d;
    d.id = "gpu0";
    d.name = "GPU 0";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(1e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(1e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(1e12);
    d.ceilings.links[Link::p2p] = ceiling(1e11);
    d.ceilings.links[Link::pcie_h2d] = ceiling(2.5e10);
    d.ceilings.links[Link::pcie_d2h] = ceiling(2e10);
    return d;
}

// gpu1: twice gpu0's compute and DRAM, p2p 50 GB/s (slower than gpu0's), PCIe 30 GB/s each way.
inline Device gpu1() {
    Device d;
    d.id = "gpu1";
    d.name = "GPU 1";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(2e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(2e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(2e12);
    d.ceilings.links[Link::p2p] = ceiling(5e10);
    d.ceilings.links[Link::pcie_h2d] = ceiling(3e10);
    d.ceilings.links[Link::pcie_d2h] = ceiling(3e10);
    return d;
}

// A CPU: fp32 1 TFLOP/s, DRAM 100 GB/s, no link ceilings of its own.
inline Device cpu(std::string id = "cpu") {
    Device d;
    d.id = std::move(id);
    d.name = "Host CPU";
    d.kind = DeviceKind::cpu;
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(1e12);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(1e11);
    return d;
}

// An accelerator with fp16 tensor units only: nothing to bound an fp32 op with; no p2p.
inline Device asic() {
    Device d;
    d.id = "asic";
    d.name = "Tensor ASIC";
    d.kind = DeviceKind::asic;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(4e14);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(1e12);
    d.ceilings.links[Link::pcie_h2d] = ceiling(1.6e10);
    return d;
}

inline OpRecord op(std::string name, Category category, Precision precision, double flops,
                   double dram, double timeS) {
    OpRecord r;
    r.name = std::move(name);
    r.category = category;
    r.precision = precision;
    r.usesTensorUnits = precision == Precision::fp16;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (dram > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(dram);
    r.timeS = Measure::measured(timeS);
    return r;
}

// On gpu0, measured: gemm 20 ms, embedding 10 ms, adam 15 ms, norm 3 ms (busy 48 ms) and a
// memcpy of 4 ms: old step 52 ms.
inline Session session(std::vector<PlacementMove> moves = {}) {
    Session s;
    s.devices = {gpu0(), gpu1(), cpu(), asic()};
    Dataset d;
    d.context.label = "run";
    d.context.deviceId = "gpu0";
    d.records = {op("gemm", Category::gemm, Precision::fp16, 1e12, 1e10, 0.02),
                 op("embedding", Category::embedding, Precision::fp32, 0, 4e9, 0.01),
                 op("adam", Category::optimizer, Precision::fp32, 1e9, 1e10, 0.015),
                 op("Memcpy HtoD", Category::memcpy, Precision::fp32, 0, 1e9, 0.004),
                 op("layer_norm", Category::norm, Precision::fp32, 1e8, 2e9, 0.003)};
    s.datasets = {d};
    s.view.placement.moves = std::move(moves);
    return s;
}

} // namespace roofscope::testing::placement
