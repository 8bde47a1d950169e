// The points a roofline export writes: one per drawable record at the view's memory level (or
// per level for the hierarchical view), the roof above each, the bottleneck and the above-roof
// flag; hidden datasets left out and undrawable records counted. Numbers worked out by hand.
#include "core/plot_points.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

// fp16 tensor 100 TFLOP/s, DRAM 1 TB/s (ridge 100 FLOP/B), L2 4 TB/s (ridge 25 FLOP/B).
Device device() {
    Device d;
    d.id = "dev";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {100e12, {}};
    d.ceilings.memory[MemoryLevel::dram] = {1e12, {}};
    d.ceilings.memory[MemoryLevel::l2].value = 4e12;
    d.ceilings.memory[MemoryLevel::l2].provenance.kind = ProvenanceKind::measured;
    return d;
}

OpRecord record(std::string name, double flops, double dram, double timeS, double l2 = 0) {
    OpRecord r;
    r.name = std::move(name);
    r.precision = Precision::fp16;
    r.usesTensorUnits = true;
    if (flops > 0)
        r.flops = Measure::estimated(flops);
    r.bytes[MemoryLevel::dram] = Measure::measured(dram);
    if (l2 > 0)
        r.bytes[MemoryLevel::l2] = Measure::measured(l2);
    r.timeS = Measure::measured(timeS);
    return r;
}

Session session(ViewKind view) {
    Session s;
    s.devices = {device()};
    s.view.view = view;
    Dataset bound;
    bound.context.label = "bound";
    bound.context.deviceId = "dev";
    // I = 1000 FLOP/B, 5e13 FLOP/s under a 1e14 roof: compute, 50 %. At L2: I = 500.
    bound.records.push_back(record("gemm", 1e12, 1e9, 0.02, 2e9));
    // I = 1, 5e11 FLOP/s under a 1e12 roof: memory, 50 %.
    bound.records.push_back(record("add", 1e9, 1e9, 2e-3));
    bound.records.push_back(record("copy", 0, 1e9, 1e-3)); // no FLOPs: undrawable
    // I = 1, 1e13 FLOP/s: ten times its 1e12 roof.
    bound.records.push_back(record("fast", 1e9, 1e9, 1e-4));
    Dataset free;
    free.context.label = "no device";
    free.records.push_back(record("gemm", 1e12, 1e9, 0.02));
    Dataset hidden = free;
    hidden.context.label = "hidden";
    s.datasets = {bound, free, hidden};
    s.view.hiddenDatasets = {"hidden"};
    return s;
}

} // namespace

class TestPlotPoints : public QObject {
    Q_OBJECT

  private slots:
    void classic_data() {
        QTest::addColumn<int>("index");
        QTest::addColumn<int>("dataset");
        QTest::addColumn<int>("record");
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("achieved");
        QTest::addColumn<double>("attainable"); // NaN: no roof
        QTest::addColumn<int>("bottleneck");
        QTest::addColumn<bool>("above");
        QTest::newRow("compute") << 0 << 0 << 0 << 1000.0 << 5e13 << 1e14
                                 << int(Bottleneck::compute) << false;
        QTest::newRow("memory") << 1 << 0 << 1 << 1.0 << 5e11 << 1e12 << int(Bottleneck::memory)
                                << false;
        QTest::newRow("above roof")
            << 2 << 0 << 3 << 1.0 << 1e13 << 1e12 << int(Bottleneck::memory) << true;
        QTest::newRow("no device")
            << 3 << 1 << 0 << 1000.0 << 5e13 << qQNaN() << int(Bottleneck::none) << false;
    }
    void classic() {
        QFETCH(int, index);
        const PlotPoints all = plotPoints(session(ViewKind::roofline));
        QCOMPARE(all.points.size(), std::size_t(4));
        QCOMPARE(all.undrawable, 1);
        QCOMPARE(all.deviceIds, std::vector<std::string>{"dev"});
        const PlotPoint& p = all.points[std::size_t(index)];
        QTEST(p.ref.dataset, "dataset");
        QTEST(p.ref.record, "record");
        QVERIFY(p.level == MemoryLevel::dram);
        QTEST(p.intensity, "intensity");
        QTEST(p.achievedFlopsPerS, "achieved");
        QFETCH(double, attainable);
        if (std::isnan(attainable)) {
            QVERIFY(std::isnan(p.attainableFlopsPerS));
            QVERIFY(std::isnan(p.fractionOfRoof));
        } else {
            QCOMPARE(p.attainableFlopsPerS, attainable);
            QCOMPARE(p.fractionOfRoof, p.achievedFlopsPerS / attainable);
        }
        QTEST(int(p.bottleneck), "bottleneck");
        QTEST(p.aboveRoof, "above");
    }

    // The GEMM knows L2 and DRAM bytes: two points at one height, L2 (inner) first; the others
    // know DRAM only.
    void hierarchical() {
        const PlotPoints all = plotPoints(session(ViewKind::hierarchical));
        QCOMPARE(all.points.size(), std::size_t(5));
        const PlotPoint& l2 = all.points[0];
        const PlotPoint& dram = all.points[1];
        QVERIFY(l2.level == MemoryLevel::l2);
        QCOMPARE(l2.intensity, 500.0);
        QCOMPARE(l2.bytes, 2e9);
        QCOMPARE(l2.attainableFlopsPerS, 1e14); // min(1e14, 500 x 4e12)
        QVERIFY(dram.level == MemoryLevel::dram);
        QCOMPARE(dram.intensity, 1000.0);
        QCOMPARE(l2.achievedFlopsPerS, dram.achievedFlopsPerS);
        QVERIFY(l2.ref == dram.ref);
    }

    void shownDevicesOnly() {
        Session s = session(ViewKind::roofline);
        Device other = device();
        other.id = "other";
        s.devices.push_back(other);
        QCOMPARE(plotPoints(s).deviceIds, (std::vector<std::string>{"dev", "other"}));
        s.view.shownDevices = {"other"};
        // "dev" is not drawn but still bounds the points of "bound".
        QCOMPARE(plotPoints(s).deviceIds, (std::vector<std::string>{"other", "dev"}));
    }

    void views() {
        QVERIFY(isRooflineView(ViewKind::roofline));
        QVERIFY(isRooflineView(ViewKind::hierarchical));
        QVERIFY(!isRooflineView(ViewKind::md_roofline));
        QVERIFY(!isRooflineView(ViewKind::comparison));
    }
};

QTEST_APPLESS_MAIN(TestPlotPoints)
#include "test_plot_points.moc"
