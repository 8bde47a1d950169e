// The MD chart's planes in numbers (mdPlaneView): which op's ceilings make each plane's roof and
// where each op sits. Ops built by hand with round ceilings; every value worked out in the rows.
#include "core/analysis/md_analysis.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

MdOpResult op(int record, MdWork work, MdCeilings ceilings, std::optional<double> seconds,
              bool bounded = true) {
    MdOpResult r;
    r.record = record;
    r.work = work;
    r.ceilings = ceilings;
    r.planes = mdPlanes(work, ceilings);
    r.measuredS = seconds;
    if (bounded)
        r.bound = MdBound{};
    return r;
}

// A GEMM on a GPU of APF 100 TFLOP/s, APM 2 TB/s, APB 400 GB/s (NVLink): F 1e12, M 1e10, no P,
// 20 ms. An all-reduce bounded by the NICs, APB 50 GB/s: P 1e9, 40 ms. An optimizer step with
// more FLOPs than nothing but unbounded (its ceiling is missing): F 1e13, M 1e11, 5 ms. An op
// without a time.
MdAnalysis job() {
    MdAnalysis md;
    const MdCeilings gpu{1e14, 2e12, 4e11};
    md.ops.push_back(op(0, {1e12, 1e10, 0}, gpu, 0.02));
    md.ops.push_back(op(1, {0, 2e9, 1e9}, {1e14, 2e12, 5e10}, 0.04));
    md.ops.push_back(op(2, {1e13, 1e11, 0}, {0, 2e12, 4e11}, 0.005, false));
    md.ops.push_back(op(3, {1e9, 1e8, 0}, gpu, std::nullopt));
    MdAggregate iteration;
    iteration.work = {1e12, 1.2e10, 1e9};
    iteration.planes = mdPlanes(iteration.work, gpu);
    iteration.measuredS = 0.06;
    md.aggregates.push_back(iteration);
    return md;
}

} // namespace

Q_DECLARE_METATYPE(roofscope::MdPlane)

class TestMdPlaneView : public QObject {
    Q_OBJECT

  private slots:
    // The roof comes from the bounded op with the most FLOPs, the GEMM (the optimizer does more
    // but has no bound); the APB from the op moving the most bytes over links, the all-reduce:
    //   A: peak APF 1e14, slope APM 2e12, ridge 50 FLOP/B;
    //   O: peak APB 5e10, slope APM 2e12, ridge 0.025 B/B;
    //   C: peak APB 5e10, slope APF 1e14, ridge 5e-4 B/FLOP.
    void roofs_data() {
        QTest::addColumn<MdPlane>("plane");
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("slope");
        QTest::addColumn<double>("ridge");
        QTest::newRow("A") << MdPlane::a << 1e14 << 2e12 << 50.0;
        QTest::newRow("O") << MdPlane::o << 5e10 << 2e12 << 0.025;
        QTest::newRow("C") << MdPlane::c << 5e10 << 1e14 << 5e-4;
    }
    void roofs() {
        QFETCH(MdPlane, plane);
        QFETCH(double, peak);
        QFETCH(double, slope);
        QFETCH(double, ridge);
        const MdPlaneView v = mdPlaneView(job(), plane);
        QVERIFY(near(v.peak, peak, 1e-12));
        QVERIFY(near(v.slope, slope, 1e-12));
        QVERIFY(near(v.ridge, ridge, 1e-12));
    }

    // A: the GEMM at F/M = 100 FLOP/B, 1e12 / 0.02 = 50 TFLOP/s; the optimizer at 100 FLOP/B,
    // 1e13 / 0.005 = 2 PFLOP/s; the all-reduce has no FLOPs and the last op no time: not placed.
    // The iteration at 1e12 / 1.2e10 = 83.3 FLOP/B, 1e12 / 0.06 = 16.7 TFLOP/s.
    void pointsOnA() {
        const MdPlaneView v = mdPlaneView(job(), MdPlane::a);
        QCOMPARE(v.points.size(), std::size_t(2));
        QCOMPARE(v.points[0].op, std::size_t(0));
        QVERIFY(near(v.points[0].x, 100, 1e-12));
        QVERIFY(near(v.points[0].y, 5e13, 1e-12));
        QVERIFY(v.points[0].premise);
        QCOMPARE(v.points[1].op, std::size_t(2));
        QVERIFY(near(v.points[1].y, 2e12 / 1e-3, 1e-12));
        QCOMPARE(v.aggregates.size(), std::size_t(1));
        QVERIFY(near(v.aggregates[0].x, 1e12 / 1.2e10, 1e-12));
        QVERIFY(near(v.aggregates[0].y, 1e12 / 0.06, 1e-12));
    }

    // O and C: only the all-reduce communicates. Its P/M = 1e9 / 2e9 = 0.5 B/B on O, P / t = 1e9
    // / 0.04 = 25 GB/s; it has no FLOPs, so no place on C (P/F is infinite). Its plane is O
    // (left of the A ridge: no FLOPs), so the premise holds on O.
    void pointsOnTheCommunicationPlanes() {
        const MdPlaneView o = mdPlaneView(job(), MdPlane::o);
        QCOMPARE(o.points.size(), std::size_t(1));
        QCOMPARE(o.points[0].op, std::size_t(1));
        QVERIFY(near(o.points[0].x, 0.5, 1e-12));
        QVERIFY(near(o.points[0].y, 2.5e10, 1e-12));
        QCOMPARE(o.points[0].premise, job().ops[1].planes.commPlane == MdPlane::o);
        QVERIFY(mdPlaneView(job(), MdPlane::c).points.empty());
    }

    void empty() {
        const MdPlaneView v = mdPlaneView(MdAnalysis{}, MdPlane::a);
        QVERIFY(v.points.empty());
        QCOMPARE(v.ridge, 0.0);
    }
};

QTEST_APPLESS_MAIN(TestMdPlaneView)
#include "test_md_plane_view.moc"
