// groupLaunches (launch, kernel, op), the sum and origin rules, CUPTI counter ranges, and the
// trace context (rank, stack, busiest device). Expected numbers are worked out by hand.
#include "core/import/kineto/kineto_analysis.h"
#include "core/import/kineto/kineto_timeline.h"
#include "tests/support/kineto_analysis_lookup.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

// Two addmm calls of the same shapes: the first launches gemm_main (30 us) and splitk (10 us),
// the second gemm_main (20 us); an unlinked kernel twice; an unlinked copy of 4,000 B.
TraceEvents mixedTrace() {
    KinetoEventsBuilder b;
    for (int call = 0; call < 2; ++call) {
        const auto addmm = b.op("aten::addmm", 1000.0 * call, 80, 10 + call);
        b.shapes(addmm, kAddmmDims, kAddmmTypes, kAddmmConcrete);
    }
    b.kernel("gemm_main", 100, 30, 10);
    b.kernel("splitk", 140, 10, 10);
    b.kernel("gemm_main", 1100, 20, 11, -1, 0, 9);
    b.kernel("k_free", 2000, 5);
    b.kernel("k_free", 2100, 7);
    b.memcpy("Memcpy DtoH (Device -> Pinned)", 2200, 2, 4000);
    return b.take();
}

// {add, fma, mul} per precision d, f, h; -1 absent.
using Counts = std::array<std::array<double, 3>, 3>;
constexpr Counts kFp32Counts{{{-1, -1, -1}, {10, 100, 5}, {-1, -1, -1}}}; // 2*100+10+5 = 215
constexpr Counts kFp64Counts{{{0, 1000, 0}, {1, 1, 1}, {3, 0, 0}}};       // d 2000, f 4, h 3

} // namespace

class TestKinetoAnalysisGroup : public QObject {
    Q_OBJECT

  private slots:
    void byLaunch() {
        const TraceEvents events = mixedTrace();
        const KinetoAnalysis a = analyzeTrace(events);
        const auto records = groupLaunches(a.launches, Grouping::launch);
        QCOMPARE(records.size(), std::size_t(6));
        // Each launch's record, named by its kernel, with the reason for absent FLOPs in words.
        for (std::size_t i = 0; i < records.size(); ++i) {
            OpRecord expected = toOpRecord(a.launches[i].record, a.launches[i].name.str());
            QVERIFY(!expected.name.empty());
            if (!expected.flops.known())
                expected.flopsNote = std::string(noFlopsText(a.launches[i].noFlops));
            // The op that launched it, with its shapes; none for an unlinked launch.
            const Launch& l = a.launches[i];
            if (l.opName.empty() || expected.category == Category::collective)
                QCOMPARE(records[i].op, std::string());
            else
                QVERIFY2(records[i].op.starts_with(l.opName.str()), records[i].op.c_str());
            expected.op = records[i].op;
            QVERIFY(records[i] == expected);
        }
        QVERIFY(std::any_of(records.begin(), records.end(), [](const OpRecord& r) {
            return r.op == "aten::addmm [[512],[141,512],[512,512]]";
        }));
    }

    // gemm_main: the GEMM kernel by its name, so it carries each call's whole F (F =
    // 2*141*512*512): 2 F, 50 us, 2 launches, streams 7 and 9 -> -1; splitk, a kernel of the same
    // call whose name does not say GEMM, is a helper: no FLOPs, and it says why; k_free: 12 us, no
    // FLOPs; the copy.
    void byKernel() {
        const TraceEvents events = mixedTrace();
        const KinetoAnalysis a = analyzeTrace(events);
        const auto records = groupLaunches(a.launches, Grouping::kernel);
        QCOMPARE(records.size(), std::size_t(4));
        QCOMPARE(records[0].name, std::string("gemm_main"));
        QCOMPARE(records[1].name, std::string("splitk"));
        QCOMPARE(records[2].name, std::string("k_free"));
        const OpRecord& gemm = records[0];
        QCOMPARE(gemm.count, std::int64_t(2));
        CHECK_NEAR(gemm.flops.value, 2 * kAddmmFlops);
        QVERIFY(gemm.flops.origin == Origin::estimated);
        CHECK_NEAR(*gemm.bytesAt(MemoryLevel::dram), 2 * kAddmmBytes);
        CHECK_NEAR(gemm.timeS.value, 50e-6);
        QCOMPARE(gemm.stream, -1);
        QVERIFY(gemm.precision == Precision::bf16);
        QVERIFY(!records[1].flops.known());
        QCOMPARE(records[1].flopsNote, std::string(noFlopsText(NoFlopsReason::helper)));
        QCOMPARE(records[2].count, std::int64_t(2));
        QVERIFY(!records[2].flops.known());
        CHECK_NEAR(records[2].timeS.value, 12e-6);
        QCOMPARE(records[2].stream, 7);
    }

    // The two addmm calls become one record with 2 F, 2 B over their 2 GEMM kernels; the helper
    // splitk is a record of its own named after the op and itself; unlinked launches keep their
    // kernel names.
    void byOp() {
        const TraceEvents events = mixedTrace();
        const KinetoAnalysis a = analyzeTrace(events);
        const auto records = groupLaunches(a.launches, Grouping::op);
        QCOMPARE(records.size(), std::size_t(4));
        const OpRecord* addmm = named(records, "aten::addmm [[512],[141,512],[512,512]]");
        QVERIFY(addmm);
        QCOMPARE(addmm->count, std::int64_t(2));
        CHECK_NEAR(addmm->flops.value, 2 * kAddmmFlops);
        CHECK_NEAR(*addmm->bytesAt(MemoryLevel::dram), 2 * kAddmmBytes);
        CHECK_NEAR(addmm->timeS.value, 50e-6);
        const OpRecord* helper =
            named(records, "aten::addmm [[512],[141,512],[512,512]] \u00b7 splitk");
        QVERIFY(helper);
        QVERIFY(!helper->flops.known());
        CHECK_NEAR(helper->timeS.value, 10e-6);
        QVERIFY(addmm->category == Category::gemm);
        const OpRecord* free = named(records, "k_free");
        QVERIFY(free);
        QCOMPARE(free->count, std::int64_t(2));
        QVERIFY(named(records, "Memcpy DtoH (Device -> Pinned)"));
    }

    // Launches of the same kernel or op share their texts, and the grouping looks groups up by
    // those texts' identities first; texts equal but made apart (as two ranks' analyses make
    // them) must still fall into one group and name one op.
    void equalTextsMadeApart_data() {
        QTest::addColumn<int>("grouping");
        QTest::newRow("kernel") << int(Grouping::kernel);
        QTest::newRow("op") << int(Grouping::op);
    }
    void equalTextsMadeApart() {
        QFETCH(int, grouping);
        const TraceEvents events = mixedTrace();
        const KinetoAnalysis a = analyzeTrace(events);
        std::vector<Launch> apart = a.launches;
        for (std::size_t i = 0; i < apart.size(); i += 2) {
            apart[i].name = SharedText(std::string(apart[i].name.str()));
            apart[i].opName = SharedText(std::string(apart[i].opName.str()));
            apart[i].shapeKey = SharedText(std::string(apart[i].shapeKey.str()));
        }
        QVERIFY(apart[0].name.identity() != a.launches[0].name.identity());
        const auto shared = groupLaunches(a.launches, Grouping(grouping));
        const auto separate = groupLaunches(apart, Grouping(grouping));
        QCOMPARE(separate.size(), shared.size());
        for (std::size_t i = 0; i < shared.size(); ++i) {
            QCOMPARE(separate[i].name, shared[i].name);
            QCOMPARE(separate[i].op, shared[i].op);
            QCOMPARE(separate[i].count, shared[i].count);
            QVERIFY(separate[i] == shared[i]);
        }
        QCOMPARE(recordOfLaunches(apart, Grouping(grouping)),
                 recordOfLaunches(a.launches, Grouping(grouping)));
    }

    // Sum rules on hand-made launches: a quantity known in only some launches becomes absent;
    // measured + estimated is estimated; a memory level in only one launch becomes absent; the
    // precision with most FLOPs wins; phases that differ become unknown.
    void sumRules() {
        std::vector<Launch> launches(2);
        for (Launch& l : launches) {
            l.name = "k";
            l.record.timeS = Measure::measured(1e-6);
        }
        launches[0].record.flops = Measure::measured(100);
        launches[0].record.precision = Precision::fp32;
        launches[0].record.phase = Phase::forward;
        launches[0].record.bytes[MemoryLevel::dram] = Measure::estimated(10);
        launches[0].record.bytes[MemoryLevel::l2] = Measure::measured(10);
        launches[1].record.flops = Measure::estimated(300);
        launches[1].record.precision = Precision::bf16;
        launches[1].record.phase = Phase::backward;
        launches[1].record.bytes[MemoryLevel::dram] = Measure::measured(5);
        auto records = groupLaunches(launches, Grouping::kernel);
        QCOMPARE(records.size(), std::size_t(1));
        OpRecord r = records[0];
        QVERIFY(r.flops == Measure::estimated(400));
        QVERIFY(r.bytes.at(MemoryLevel::dram) == Measure::estimated(15));
        QVERIFY(!r.bytes.at(MemoryLevel::l2).known());
        QVERIFY(r.timeS == Measure::measured(2e-6));
        QVERIFY(r.precision == Precision::bf16);
        QVERIFY(r.phase == Phase::unknown);
        QCOMPARE(r.count, std::int64_t(2));

        launches[1].record.flops = Measure{};
        records = groupLaunches(launches, Grouping::op);
        QCOMPARE(records.size(), std::size_t(1));
        QVERIFY(!records[0].flops.known());
    }

    // Counter ranges match kernels in correlation order (k_b was launched first): k_b gets
    // 215 fp32 FLOPs, k_a 2000 + 4 + 3 = 2007 with fp64 the largest share. k_a is linked to an
    // addmm: its FLOPs become measured, its bytes stay estimated.
    void counters() {
        KinetoEventsBuilder b;
        const auto addmm = b.op("aten::addmm", 0, 80, 10);
        b.shapes(addmm, kAddmmDims, kAddmmTypes, kAddmmConcrete);
        b.kernel("k_a", 100, 30, 10, 2);
        b.kernel("k_b", 200, 30, -1, 1);
        b.counters("k_b", 5000, 121431, kFp32Counts);
        b.counters("k_a", 130000, 121431, kFp64Counts);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QVERIFY(a.warnings.empty());
        const Launch& ka = a.launches[0];
        const Launch& kb = a.launches[1];
        QCOMPARE(kb.name.str(), std::string("k_b"));
        QVERIFY(kb.record.flops == Measure::measured(215));
        QVERIFY(kb.record.precision == Precision::fp32);
        QVERIFY(ka.record.flops == Measure::measured(2007));
        QVERIFY(ka.record.precision == Precision::fp64);
        QVERIFY(ka.record.bytes.at(MemoryLevel::dram) == Measure::estimated(kAddmmBytes));
        QVERIFY(ka.formula.find("CUPTI counters") == 0);
        CHECK_NEAR(ka.record.timeS.value, 30e-6);
    }

    // Names that disagree at a position: no counters there, one warning.
    void counterMismatch() {
        KinetoEventsBuilder b;
        b.kernel("k_a", 100, 30, -1, 1);
        b.kernel("k_b", 200, 30, -1, 2);
        b.counters("k_b", 5000, 10, kFp32Counts);
        b.counters("k_b", 6000, 10, kFp32Counts);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QVERIFY(!a.launches[0].record.flops.known());
        QVERIFY(a.launches[1].record.flops == Measure::measured(215));
        QCOMPARE(a.warnings.size(), std::size_t(1));
        QVERIFY2(a.warnings[0].find("1 of 2") == 0, a.warnings[0].c_str());
    }

    // Counter ranges without kernels: one launch each, measured FLOPs, no time, one warning.
    void countersWithoutKernels() {
        KinetoEventsBuilder b;
        b.counters("sgemm_a", 1000, 121431, kFp32Counts);
        b.counters("dgemm_b", 2000, 121431, kFp64Counts);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        QCOMPARE(a.launches[0].name.str(), std::string("sgemm_a"));
        QVERIFY(a.launches[0].record.flops == Measure::measured(215));
        QVERIFY(!a.launches[0].record.timeS.known());
        QVERIFY(a.launches[1].record.flops == Measure::measured(2007));
        QCOMPARE(a.warnings.size(), std::size_t(1));
    }

    // Rank, world size and stack from the metadata; the device with most kernel time (GPU 1:
    // 50 us against 30 us) and its deviceProperties name.
    void context() {
        KinetoEventsBuilder b;
        b.setDevices(2, "NVIDIA H100 80GB HBM3");
        b.events().meta.devices[1].name = "NVIDIA H100 80GB HBM3 (1)";
        b.events().meta.distributed.rank = 3;
        b.events().meta.distributed.worldSize = 8;
        b.events().meta.distributed.ncclVersion = "2.18.1";
        b.events().meta.versions["cuda_runtime_version"] = "12010";
        b.events().meta.versions["cuda_driver_version"] = "12020";
        b.events().meta.versions["cupti_version"] = "18";
        b.events().meta.versions["hip_runtime_version"] = "60032830";
        b.kernel("a", 0, 30, -1, -1, 0);
        b.kernel("b", 100, 20, -1, -1, 1);
        b.kernel("c", 200, 30, -1, -1, 1);
        b.memcpy("Memcpy HtoD (Pinned -> Device)", 300, 100, 8);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.context.rank, 3);
        QCOMPARE(a.context.worldSize, 8);
        QCOMPARE(a.context.stack.cuda, std::string("12.1"));
        QCOMPARE(a.context.stack.driver, std::string("12.2"));
        QCOMPARE(a.context.stack.nccl, std::string("2.18.1"));
        QCOMPARE(a.context.stack.other.at("cupti_version"), std::string("18"));
        QCOMPARE(a.context.stack.other.at("hip_runtime_version"), std::string("60032830"));
        QVERIFY(a.context.deviceId.empty());
        QCOMPARE(a.deviceIndex, 1);
        QCOMPARE(a.deviceName, std::string("NVIDIA H100 80GB HBM3 (1)"));
        for (const Launch& l : a.launches)
            QCOMPARE(l.record.rank, 3);
        QCOMPARE(a.launches[1].device, 1);
    }

    void emptyTrace() {
        TraceEvents events;
        const KinetoAnalysis a = analyzeTrace(events);
        QVERIFY(a.launches.empty());
        QCOMPARE(a.context.rank, 0);
        QCOMPARE(a.context.worldSize, 1);
        QCOMPARE(a.deviceIndex, -1);
        QVERIFY(groupLaunches(a.launches, Grouping::op).empty());
        QVERIFY(summarizeCollectives(a.launches).empty());
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisGroup)
#include "test_kineto_analysis_group.moc"
