// MD-Roofline (Miao et al. 2022): the three times t_F, t_M, t_P, their max as the op's bound,
// the bottleneck with its tie rule, the three planes with their ridges, and the per-phase sums of
// an iteration. Expected values are worked out by hand in the comments.
#include "core/md_roofline.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Bottleneck)

namespace {

// APF 100 TFLOP/s, APM 2 TB/s, APB 500 GB/s.
constexpr MdCeilings kCeilings{100e12, 2e12, 0.5e12};

Ceiling ceiling(double value) {
    Ceiling c;
    c.value = value;
    return c;
}

} // namespace

class TestMdRoofline : public QObject {
    Q_OBJECT

  private slots:
    void bound_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("measured"); // NaN: not given
        QTest::addColumn<double>("tF");
        QTest::addColumn<double>("tM");
        QTest::addColumn<double>("tP");
        QTest::addColumn<double>("boundS");
        QTest::addColumn<Bottleneck>("bottleneck");
        QTest::addColumn<double>("efficiency"); // NaN: absent

        // t_F = 1e12 / 100e12 = 0.01, t_M = 1e10 / 2e12 = 0.005, t_P = 1e9 / 0.5e12 = 0.002.
        // Measured 0.02 s: efficiency 0.01 / 0.02 = 0.5.
        QTest::newRow("compute") << 1e12 << 1e10 << 1e9 << 0.02 << 0.01 << 0.005 << 0.002 << 0.01
                                 << Bottleneck::compute << 0.5;
        // t_F = 1e11 / 100e12 = 0.001, t_M = 0.005, t_P = 0.002. 0.005 / 0.01 = 0.5.
        QTest::newRow("memory") << 1e11 << 1e10 << 1e9 << 0.01 << 0.001 << 0.005 << 0.002 << 0.005
                                << Bottleneck::memory << 0.5;
        // t_F = 0.001, t_M = 1e9 / 2e12 = 0.0005, t_P = 1e10 / 0.5e12 = 0.02. 0.02 / 0.025 = 0.8.
        QTest::newRow("communication") << 1e11 << 1e9 << 1e10 << 0.025 << 0.001 << 0.0005 << 0.02
                                       << 0.02 << Bottleneck::communication << 0.8;
        // Exact ties: 1e12 / 100e12 = 2e10 / 2e12 = 5e9 / 0.5e12 = 0.01.
        QTest::newRow("tie compute memory") << 1e12 << 2e10 << 0.0 << kNaN << 0.01 << 0.01 << 0.0
                                            << 0.01 << Bottleneck::compute << kNaN;
        QTest::newRow("tie compute comm") << 1e12 << 0.0 << 5e9 << kNaN << 0.01 << 0.0 << 0.01
                                          << 0.01 << Bottleneck::compute << kNaN;
        QTest::newRow("tie memory comm") << 0.0 << 2e10 << 5e9 << kNaN << 0.0 << 0.01 << 0.01
                                         << 0.01 << Bottleneck::memory << kNaN;
        QTest::newRow("tie all three") << 1e12 << 2e10 << 5e9 << kNaN << 0.01 << 0.01 << 0.01
                                       << 0.01 << Bottleneck::compute << kNaN;
        // Ties lose to a strictly larger term: t_P = 5.5e9 / 0.5e12 = 0.011.
        QTest::newRow("comm just above a tie")
            << 1e12 << 2e10 << 5.5e9 << kNaN << 0.01 << 0.01 << 0.011 << 0.011
            << Bottleneck::communication << kNaN;
        QTest::newRow("no work") << 0.0 << 0.0 << 0.0 << 0.001 << 0.0 << 0.0 << 0.0 << 0.0
                                 << Bottleneck::none << 0.0;
        // Faster than the bound: 0.01 / 0.005 = 2, a finding.
        QTest::newRow("beats its bound") << 1e12 << 1e10 << 1e9 << 0.005 << 0.01 << 0.005 << 0.002
                                         << 0.01 << Bottleneck::compute << 2.0;
        QTest::newRow("no measured time") << 1e12 << 1e10 << 1e9 << kNaN << 0.01 << 0.005 << 0.002
                                          << 0.01 << Bottleneck::compute << kNaN;
        // Exactly on the bound: efficiency 1.
        QTest::newRow("on the bound") << 1e11 << 1e10 << 0.0 << 0.005 << 0.001 << 0.005 << 0.0
                                      << 0.005 << Bottleneck::memory << 1.0;
    }
    void bound() {
        QFETCH(double, flops);
        QFETCH(double, memory);
        QFETCH(double, comm);
        QFETCH(double, measured);
        QFETCH(double, tF);
        QFETCH(double, tM);
        QFETCH(double, tP);
        QFETCH(double, boundS);
        QFETCH(Bottleneck, bottleneck);
        QFETCH(double, efficiency);

        std::optional<double> measuredS;
        if (!std::isnan(measured))
            measuredS = measured;
        const auto b = mdBound(MdWork{flops, memory, comm}, kCeilings, measuredS);
        QVERIFY2(b.ok(), b.ok() ? "" : b.error().message.c_str());
        CHECK_NEAR(b.value().computeS, tF);
        CHECK_NEAR(b.value().memoryS, tM);
        CHECK_NEAR(b.value().commS, tP);
        CHECK_NEAR(b.value().boundS, boundS);
        QVERIFY2(b.value().bottleneck == bottleneck, toString(b.value().bottleneck).data());
        if (std::isnan(efficiency)) {
            QVERIFY(!b.value().efficiency.has_value());
        } else {
            QVERIFY(b.value().efficiency.has_value());
            CHECK_NEAR(*b.value().efficiency, efficiency);
        }
    }

    void noWorkNeedsNoCeiling() {
        // No work takes no time whatever the ceiling, even an unknown one.
        const auto none = mdBound(MdWork{}, MdCeilings{});
        QVERIFY(none.ok());
        QVERIFY(none.value().bottleneck == Bottleneck::none);
        QCOMPARE(none.value().boundS, 0.0);
        // An op that only moves memory needs no APF or APB: t_M = 1e10 / 2e12 = 0.005.
        const auto memoryOnly = mdBound(MdWork{0, 1e10, 0}, MdCeilings{0, 2e12, 0});
        QVERIFY(memoryOnly.ok());
        QVERIFY(memoryOnly.value().bottleneck == Bottleneck::memory);
        CHECK_NEAR(memoryOnly.value().boundS, 0.005);
    }

    void boundErrors_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("apf");
        QTest::addColumn<double>("apm");
        QTest::addColumn<double>("apb");
        QTest::newRow("negative FLOPs") << -1.0 << 1e10 << 1e9 << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("negative memory") << 1e12 << -1.0 << 1e9 << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("negative comm") << 1e12 << 1e10 << -1.0 << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("NaN FLOPs") << kNaN << 1e10 << 1e9 << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("NaN memory") << 1e12 << kNaN << 1e9 << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("NaN comm") << 1e12 << 1e10 << kNaN << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("infinite comm") << 1e12 << 1e10 << kInf << 100e12 << 2e12 << 0.5e12;
        QTest::newRow("FLOPs without APF") << 1e12 << 1e10 << 1e9 << 0.0 << 2e12 << 0.5e12;
        QTest::newRow("bytes without APM") << 1e12 << 1e10 << 1e9 << 100e12 << 0.0 << 0.5e12;
        QTest::newRow("comm without APB") << 1e12 << 1e10 << 1e9 << 100e12 << 2e12 << 0.0;
        QTest::newRow("negative APB") << 1e12 << 1e10 << 1e9 << 100e12 << 2e12 << -1.0;
        QTest::newRow("NaN APF") << 1e12 << 1e10 << 1e9 << kNaN << 2e12 << 0.5e12;
        QTest::newRow("infinite APM") << 1e12 << 1e10 << 1e9 << 100e12 << kInf << 0.5e12;
    }
    void boundErrors() {
        QFETCH(double, flops);
        QFETCH(double, memory);
        QFETCH(double, comm);
        QFETCH(double, apf);
        QFETCH(double, apm);
        QFETCH(double, apb);
        const auto b = mdBound(MdWork{flops, memory, comm}, MdCeilings{apf, apm, apb}, 1.0);
        QVERIFY(!b.ok());
        QVERIFY(!b.error().message.empty());
    }

    void planes_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("o");
        QTest::addColumn<double>("c");
        QTest::addColumn<int>("plane"); // MdPlane, or -1: not checked

        const int O = int(MdPlane::o), C = int(MdPlane::c);
        // Ridges with APF 100e12, APM 2e12, APB 0.5e12: A 100e12 / 2e12 = 50 FLOP/B,
        // O 0.5e12 / 2e12 = 0.25, C 0.5e12 / 100e12 = 0.005.
        // A = 1e12 / 1e10 = 100 >= 50: compute side. O = 1e9 / 1e10 = 0.1, C = 1e9 / 1e12 = 1e-3.
        QTest::newRow("compute side") << 1e12 << 1e10 << 1e9 << 100.0 << 0.1 << 1e-3 << C;
        // A = 1e11 / 1e10 = 10 < 50: memory side. O = 0.1, C = 1e9 / 1e11 = 0.01.
        QTest::newRow("memory side") << 1e11 << 1e10 << 1e9 << 10.0 << 0.1 << 0.01 << O;
        // A = 5e11 / 1e10 = 50 exactly at the ridge: "at or right of it" is the C plane.
        QTest::newRow("at the ridge") << 5e11 << 1e10 << 1e9 << 50.0 << 0.1 << 2e-3 << C;
        // A = 4.99e11 / 1e10 = 49.9, just left.
        QTest::newRow("just left of the ridge")
            << 4.99e11 << 1e10 << 1e9 << 49.9 << 0.1 << 1e9 / 4.99e11 << O;
        // No memory traffic: A and O are +inf.
        QTest::newRow("no memory traffic") << 1e12 << 0.0 << 1e9 << kInf << kInf << 1e-3 << C;
        // No communication: O = C = 0.
        QTest::newRow("no communication") << 1e11 << 1e10 << 0.0 << 10.0 << 0.0 << 0.0 << O;
        // Communication only: A = 0 / 0 undefined, O and C +inf.
        QTest::newRow("communication only") << 0.0 << 0.0 << 1e9 << kNaN << kInf << kInf << -1;
        QTest::newRow("nothing") << 0.0 << 0.0 << 0.0 << kNaN << kNaN << kNaN << -1;
        QTest::newRow("negative work") << -1.0 << 1e10 << 1e9 << kNaN << 0.1 << kNaN << -1;
    }
    void planes() {
        QFETCH(double, flops);
        QFETCH(double, memory);
        QFETCH(double, comm);
        QFETCH(double, a);
        QFETCH(double, o);
        QFETCH(double, c);
        QFETCH(int, plane);
        const MdPlanes p = mdPlanes(MdWork{flops, memory, comm}, kCeilings);
        CHECK_NEAR(p.a, a);
        CHECK_NEAR(p.o, o);
        CHECK_NEAR(p.c, c);
        CHECK_NEAR(p.ridgeA, 50.0);
        CHECK_NEAR(p.ridgeO, 0.25);
        CHECK_NEAR(p.ridgeC, 0.005);
        if (plane >= 0)
            QCOMPARE(int(p.commPlane), plane);
    }

    void planeRidgesWithoutCeilings() {
        // Without APB there is no O or C ridge; without APF no A or C ridge.
        const MdPlanes noApb = mdPlanes(MdWork{1e12, 1e10, 1e9}, MdCeilings{100e12, 2e12, 0});
        CHECK_NEAR(noApb.ridgeA, 50.0);
        QVERIFY(std::isnan(noApb.ridgeO));
        QVERIFY(std::isnan(noApb.ridgeC));
        const MdPlanes noApf = mdPlanes(MdWork{1e12, 1e10, 1e9}, MdCeilings{0, 2e12, 0.5e12});
        QVERIFY(std::isnan(noApf.ridgeA));
        CHECK_NEAR(noApf.ridgeO, 0.25);
        QVERIFY(std::isnan(noApf.ridgeC));
    }

    // The device for the record-level functions:
    //   fp16 tensor 400 TFLOP/s, fp16 vector 100 (bounds no op: fp32's is used), fp32 vector 50
    //   dram 2 TB/s, l2 8 TB/s (no l3); intra_node 300 GB/s, inter_node 50 GB/s (no p2p)
    void ceilingsForRecord_data() {
        QTest::addColumn<int>("precision");
        QTest::addColumn<bool>("tensor");
        QTest::addColumn<int>("level");
        QTest::addColumn<int>("link");
        QTest::addColumn<double>("apf");
        QTest::addColumn<double>("apm");
        QTest::addColumn<double>("apb");
        const int fp16 = int(Precision::fp16), fp32 = int(Precision::fp32);
        const int dram = int(MemoryLevel::dram), l2 = int(MemoryLevel::l2);
        const int intra = int(Link::intra_node), inter = int(Link::inter_node);
        QTest::newRow("defaults, tensor")
            << fp16 << true << dram << intra << 400e12 << 2e12 << 300e9;
        // fp16 off the tensor units is bound by the fp32 vector roof, not its own 100: the
        // frameworks' 16-bit pointwise kernels compute in fp32 (Ceilings::computeFor).
        QTest::newRow("vector units") << fp16 << false << dram << intra << 50e12 << 2e12 << 300e9;
        // Integer and boolean work (a cast, an index computation: precision `other`) runs on
        // the vector ALUs: the fp32 vector roof, 50, on the units it ran on or not.
        QTest::newRow("other precision") << int(Precision::other) << false << dram << intra
                                         << 50e12 << 2e12 << 300e9;
        QTest::newRow("other precision, tensor asked")
            << int(Precision::other) << true << dram << intra << 50e12 << 2e12 << 300e9;
        QTest::newRow("fp32 tensor falls back")
            << fp32 << true << dram << intra << 50e12 << 2e12 << 300e9;
        QTest::newRow("l2 and inter-node") << fp16 << true << l2 << inter << 400e12 << 8e12 << 50e9;
        QTest::newRow("missing all") << int(Precision::fp64) << false << int(MemoryLevel::l3)
                                     << int(Link::p2p) << 0.0 << 0.0 << 0.0;
    }
    void ceilingsForRecord() {
        QFETCH(int, precision);
        QFETCH(bool, tensor);
        QFETCH(int, level);
        QFETCH(int, link);
        QFETCH(double, apf);
        QFETCH(double, apm);
        QFETCH(double, apb);
        OpRecord r;
        r.precision = Precision(precision);
        r.usesTensorUnits = tensor;
        const MdCeilings c =
            mdCeilingsFor(r, recordDevice(), MdOptions{MemoryLevel(level), Link(link)});
        CHECK_NEAR(c.apfFlopsPerS, apf);
        CHECK_NEAR(c.apmBytesPerS, apm);
        CHECK_NEAR(c.apbBytesPerS, apb);
    }

    void ceilingsForRecordFallBacks() {
        // As md_roofline.h and ceilings.h document: without an intra_node ceiling APB is the p2p
        // link, and a 16-bit op on a device without a 16-bit rate gets the fp32 vector one.
        Ceilings c;
        c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(50e12);
        c.memory[MemoryLevel::dram] = ceiling(2e12);
        c.links[Link::p2p] = ceiling(300e9);
        OpRecord r;
        r.precision = Precision::fp16;
        r.usesTensorUnits = true;
        const MdCeilings intra = mdCeilingsFor(r, c, MdOptions{});
        CHECK_NEAR(intra.apfFlopsPerS, 50e12);
        CHECK_NEAR(intra.apmBytesPerS, 2e12);
        CHECK_NEAR(intra.apbBytesPerS, 300e9);
        // An explicit intra_node ceiling wins over p2p; inter_node never falls back.
        c.links[Link::intra_node] = ceiling(450e9);
        CHECK_NEAR(mdCeilingsFor(r, c, MdOptions{}).apbBytesPerS, 450e9);
        CHECK_NEAR(mdCeilingsFor(r, c, MdOptions{MemoryLevel::dram, Link::inter_node}).apbBytesPerS,
                   0.0);
    }

    void optionsDefaultToDramAndIntraNode() {
        const MdOptions options;
        QVERIFY(options.level == MemoryLevel::dram);
        QVERIFY(options.link == Link::intra_node);
    }

    void workForRecord() {
        OpRecord r;
        r.flops = Measure::measured(1e12);
        r.bytes[MemoryLevel::dram] = Measure::measured(1e10);
        r.bytes[MemoryLevel::l2] = Measure::estimated(4e10);
        r.commBytes[Link::intra_node] = Measure::measured(1e9);
        r.commBytes[Link::inter_node] = Measure::estimated(2e9);
        r.commBytes[Link::p2p] = Measure{5e9, Origin::absent}; // absent: not counted

        // P sums every known link whatever the chosen APB link: 1e9 + 2e9 = 3e9.
        const MdWork atDram = mdWorkFor(r, MdOptions{});
        CHECK_NEAR(atDram.flops, 1e12);
        CHECK_NEAR(atDram.memoryBytes, 1e10);
        CHECK_NEAR(atDram.commBytes, 3e9);

        const MdWork atL2 = mdWorkFor(r, MdOptions{MemoryLevel::l2, Link::p2p});
        CHECK_NEAR(atL2.flops, 1e12);
        CHECK_NEAR(atL2.memoryBytes, 4e10);
        CHECK_NEAR(atL2.commBytes, 3e9);

        // Absent quantities count as 0.
        const MdWork atL3 = mdWorkFor(r, MdOptions{MemoryLevel::l3, Link::intra_node});
        CHECK_NEAR(atL3.memoryBytes, 0.0);
        r.flops = Measure{7.0, Origin::absent};
        CHECK_NEAR(mdWorkFor(r, MdOptions{}).flops, 0.0);
        CHECK_NEAR(mdWorkFor(OpRecord{}, MdOptions{}).commBytes, 0.0);
    }

    void boundForRecord() {
        // F 4e12 on 400e12 -> 0.01; M 1e10 on 2e12 -> 0.005; P 1.5e9 on 300e9 -> 0.005.
        OpRecord r;
        r.name = "fused_gemm";
        r.precision = Precision::fp16;
        r.usesTensorUnits = true;
        r.flops = Measure::measured(4e12);
        r.bytes[MemoryLevel::dram] = Measure::measured(1e10);
        r.commBytes[Link::intra_node] = Measure::measured(1.5e9);
        r.timeS = Measure::measured(0.02);

        const auto b = mdBoundFor(r, recordDevice(), MdOptions{});
        QVERIFY(b.ok());
        CHECK_NEAR(b.value().computeS, 0.01);
        CHECK_NEAR(b.value().memoryS, 0.005);
        CHECK_NEAR(b.value().commS, 0.005);
        QVERIFY(b.value().bottleneck == Bottleneck::compute);
        QVERIFY(b.value().efficiency.has_value());
        CHECK_NEAR(*b.value().efficiency, 0.5); // 0.01 / 0.02

        // The same bytes over the 50 GB/s inter-node link: t_P = 1.5e9 / 50e9 = 0.03, efficiency
        // 0.03 / 0.02, whichever link the view draws: each byte is bounded by the link it crossed.
        OpRecord acrossNodes = r;
        acrossNodes.commBytes = {{Link::inter_node, Measure::measured(1.5e9)}};
        for (const Link viewLink : {Link::intra_node, Link::inter_node}) {
            const auto inter =
                mdBoundFor(acrossNodes, recordDevice(), MdOptions{MemoryLevel::dram, viewLink});
            QVERIFY(inter.ok());
            CHECK_NEAR(inter.value().commS, 0.03);
            QVERIFY(inter.value().bottleneck == Bottleneck::communication);
            CHECK_NEAR(*inter.value().efficiency, 1.5);
        }
        // Half the bytes on each link: t_P = 0.75e9 / 300e9 + 0.75e9 / 50e9 = 0.0175, and APB the
        // bandwidth they saw together, 1.5e9 / 0.0175.
        OpRecord both = r;
        both.commBytes = {{Link::intra_node, Measure::measured(0.75e9)},
                          {Link::inter_node, Measure::measured(0.75e9)}};
        const auto mixed = mdBoundFor(both, recordDevice(), MdOptions{});
        QVERIFY(mixed.ok());
        CHECK_NEAR(mixed.value().commS, 0.0175);
        CHECK_NEAR(mdCeilingsFor(both, recordDevice(), MdOptions{}).apbBytesPerS, 1.5e9 / 0.0175);

        // No measured time: no efficiency.
        r.timeS = Measure{};
        const auto noTime = mdBoundFor(r, recordDevice(), MdOptions{});
        QVERIFY(noTime.ok());
        QVERIFY(!noTime.value().efficiency.has_value());

        // Bytes over a link the device lacks: an error that names the op and the link.
        OpRecord overP2p = r;
        overP2p.commBytes = {{Link::p2p, Measure::measured(1.5e9)}};
        const auto noLink = mdBoundFor(overP2p, recordDevice(), MdOptions{});
        QVERIFY(!noLink.ok());
        QVERIFY2(noLink.error().message.find("fused_gemm") != std::string::npos,
                 noLink.error().message.c_str());
        QVERIFY(noLink.error().message.find("no p2p ceiling") != std::string::npos);
    }

    void iteration() {
        // Device: fp16 tensor 100 TFLOP/s, fp32 vector 10 TFLOP/s, dram 2 TB/s,
        // intra_node 500 GB/s; no fp64 or fp8.
        Ceilings c;
        c.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(100e12);
        c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(10e12);
        c.memory[MemoryLevel::dram] = ceiling(2e12);
        c.links[Link::intra_node] = ceiling(0.5e12);

        auto record = [](std::string name, Phase phase, Precision precision, double flops,
                         double dram, double comm, std::optional<double> timeS) {
            OpRecord r;
            r.name = std::move(name);
            r.phase = phase;
            r.precision = precision;
            r.usesTensorUnits = precision == Precision::fp16;
            r.flops = Measure::measured(flops);
            r.bytes[MemoryLevel::dram] = Measure::measured(dram);
            if (comm > 0)
                r.commBytes[Link::intra_node] = Measure::measured(comm);
            if (timeS)
                r.timeS = Measure::measured(*timeS);
            return r;
        };
        const std::vector<OpRecord> records{
            // 1e12 / 100e12 = 0.01 vs 1e10 / 2e12 = 0.005: compute 0.01, measured 0.02
            record("fwd_gemm", Phase::forward, Precision::fp16, 1e12, 1e10, 0, 0.02),
            // 1e9 / 10e12 = 1e-4 vs 4e10 / 2e12 = 0.02: memory 0.02, measured 0.025
            record("fwd_softmax", Phase::forward, Precision::fp32, 1e9, 4e10, 0, 0.025),
            // 2e12 / 100e12 = 0.02 vs 2e10 / 2e12 = 0.01: compute 0.02, measured 0.04
            record("bwd_gemm", Phase::backward, Precision::fp16, 2e12, 2e10, 0, 0.04),
            // 5e9 / 0.5e12 = 0.01: communication 0.01, measured 0.015
            record("all_reduce", Phase::communication, Precision::fp32, 0, 0, 5e9, 0.015),
            // no fp64 ceiling: unbounded, the first error
            record("fp64_update", Phase::optimizer, Precision::fp64, 1e9, 1e9, 0, 0.5),
            // no fp8 ceiling: unbounded, not the first error
            record("fp8_gemm", Phase::backward, Precision::fp8, 1e9, 1e9, 0, 0.3),
            // 2e9 / 2e12 = 0.001: memory 0.001, no measured time (counts 0)
            record("fwd_estimate", Phase::forward, Precision::fp32, 0, 2e9, 0, std::nullopt),
        };
        const IterationBound it = mdIteration(records, c, MdOptions{});

        QCOMPARE(it.unbounded, 2);
        QVERIFY(it.firstError.has_value());
        QVERIFY2(it.firstError->message.find("fp64_update") != std::string::npos,
                 it.firstError->message.c_str());

        // Totals of the bounded records: measured 0.02 + 0.025 + 0.04 + 0.015 = 0.1;
        // bound 0.01 + 0.02 + 0.02 + 0.01 + 0.001 = 0.061.
        CHECK_NEAR(it.measuredS, 0.1);
        CHECK_NEAR(it.boundS, 0.061);

        // forward: measured 0.045, bound 0.031 = compute 0.01 + memory 0.021
        QVERIFY(it.phases.count(Phase::forward) == 1);
        const PhaseTotals& fwd = it.phases.at(Phase::forward);
        CHECK_NEAR(fwd.measuredS, 0.045);
        CHECK_NEAR(fwd.boundS, 0.031);
        CHECK_NEAR(fwd.boundSByBottleneck.at(Bottleneck::compute), 0.01);
        CHECK_NEAR(fwd.boundSByBottleneck.at(Bottleneck::memory), 0.021);
        QVERIFY(fwd.boundSByBottleneck.count(Bottleneck::communication) == 0);

        // backward: the fp8 record is not counted. measured 0.04, bound 0.02 compute
        const PhaseTotals& bwd = it.phases.at(Phase::backward);
        CHECK_NEAR(bwd.measuredS, 0.04);
        CHECK_NEAR(bwd.boundS, 0.02);
        CHECK_NEAR(bwd.boundSByBottleneck.at(Bottleneck::compute), 0.02);

        const PhaseTotals& comm = it.phases.at(Phase::communication);
        CHECK_NEAR(comm.measuredS, 0.015);
        CHECK_NEAR(comm.boundS, 0.01);
        CHECK_NEAR(comm.boundSByBottleneck.at(Bottleneck::communication), 0.01);

        // The phase sums add up to the totals.
        double measured = 0, bound = 0;
        for (const auto& [phase, totals] : it.phases) {
            measured += totals.measuredS;
            bound += totals.boundS;
        }
        CHECK_NEAR(measured, it.measuredS);
        CHECK_NEAR(bound, it.boundS);
    }

    void emptyIteration() {
        const IterationBound it = mdIteration({}, recordDevice(), MdOptions{});
        QVERIFY(it.phases.empty());
        QCOMPARE(it.measuredS, 0.0);
        QCOMPARE(it.boundS, 0.0);
        QCOMPARE(it.unbounded, 0);
        QVERIFY(!it.firstError.has_value());
    }

  private:
    static Ceilings recordDevice() {
        Ceilings c;
        c.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(400e12);
        c.compute[{Precision::fp16, ComputeUnit::vector}] = ceiling(100e12);
        c.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(50e12);
        c.memory[MemoryLevel::dram] = ceiling(2e12);
        c.memory[MemoryLevel::l2] = ceiling(8e12);
        c.links[Link::intra_node] = ceiling(300e9);
        c.links[Link::inter_node] = ceiling(50e9);
        return c;
    }
};

QTEST_APPLESS_MAIN(TestMdRoofline)
#include "test_md_roofline.moc"
