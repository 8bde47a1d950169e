// A run measured on one device re-projected onto another (compare_fixture.h's GPU A and GPU B,
// with round ceilings): per-op predictions, the predicted iteration, ops that cannot be
// projected, and the comparison table and arrows in projection mode.
#include "core/analysis/arch_projection.h"
#include "core/analysis/compare_tables.h"
#include "core/analysis/comparison.h"
#include "tests/support/compare_fixture.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Bottleneck)

namespace {

// Measured on GPU A, projected onto GPU B (fp16 tensor 1000 T, fp32 60 T, dram 3 TB/s, 450 GB/s):
//   0 gemm fp16 tensor 3e12 FLOP, 2e10 B, 12 ms: t_F 3 ms, t_M 6.67 ms -> 1/150 s, memory, 1.8x
//   1 add fp32 6e9 FLOP, 6e9 B, 3.6 ms: t_F 0.1 ms, t_M 2 ms -> 2 ms, memory, 1.8x
//   2 all-reduce 4.5e9 B over intra_node, 20 ms: t_P 10 ms, communication, 2x
//   3 memcpy without FLOPs or bytes, 5 ms: cannot be projected, kept at its measured 5 ms
// Measured iteration 40.6 ms; predicted 1/150 + 0.002 + 0.01 + 0.005 = 23.67 ms; speed-up 1.715.
Dataset measuredOnA() {
    Dataset d;
    d.context.label = "on A";
    d.context.deviceId = "gpu-a";
    OpRecord add = op("add", Category::elementwise, Phase::forward, 6e9, 6e9, 0.0036);
    add.precision = Precision::fp32;
    add.usesTensorUnits = false;
    OpRecord reduce = allReduce(0.02);
    reduce.commBytes[Link::intra_node] = Measure::measured(4.5e9);
    d.records = {op("gemm", Category::gemm, Phase::forward, 3e12, 2e10, 0.012), add, reduce,
                 op("memcpy", Category::memcpy, Phase::unknown, 0, 0, 0.005)};
    return d;
}

const ViewCell& cell(const ViewTable& t, std::size_t row, std::string_view key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            return t.rows[row][c];
    qFatal("no column %s", key.data());
}

std::string textAt(const ViewTable& t, std::size_t row, std::string_view key) {
    const auto* v = std::get_if<std::string>(&cell(t, row, key));
    return v ? *v : std::string();
}

bool hasNote(const ViewTable& t, const std::string& part) {
    for (const auto& n : t.notes)
        if (n.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestArchProjection : public QObject {
    Q_OBJECT

  private slots:
    void perOp_data() {
        QTest::addColumn<int>("record");
        QTest::addColumn<double>("measuredS");
        QTest::addColumn<double>("predictedS"); // NaN: cannot be projected
        QTest::addColumn<double>("speedup");
        QTest::addColumn<Bottleneck>("bottleneck");
        QTest::newRow("gemm") << 0 << 0.012 << 1.0 / 150 << 1.8 << Bottleneck::memory;
        QTest::newRow("elementwise") << 1 << 0.0036 << 0.002 << 1.8 << Bottleneck::memory;
        QTest::newRow("all-reduce") << 2 << 0.02 << 0.01 << 2.0 << Bottleneck::communication;
        QTest::newRow("no work") << 3 << 0.005 << kNaN << kNaN << Bottleneck::none;
    }
    void perOp() {
        QFETCH(int, record);
        QFETCH(double, measuredS);
        QFETCH(double, predictedS);
        QFETCH(double, speedup);
        QFETCH(Bottleneck, bottleneck);
        const ArchProjection p = projectDataset(measuredOnA(), deviceB(), MdOptions{});
        QCOMPARE(p.ops.size(), std::size_t(4));
        const ProjectedOp& o = p.ops[static_cast<std::size_t>(record)];
        QCOMPARE(o.record, record);
        CHECK_NEAR(o.measuredS, measuredS);
        QVERIFY2(near(o.predictedS, predictedS, 1e-12),
                 describe(o.predictedS, predictedS).constData());
        QVERIFY2(near(o.speedup, speedup, 1e-12), describe(o.speedup, speedup).constData());
        QVERIFY(o.bottleneck == bottleneck);
        QCOMPARE(o.error.has_value(), std::isnan(predictedS));
    }

    void totals() {
        const ArchProjection p = projectDataset(measuredOnA(), deviceB(), MdOptions{});
        QVERIFY(near(p.measured.seconds, 0.0406, 1e-12));
        QVERIFY(near(p.predictedS, 1.0 / 150 + 0.002 + 0.01 + 0.005, 1e-12));
        QVERIFY(near(p.speedup, 0.0406 / (1.0 / 150 + 0.017), 1e-12));
        QCOMPARE(p.unprojected, 1);
        QVERIFY(p.ops[3].keptMeasured && !p.ops[0].keptMeasured);
        QVERIFY(near(p.keptMeasuredS, 0.005, 1e-12));
        QVERIFY(near(p.keptShare, 0.005 / 0.0406, 1e-12));
        QVERIFY(p.firstError.has_value());
        QVERIFY2(p.firstError->message.find("'memcpy'") != std::string::npos,
                 p.firstError->message.c_str());
    }

    void slowestPredictedRank() {
        // The all-reduce and the add on rank 1: rank 0 predicts 1/150 + 0.005 (the memcpy, kept)
        // = 11.67 ms, rank 1 0.002 + 0.01 = 12 ms.
        Dataset d = measuredOnA();
        d.records[1].rank = 1;
        d.records[2].rank = 1;
        const ArchProjection p = projectDataset(d, deviceB(), MdOptions{});
        QVERIFY(near(p.predictedS, 0.012, 1e-12));
        QCOMPARE(p.predictedSlowestRank, 1);
        // Measured: rank 0 has 12 + 5 = 17 ms, rank 1 23.6 ms.
        QVERIFY(near(p.measured.seconds, 0.0236, 1e-12));
        QCOMPARE(p.measured.slowestRank, 1);
    }

    void linkTheTargetLacks() {
        // An all-reduce whose group spans nodes sends its bytes over inter_node, which GPU B
        // lacks: it cannot be projected either, and keeps its 20 ms. Predicted 1/150 + 0.002 +
        // 0.02 + 0.005. The view's link does not matter: each byte is bounded by its own link.
        Dataset d = measuredOnA();
        d.records[2].commBytes = {{Link::inter_node, Measure::measured(4.5e9)}};
        for (const Link link : {Link::intra_node, Link::inter_node}) {
            const ArchProjection p =
                projectDataset(d, deviceB(), MdOptions{MemoryLevel::dram, link});
            QCOMPARE(p.unprojected, 2);
            QVERIFY(p.ops[2].error.has_value());
            QVERIFY(p.ops[2].error->message.find("no inter_node ceiling") != std::string::npos);
            QVERIFY(near(p.predictedS, 1.0 / 150 + 0.002 + 0.025, 1e-12));
        }
    }

    // A 4 µs add whose bound on B is 0.2 µs (5 %) is latency-bound: it keeps its 4 µs, with
    // speed-up 1, instead of a 20x no roof explains. 6e5 B at 3 TB/s = 0.2 µs.
    void latencyBoundOpsKeepTheirTime() {
        Dataset d;
        d.context.deviceId = "gpu-a";
        OpRecord add = op("add", Category::elementwise, Phase::forward, 1.5e5, 6e5, 4e-6);
        add.precision = Precision::fp32;
        add.usesTensorUnits = false;
        d.records = {add};
        const ArchProjection p = projectDataset(d, deviceB(), MdOptions{});
        QCOMPARE(p.latencyBound, 1);
        QVERIFY(p.ops[0].bottleneck == Bottleneck::latency && p.ops[0].keptMeasured);
        QVERIFY(near(p.ops[0].predictedS, 4e-6, 1e-12));
        QVERIFY(near(p.predictedS, 4e-6, 1e-12));
        QVERIFY(near(p.keptShare, 1.0, 1e-12));
    }

    void edgeCases() {
        const ArchProjection empty = projectDataset(Dataset{}, deviceB(), MdOptions{});
        QVERIFY(empty.ops.empty());
        CHECK_NEAR(empty.predictedS, 0.0);
        QVERIFY(std::isnan(empty.speedup));
        QCOMPARE(empty.unprojected, 0);

        // Without measured times there are predictions but no speed-ups.
        Dataset untimed = measuredOnA();
        for (auto& r : untimed.records)
            r.timeS = {};
        const ArchProjection p = projectDataset(untimed, deviceB(), MdOptions{});
        QCOMPARE(p.measured.untimed, 4);
        QVERIFY(near(p.predictedS, 1.0 / 150 + 0.012, 1e-12));
        QVERIFY(std::isnan(p.speedup));
        QVERIFY(std::isnan(p.ops[0].speedup));
        QVERIFY(std::isnan(p.ops[0].measuredS));
    }

    void table() {
        Session s = stackSession();
        s.datasets = {measuredOnA()};
        s.view.compare.projectDevice = "gpu-b";
        const ViewTable t = comparisonTable(s);
        QCOMPARE(t.rows.size(), std::size_t(4));
        // Largest time difference first: the all-reduce saves 10 ms, the GEMM 5.3, the add 1.6.
        QCOMPARE(textAt(t, 0, "op"), std::string("ncclAllReduce"));
        QCOMPARE(textAt(t, 0, "match"), std::string("projected"));
        QCOMPARE(textAt(t, 0, "bottleneck_b"), std::string("communication"));
        QCOMPARE(textAt(t, 1, "op"), std::string("gemm"));
        QCOMPARE(textAt(t, 2, "op"), std::string("add"));
        QCOMPARE(textAt(t, 3, "match"), std::string("not_projected"));
        QVERIFY(std::holds_alternative<std::monostate>(cell(t, 3, "time_b_s")));
        for (std::size_t r = 0; r < t.rows.size(); ++r)
            QCOMPARE(textAt(t, r, "projected"), std::string("yes"));
        QVERIFY(hasNote(t, "Projected, not measured"));
        QVERIFY(hasNote(t, "GPU B"));
        QVERIFY(hasNote(t, "1 op(s) could not be projected and keep their measured time"));
        QVERIFY(hasNote(t, "speed-up 1.72"));                          // 40.6 / 23.67 = 1.715
        QVERIFY(hasNote(t, "Kept at measured time: 5.00 ms (12.3 %")); // 5 / 40.6
    }

    void arrows() {
        Session s = stackSession();
        s.datasets = {measuredOnA()};
        s.view.compare.projectDevice = "gpu-b";
        const auto plot = comparisonPlot(s);
        QVERIFY(plot.ok());
        // GEMM and add have FLOPs: two arrows, two projected points.
        QCOMPARE(plot.value().arrows.size(), std::size_t(2));
        QCOMPARE(plot.value().pointsB.size(), std::size_t(2));
        // GEMM: x = 3e12 / 2e10 = 150 FLOP/B, from 3e12 / 0.012 = 2.5e14 to 3e12 * 150 = 4.5e14.
        const ComparisonArrow& gemm = plot.value().arrows[0];
        CHECK_NEAR(gemm.from.intensity, 150.0);
        CHECK_NEAR(gemm.to.intensity, 150.0);
        QVERIFY(near(gemm.from.flopsPerS, 2.5e14, 1e-12));
        QVERIFY(near(gemm.to.flopsPerS, 4.5e14, 1e-12));
        QVERIFY(gemm.faster());
        QVERIFY(near(gemm.change, (1.0 / 150) / 0.012 - 1, 1e-12));
        // The times the points stand at (what their tips say): measured 12 ms, and predicted
        // 3e12 / 4.5e14 = 1/150 s = 6.67 ms.
        CHECK_NEAR(gemm.from.timeS, 0.012);
        QVERIFY(near(gemm.to.timeS, 1.0 / 150, 1e-12));
    }

    void unknownDevice() {
        Session s = stackSession();
        s.view.compare.projectDevice = "tpu-9";
        const ViewTable t = comparisonTable(s);
        QVERIFY(t.rows.empty());
        QVERIFY(hasNote(t, "tpu-9"));
        QVERIFY(!comparisonPlot(s).ok());
    }
};

QTEST_APPLESS_MAIN(TestArchProjection)
#include "test_arch_projection.moc"
