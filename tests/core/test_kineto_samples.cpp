// The Kineto importer on real traces written by others (../shared/samples, skipped when absent):
// counts and values checked against the files themselves (MANIFEST.md and a Python json.load
// of each file).

#include "core/analysis/op_match.h"
#include "core/import/kineto/kineto_jobs.h"
#include "core/import/kineto/kineto_load.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <algorithm>
#include <filesystem>
#include <string>

using namespace roofscope;

namespace {

std::string sample(const char* name) {
    const auto path = std::filesystem::path(ROOFSCOPE_SAMPLES) / name;
    return std::filesystem::exists(path) ? path.string() : std::string();
}

std::int64_t countKind(const TraceEvents& t, GpuEventKind kind) {
    return std::count_if(t.gpu.begin(), t.gpu.end(),
                         [&](const GpuEvent& g) { return g.kind == kind; });
}

} // namespace

class TestKinetoSamples : public QObject {
    Q_OBJECT

  private slots:
    // A100 DDP rank 0 of 2: relative ts with baseTimeNanoseconds, NCCL args on the kernels.
    void a100Ddp() {
        const auto path = sample("kineto_a100_ddp_rank0of2_nccl.json.gz");
        if (path.empty())
            QSKIP("samples absent");
        auto events = readKinetoFile(path);
        QVERIFY2(events.ok(), events.ok() ? "" : events.error().toString().c_str());
        const TraceEvents& t = events.value();
        QCOMPARE(t.eventsSeen, std::int64_t(40573));
        QCOMPARE(countKind(t, GpuEventKind::kernel), std::int64_t(2700));
        QCOMPARE(countKind(t, GpuEventKind::memcpy), std::int64_t(960));
        QCOMPARE(countKind(t, GpuEventKind::memset), std::int64_t(114));
        QCOMPARE(t.runtime.size(), std::size_t(8740));
        QCOMPARE(t.meta.devices.size(), std::size_t(8));
        QCOMPARE(t.meta.devices[0].name, std::string("NVIDIA A100-PG509-200"));
        QCOMPARE(t.meta.distributed.ncclVersion, std::string("2.17.1"));
        QVERIFY(t.warnings.empty());
        // ts 4458676983543.183 us after the base 1711964646000000000 ns: exact to the ns.
        const auto first = std::find_if(t.gpu.begin(), t.gpu.end(), [](const GpuEvent& g) {
            return g.kind == GpuEventKind::kernel;
        });
        QCOMPARE(first->tsNs, std::int64_t(1711964646000000000) + 4458676983543183);
        QCOMPARE(first->durNs, std::int64_t(41407));
        QCOMPARE(first->externalId, std::int64_t(12353));
        QCOMPARE(first->correlation, std::int64_t(57541));

        auto loaded = loadKinetoTrace(path);
        QVERIFY(loaded.ok());
        const KinetoAnalysis& a = loaded.value().analysis;
        QCOMPARE(a.context.rank, 0);
        QCOMPARE(a.context.worldSize, 2);
        QCOMPARE(a.deviceName, std::string("NVIDIA A100-PG509-200"));
        QCOMPARE(a.context.stack.nccl, std::string("2.17.1"));
        QCOMPARE(a.launches.size(), std::size_t(3774));

        const auto collectives = summarizeCollectives(a.launches);
        QCOMPARE(collectives.size(), std::size_t(2));
        for (const auto& c : collectives) {
            QCOMPARE(c.groupSize, 2);
            if (c.op == Collective::all_reduce) {
                // 15 calls, In msg nelems x 4 bytes (Float) summed, busbw = algbw for n = 2.
                QCOMPARE(c.count, std::int64_t(15));
                QVERIFY(roofscope::testing::near(c.bytes, 306684384.0));
                QVERIFY(roofscope::testing::near(c.timeS, 46762.159e-6, 1e-9));
                QVERIFY(roofscope::testing::near(c.algbwBytesPerS, 6.558388e9, 1e-6));
                QVERIFY(roofscope::testing::near(c.busbwBytesPerS, c.algbwBytesPerS));
            } else {
                QVERIFY(c.op == Collective::broadcast);
                QCOMPARE(c.count, std::int64_t(6));
                QVERIFY(roofscope::testing::near(c.bytes,
                                                 638712.0)); // three Float and three Long calls
            }
        }
        // Every NCCL kernel is communication; the compute stream's kernels are not.
        std::int64_t comm = 0;
        for (const auto& l : a.launches)
            if (l.record.category == Category::collective) {
                ++comm;
                QVERIFY(l.record.phase == Phase::communication);
                QCOMPARE(l.record.stream, 40);
            }
        QCOMPARE(comm, std::int64_t(21));
    }

    // 2021 legacy spellings: Operator/Kernel/Runtime, "external id", "stream 7" tids.
    void legacyResnet50() {
        const auto path =
            sample("kineto_legacy2021_v100_resnet50_worker0.1623143089861.pt.trace.json.gz");
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoTrace(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().analysis;
        QCOMPARE(a.deviceName, std::string("Tesla V100-DGXS-32GB"));
        QCOMPARE(a.launches.size(), std::size_t(8772 + 312 + 12));
        std::int64_t linked = 0, convFlops = 0, backward = 0;
        for (const auto& l : a.launches) {
            linked += !l.opName.empty();
            backward += l.record.phase == Phase::backward;
            if (l.record.category == Category::conv && l.record.flops.known()) {
                ++convFlops;
                QVERIFY(l.record.flops.origin == Origin::estimated);
            }
        }
        QCOMPARE(linked, std::int64_t(a.launches.size()));
        // 948: the convolution kernels carry the FLOPs; their helpers (Winograd and layout
        // transforms) no longer take a share.
        QVERIFY2(convFlops > 900, qPrintable(QString::number(convFlops)));
        QVERIFY(backward > 1000);
        // The stem convolution: [32,3,224,224] * [64,3,7,7]. The legacy trace records no
        // stride or padding; the output shape from the dataflow (the batch norm's input
        // [32, 64, 112, 112]) gives the output size, so stride 2 is no longer counted as stride 1
        // (which gave [32, 64, 218, 218], 3.8x the FLOPs).
        const auto stem = std::find_if(a.launches.begin(), a.launches.end(), [](const Launch& l) {
            return l.opName == "aten::cudnn_convolution" && l.record.flops.known() &&
                   l.shapeKey.starts_with("[[32, 3, 224, 224], [64, 3, 7, 7]");
        }); // the kernel that carries the FLOPs, not a helper of the same call
        QVERIFY(stem != a.launches.end());
        QVERIFY2(stem->formula.find("output spatial size from the dataflow") != std::string::npos,
                 stem->formula.str().c_str());
        QVERIFY(stem->formula.find("[32, 64, 112, 112]") != std::string::npos);
    }

    // Two ranks of a 128-rank job loaded together: no deviceProperties, absolute epoch ts.
    // The same model on an H100 and an MI300X: PyTorch names the same ops and shapes, the
    // kernels share no name. Grouped by kernel, most of the time pairs by framework op; every
    // op-tier pair has the same op on both sides, and the two traces are two runs, not a job.
    void theSameModelOnTwoVendorsPairsByOp() {
        const auto h100 =
            sample("kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz");
        const auto mi300 =
            sample("kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz");
        if (!std::filesystem::exists(h100) || !std::filesystem::exists(mi300))
            QSKIP("samples absent");
        auto a = loadKinetoTrace(h100);
        auto b = loadKinetoTrace(mi300);
        QVERIFY(a.ok() && b.ok());
        const auto ra = groupLaunches(a.value().analysis.launches, Grouping::kernel);
        const auto rb = groupLaunches(b.value().analysis.launches, Grouping::kernel);
        const OpMatch m = matchOps(ra, rb);
        int byOp = 0;
        for (const OpPair& p : m.pairs)
            if (p.tier == MatchTier::op) {
                ++byOp;
                QCOMPARE(ra[std::size_t(p.a)].op, rb[std::size_t(p.b)].op);
                QVERIFY(!ra[std::size_t(p.a)].op.empty());
            }
        QVERIFY2(byOp >= 10, std::to_string(byOp).c_str()); // 11 on 2026-12-03
        auto both = loadKinetoRanks({h100, mi300});
        QVERIFY(both.ok());
        QCOMPARE(splitIntoJobs(std::move(both).value()).jobs.size(), std::size_t(2));
    }

    void ws128PairInParallel() {
        const auto r0 = sample("kineto_ws128_sampled_rank-0.json.gz");
        const auto r1 = sample("kineto_ws128_sampled_rank-1.json.gz");
        if (r0.empty() || r1.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoRanks({r1, r0});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const MultiRankTrace& m = loaded.value();
        QCOMPARE(m.ranks.size(), std::size_t(2));
        QCOMPARE(m.ranks[0].analysis.context.rank, 1); // in the order given
        QCOMPARE(m.ranks[1].analysis.context.rank, 0);
        QCOMPARE(m.ranks[0].analysis.context.worldSize, 128);
        QVERIFY(m.ranks[0].analysis.deviceName.empty());
        QCOMPARE(m.ranks[1].analysis.launches.size(), std::size_t(1154 + 40 + 10));
        QCOMPARE(m.ranks[0].analysis.launches.size(), std::size_t(1104 + 40 + 10));

        const Dataset d = mergedDataset(m, Grouping::launch, "a100-sxm4-80gb");
        QCOMPARE(d.context.rank, 0);
        QCOMPARE(d.context.worldSize, 128);
        QCOMPARE(d.context.sources.size(), std::size_t(2));
        QCOMPARE(d.records.size(), std::size_t(1204 + 1154));
        std::int64_t gemmFlops = 0;
        for (const auto& r : d.records) {
            QCOMPARE(r.deviceId, std::string("a100-sxm4-80gb"));
            QVERIFY(r.rank == 0 || r.rank == 1);
            gemmFlops += r.category == Category::gemm && r.flops.known();
        }
        QVERIFY2(gemmFlops > 0, "aten::mm / aten::addmm shapes give FLOPs");
    }

    // The 128-rank recommendation model's NCCL kernels (all ncclKernel_SendRecv_..., 65 % and
    // 57 % of kernel time) have no collective args; record_param_comms' Input Dims and the
    // nccl:<collective> annotations give them (Python over the files: per annotation, calls,
    // first-tensor bytes, kernel us):
    //   rank 0: all_to_all 4, 850,250,752 B (384 long + 2 x 419,430,400 unsigned char +
    //           2,846,720 int), 182,403 us; all_reduce 4, 314,195,708 B (nccl:all_reduce's
    //           float tensors: record_param_comms has a TensorList), 107,656 us;
    //           _all_gather_base 2, 2 x 16,777,216 x 128 B, 106,140 us; SendRecv 396,199 us.
    //   rank 1: all_to_all 4, 745,202,432 B, 229,700 us; all_reduce 284,846,792 B, 44,446 us;
    //           all_gather 2 x 2^31 B, 104,907 us; SendRecv 379,053 us.
    // all_to_all busbw = algbw x 127/128: rank 0 850,250,752 B / 0.182403 s = 4.6614 GB/s ->
    // 4.6250 GB/s; rank 1 745,202,432 B / 0.2297 s = 3.2442 GB/s -> 3.2189 GB/s.
    void ws128Collectives_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<double>("allToAllBytes");
        QTest::addColumn<double>("allToAllUs");
        QTest::addColumn<double>("allReduceBytes");
        QTest::addColumn<double>("sendRecvUs");
        QTest::addColumn<double>("allToAllBusbw");
        QTest::newRow("rank 0") << "kineto_ws128_sampled_rank-0.json.gz" << 850250752.0 << 182403.0
                                << 314195708.0 << 396199.0 << 4.6250e9;
        QTest::newRow("rank 1") << "kineto_ws128_sampled_rank-1.json.gz" << 745202432.0 << 229700.0
                                << 284846792.0 << 379053.0 << 3.2189e9;
    }
    void ws128Collectives() {
        QFETCH(QString, file);
        QFETCH(double, allToAllBytes);
        QFETCH(double, allToAllUs);
        QFETCH(double, allReduceBytes);
        QFETCH(double, sendRecvUs);
        QFETCH(double, allToAllBusbw);
        const auto path = sample(file.toUtf8().constData());
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoTrace(path);
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().analysis;
        for (const std::string& w : a.warnings)
            QVERIFY2(w.find("collective") == std::string::npos, w.c_str());
        double sendRecvS = 0;
        for (const auto& l : a.launches)
            if (l.name.starts_with("ncclKernel_SendRecv")) {
                sendRecvS += l.record.timeS.value;
                QVERIFY(l.messageBytes > 0);
                // The all-gathers run on 64 of the 128 ranks (their c10d op's output is 64x its
                // input); the rest on the default group.
                QVERIFY(l.record.groupSize == 128 || l.record.groupSize == 64);
                QVERIFY(l.record.commBytes.contains(Link::inter_node));
            }
        QVERIFY(roofscope::testing::near(sendRecvS, sendRecvUs * 1e-6, 1e-9));

        const auto collectives = summarizeCollectives(a.launches);
        QCOMPARE(collectives.size(), std::size_t(3));
        double timeS = 0;
        std::int64_t calls = 0;
        for (const auto& c : collectives) {
            QCOMPARE(c.groupSize, c.op == Collective::all_gather ? 64 : 128);
            timeS += c.timeS;
            calls += c.count;
            if (c.op == Collective::all_to_all) {
                QCOMPARE(c.count, std::int64_t(4));
                QVERIFY(roofscope::testing::near(c.bytes, allToAllBytes));
                QVERIFY(roofscope::testing::near(c.timeS, allToAllUs * 1e-6, 1e-9));
                QVERIFY(
                    roofscope::testing::near(c.busbwBytesPerS, c.algbwBytesPerS * 127.0 / 128.0));
                QVERIFY(std::fabs(c.busbwBytesPerS - allToAllBusbw) < 0.0001e9);
            } else if (c.op == Collective::all_reduce) {
                QCOMPARE(c.count, std::int64_t(4));
                QVERIFY(roofscope::testing::near(c.bytes, allReduceBytes));
            } else {
                QVERIFY(c.op == Collective::all_gather);
                QCOMPARE(c.count, std::int64_t(2));
                // S = input x n = 16,777,216 B x 64 = 1,073,741,824 B per call, the c10d op's
                // recorded output.
                QVERIFY(roofscope::testing::near(c.bytes, 2 * 1073741824.0));
            }
        }
        // All of the SendRecv time is in the collectives.
        QCOMPARE(calls, std::int64_t(10));
        QVERIFY(roofscope::testing::near(timeS, sendRecvUs * 1e-6, 1e-9));
    }
};

QTEST_APPLESS_MAIN(TestKinetoSamples)
#include "test_kineto_samples.moc"
