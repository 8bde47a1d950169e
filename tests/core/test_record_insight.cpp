// recordInsight against a device with round ceilings, each case computed by hand: which ceilings
// bound the op, and which change the explorer suggests.
#include "core/record_insight.h"

#include <QtTest>

using namespace roofscope;

Q_DECLARE_METATYPE(roofscope::OpRecord)
Q_DECLARE_METATYPE(std::vector<roofscope::Lift>)

namespace {

// fp16 tensor 100 TFLOP/s, fp32 vector 10 TFLOP/s, DRAM 1 TB/s, intra-node 100 GB/s.
Device roundDevice() {
    Device d;
    d.id = "round-gpu";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {1e14, {}};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {1e13, {}};
    d.ceilings.memory[MemoryLevel::dram] = {1e12, {}};
    d.ceilings.links[Link::intra_node] = {1e11, {}};
    return d;
}

OpRecord op(Precision precision, bool tensor, double flops, double bytes, double timeS) {
    OpRecord r;
    r.precision = precision;
    r.usesTensorUnits = tensor;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (bytes > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(bytes);
    if (timeS > 0)
        r.timeS = Measure::measured(timeS);
    return r;
}

} // namespace

class TestRecordInsight : public QObject {
    Q_OBJECT
  private slots:
    void lifts_data() {
        QTest::addColumn<OpRecord>("record");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<std::vector<Lift>>("lifts");
        using V = std::vector<Lift>;
        // I 0.125 FLOP/B, roof 125 GFLOP/s, achieved 100 GFLOP/s.
        QTest::newRow("memory-bound at 80 %")
            << op(Precision::fp32, false, 1e9, 8e9, 0.01) << 0.8 << V{Lift::raiseIntensity};
        QTest::newRow("memory-bound at 8 %") << op(Precision::fp32, false, 1e9, 8e9, 0.1) << 0.08
                                             << V{Lift::raiseIntensity, Lift::improveBandwidthUse};
        // fp16 without tensor units falls back to the fp32 vector roof: I 1000, 5 of 10 TFLOP/s.
        QTest::newRow("fp16 on vector units")
            << op(Precision::fp16, false, 1e12, 1e9, 0.2) << 0.5 << V{Lift::useTensorUnits};
        // fp32 at 1 of 10 TFLOP/s; fp16 tensor units would give 100.
        QTest::newRow("fp32 far below its roof")
            << op(Precision::fp32, false, 1e12, 1e9, 1.0) << 0.1
            << V{Lift::lowerPrecision, Lift::improveComputeUse};
        // 20 TFLOP/s on a 10 TFLOP/s roof.
        QTest::newRow("above its roof")
            << op(Precision::fp32, false, 1e12, 1e9, 0.05) << 2.0 << V{Lift::checkFlopCount};
        QTest::newRow("at the tensor roof")
            << op(Precision::fp16, true, 1e12, 1e9, 0.01) << 1.0 << V{Lift::nearRoof};
    }

    void lifts() {
        QFETCH(OpRecord, record);
        QFETCH(double, fraction);
        QFETCH(std::vector<Lift>, lifts);
        const Device device = roundDevice();
        const RecordInsight insight =
            recordInsight(record, &device, MemoryLevel::dram, Link::intra_node);
        QVERIFY2(insight.point.has_value(), insight.pointError.c_str());
        QCOMPARE(insight.point->fractionOfRoof, fraction);
        QVERIFY(insight.lifts == lifts);
    }

    void namesTheBoundingCeilings() {
        const Device device = roundDevice();
        const RecordInsight insight = recordInsight(op(Precision::fp16, false, 1e12, 1e9, 0.2),
                                                    &device, MemoryLevel::dram, Link::intra_node);
        QVERIFY(insight.computeKey == (ComputeKey{Precision::fp32, ComputeUnit::vector}));
        QCOMPARE(insight.compute->value, 1e13);
        QCOMPARE(insight.memory->value, 1e12);
        QCOMPARE(insight.point->ridge, 10.0);
        QVERIFY(insight.fasterKey == (ComputeKey{Precision::fp16, ComputeUnit::tensor}));
        // t_F = 1e12 / 1e13 = 0.1 s, t_M = 1e9 / 1e12 = 1 ms.
        QVERIFY(insight.md.has_value());
        QCOMPARE(insight.md->computeS, 0.1);
        QCOMPARE(insight.md->memoryS, 1e-3);
        QVERIFY(insight.md->bottleneck == Bottleneck::compute);
        QCOMPARE(*insight.md->efficiency, 0.5);
    }

    void aCollectiveIsBoundByItsLink() {
        const Device device = roundDevice();
        OpRecord r;
        r.category = Category::collective;
        r.commBytes[Link::intra_node] = Measure::estimated(1e9);
        const RecordInsight insight =
            recordInsight(r, &device, MemoryLevel::dram, Link::intra_node);
        QVERIFY(!insight.point);
        QVERIFY(!insight.pointError.empty());
        QCOMPARE(insight.md->commS, 0.01);
        QVERIFY(insight.lifts == std::vector<Lift>{Lift::reduceCommunication});
    }

    void withoutADeviceOnlyTheOpIsKnown() {
        const RecordInsight insight = recordInsight(op(Precision::fp32, false, 1e9, 1e9, 1),
                                                    nullptr, MemoryLevel::dram, Link::intra_node);
        QVERIFY(!insight.point && !insight.md && !insight.compute);
        QVERIFY(insight.lifts.empty());
        QVERIFY(!insight.pointError.empty());
        QCOMPARE(insight.intensity, 1.0);
        QCOMPARE(insight.achievedFlopsPerS, 1e9);
    }
};

QTEST_APPLESS_MAIN(TestRecordInsight)
#include "test_record_insight.moc"
