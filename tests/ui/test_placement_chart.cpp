// The placement chart: one roofline per device involved, moved ops drawn hollow on their target
// at the predicted FLOP/s, the old and new step as stacked bars (time per device, transfers,
// measured copies) with the change in %, and what it shows when it cannot draw. Numbers are
// worked out by hand in the comments (the same plan as tests/core/test_placement.cpp). With
// ROOFSCOPE_CHART_PNG set to a folder, the charts are also written there as PNG. Hovering an
// op's point or a bar segment names it with its numbers; clicking an op's point selects it.

#include "tests/support/placement_fixture.h"
#include "tests/support/shown_chart.h"
#include "ui/record_table_model.h" // Q_DECLARE_METATYPE(RecordRef)
#include "ui/views/placement_chart.h"

#include <QSignalSpy>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;
using namespace roofscope::testing;

namespace {

// The core suite's run on gpu0 (gemm 20 ms, embedding 10 ms with no FLOPs, adam 15 ms, memcpy
// 4 ms, layer_norm 3 ms: old step 52 ms) with the devices a move may target.
Session session(std::vector<PlacementMove> moves) {
    Session s = placement::session(std::move(moves));
    s.devices.pop_back(); // the ASIC: no move here targets it
    s.view.view = ViewKind::placement;
    return s;
}

void savePng(PlacementChart& chart, const QString& name) {
    const QByteArray dir = qgetenv("ROOFSCOPE_CHART_PNG");
    if (!dir.isEmpty())
        QVERIFY(chart.savePng(QString::fromLocal8Bit(dir) + "/" + name + ".png", 1400, 900));
}

bool near(double a, double b) {
    return qAbs(a - b) <= 1e-12;
}

} // namespace

class TestPlacementChart : public QObject {
    Q_OBJECT

  private slots:
    void optimizerToCpu() {
        PlacementChart chart;
        chart.resize(1400, 900);
        chart.setSession(session({{Category::optimizer, "cpu"}}));
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.deviceIds(), (std::vector<std::string>{"gpu0", "cpu"}));
        QCOMPARE(chart.axisRectCount(), 3); // two rooflines and the bars
        QVERIFY(chart.deviceRect("gpu0") && chart.deviceRect("cpu"));
        // adam on the CPU at its predicted 1 GFLOP / 100 ms = 10 GFLOP/s, hollow.
        QCOMPARE(chart.pointsOn("cpu"), 1);
        QCOMPARE(chart.predictedOn("cpu"), 1);
        // gemm and layer_norm stay on gpu0; embedding and the copy have no FLOPs.
        QCOMPARE(chart.pointsOn("gpu0"), 2);
        QCOMPARE(chart.predictedOn("gpu0"), 0);
        QCOMPARE(chart.undrawnCount(), 2);
        bool hollowOnCpu = false;
        for (int i = 0; i < chart.graphCount(); ++i) {
            QCPGraph* g = chart.graph(i);
            if (g->keyAxis()->axisRect() == chart.deviceRect("cpu") && g->dataCount() == 1) {
                QVERIFY(near(g->data()->at(0)->key, 0.1));
                QVERIFY(near(g->data()->at(0)->value, 1e10));
                hollowOnCpu = g->scatterStyle().brush().style() == Qt::NoBrush &&
                              g->name().contains("predicted");
            }
        }
        QVERIFY(hollowOnCpu);
        // Old: gpu0 48 ms + memcpy 4 = 52 ms. New: gpu0 33, CPU 100, memcpy 4, transfer 500:
        // 637 ms, +1125.0 %.
        QVERIFY(near(chart.oldStepS(), 0.052));
        QVERIFY(near(chart.newStepS(), 0.637));
        const auto& seg = chart.segments();
        QVERIFY(near(seg.at("GPU 0").first, 0.048) && near(seg.at("GPU 0").second, 0.033));
        QVERIFY(near(seg.at("Host CPU").first, 0) && near(seg.at("Host CPU").second, 0.1));
        QVERIFY(near(seg.at("memcpy (measured)").second, 0.004));
        QVERIFY(near(seg.at("transfers (moves, upper bound)").second, 0.5));
        double oldSum = 0, newSum = 0;
        for (const auto& [name, values] : seg) {
            oldSum += values.first;
            newSum += values.second;
        }
        QVERIFY(near(oldSum, 0.052) && near(newSum, 0.637));
        QCOMPARE(chart.changeLabel(), QStringLiteral("637 ms (+1125.0 %)"));
        QCOMPARE(chart.table().rows.size(), std::size_t(5));
        QCOMPARE(chart.table().schema, std::string("roofscope.placement/1"));
        savePng(chart, "placement_optimizer_to_cpu");
    }

    void embeddingsToSecondGpu() {
        PlacementChart chart;
        chart.resize(1400, 900);
        chart.setSession(session({{Category::embedding, "gpu1"}, {Category::norm, "gpu1"}}));
        QCOMPARE(chart.deviceIds(), (std::vector<std::string>{"gpu0", "gpu1"}));
        // layer_norm on gpu1: t_F = 1e8 / 2e13 = 5 us, t_M = 2e9 / 2e12 = 1 ms -> 100 GFLOP/s.
        QCOMPARE(chart.pointsOn("gpu1"), 1);
        QCOMPARE(chart.predictedOn("gpu1"), 1);
        // New: gpu0 20 + 15 = 35 ms, gpu1 2 + 1 = 3 ms, memcpy 4, transfers (4 + 2 GB at
        // 50 GB/s) 120 ms: 162 ms.
        QVERIFY(near(chart.newStepS(), 0.162));
        savePng(chart, "placement_to_gpu1");
    }

    void noMoves() {
        PlacementChart chart;
        chart.setSession(session({}));
        QCOMPARE(chart.deviceIds(), (std::vector<std::string>{"gpu0"}));
        QCOMPARE(chart.axisRectCount(), 2);
        QVERIFY(near(chart.newStepS(), chart.oldStepS()));
        QCOMPARE(chart.changeLabel(), QStringLiteral("52.0 ms (+0.0 %)"));
    }

    void aMoveThatMovesNothingSaysSo() {
        PlacementChart chart;
        chart.setSession(session({{Category::attention, "cpu"}})); // no op is attention
        QCOMPARE(chart.changeLabel(),
                 QStringLiteral("52.0 ms (+0.0 %), nothing moved (see the notes)"));
        const auto& notes = chart.table().notes;
        QVERIFY(std::find(notes.begin(), notes.end(),
                          "Move attention \u2192 Host CPU: 0 ops are attention in this step; "
                          "nothing moves.") != notes.end());
    }

    void notProjected() {
        PlacementChart chart;
        Session s = session({{Category::norm, "gpu1"}});
        s.devices[1].ceilings.compute.clear(); // gpu1 cannot bound layer_norm's FLOPs
        chart.setSession(s);
        QCOMPARE(chart.pointsOn("gpu1"), 0);
        QCOMPARE(chart.pointsOn("gpu0"), 3);
        QVERIFY(chart.changeLabel().contains("1 op(s) not projected"));
    }

    void hoverOp_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("y");
        QTest::addColumn<int>("record");
        QTest::addColumn<QStringList>("words");
        // With the optimizer moved to the CPU (see optimizerToCpu): gemm stays on gpu0 at
        // 1e12 FLOP / 1e10 B = 100 FLOP/B and 1e12 / 20 ms = 50 TFLOP/s; layer_norm at
        // 1e8 / 2e9 = 0.05 and 1e8 / 3 ms = 33.3 GFLOP/s; adam, predicted 100 ms on the CPU, at
        // 0.1 and 10 GFLOP/s, its 10 GB crossing PCIe at gpu0's 20 GB/s d2h in 500 ms.
        QTest::newRow("gemm measured")
            << "gpu0" << 100.0 << 5e13 << 0
            << QStringList{"gemm\ngemm · GPU 0\nmeasured 20.0 ms\n50.0 TFLOP/s at 100 FLOP/B"};
        QTest::newRow("layer_norm measured")
            << "gpu0" << 0.05 << 1e8 / 0.003 << 4
            << QStringList{"layer_norm\nnorm · GPU 0", "33.3 GFLOP/s at 0.0500 FLOP/B"};
        QTest::newRow("adam moved")
            << "cpu" << 0.1 << 1e10 << 2
            << QStringList{"adam\noptimizer · moved GPU 0 → Host CPU",
                           "predicted 100 ms (measured 15.0 ms on GPU 0) + transfer 500 ms over "
                           "pcie",
                           "10.0 GFLOP/s at 0.100 FLOP/B"};
    }
    void hoverOp() {
        QFETCH(QString, device);
        QFETCH(double, x);
        QFETCH(double, y);
        QFETCH(int, record);
        QFETCH(QStringList, words);
        PlacementChart chart;
        QVERIFY(showChart(chart, session({{Category::optimizer, "cpu"}}), {1400, 900}));
        QCPAxisRect* rect = chart.deviceRect(device.toStdString());
        QVERIFY(rect);
        const QPointF at(rect->axis(QCPAxis::atBottom)->coordToPixel(x),
                         rect->axis(QCPAxis::atLeft)->coordToPixel(y));
        const QString tip = chart.toolTipAt(at);
        for (const QString& w : words)
            QVERIFY2(tip.contains(w), qPrintable(tip + "\n--- lacks: " + w));
        QSignalSpy spy(&chart, &ViewChart::recordActivated);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(spy.count(), 1);
        const auto ref = spy.at(0).at(0).value<RecordRef>();
        QCOMPARE(ref.dataset, 0);
        QCOMPARE(ref.record, record);
    }

    void hoverBarsAndNothing_data() {
        QTest::addColumn<double>("key"); // 0: the old step, 1: the new one
        QTest::addColumn<double>("value");
        QTest::addColumn<QString>("tip"); // empty: nothing there
        // Old: GPU 0 0..48 ms, memcpy 48..52. New: GPU 0 0..33, CPU 33..133, memcpy 133..137,
        // transfers 137..637 ms (see optimizerToCpu).
        QTest::newRow("old GPU 0")
            << 0.0 << 0.024 << "GPU 0\nold step (measured): 48.0 ms of 52.0 ms";
        QTest::newRow("old memcpy")
            << 0.0 << 0.050 << "memcpy (measured)\nold step (measured): 4.00 ms of 52.0 ms";
        QTest::newRow("new CPU") << 1.0 << 0.083
                                 << "Host CPU\nnew step (predicted): 100 ms of 637 ms";
        QTest::newRow("new transfers")
            << 1.0 << 0.4
            << "transfers (moves, upper bound)\nnew step (predicted): 500 ms of 637 ms";
        QTest::newRow("right of the old step") << 0.0 << 0.4 << "";
        QTest::newRow("between the bars") << 0.5 << 0.024 << "";
    }
    void hoverBarsAndNothing() {
        QFETCH(double, key);
        QFETCH(double, value);
        QFETCH(QString, tip);
        PlacementChart chart;
        QVERIFY(showChart(chart, session({{Category::optimizer, "cpu"}}), {1400, 900}));
        const QPointF at(chart.barRect()->axis(QCPAxis::atBottom)->coordToPixel(value),
                         chart.barRect()->axis(QCPAxis::atLeft)->coordToPixel(key));
        QCOMPARE(chart.toolTipAt(at), tip);
        // No bar is a record: a click selects nothing.
        QSignalSpy spy(&chart, &ViewChart::recordActivated);
        QTest::mouseClick(&chart, Qt::LeftButton, {}, at.toPoint());
        QCOMPARE(spy.count(), 0);
    }

    void empty_data() {
        QTest::addColumn<int>("which");
        QTest::newRow("no dataset") << 0;
        QTest::newRow("all hidden") << 1;
        QTest::newRow("no records") << 2;
        QTest::newRow("unknown device") << 3;
    }
    void empty() {
        QFETCH(int, which);
        Session s = session({{Category::optimizer, "cpu"}});
        if (which == 0)
            s.datasets.clear();
        else if (which == 1)
            s.view.hiddenDatasets = {"run"};
        else if (which == 2)
            s.datasets[0].records.clear();
        else {
            s.devices.clear();
        }
        PlacementChart chart;
        chart.setSession(session({}));
        chart.setSession(s);
        QVERIFY(!chart.emptyReason().isEmpty());
        QCOMPARE(chart.axisRectCount(), 0);
        QVERIFY(chart.table().rows.empty());
        QVERIFY(chart.deviceIds().empty());
        QVERIFY(chart.picks().empty());
    }
};

QTEST_MAIN(TestPlacementChart)
#include "test_placement_chart.moc"
