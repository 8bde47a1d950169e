// Architecture what-if: an op measured on an A100-like device bounded by an H100-like device's
// ceilings. Both devices have round numbers so that every prediction can be worked out by hand.
#include "core/projection.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Bottleneck)

namespace {

Ceiling ceiling(double value) {
    Ceiling c;
    c.value = value;
    return c;
}

// A100-like: fp16 tensor 300 TFLOP/s, fp32 vector 20 TFLOP/s, dram 2 TB/s, intra-node 300 GB/s.
Device a100Like() {
    Device d;
    d.id = "a100-like";
    d.name = "A100-like";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(300e12);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(20e12);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(2e12);
    d.ceilings.links[Link::intra_node] = ceiling(300e9);
    return d;
}

// H100-like: fp16 tensor 1000 TFLOP/s, fp32 vector 60 TFLOP/s, dram 3 TB/s, intra-node 450 GB/s.
Device h100Like() {
    Device d;
    d.id = "h100-like";
    d.name = "H100-like";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(1000e12);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(60e12);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(3e12);
    d.ceilings.links[Link::intra_node] = ceiling(450e9);
    return d;
}

OpRecord record(Precision precision, bool tensor, double flops, double dram, double comm,
                double measuredS) {
    OpRecord r;
    r.name = "op";
    r.deviceId = "a100-like";
    r.precision = precision;
    r.usesTensorUnits = tensor;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (dram > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(dram);
    if (comm > 0)
        r.commBytes[Link::intra_node] = Measure::measured(comm);
    if (measuredS > 0)
        r.timeS = Measure::measured(measuredS);
    return r;
}

} // namespace

class TestProjection : public QObject {
    Q_OBJECT

  private slots:
    void ontoH100_data() {
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("tensor");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("dram");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("measuredS");
        QTest::addColumn<double>("predictedS");
        QTest::addColumn<Bottleneck>("bottleneck");
        QTest::addColumn<double>("speedup"); // 0: none

        const int fp16 = int(Precision::fp16), fp32 = int(Precision::fp32);
        // GEMM: on the A100-like t_F = 3e12 / 300e12 = 0.01, t_M = 2e10 / 2e12 = 0.01 (measured
        // 0.012). On the H100-like t_F = 3e12 / 1000e12 = 0.003, t_M = 2e10 / 3e12 = 1/150 s:
        // it turns memory-bound; speedup 0.012 * 150 = 1.8.
        QTest::newRow("gemm turns memory-bound") << fp16 << true << 3e12 << 2e10 << 0.0 << 0.012
                                                 << 1.0 / 150 << Bottleneck::memory << 1.8;
        // Compute-bound on both: t_F = 2e13 / 1000e12 = 0.02 (t_M 1e10 / 3e12 = 0.00333);
        // measured 0.07 on the A100-like (bound 2e13 / 300e12 = 0.0667); speedup 0.07 / 0.02 = 3.5
        QTest::newRow("gemm stays compute-bound")
            << fp16 << true << 2e13 << 1e10 << 0.0 << 0.07 << 0.02 << Bottleneck::compute << 3.5;
        // Elementwise fp32: t_F = 6e9 / 60e12 = 1e-4, t_M = 6e9 / 3e12 = 0.002; measured 0.0036
        // (A100-like bound 6e9 / 2e12 = 0.003); speedup 0.0036 / 0.002 = 1.8.
        QTest::newRow("elementwise")
            << fp32 << false << 6e9 << 6e9 << 0.0 << 0.0036 << 0.002 << Bottleneck::memory << 1.8;
        // All-reduce: t_P = 4.5e9 / 450e9 = 0.01; measured 0.02; speedup 2.
        QTest::newRow("all-reduce") << fp32 << false << 0.0 << 0.0 << 4.5e9 << 0.02 << 0.01
                                    << Bottleneck::communication << 2.0;
        // No measured time: a prediction but no speedup.
        QTest::newRow("unmeasured")
            << fp16 << true << 3e12 << 2e10 << 0.0 << 0.0 << 1.0 / 150 << Bottleneck::memory << 0.0;
    }
    void ontoH100() {
        QFETCH(int, precision);
        QFETCH(bool, tensor);
        QFETCH(double, flops);
        QFETCH(double, dram);
        QFETCH(double, comm);
        QFETCH(double, measuredS);
        QFETCH(double, predictedS);
        QFETCH(Bottleneck, bottleneck);
        QFETCH(double, speedup);

        const OpRecord r = record(Precision(precision), tensor, flops, dram, comm, measuredS);
        const auto p = reproject(r, h100Like(), MdOptions{});
        QVERIFY2(p.ok(), p.ok() ? "" : p.error().message.c_str());
        CHECK_NEAR(p.value().predictedS, predictedS);
        CHECK_NEAR(p.value().onTarget.boundS, predictedS);
        QVERIFY2(p.value().onTarget.bottleneck == bottleneck,
                 toString(p.value().onTarget.bottleneck).data());
        // The efficiency on the target is unknowable before running there.
        QVERIFY(!p.value().onTarget.efficiency.has_value());
        if (speedup == 0) {
            QVERIFY(!p.value().measuredS.has_value());
            QVERIFY(!p.value().speedup.has_value());
        } else {
            QVERIFY(p.value().measuredS.has_value());
            CHECK_NEAR(*p.value().measuredS, measuredS);
            QVERIFY(p.value().speedup.has_value());
            CHECK_NEAR(*p.value().speedup, speedup);
        }
    }

    void ontoItself() {
        // Projected onto the device it ran on, an op that ran exactly at its bound has speedup 1:
        // t_F = 3e12 / 300e12 = 0.01 = t_M = 2e10 / 2e12 (tie -> compute).
        const auto p =
            reproject(record(Precision::fp16, true, 3e12, 2e10, 0, 0.01), a100Like(), MdOptions{});
        QVERIFY(p.ok());
        CHECK_NEAR(p.value().predictedS, 0.01);
        QVERIFY(p.value().onTarget.bottleneck == Bottleneck::compute);
        CHECK_NEAR(*p.value().speedup, 1.0);
        // Every term of the bound is kept.
        CHECK_NEAR(p.value().onTarget.computeS, 0.01);
        CHECK_NEAR(p.value().onTarget.memoryS, 0.01);
        CHECK_NEAR(p.value().onTarget.commS, 0.0);
    }

    void tensorFallsBackToVector() {
        // A target without fp16 tensor units but with fp16 vector 100 TFLOP/s beside fp32 vector
        // 60: 16-bit work off the tensor units takes the fp32 rate (Ceilings::computeFor), so
        // t_F = 3e12 / 60e12 = 0.05 > t_M = 2e10 / 3e12; speedup 0.012 / 0.05 = 0.24 (slower).
        Device target = h100Like();
        target.ceilings.compute.erase({Precision::fp16, ComputeUnit::tensor});
        target.ceilings.compute[{Precision::fp16, ComputeUnit::vector}] = ceiling(100e12);
        const auto p =
            reproject(record(Precision::fp16, true, 3e12, 2e10, 0, 0.012), target, MdOptions{});
        QVERIFY(p.ok());
        CHECK_NEAR(p.value().predictedS, 0.05);
        QVERIFY(p.value().onTarget.bottleneck == Bottleneck::compute);
        CHECK_NEAR(*p.value().speedup, 0.24);
    }

    void errors_data() {
        QTest::addColumn<int>("what");
        QTest::newRow("target lacks the compute ceiling") << 0;
        QTest::newRow("target lacks the memory ceiling") << 1;
        QTest::newRow("target lacks the link") << 2;
        QTest::newRow("op has no work") << 3;
        QTest::newRow("op has no work and no time") << 4;
        QTest::newRow("empty target") << 5;
    }
    void errors() {
        QFETCH(int, what);
        Device target = h100Like();
        OpRecord r = record(Precision::fp16, true, 3e12, 2e10, 1e9, 0.012);
        switch (what) {
        case 0:
            // No fp16 unit and no fp32 vector rate to fall back to.
            target.ceilings.compute.clear();
            target.ceilings.compute[{Precision::fp64, ComputeUnit::vector}] = ceiling(30e12);
            break;
        case 1:
            target.ceilings.memory.clear();
            break;
        case 2:
            target.ceilings.links.clear();
            break;
        case 3:
            r = record(Precision::fp16, true, 0, 0, 0, 0.012);
            break;
        case 4:
            r = record(Precision::fp16, true, 0, 0, 0, 0);
            break;
        case 5:
            target.ceilings = Ceilings{};
            break;
        }
        const auto p = reproject(r, target, MdOptions{});
        QVERIFY(!p.ok());
        QVERIFY(!p.error().message.empty());
    }

    void theLinkCrossedMatters() {
        // Bytes that crossed inter_node are bounded by the target's inter-node link whatever the
        // view's link; without that link they cannot be projected.
        Device target = h100Like();
        target.ceilings.links[Link::inter_node] = ceiling(50e9);
        OpRecord r = record(Precision::fp32, false, 0, 0, 0, 0.2);
        r.commBytes[Link::inter_node] = Measure::measured(4.5e9);
        for (const Link viewLink : {Link::p2p, Link::inter_node}) {
            const auto inter = reproject(r, target, MdOptions{MemoryLevel::dram, viewLink});
            QVERIFY(inter.ok());
            CHECK_NEAR(inter.value().predictedS, 0.09); // 4.5e9 / 50e9
            CHECK_NEAR(*inter.value().speedup, 0.2 / 0.09);
        }
        target.ceilings.links.erase(Link::inter_node);
        const auto none = reproject(r, target, MdOptions{});
        QVERIFY(!none.ok());
        QVERIFY(none.error().message.find("no inter_node ceiling") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestProjection)
#include "test_projection.moc"
