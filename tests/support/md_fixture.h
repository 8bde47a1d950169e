#pragma once
// The MD analysis suites' fixture: two GPUs with round ceilings and small datasets whose every
// number is worked out by hand in tests/core/test_md_analysis.cpp and test_md_aggregates.cpp.

#include "core/analysis/md_analysis.h"

#include <QtTest>

#include <string>
#include <vector>

namespace roofscope::testing::md {

inline Ceiling ceiling(double value, std::string url = {}) {
    Ceiling c;
    c.value = value;
    c.provenance.sourceUrl = std::move(url);
    return c;
}

// gpu-a: fp16 tensor APF 100 TFLOP/s, fp32 vector 10 TFLOP/s, APM 1 TB/s, APB 100 GB/s.
// Ridges (fp16 tensor): A = 1e14 / 1e12 = 100 FLOP/B, O = 1e11 / 1e12 = 0.1, C = 1e11 / 1e14 =
// 1e-3 B/FLOP.
inline Device gpuA() {
    Device d;
    d.id = "gpu-a";
    d.name = "GPU A";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(1e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(1e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(1e12);
    d.ceilings.links[Link::intra_node] = ceiling(1e11, "https://example.com/a-link");
    return d;
}

// gpu-b: twice the compute, three times the memory and link bandwidth of gpu-a, and an L2.
inline Device gpuB() {
    Device d;
    d.id = "gpu-b";
    d.name = "GPU B";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(2e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(2e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(3e12);
    d.ceilings.memory[MemoryLevel::l2] = ceiling(1e13);
    d.ceilings.links[Link::intra_node] = ceiling(3e11, "https://example.com/b-link");
    return d;
}

// An fp16 tensor op; zero quantities are left absent, a negative time means "not measured".
inline OpRecord op(std::string name, double flops, double memory, double comm, double timeS,
                   Phase phase = Phase::forward, int rank = 0) {
    OpRecord r;
    r.name = std::move(name);
    r.category = comm > 0 && flops == 0 ? Category::collective : Category::gemm;
    r.phase = phase;
    r.rank = rank;
    r.precision = Precision::fp16;
    r.usesTensorUnits = true;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (memory > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(memory);
    if (comm > 0)
        r.commBytes[Link::intra_node] = Measure::measured(comm);
    if (timeS >= 0)
        r.timeS = Measure::measured(timeS);
    return r;
}

inline Session oneDevice(std::vector<OpRecord> records) {
    Session s;
    s.devices = {gpuA()};
    Dataset d;
    d.context.label = "run";
    d.context.deviceId = "gpu-a";
    d.records = std::move(records);
    s.datasets = {d};
    return s;
}

inline MdAnalysis analyse(const Session& s) {
    auto md = analyseMd(s, 0);
    if (!md)
        qFatal("analyseMd failed: %s", md.error().message.c_str());
    return md.value();
}

// Ranks 0 and 1 on gpu-b, rank 2 on gpu-a; each rank runs one forward op of 1 TFLOP, 1 GB,
// no communication, 10 ms.
inline Session threeRanks(ClusterRule rule, int shownRank) {
    Session s;
    s.devices = {gpuA(), gpuB()};
    s.view.md.clusterRule = rule;
    s.view.md.rank = shownRank;
    Dataset d;
    d.context.label = "cluster";
    d.context.deviceId = "gpu-b";
    for (int rank = 0; rank < 3; ++rank) {
        OpRecord r = op("gemm", 1e12, 1e9, 0, 0.01, Phase::forward, rank);
        if (rank == 2)
            r.deviceId = "gpu-a";
        d.records.push_back(r);
    }
    s.datasets = {d};
    return s;
}

// A GEMM (forward), an fp32 elementwise op (backward) and an all-reduce (gradient sync) on gpu-a:
//   gemm       F 1e12, M 1e9,  P 0,   20 ms: t_F = 1e12 / 1e14 = 0.01, t_M = 1e-3
//   relu fp32  F 1e9,  M 2e9 (or `reluBytes`), P 0, 4 ms: t_F = 1e9 / 1e13 = 1e-4, t_M = 2e-3
//   allreduce  F 0,    M 0,    P 1e9, 15 ms: t_P = 1e9 / 1e11 = 0.01
inline Session gemmReluAllreduce(double reluBytes = 2e9) {
    OpRecord relu = op("relu", 1e9, reluBytes, 0, 4e-3, Phase::backward);
    relu.category = Category::elementwise;
    relu.precision = Precision::fp32;
    relu.usesTensorUnits = false;
    return oneDevice({op("gemm", 1e12, 1e9, 0, 0.02, Phase::forward), relu,
                      op("allreduce", 0, 0, 1e9, 0.015, Phase::communication)});
}

inline std::size_t columnOf(const ViewTable& t, const std::string& key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            return c;
    qFatal("no column %s", key.c_str());
}

} // namespace roofscope::testing::md
