// The time-based roofline: per-launch time, FLOPs and bytes, the least time each op's work takes
// on its device, the bottleneck (latency included), the floor and the ops left out. Expected
// values are worked out by hand in each row's comment.
#include "core/analysis/time_based.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

// bf16 tensor 1 PFLOP/s, fp32 vector 100 TFLOP/s, DRAM 4 TB/s; intra-node 400 GB/s.
Device device() {
    Device d;
    d.id = "gpu";
    d.name = "Test GPU";
    d.kind = DeviceKind::gpu;
    d.ceilings.compute[{Precision::bf16, ComputeUnit::tensor}].value = 1e15;
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}].value = 1e14;
    d.ceilings.memory[MemoryLevel::dram].value = 4e12;
    d.ceilings.links[Link::intra_node].value = 4e11;
    return d;
}

OpRecord op(std::string name, Precision precision, bool tensor, double flops, double bytes,
            double timeS, std::int64_t count) {
    OpRecord r;
    r.name = std::move(name);
    r.category = tensor ? Category::gemm : Category::elementwise;
    r.precision = precision;
    r.usesTensorUnits = tensor;
    if (flops > 0)
        r.flops = Measure::estimated(flops);
    if (bytes > 0)
        r.bytes[MemoryLevel::dram] = Measure::estimated(bytes);
    if (timeS > 0)
        r.timeS = Measure::measured(timeS);
    r.count = count;
    return r;
}

Session session() {
    Session s;
    s.devices = {device()};
    Dataset d;
    d.context.label = "run";
    d.context.deviceId = "gpu";
    d.records = {
        // 10 launches, 1e12 FLOP and 1e10 B each, 2 ms each: t_F = 1e12 / 1e15 = 1 ms,
        // t_M = 1e10 / 4e12 = 2.5 ms; bound 2.5 ms, under the 2 ms measured: above its roof.
        op("gemm", Precision::bf16, true, 1e13, 1e11, 0.02, 10),
        // 1000 launches of 4e3 FLOP and 4e4 B, 3 us each: t_F = 4e3 / 1e14 = 40 ps, t_M = 4e4 /
        // 4e12 = 10 ns; 10 ns / 3 us = 0.33 % of its time, a launch under 10 us: latency.
        op("add", Precision::fp32, false, 4e6, 4e7, 3e-3, 1000),
        // 4 launches of 8e9 B, no FLOPs, 5 ms each: t_M = 8e9 / 4e12 = 2 ms; memory.
        op("copy_", Precision::fp32, false, 0, 3.2e10, 0.02, 4),
        // No time: left out.
        op("untimed", Precision::fp32, false, 1e9, 1e9, 0, 1),
        // No FLOPs, no bytes: left out, its work unknown.
        op("mystery", Precision::fp32, false, 0, 0, 1e-3, 1),
    };
    OpRecord allReduce = op("ncclAllReduce", Precision::fp32, false, 0, 0, 5e-3, 2);
    allReduce.collective = Collective::all_reduce;
    allReduce.commBytes[Link::intra_node] = Measure::estimated(1e9);
    d.records.push_back(allReduce); // communication: left out, the MD view draws it
    s.datasets = {d};
    return s;
}

} // namespace

class TestTimeBased : public QObject {
    Q_OBJECT

  private slots:
    void points_data() {
        QTest::addColumn<int>("at"); // in the plot's order: longest total time first
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("timeS");
        QTest::addColumn<double>("computeS");
        QTest::addColumn<double>("memoryS");
        QTest::addColumn<double>("boundS");
        QTest::addColumn<int>("bottleneck");
        // gemm and copy_ both take 20 ms in all; the sort is stable, gemm comes first.
        QTest::newRow("gemm") << 0 << "gemm" << 2e-3 << 1e-3 << 2.5e-3 << 2.5e-3
                              << int(Bottleneck::memory);
        QTest::newRow("copy") << 1 << "copy_" << 5e-3 << 0.0 << 2e-3 << 2e-3
                              << int(Bottleneck::memory);
        QTest::newRow("add") << 2 << "add" << 3e-6 << 4e-11 << 1e-8 << 1e-8
                             << int(Bottleneck::latency);
    }
    void points() {
        QFETCH(int, at);
        QFETCH(QString, name);
        QFETCH(double, timeS);
        QFETCH(double, computeS);
        QFETCH(double, memoryS);
        QFETCH(double, boundS);
        QFETCH(int, bottleneck);
        const Session s = session();
        const TimeBasedPlot plot = timeBasedPlot(s);
        QCOMPARE(plot.points.size(), std::size_t(3));
        const TimePoint& p = plot.points[std::size_t(at)];
        QCOMPARE(QString::fromStdString(s.datasets[0].records[std::size_t(p.record)].name), name);
        QCOMPARE(p.timeS, timeS);
        QCOMPARE(p.computeS, computeS);
        QCOMPARE(p.memoryS, memoryS);
        QCOMPARE(p.boundS, boundS);
        QCOMPARE(int(p.bottleneck), bottleneck);
    }

    void floorRoofsAndLeftOut() {
        const TimeBasedPlot plot = timeBasedPlot(session());
        QCOMPARE(plot.device, std::string("Test GPU"));
        // The shortest launch drawn: add's 3 us.
        QCOMPARE(plot.floorS, 3e-6);
        // The roofs of the precisions used (bf16 tensor, fp32 vector) and DRAM.
        QCOMPARE(plot.roofs.size(), std::size_t(3));
        QCOMPARE(std::count_if(plot.roofs.begin(), plot.roofs.end(),
                               [](const TimeRoof& r) { return r.flops; }),
                 2);
        QCOMPARE(plot.latencyBound, 1);
        QCOMPARE(plot.latencyBoundS, 3e-3);
        // 20 + 3 + 20 ms drawn.
        QCOMPARE(plot.timedS, 0.043);
        QCOMPARE(plot.leftOut.size(), std::size_t(3));
        QCOMPARE(plot.leftOut[0].first, std::string("no measured time"));
        QCOMPARE(plot.leftOut[0].second, 1);
        QVERIFY(plot.leftOut[1].first.starts_with("no FLOPs or bytes: "));
        QVERIFY(plot.leftOut[2].first.starts_with("communication: "));
    }

    void table() {
        const ViewTable t = timeBasedTable(session());
        QCOMPARE(t.schema, std::string("roofscope.time_based/1"));
        QCOMPARE(t.rows.size(), std::size_t(3));
        // Time / bound of gemm: 2 / 2.5 = 0.8, below 1: faster than its roofs allow.
        QCOMPARE(std::get<double>(t.rows[0][9]), 0.8);
        QCOMPARE(std::get<std::string>(t.rows[2][10]), std::string("latency"));
        // 3 ms of 43 ms = 7.0 % latency-bound.
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.find("1 op(s) are latency-bound") == 0 && n.find("7.0 %") != std::string::npos;
        }));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.find("Floor: the run's shortest launch, 3.00 \u00b5s") == 0;
        }));
    }

    void withoutDevice() {
        Session s = session();
        s.datasets[0].context.deviceId.clear();
        const TimeBasedPlot plot = timeBasedPlot(s);
        QVERIFY(plot.roofs.empty());
        QCOMPARE(plot.points.size(), std::size_t(3));
        QCOMPARE(plot.points[0].boundS, 0.0);
        const ViewTable t = timeBasedTable(s);
        QVERIFY(t.notes.front().find("no device: no roofs") != std::string::npos);
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[0][10])); // no bottleneck
    }

    void hidden() {
        Session s = session();
        s.view.hiddenDatasets = {"run"};
        QCOMPARE(timeBasedPlot(s).dataset, -1);
        QVERIFY(timeBasedTable(s).columns.empty());
    }
};

QTEST_APPLESS_MAIN(TestTimeBased)
#include "test_time_based.moc"
