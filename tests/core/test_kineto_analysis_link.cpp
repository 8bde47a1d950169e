// analyzeTrace's linking of kernels to ops (External id, correlation through the runtime event,
// the op enclosing the runtime event) and the shape estimates it attaches: the innermost op with
// an estimator, the walk outward, the split of one op call over its kernels, failure warnings.
// Expected numbers are worked out by hand next to each case.
#include "core/import/kineto/kineto_analysis.h"
#include "tests/support/kineto_analysis_lookup.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

// aten::linear [0, 100] us enclosing aten::addmm [10, 80] us (External ids 1 and 2), both with
// shapes, on thread 1/1.
void linearWithAddmm(KinetoEventsBuilder& b) {
    const auto linear = b.op("aten::linear", 0, 100, 1);
    b.shapes(linear, "[[141, 512], [512, 512], [512]]",
             R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"])");
    b.op("aten::t", 2, 5, 3); // a sibling without an estimator
    const auto addmm = b.op("aten::addmm", 10, 80, 2);
    b.shapes(addmm, kAddmmDims, kAddmmTypes, kAddmmConcrete);
}

} // namespace

class TestKinetoAnalysisLink : public QObject {
    Q_OBJECT

  private slots:
    // Three ways to reach aten::addmm from the kernel; each gives the whole addmm estimate.
    void linking_data() {
        QTest::addColumn<int>("how");
        QTest::newRow("External id") << 0;
        QTest::newRow("correlation -> runtime External id") << 1;
        QTest::newRow("correlation -> runtime inside the op") << 2;
        QTest::newRow("stale External id, correlation") << 3;
    }
    void linking() {
        QFETCH(int, how);
        KinetoEventsBuilder b;
        linearWithAddmm(b);
        switch (how) {
        case 0:
            b.kernel("ampere_bf16_gemm", 200, 30, 2, 77);
            break;
        case 1:
            b.runtime(20, 5, 2, 77);
            b.kernel("ampere_bf16_gemm", 200, 30, -1, 77);
            break;
        case 2:
            b.runtime(20, 5, -1, 77); // no External id: the innermost op around t=20 is addmm
            b.kernel("ampere_bf16_gemm", 200, 30, -1, 77);
            break;
        case 3:
            b.runtime(20, 5, 2, 77);
            b.kernel("ampere_bf16_gemm", 200, 30, 999, 77);
            break;
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const Launch& l = a.launches[0];
        QCOMPARE(l.opName.str(), std::string("aten::addmm"));
        QCOMPARE(l.shapeKey.str(), std::string(kAddmmDims));
        QVERIFY(l.record.flops.origin == Origin::estimated);
        CHECK_NEAR(l.record.flops.value, kAddmmFlops);
        QVERIFY(l.record.bytesAt(MemoryLevel::dram).has_value());
        CHECK_NEAR(*l.record.bytesAt(MemoryLevel::dram), kAddmmBytes);
        QVERIFY(l.record.category == Category::gemm);
        QVERIFY(l.record.precision == Precision::bf16);
        QVERIFY(l.record.usesTensorUnits);
        QVERIFY(l.record.timeS.origin == Origin::measured);
        CHECK_NEAR(l.record.timeS.value, 30e-6);
        QVERIFY(!l.formula.empty());
        QCOMPARE(l.tsNs, std::int64_t(200000));
    }

    // A kernel whose link fails everywhere stays unlinked, with its time but no estimate.
    void unlinked() {
        KinetoEventsBuilder b;
        linearWithAddmm(b);
        b.runtime(500, 5, -1, 78); // outside every op
        b.kernel("k_runtime_outside", 600, 10, -1, 78);
        b.kernel("k_no_ids", 700, 10);
        b.kernel("k_unknown_correlation", 800, 10, -1, 12345);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(3));
        for (const Launch& l : a.launches) {
            QVERIFY2(l.opName.empty(), l.name.str().c_str());
            QVERIFY(!l.record.flops.known());
            QVERIFY(!l.record.bytesAt(MemoryLevel::dram));
            QVERIFY(l.record.precision == Precision::other);
            QVERIFY(l.record.phase == Phase::unknown);
        }
    }

    // Nesting does not depend on the order the file lists its events in: ranges given inner
    // first and late first, runtime calls before the ops around them, link as the same events in
    // time order do (the sweep deals the events out per thread and sorts only what is out of
    // order). Runtime calls carry no External id: each kernel links to the innermost op around
    // its launch: 'inner' (10..30) for the call at 15, 'outer' (0..100) for the one at 50, none
    // for the one at 150.
    void nestingIgnoresTheFilesOrder_data() {
        QTest::addColumn<bool>("shuffled");
        QTest::newRow("in time order") << false;
        QTest::newRow("inner first, runtime first, late first") << true;
    }
    void nestingIgnoresTheFilesOrder() {
        QFETCH(bool, shuffled);
        KinetoEventsBuilder b;
        if (shuffled) {
            b.runtime(150, 2, -1, 3);
            b.runtime(50, 2, -1, 2);
            b.runtime(15, 2, -1, 1);
            b.op("aten::inner", 10, 20, -1);
            b.op("aten::outer", 0, 100, -1);
        } else {
            b.op("aten::outer", 0, 100, -1);
            b.op("aten::inner", 10, 20, -1);
            b.runtime(15, 2, -1, 1);
            b.runtime(50, 2, -1, 2);
            b.runtime(150, 2, -1, 3);
        }
        b.kernel("k1", 200, 5, -1, 1);
        b.kernel("k2", 210, 5, -1, 2);
        b.kernel("k3", 220, 5, -1, 3);
        const KinetoAnalysis a = analyzeTrace(b.take());
        QCOMPARE(a.launches.size(), std::size_t(3));
        QCOMPARE(a.launches[0].opName.str(), std::string("aten::inner"));
        QCOMPARE(a.launches[1].opName.str(), std::string("aten::outer"));
        QCOMPARE(a.launches[2].opName.str(), std::string());
    }

    // The linked op has no estimator (aten::t inside aten::linear): the walk outward reaches
    // linear, whose estimate (same GEMM: 2*141*512*512) goes to the kernel that does GEMM work by
    // its name; the transpose kernel beside it is a helper with its own record and no FLOPs (it
    // used to take a share of the GEMM's FLOPs by duration).
    void walksOutward() {
        KinetoEventsBuilder b;
        const auto linear = b.op("aten::linear", 0, 100, 1);
        b.shapes(linear, "[[141, 512], [512, 512], [512]]",
                 R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"])");
        b.annotation("nn.Module: Inner", 1, 50); // annotations are passed through
        b.op("aten::t", 2, 40, 3);
        b.kernel("transpose_kernel", 200, 30, 3);
        b.kernel("ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_tn", 240, 10, 3);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        const Launch* transpose = launchNamed(a, "transpose_kernel");
        const Launch* gemm = launchNamed(a, "ampere_bf16_s16816gemm_bf16_128x64_ldg8_f2f_tn");
        QVERIFY(transpose && gemm);
        QCOMPARE(gemm->opName.str(), std::string("aten::linear"));
        CHECK_NEAR(gemm->record.flops.value, kAddmmFlops);
        QVERIFY(gemm->record.category == Category::gemm);
        QCOMPARE(transpose->opName.str(), std::string("aten::linear"));
        QVERIFY(!transpose->record.flops.known());
        QVERIFY(transpose->helper);
        QVERIFY(transpose->noFlops == NoFlopsReason::helper);
    }

    // A composite whose inner op carries its own estimate is not counted again: a kernel linked
    // to aten::linear directly, beside the addmm's GEMM kernel, gets none of linear's FLOPs.
    void compositeCountedOnce() {
        KinetoEventsBuilder b;
        linearWithAddmm(b);
        b.kernel("gemm_main", 200, 30, 2);
        b.kernel("vectorized_elementwise_kernel", 240, 5, 1); // launched by linear itself
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const Launch* gemm = launchNamed(a, "gemm_main");
        const Launch* other = launchNamed(a, "vectorized_elementwise_kernel");
        QVERIFY(gemm && other);
        CHECK_NEAR(gemm->record.flops.value, kAddmmFlops);
        QVERIFY(!other->record.flops.known());
        QVERIFY(other->noFlops == NoFlopsReason::covered);
    }

    // One addmm call launching two GEMM kernels of 30 and 10 us (one through a nested op): FLOPs
    // and bytes split 3/4 and 1/4; with zero durations, 1/2 each.
    void splitByDuration_data() {
        QTest::addColumn<double>("dur1");
        QTest::addColumn<double>("dur2");
        QTest::addColumn<double>("share1");
        QTest::newRow("30/10 us") << 30.0 << 10.0 << 0.75;
        QTest::newRow("zero durations") << 0.0 << 0.0 << 0.5;
    }
    void splitByDuration() {
        QFETCH(double, dur1);
        QFETCH(double, dur2);
        QFETCH(double, share1);
        KinetoEventsBuilder b;
        linearWithAddmm(b);
        b.op("aten::empty", 12, 2, 4); // a descendant of addmm without an estimator
        b.kernel("gemm_main", 200, dur1, 2);
        b.kernel("gemm_second_wave", 240, dur2, 4);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        const Launch* first = launchNamed(a, "gemm_main");
        const Launch* second = launchNamed(a, "gemm_second_wave");
        QVERIFY(first && second);
        CHECK_NEAR(first->record.flops.value, share1 * kAddmmFlops);
        CHECK_NEAR(second->record.flops.value, (1 - share1) * kAddmmFlops);
        CHECK_NEAR(*first->record.bytesAt(MemoryLevel::dram), share1 * kAddmmBytes);
        CHECK_NEAR(*second->record.bytesAt(MemoryLevel::dram), (1 - share1) * kAddmmBytes);
        QCOMPARE(second->opName.str(), std::string("aten::addmm"));
        // Summed over the op's kernels, the op's FLOPs come back once.
        const auto ops = groupLaunches(a.launches, Grouping::op);
        QCOMPARE(ops.size(), std::size_t(1));
        CHECK_NEAR(ops[0].flops.value, kAddmmFlops);
        QCOMPARE(ops[0].count, std::int64_t(2));
    }

    // Two calls of the same op: each call's estimate goes to its own kernels only.
    void separateCalls() {
        KinetoEventsBuilder b;
        for (int call = 0; call < 2; ++call) {
            const auto addmm = b.op("aten::addmm", 1000.0 * call, 80, 10 + call);
            b.shapes(addmm, kAddmmDims, kAddmmTypes, kAddmmConcrete);
            b.kernel("gemm", 1000.0 * call + 100, 20 + 10 * call, 10 + call);
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        for (const Launch& l : a.launches)
            CHECK_NEAR(l.record.flops.value, kAddmmFlops);
    }

    // A failing estimate (K mismatch) on three calls gives one warning with a count of 3, and
    // the walk goes on to the enclosing op that does have an estimate.
    void failedEstimates() {
        KinetoEventsBuilder b;
        for (int call = 0; call < 3; ++call) {
            const double t = 1000.0 * call;
            const auto linear = b.op("aten::linear", t, 100, 100 + call);
            b.shapes(linear, "[[141, 512], [512, 512], [512]]",
                     R"(["c10::BFloat16", "c10::BFloat16", "c10::BFloat16"])");
            const auto bad = b.op("aten::addmm", t + 10, 80, 200 + call);
            b.shapes(bad, "[[512], [141, 512], [300, 512], [], []]", kAddmmTypes, kAddmmConcrete);
            b.kernel("gemm", t + 200, 30, 200 + call);
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(3));
        for (const Launch& l : a.launches) {
            QCOMPARE(l.opName.str(), std::string("aten::linear"));
            CHECK_NEAR(l.record.flops.value, kAddmmFlops);
        }
        int addmmWarnings = 0;
        for (const std::string& w : a.warnings)
            if (w.find("aten::addmm") != std::string::npos) {
                ++addmmWarnings;
                QVERIFY2(w.find("(3 op calls)") != std::string::npos, w.c_str());
            }
        QCOMPARE(addmmWarnings, 1);
    }

    // Nesting is by time on each thread: an op on another thread that happens to enclose the
    // runtime event's time is not its parent; of two nested ops the inner one is taken.
    void enclosingOnSameThreadOnly() {
        KinetoEventsBuilder b;
        const auto other = b.op("aten::mm", 0, 1000, -1, "1/2");
        b.shapes(other, "[[4, 4], [4, 4]]", R"(["float", "float"])");
        b.op("aten::outer_thing", 0, 1000, -1, "1/1");
        b.op("aten::inner_thing", 100, 50, -1, "1/1");
        b.runtime(120, 5, -1, 5, "1/1");
        b.kernel("k", 300, 10, -1, 5);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        QCOMPARE(a.launches[0].opName.str(), std::string("aten::inner_thing"));
        QVERIFY(!a.launches[0].record.flops.known());
    }

    // Launches come back in start-time order whatever the order of the events.
    void startOrder() {
        KinetoEventsBuilder b;
        b.kernel("c", 30, 1);
        b.kernel("a", 10, 1);
        b.memcpy("Memcpy HtoD (Pinned -> Device)", 20, 1, 8);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(3));
        QCOMPARE(a.launches[0].name.str(), std::string("a"));
        QCOMPARE(a.launches[1].name.str(), std::string("Memcpy HtoD (Pinned -> Device)"));
        QCOMPARE(a.launches[2].name.str(), std::string("c"));
    }

    // 100,000 nested op pairs, each with a kernel found through its runtime event: a quadratic
    // nesting or link would take minutes, this takes well under a second.
    void manyEvents() {
        KinetoEventsBuilder b;
        constexpr int n = 100000;
        for (int i = 0; i < n; ++i) {
            const double t = 100.0 * i;
            b.op("aten::outer", t, 90, -1);
            const auto mm = b.op("aten::mm", t + 10, 50, -1);
            b.shapes(mm, "[[8, 16], [16, 4]]", R"(["float", "float"])");
            b.runtime(t + 20, 5, -1, i);
            b.kernel("gemm", t + 30, 10, -1, i);
        }
        const TraceEvents events = b.take();
        QElapsedTimer timer;
        timer.start();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(n));
        // 2*M*N*K = 2*8*4*16 = 1024 per call.
        CHECK_NEAR(a.launches[n / 2].record.flops.value, 1024.0);
        QCOMPARE(a.launches[n - 1].opName.str(), std::string("aten::mm"));
        qInfo() << "analyzeTrace of" << n << "launches:" << timer.elapsed() << "ms";
        QVERIFY2(timer.elapsed() < 20000, QByteArray::number(timer.elapsed()));
    }

    // StringTable: equal texts share an id, ids index their texts.
    void stringTable() {
        StringTable t;
        const auto a = t.intern("aten::mm");
        const auto b = t.intern("aten::addmm");
        for (int i = 0; i < 10000; ++i)
            t.intern("name" + std::to_string(i)); // grow far past the first block
        QCOMPARE(t.intern(std::string("aten::mm")), a);
        QCOMPARE(t.intern("aten::addmm"), b);
        QVERIFY(a != b);
        QCOMPARE(t.text(a), std::string("aten::mm"));
        QCOMPARE(t.text(b), std::string("aten::addmm"));
        QCOMPARE(t.size(), std::size_t(10002));
        QCOMPARE(t.intern(""), t.intern(""));
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisLink)
#include "test_kineto_analysis_link.moc"
