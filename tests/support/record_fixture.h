#pragma once
// A small session whose table values are easy to compute by hand (see test_record_table.cpp):
// one device with round ceilings, a dataset on it and one on a device the session lacks.

#include "core/session.h"

namespace roofscope::testing {

// fp16 tensor 100 TFLOP/s, fp32 vector 10 TFLOP/s, DRAM 1 TB/s, intra-node link 100 GB/s.
inline Device roundDevice() {
    Device d;
    d.id = "round-gpu";
    d.name = "Round GPU";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {1e14, {}};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {1e13, {}};
    d.ceilings.memory[MemoryLevel::dram] = {1e12, {}};
    d.ceilings.links[Link::intra_node] = {1e11, {}};
    return d;
}

inline OpRecord record(std::string name, Category category, Phase phase, int rank) {
    OpRecord r;
    r.name = std::move(name);
    r.category = category;
    r.phase = phase;
    r.rank = rank;
    return r;
}

// Dataset "run A" on round-gpu (total time 0.1 s):
//   0 gemm_big     2 TFLOP, 10 GB, 40 ms, x4: I 200, 50 TFLOP/s, roof 100 T -> 50 %, compute
//   1 relu_fwd     1 GFLOP (estimated), 8 GB, 10 ms: I 0.125, 100 GFLOP/s, roof 125 G -> 80 %,
//                  memory
//   2 Memcpy HtoD  4 MB, 50 ms, no FLOPs: memory
//   3 allreduce    1 GB over the link, no time: communication
// Dataset "run B" on an unknown device: 0 gemm_small 1 GFLOP, 10 MB, 1 ms: I 100, 1 TFLOP/s.
inline Session roundSession() {
    Session s;
    s.devices = {roundDevice()};
    Dataset a;
    a.context.label = "run A";
    a.context.deviceId = "round-gpu";
    OpRecord gemm = record("gemm_big", Category::gemm, Phase::forward, 0);
    gemm.precision = Precision::fp16;
    gemm.usesTensorUnits = true;
    gemm.flops = Measure::measured(2e12);
    gemm.bytes[MemoryLevel::dram] = Measure::measured(1e10);
    gemm.timeS = Measure::measured(0.04);
    gemm.count = 4;
    OpRecord relu = record("relu_fwd", Category::elementwise, Phase::forward, 0);
    relu.flops = Measure::estimated(1e9);
    relu.bytes[MemoryLevel::dram] = Measure::estimated(8e9);
    relu.timeS = Measure::measured(0.01);
    OpRecord copy = record("Memcpy HtoD", Category::memcpy, Phase::unknown, 1);
    copy.bytes[MemoryLevel::dram] = Measure::measured(4e6);
    copy.timeS = Measure::measured(0.05);
    OpRecord allReduce = record("allreduce", Category::collective, Phase::communication, 1);
    allReduce.commBytes[Link::intra_node] = Measure::estimated(1e9);
    a.records = {gemm, relu, copy, allReduce};

    Dataset b;
    b.context.label = "run B";
    b.context.deviceId = "mystery-gpu";
    OpRecord small = record("gemm_small", Category::gemm, Phase::backward, 0);
    small.flops = Measure::measured(1e9);
    small.bytes[MemoryLevel::dram] = Measure::measured(1e7);
    small.timeS = Measure::measured(1e-3);
    b.records = {small};
    s.datasets = {a, b};
    s.view.memoryLevel = MemoryLevel::dram;
    return s;
}

// roundSession with a source URL on every spec ceiling, as a session file requires: one that
// can be saved and opened again.
inline Session savableRoundSession() {
    Session s = roundSession();
    auto cite = [](auto& map) {
        for (auto& [key, ceiling] : map)
            ceiling.provenance.sourceUrl = "https://example.org/round-gpu";
    };
    cite(s.devices[0].ceilings.compute);
    cite(s.devices[0].ceilings.memory);
    cite(s.devices[0].ceilings.links);
    return s;
}

} // namespace roofscope::testing
