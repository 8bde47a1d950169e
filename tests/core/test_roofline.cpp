// Classic and hierarchical roofline maths: intensity, the roof min(peak, I x bw), the ridge, the
// above-roof flag with its 1 % tolerance, and the points of an op against a device's ceilings.
// Expected values are worked out by hand in the comments.
#include "core/roofline.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::MemoryLevel)
Q_DECLARE_METATYPE(roofscope::Precision)

namespace {

Ceiling ceiling(double value) {
    Ceiling c;
    c.value = value;
    c.provenance.sourceUrl = "https://example.org/datasheet";
    return c;
}

// A made-up device with round numbers:
//   fp16 tensor 800 TFLOP/s, fp16 vector 80 TFLOP/s, fp32 vector 40 TFLOP/s (no fp64 at all)
//   l1 20 TB/s, l2 8 TB/s, dram 2 TB/s (no l3, no host)
// Ridges against dram: fp16 tensor 800e12 / 2e12 = 400 FLOP/B, fp16 vector 40, fp32 vector 20.
Ceilings device() {
    Ceilings c;
    c.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(800e12);
    c.compute[{Precision::fp16, ComputeUnit::vector}] = ceiling(80e12);
    c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(40e12);
    c.memory[MemoryLevel::l1] = ceiling(20e12);
    c.memory[MemoryLevel::l2] = ceiling(8e12);
    c.memory[MemoryLevel::dram] = ceiling(2e12);
    return c;
}

OpRecord op(Precision precision, bool tensor, double flops, double dramBytes, double timeS) {
    OpRecord r;
    r.name = "op";
    r.precision = precision;
    r.usesTensorUnits = tensor;
    r.flops = Measure::measured(flops);
    r.bytes[MemoryLevel::dram] = Measure::measured(dramBytes);
    r.timeS = Measure::measured(timeS);
    return r;
}

} // namespace

class TestRoofline : public QObject {
    Q_OBJECT

  private slots:
    void intensityOf_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("expected");
        QTest::newRow("2 FLOP/B") << 100.0 << 50.0 << 2.0; // 100 / 50
        QTest::newRow("fraction") << 1e9 << 4e9 << 0.25;   // 1e9 / 4e9
        QTest::newRow("large") << 2.0 * 4096 * 4096 * 4096 << 3.0 * 4096 * 4096 * 2 << 4096.0 / 3;
        QTest::newRow("no FLOPs") << 0.0 << 10.0 << 0.0;
        QTest::newRow("no bytes") << 10.0 << 0.0 << kInf;
        QTest::newRow("neither") << 0.0 << 0.0 << kNaN;
        QTest::newRow("negative FLOPs") << -1.0 << 10.0 << kNaN;
        QTest::newRow("negative bytes") << 10.0 << -1.0 << kNaN;
        QTest::newRow("NaN FLOPs") << kNaN << 1.0 << kNaN;
        QTest::newRow("NaN bytes") << 1.0 << kNaN << kNaN;
        QTest::newRow("inf FLOPs") << kInf << 1.0 << kNaN;
        QTest::newRow("inf bytes") << 1.0 << kInf << kNaN;
    }
    void intensityOf() {
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, expected);
        CHECK_NEAR(intensity(flops, bytes), expected);
    }

    // peak 100 TFLOP/s, bandwidth 2 TB/s: ridge at 100e12 / 2e12 = 50 FLOP/B.
    void roofAtX_data() {
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("slope");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("expected");
        QTest::newRow("at ridge") << 100e12 << 2e12 << 50.0 << 100e12;        // 50 * 2e12
        QTest::newRow("left of ridge") << 100e12 << 2e12 << 10.0 << 20e12;    // 10 * 2e12
        QTest::newRow("far left") << 100e12 << 2e12 << 0.01 << 20e9;          // 0.01 * 2e12
        QTest::newRow("right of ridge") << 100e12 << 2e12 << 200.0 << 100e12; // flat
        QTest::newRow("just left") << 100e12 << 2e12 << 49.0 << 98e12;        // 49 * 2e12
        QTest::newRow("x zero") << 100e12 << 2e12 << 0.0 << 0.0;
        QTest::newRow("x infinite") << 100e12 << 2e12 << kInf << 100e12;
        QTest::newRow("x negative") << 100e12 << 2e12 << -1.0 << kNaN;
        QTest::newRow("x NaN") << 100e12 << 2e12 << kNaN << kNaN;
        QTest::newRow("peak zero") << 0.0 << 2e12 << 10.0 << kNaN;
        QTest::newRow("slope zero") << 100e12 << 0.0 << 10.0 << kNaN;
        QTest::newRow("peak negative") << -100e12 << 2e12 << 10.0 << kNaN;
        QTest::newRow("slope negative") << 100e12 << -2e12 << 10.0 << kNaN;
        QTest::newRow("peak NaN") << kNaN << 2e12 << 10.0 << kNaN;
        QTest::newRow("slope NaN") << 100e12 << kNaN << 10.0 << kNaN;
    }
    void roofAtX() {
        QFETCH(double, peak);
        QFETCH(double, slope);
        QFETCH(double, x);
        QFETCH(double, expected);
        CHECK_NEAR(roofAt(peak, slope, x), expected);
    }

    void ridge_data() {
        QTest::addColumn<double>("peak");
        QTest::addColumn<double>("slope");
        QTest::addColumn<double>("expected");
        // 312 / 2.039 = 153.016...
        QTest::newRow("A100 fp16 tensor") << 312e12 << 2.039e12 << 153.01618440411966;
        QTest::newRow("round") << 100e12 << 2e12 << 50.0;                        // 100e12 / 2e12
        QTest::newRow("below one") << 1e12 << 4e12 << 0.25;                      // 1e12 / 4e12
        QTest::newRow("H100 fp16") << 989.5e12 << 3.35e12 << 295.37313432835822; // 989.5/3.35
        QTest::newRow("peak zero") << 0.0 << 2e12 << kNaN;
        QTest::newRow("slope zero") << 1e12 << 0.0 << kNaN;
        QTest::newRow("peak negative") << -1e12 << 2e12 << kNaN;
        QTest::newRow("slope negative") << 1e12 << -2e12 << kNaN;
        QTest::newRow("NaN") << kNaN << 2e12 << kNaN;
    }
    void ridge() {
        QFETCH(double, peak);
        QFETCH(double, slope);
        QFETCH(double, expected);
        CHECK_NEAR(ridgePoint(peak, slope), expected);
        // At the ridge the slanted and the flat roof meet.
        if (!std::isnan(expected))
            QVERIFY(near(roofAt(peak, slope, expected), peak, 1e-12));
    }

    void aboveRoof_data() {
        QTest::addColumn<double>("achieved");
        QTest::addColumn<double>("attainable");
        QTest::addColumn<double>("tolerance");
        QTest::addColumn<bool>("expected");
        QTest::newRow("on the roof") << 100.0 << 100.0 << kAboveRoofTolerance << false;
        QTest::newRow("below") << 50.0 << 100.0 << kAboveRoofTolerance << false;
        QTest::newRow("within 1 %") << 100.9 << 100.0 << kAboveRoofTolerance << false;
        QTest::newRow("exactly 1 %") << 101.0 << 100.0 << kAboveRoofTolerance << false;
        QTest::newRow("past 1 %") << 101.1 << 100.0 << kAboveRoofTolerance << true;
        QTest::newRow("far above") << 150.0 << 100.0 << kAboveRoofTolerance << true;
        QTest::newRow("no tolerance") << 100.0001 << 100.0 << 0.0 << true;
        QTest::newRow("wide tolerance") << 140.0 << 100.0 << 0.5 << false;
        QTest::newRow("NaN achieved") << kNaN << 100.0 << kAboveRoofTolerance << false;
        QTest::newRow("NaN roof") << 100.0 << kNaN << kAboveRoofTolerance << false;
        QTest::newRow("infinite achieved") << kInf << 100.0 << kAboveRoofTolerance << false;
    }
    void aboveRoof() {
        QFETCH(double, achieved);
        QFETCH(double, attainable);
        QFETCH(double, tolerance);
        QFETCH(bool, expected);
        QCOMPARE(isAboveRoof(achieved, attainable, tolerance), expected);
    }

    void toleranceIsOnePercent() { QCOMPARE(kAboveRoofTolerance, 0.01); }

    void pointAgainstDevice_data() {
        QTest::addColumn<Precision>("precision");
        QTest::addColumn<bool>("tensor");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("timeS");
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("achieved");
        QTest::addColumn<double>("attainable");
        QTest::addColumn<double>("ridge");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<bool>("memoryBound");
        QTest::addColumn<bool>("aboveRoof");

        // I = 1e12 / 1e11 = 10 < ridge 400; roof 10 * 2e12 = 20e12; achieved 1e12 / 0.1 = 10e12.
        QTest::newRow("memory-bound tensor")
            << Precision::fp16 << true << 1e12 << 1e11 << 0.1 << 10.0 << 10e12 << 20e12 << 400.0
            << 0.5 << true << false;
        // I = 8e14 / 1e12 = 800 > 400; roof 800e12; achieved 8e14 / 2 = 400e12.
        QTest::newRow("compute-bound tensor")
            << Precision::fp16 << true << 8e14 << 1e12 << 2.0 << 800.0 << 400e12 << 800e12 << 400.0
            << 0.5 << false << false;
        // The same op on the vector units: 16-bit work there is bound by the fp32 vector roof
        // (the frameworks compute it in fp32 registers), not fp16 vector's 80e12: ridge 40e12 /
        // 2e12 = 20, roof 40e12; the achieved 400e12 is 10x the roof, a finding.
        QTest::newRow("vector roof") << Precision::fp16 << false << 8e14 << 1e12 << 2.0 << 800.0
                                     << 400e12 << 40e12 << 20.0 << 10.0 << false << true;
        // fp32 has no tensor ceiling: a tensor op falls back to the 40e12 vector roof, ridge 20.
        // I = 4e11 / 1e10 = 40; achieved 4e11 / 0.02 = 20e12.
        QTest::newRow("tensor falls back to vector")
            << Precision::fp32 << true << 4e11 << 1e10 << 0.02 << 40.0 << 20e12 << 40e12 << 20.0
            << 0.5 << false << false;
        // Exactly at the fp16 tensor ridge: I = 4e14 / 1e12 = 400 is not left of it.
        QTest::newRow("at the ridge") << Precision::fp16 << true << 4e14 << 1e12 << 1.0 << 400.0
                                      << 400e12 << 800e12 << 400.0 << 0.5 << false << false;
        // No bytes: I = +inf, roof is the peak 800e12; achieved 8e12 / 1 = 8e12.
        QTest::newRow("no bytes") << Precision::fp16 << true << 8e12 << 0.0 << 1.0 << kInf << 8e12
                                  << 800e12 << 400.0 << 0.01 << false << false;
        // No FLOPs, only bytes: I = 0, roof 0, achieved 0; fraction 0/0 is undefined.
        QTest::newRow("no flops") << Precision::fp16 << true << 0.0 << 1e9 << 1.0 << 0.0 << 0.0
                                  << 0.0 << 400.0 << kNaN << true << false;
        // Tolerance: compute roof 800e12. 808e12 is exactly 1 % above (not flagged), 809e12
        // is 1.125 % above (flagged).
        QTest::newRow("1 % above not flagged")
            << Precision::fp16 << true << 8.08e14 << 1e12 << 1.0 << 808.0 << 808e12 << 800e12
            << 400.0 << 1.01 << false << false;
        QTest::newRow("1.125 % above flagged")
            << Precision::fp16 << true << 8.09e14 << 1e12 << 1.0 << 809.0 << 809e12 << 800e12
            << 400.0 << 1.01125 << false << true;
        // Memory side: I = 1e12 / 1e11 = 10, roof 20e12; achieved 1e12 / 0.0495 = 20.2020e12 is
        // 1.0101 x the roof (flagged); 1e12 / 0.0496 = 20.1613e12 is 1.0081 x (not flagged).
        QTest::newRow("memory side flagged")
            << Precision::fp16 << true << 1e12 << 1e11 << 0.0495 << 10.0 << 1e12 / 0.0495 << 20e12
            << 400.0 << 1e12 / 0.0495 / 20e12 << true << true;
        QTest::newRow("memory side within")
            << Precision::fp16 << true << 1e12 << 1e11 << 0.0496 << 10.0 << 1e12 / 0.0496 << 20e12
            << 400.0 << 1e12 / 0.0496 / 20e12 << true << false;
    }
    void pointAgainstDevice() {
        QFETCH(Precision, precision);
        QFETCH(bool, tensor);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QFETCH(double, timeS);
        QFETCH(double, intensity);
        QFETCH(double, achieved);
        QFETCH(double, attainable);
        QFETCH(double, ridge);
        QFETCH(double, fraction);
        QFETCH(bool, memoryBound);
        QFETCH(bool, aboveRoof);

        const auto p =
            rooflinePoint(op(precision, tensor, flops, bytes, timeS), device(), MemoryLevel::dram);
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        QVERIFY(p.value().level == MemoryLevel::dram);
        CHECK_NEAR(p.value().intensity, intensity);
        CHECK_NEAR(p.value().achievedFlopsPerS, achieved);
        CHECK_NEAR(p.value().attainableFlopsPerS, attainable);
        CHECK_NEAR(p.value().ridge, ridge);
        CHECK_NEAR(p.value().fractionOfRoof, fraction);
        QCOMPARE(p.value().memoryBound, memoryBound);
        QCOMPARE(p.value().aboveRoof, aboveRoof);
    }

    void pointAtAnotherLevel() {
        // l2: 8 TB/s, ridge 800e12 / 8e12 = 100. I = 1e12 / 2e10 = 50 -> roof 50 * 8e12 = 400e12;
        // achieved 1e12 / 0.005 = 200e12.
        OpRecord r = op(Precision::fp16, true, 1e12, 1e11, 0.005);
        r.bytes[MemoryLevel::l2] = Measure::estimated(2e10);
        const auto p = rooflinePoint(r, device(), MemoryLevel::l2);
        QVERIFY(p.ok());
        QVERIFY(p.value().level == MemoryLevel::l2);
        CHECK_NEAR(p.value().intensity, 50.0);
        CHECK_NEAR(p.value().ridge, 100.0);
        CHECK_NEAR(p.value().attainableFlopsPerS, 400e12);
        CHECK_NEAR(p.value().achievedFlopsPerS, 200e12);
        QVERIFY(p.value().memoryBound);
    }

    void pointErrors_data() {
        QTest::addColumn<int>("what");
        QTest::newRow("no FLOP count") << 0;
        QTest::newRow("no time") << 1;
        QTest::newRow("zero time") << 2;
        QTest::newRow("negative time") << 3;
        QTest::newRow("no bytes at the level") << 4;
        QTest::newRow("bytes entry marked absent") << 5;
        QTest::newRow("no compute ceiling for the precision") << 6;
        QTest::newRow("no bandwidth at the level") << 7;
        QTest::newRow("neither FLOPs nor bytes") << 8;
        QTest::newRow("empty device") << 9;
    }
    void pointErrors() {
        QFETCH(int, what);
        OpRecord r = op(Precision::fp16, true, 1e12, 1e11, 0.1);
        r.name = "the_op";
        Ceilings c = device();
        MemoryLevel level = MemoryLevel::dram;
        switch (what) {
        case 0:
            r.flops = Measure{};
            break;
        case 1:
            r.timeS = Measure{};
            break;
        case 2:
            r.timeS = Measure::measured(0);
            break;
        case 3:
            r.timeS = Measure::measured(-1);
            break;
        case 4:
            r.bytes.clear();
            break;
        case 5:
            r.bytes[MemoryLevel::dram] = Measure{1e11, Origin::absent};
            break;
        case 6:
            r.precision = Precision::fp64;
            break;
        case 7:
            r.bytes[MemoryLevel::l3] = Measure::measured(1e9);
            level = MemoryLevel::l3;
            break;
        case 8:
            r.flops = Measure::measured(0);
            r.bytes[MemoryLevel::dram] = Measure::measured(0);
            break;
        case 9:
            c = Ceilings{};
            break;
        }
        const auto p = rooflinePoint(r, c, level);
        QVERIFY(!p.ok());
        QVERIFY(!p.error().message.empty());
    }

    void hierarchical() {
        // FLOPs 1e12 in 0.5 s: 2e12 FLOP/s at every level.
        // l1 1e12 B -> I 1; l2 2.5e11 -> I 4; l3 bytes but no l3 ceiling -> skipped;
        // dram 1e11 -> I 10; host bytes but no host ceiling -> skipped.
        OpRecord r = op(Precision::fp16, true, 1e12, 1e11, 0.5);
        r.bytes[MemoryLevel::host] = Measure::measured(1e9);
        r.bytes[MemoryLevel::l3] = Measure::measured(5e10);
        r.bytes[MemoryLevel::l2] = Measure::measured(2.5e11);
        r.bytes[MemoryLevel::l1] = Measure::measured(1e12);
        const auto points = hierarchicalPoints(r, device());
        QCOMPARE(points.size(), std::size_t(3));

        const MemoryLevel levels[] = {MemoryLevel::l1, MemoryLevel::l2, MemoryLevel::dram};
        const double intensities[] = {1.0, 4.0, 10.0};
        // Roofs: l1 min(800e12, 1 * 20e12) = 20e12; l2 min(800e12, 4 * 8e12) = 32e12;
        // dram min(800e12, 10 * 2e12) = 20e12. Ridges 800/20 = 40, 800/8 = 100, 800/2 = 400.
        const double roofs[] = {20e12, 32e12, 20e12};
        const double ridges[] = {40.0, 100.0, 400.0};
        for (std::size_t i = 0; i < points.size(); ++i) {
            QVERIFY(points[i].level == levels[i]);
            CHECK_NEAR(points[i].intensity, intensities[i]);
            CHECK_NEAR(points[i].achievedFlopsPerS, 2e12);
            CHECK_NEAR(points[i].attainableFlopsPerS, roofs[i]);
            CHECK_NEAR(points[i].ridge, ridges[i]);
            QVERIFY(points[i].memoryBound);
        }
    }

    void hierarchicalAllFiveLevels() {
        Ceilings c = device();
        c.memory[MemoryLevel::l3] = ceiling(4e12);
        c.memory[MemoryLevel::host] = ceiling(50e9);
        OpRecord r = op(Precision::fp16, true, 1e12, 1e11, 0.5);
        r.bytes[MemoryLevel::host] = Measure::measured(1e9);
        r.bytes[MemoryLevel::l3] = Measure::measured(5e10);
        r.bytes[MemoryLevel::l2] = Measure::measured(2.5e11);
        r.bytes[MemoryLevel::l1] = Measure::measured(1e12);
        const auto points = hierarchicalPoints(r, c);
        QCOMPARE(points.size(), std::size_t(5));
        const MemoryLevel order[] = {MemoryLevel::l1, MemoryLevel::l2, MemoryLevel::l3,
                                     MemoryLevel::dram, MemoryLevel::host};
        // I: 1e12 / {1e12, 2.5e11, 5e10, 1e11, 1e9} = {1, 4, 20, 10, 1000}
        const double intensities[] = {1.0, 4.0, 20.0, 10.0, 1000.0};
        for (std::size_t i = 0; i < points.size(); ++i) {
            QVERIFY(points[i].level == order[i]);
            CHECK_NEAR(points[i].intensity, intensities[i]);
            CHECK_NEAR(points[i].achievedFlopsPerS, 2e12);
        }
    }

    void hierarchicalSkipsAbsentMeasures() {
        OpRecord r = op(Precision::fp16, true, 1e12, 1e11, 0.5);
        r.bytes[MemoryLevel::l1] = Measure{1e12, Origin::absent};
        const auto points = hierarchicalPoints(r, device());
        QCOMPARE(points.size(), std::size_t(1));
        QVERIFY(points[0].level == MemoryLevel::dram);
    }

    void hierarchicalEmpty() {
        // No time: no point anywhere. No compute ceiling: none either.
        OpRecord noTime = op(Precision::fp16, true, 1e12, 1e11, 0.5);
        noTime.timeS = Measure{};
        QVERIFY(hierarchicalPoints(noTime, device()).empty());
        QVERIFY(hierarchicalPoints(op(Precision::fp64, false, 1e12, 1e11, 0.5), device()).empty());
        QVERIFY(hierarchicalPoints(op(Precision::fp16, true, 1e12, 1e11, 0.5), Ceilings{}).empty());
    }
};

QTEST_APPLESS_MAIN(TestRoofline)
#include "test_roofline.moc"
