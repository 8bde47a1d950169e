#pragma once
// Shared by the session-file suites: a session that uses every field, and the damaged copies of
// its text that the error suite feeds the reader.

#include "core/session_file.h"
#include "tests/support/document_test_support.h"

#include <QByteArray>
#include <QDir>
#include <QString>
#include <QStringList>

#include <nlohmann/json.hpp>

namespace roofscope::testing {

using Json = nlohmann::json;

inline const char* kFile = "damaged-case.roofscope";

inline Provenance specFrom(std::string url, std::string note = {}) {
    Provenance p;
    p.kind = ProvenanceKind::spec;
    p.sourceUrl = std::move(url);
    p.note = std::move(note);
    return p;
}

inline Provenance measuredBy(std::string tool, std::string method, double clockMHz, int samples,
                             double spread, std::string note = {}) {
    Provenance p;
    p.kind = ProvenanceKind::measured;
    p.tool = std::move(tool);
    p.method = std::move(method);
    p.date = "2024-05-17T09:30:00Z";
    p.clockMHz = clockMHz;
    p.samples = samples;
    p.spread = spread;
    p.note = std::move(note);
    return p;
}

// Device 0 serializes its compute ceilings as [fp32 vector (measured), fp16 tensor (spec)] and
// its memory ceilings as [l2 (spec), dram (measured)]: maps are written in enum order.
inline Device gpuA() {
    Device d;
    d.id = "test-gpu-a";
    d.name = "Test GPU A 80GB";
    d.vendor = "Acme";
    d.kind = DeviceKind::gpu;
    d.aliases = {"Acme A80", "ACME-A 80GB HBM3"};
    d.notes = "fictional device for tests; dense tensor figures";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {
        9.895e14, specFrom("https://example.com/a80-datasheet.pdf", "dense, half of 2:4 figure")};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {
        6.1234567890123e13, measuredBy("roofscope-probe 0.1.0", "FMA chains, 8 accumulators",
                                       1755.5, 25, 0.031, "power-capped node")};
    d.ceilings.memory[MemoryLevel::dram] = {
        3.0517578125e12, measuredBy("roofscope-probe 0.1.0", "triad 4 GiB", 1980, 50, 1.0 / 3.0)};
    d.ceilings.memory[MemoryLevel::l2] = {1.2e13, specFrom("https://example.com/a80-whitepaper")};
    d.ceilings.links[Link::p2p] = {4.5e11, specFrom("https://example.com/a80-nvlink")};
    d.ceilings.links[Link::inter_node] = {
        4.8e10, measuredBy("nccl-tests 2.13.8", "all_reduce_perf busbw 8 GiB", 0, 20, 0.002)};
    return d;
}

inline Device cpuB() {
    Device d;
    d.id = "test-cpu-b.2s";
    d.name = "Test CPU B (2 sockets)";
    d.vendor = "Beta";
    d.kind = DeviceKind::cpu;
    d.ceilings.compute[{Precision::fp64, ComputeUnit::vector}] = {
        5.4e12, specFrom("https://example.com/b-cpu")};
    d.ceilings.memory[MemoryLevel::dram] = {4.6e11, specFrom("https://example.com/b-cpu")};
    d.ceilings.memory[MemoryLevel::l3] = {
        2.0e12, measuredBy("likwid-bench 5.3", "load_avx512 64 MiB", 2400.25, 9, 0.125)};
    d.ceilings.links[Link::pcie_h2d] = {6.4e10, specFrom("https://example.com/pcie5")};
    return d;
}

inline OpRecord gemmRecord() {
    OpRecord r;
    r.name = "aten::addmm \"fused\" / ½";
    r.category = Category::gemm;
    r.phase = Phase::forward;
    r.deviceId = "test-gpu-a";
    r.rank = 3;
    r.stream = 7;
    r.precision = Precision::bf16;
    r.usesTensorUnits = true;
    r.flops = Measure::measured(2.0 * 8192 * 8192 * 8192);
    r.bytes[MemoryLevel::l1] = Measure::measured(1.5e9);
    r.bytes[MemoryLevel::l2] = Measure::estimated(8.25e8);
    r.bytes[MemoryLevel::dram] = Measure::measured(4.0265318e8);
    r.timeS = Measure::measured(1.234567e-3);
    r.count = 12;
    return r;
}

inline OpRecord allReduceRecord() {
    OpRecord r;
    r.name = "nccl:all_reduce";
    r.category = Category::collective;
    r.phase = Phase::communication;
    r.deviceId = "test-gpu-a";
    r.rank = 3;
    r.stream = 0;
    r.precision = Precision::fp32;
    r.bytes[MemoryLevel::dram] = Measure::estimated(2.0 * 268435456);
    r.commBytes[Link::intra_node] = Measure::estimated(268435456);
    r.commBytes[Link::inter_node] = Measure::measured(0.1);
    r.timeS = Measure::estimated(9.5e-4);
    r.collective = Collective::all_reduce;
    r.groupSize = 8;
    return r;
}

inline OpRecord absentRecord() {
    OpRecord r; // flops absent, time absent, stream unknown, defaults elsewhere
    r.name = "cpu-side optimizer step";
    r.category = Category::optimizer;
    r.phase = Phase::optimizer;
    r.bytes[MemoryLevel::host] = Measure::estimated(0);
    return r;
}

inline Session richSession() {
    Session s;
    s.devices = {gpuA(), cpuB()};

    Dataset a;
    a.context.sources = {"/runs/bert/rank3.pt.trace.json.gz", "ncu/bert rank 3.csv"};
    a.context.deviceId = "test-gpu-a";
    a.context.rank = 3;
    a.context.worldSize = 8;
    a.context.stack.framework = "PyTorch 2.3.1";
    a.context.stack.cuda = "12.4";
    a.context.stack.driver = "550.54.15";
    a.context.stack.cudnn = "9.1.0";
    a.context.stack.nccl = "2.21.5";
    a.context.stack.other = {{"container", "nvcr.io/nvidia/pytorch:24.05-py3"}, {"rocm", ""}};
    a.context.model = "BERT-large";
    a.context.label = "bert / A80 / run 2";
    a.context.tags = {"baseline", "amp"};
    a.context.repeat = 2;
    a.records = {gemmRecord(), allReduceRecord(), absentRecord()};

    Dataset b;
    b.context.sources = {"cpu.json"};
    b.context.deviceId = "test-cpu-b.2s";
    b.context.stack.framework = "PyTorch 2.1.0";
    b.context.stack.other = {{"mkl", "2024.1"}};
    b.context.model = "DLRM";
    b.context.label = "dlrm on cpu";
    b.context.tags = {"cpu"};
    OpRecord embedding;
    embedding.name = "aten::embedding_bag";
    embedding.category = Category::embedding;
    embedding.phase = Phase::backward;
    embedding.deviceId = "test-cpu-b.2s";
    embedding.precision = Precision::fp64;
    embedding.flops = Measure::estimated(1e-300);
    embedding.bytes[MemoryLevel::l3] = Measure::measured(123456789012345678.0);
    embedding.timeS = Measure::measured(0.1 + 0.2);
    embedding.count = 9007199254740993; // beyond a double's exact integers
    b.records = {embedding};

    s.datasets = {a, b};

    ViewSettings& v = s.view;
    v.view = ViewKind::md_roofline;
    v.colorBy = ColorBy::stack;
    v.pointStyle = PointStyle::density;
    v.precision = Precision::bf16;
    v.memoryLevel = MemoryLevel::l2;
    v.link = Link::inter_node;
    v.logX = false;
    v.logY = false;
    v.xMin = 0.015625;
    v.xMax = 1e4;
    v.yMin = -2.5;
    v.yMax = 3.0e15;
    v.hiddenDatasets = {"dlrm on cpu"};
    v.shownDevices = {"test-gpu-a", "test-cpu-b.2s"};
    v.selection = {{0, 1}, {1, 0}, {0, 2}};
    v.compare.baseline = "bert / A80 / run 2";
    v.compare.target = "dlrm on cpu";
    v.compare.projectDevice = "test-cpu-b.2s";
    v.md.rank = 3;
    v.md.clusterRule = ClusterRule::mean;
    v.placement.moves = {{Category::optimizer, "test-cpu-b.2s"},
                         {Category::embedding, "test-gpu-a"}};
    s.pricesPerHour = {{"test-gpu-a", 2.75}, {"test-cpu-b.2s", 0.125}};
    return s;
}

// The serialized rich session, damaged at `pointer` (see patchedJson).
inline QByteArray patched(const std::string& pointer, const std::string& raw) {
    return patchedJson(serializeSession(richSession()), pointer, raw);
}

} // namespace roofscope::testing
