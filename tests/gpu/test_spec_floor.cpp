// The probe's checks from below and above (gpu/probe/spec_floor.h), on made measurements whose
// ratios are worked out by hand in each row, and the runner saying so for a benchmark that does
// half the work it counts. Needs no GPU: the rule is what the GPU tests and the probe share.
#include "gpu/probe/probe_run.h"
#include "gpu/probe/spec_floor.h"

namespace {

// Records every event, for the runner's test. Declared before Qt's headers, whose `emit` macro
// would otherwise eat the overridden function's name.
class Recorder : public roofscope::probe::EventSink {
  public:
    void emit(const roofscope::ProbeEvent& event) override { events.push_back(event); }
    std::vector<roofscope::ProbeEvent> events;
};

} // namespace

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

CeilingWhat whatOf(const QString& name) {
    if (name == "dram")
        return MemoryLevel::dram;
    if (name == "pcie_h2d")
        return Link::pcie_h2d;
    const QStringList parts = name.split(' ');
    const auto precision = parseEnum<Precision>(parts[0].toStdString());
    const auto unit = parseEnum<ComputeUnit>(parts[1].toStdString());
    return ComputeKey{*precision, *unit};
}

} // namespace

class TestSpecFloor : public QObject {
    Q_OBJECT

  private slots:
    void check_data() {
        QTest::addColumn<QString>("what");
        QTest::addColumn<double>("value");
        QTest::addColumn<double>("spec");
        QTest::addColumn<double>("clockMHz");    // recorded; 0: unknown
        QTest::addColumn<double>("maxClockMHz"); // 0: unknown
        QTest::addColumn<qulonglong>("limits");  // NVML clocks-event reasons
        QTest::addColumn<double>("powerW");      // 0: unknown
        QTest::addColumn<int>("pcieWidth");      // of 16; 0: unknown
        QTest::addColumn<double>("ratio");
        QTest::addColumn<bool>("below");
        QTest::addColumn<bool>("over");
        QTest::addColumn<QString>("causes");

        // 64.9 / 67 = 0.969: the H200's fp32 FFMA at its boost clock.
        QTest::newRow("fp32 FMA near spec") << "fp32 vector" << 64.9e12 << 67e12 << 1980.0 << 1980.0
                                            << 0ull << 0.0 << 0 << 0.96866 << false << false << "";
        // 66.5 / 133.8 = 0.497: the HFMA2 kernel whose operands ptxas swizzled (half rate).
        QTest::newRow("fp16 FMA at half rate")
            << "fp16 vector" << 66.5e12 << 133.8e12 << 1980.0 << 1980.0 << 0ull << 0.0 << 0
            << 0.49701 << true << false << "";
        // 33.5 / 67 = 0.5: an FFMA kernel that does half the FMAs it counts... or counts 1 FLOP.
        QTest::newRow("fp32 FMA doing half its work")
            << "fp32 vector" << 33.5e12 << 67e12 << 1980.0 << 1980.0 << 0ull << 0.0 << 0 << 0.5
            << true << false << "";
        // Spec at 1500 of 1980 MHz: 67 x 1500 / 1980 = 50.758; 50 / 50.758 = 0.98507.
        QTest::newRow("FMA at a lower clock is held to that clock")
            << "fp32 vector" << 50e12 << 67e12 << 1500.0 << 1980.0 << 0ull << 0.0 << 0 << 0.98507
            << false << false << "";
        // 25 / 50.758 = 0.49254: the clock explains 24 %, not the rest; not named as a cause.
        QTest::newRow("FMA at a lower clock and half rate")
            << "fp32 vector" << 25e12 << 67e12 << 1500.0 << 1980.0 << 0ull << 0.0 << 0 << 0.49254
            << true << false << "";
        // A clock over the maximum does not raise the spec: scale min(1, 2000 / 1980) = 1.
        QTest::newRow("clock over the maximum")
            << "fp32 vector" << 60e12 << 67e12 << 2000.0 << 1980.0 << 0ull << 0.0 << 0 << 0.89552
            << false << false << "";
        // Without a maximum clock nothing is scaled: 50 / 67 = 0.74627, under 0.8.
        QTest::newRow("no maximum clock") << "fp32 vector" << 50e12 << 67e12 << 1500.0 << 0.0
                                          << 0ull << 0.0 << 0 << 0.74627 << true << false << "";
        // Tensor floors do not scale: 709 / 989.5 = 0.71652 at a power-limited 1500 MHz.
        QTest::newRow("bf16 GEMM power-limited")
            << "bf16 tensor" << 709e12 << 989.5e12 << 1500.0 << 1980.0 << 0ull << 0.0 << 0
            << 0.71652 << false << false << "";
        // 500 / 989.5 = 0.50531 under 0.6, and the device says why: power cap bit 0x4, 698 W of
        // 700 (over 95 %), 1200 MHz = 61 % of 1980.
        QTest::newRow("bf16 GEMM held by the power cap")
            << "bf16 tensor" << 500e12 << 989.5e12 << 1200.0 << 1980.0 << 0x4ull << 698.0 << 0
            << 0.50531 << true << false
            << "clock limited by the software power cap; power 698 W at its 700 W limit; SM clock "
               "1200 MHz, 61 % of its 1980 MHz maximum";
        // 3.97 / 4.8 = 0.82708: the H200's HBM copy.
        QTest::newRow("dram near spec") << "dram" << 3.97e12 << 4.8e12 << 1980.0 << 1980.0 << 0ull
                                        << 0.0 << 0 << 0.82708 << false << false << "";
        // 2.4 / 4.8 = 0.5: a copy that moves half the bytes it counts.
        QTest::newRow("dram at half") << "dram" << 2.4e12 << 4.8e12 << 1980.0 << 1980.0 << 0ull
                                      << 0.0 << 0 << 0.5 << true << false << "";
        // 80 / 67 = 1.19403 > 1.05: counting or timing error (not "below" at the same time).
        QTest::newRow("over the spec") << "fp32 vector" << 80e12 << 67e12 << 1980.0 << 1980.0
                                       << 0ull << 0.0 << 0 << 1.19403 << false << true << "";
        // 70 / 67 = 1.04478, inside the 5 % allowance.
        QTest::newRow("just inside 1.05x") << "fp32 vector" << 70e12 << 67e12 << 1980.0 << 1980.0
                                           << 0ull << 0.0 << 0 << 1.04478 << false << false << "";
        // 13 / 64 = 0.20313, floor 0.7; the link trained at x4 of x16.
        QTest::newRow("PCIe on a narrow link")
            << "pcie_h2d" << 13e9 << 64e9 << 1980.0 << 1980.0 << 0ull << 0.0 << 4 << 0.20313 << true
            << false << "PCIe link at Gen5 x4, the GPU supports Gen5 x16";
        // 40 / 67 = 0.59701; thermal slowdown (0x40) at 91 degrees; the idle bit (0x1) says
        // nothing about a run that just ended.
        QTest::newRow("FMA under thermal slowdown")
            << "fp32 vector" << 40e12 << 67e12 << 1980.0 << 1980.0 << 0x41ull << 0.0 << 0 << 0.59701
            << true << false << "clock limited by hardware thermal slowdown at 91 °C";
    }
    void check() {
        QFETCH(QString, what);
        QFETCH(double, value);
        QFETCH(double, spec);
        QFETCH(double, clockMHz);
        QFETCH(double, maxClockMHz);
        QFETCH(qulonglong, limits);
        QFETCH(double, powerW);
        QFETCH(int, pcieWidth);
        QFETCH(double, ratio);
        QFETCH(bool, below);
        QFETCH(bool, over);
        QFETCH(QString, causes);

        Measured m;
        m.what = whatOf(what);
        m.value = value;
        m.clockMHz = clockMHz;
        m.conditions.smClockMHz = clockMHz;
        if (maxClockMHz > 0)
            m.conditions.maxSmClockMHz = maxClockMHz;
        m.conditions.clockLimits = limits;
        m.conditions.temperatureC = 91;
        if (powerW > 0) {
            m.conditions.powerW = powerW;
            m.conditions.powerLimitW = 700;
        }
        if (pcieWidth > 0) {
            m.conditions.pcieGeneration = 5;
            m.conditions.pcieMaxGeneration = 5;
            m.conditions.pcieWidth = pcieWidth;
            m.conditions.pcieMaxWidth = 16;
        }
        const SpecCheck c = checkAgainstSpec(m, spec);
        QVERIFY2(std::abs(c.ratio - ratio) < 1e-5, qPrintable(QString::number(c.ratio, 'g', 8)));
        QCOMPARE(c.belowFloor, below);
        QCOMPARE(c.overSpec, over);
        QCOMPARE(QString::fromStdString(c.causes), causes);
        QCOMPARE(c.text.empty(), !below && !over);
        if (below && causes.isEmpty())
            QVERIFY2(c.text.find("benchmark itself falls short") != std::string::npos,
                     c.text.c_str());
        if (below && !causes.isEmpty())
            QVERIFY2(c.text.find("held back by the device: " + causes.toStdString()) !=
                         std::string::npos,
                     c.text.c_str());
        if (over)
            QVERIFY2(c.text.find("counts more work than it does") != std::string::npos,
                     c.text.c_str());
    }

    void floors() {
        QCOMPARE(specFloor(ComputeKey{Precision::fp16, ComputeUnit::vector}).fraction, 0.8);
        QVERIFY(specFloor(ComputeKey{Precision::fp16, ComputeUnit::vector}).scalesWithClock);
        QCOMPARE(specFloor(ComputeKey{Precision::fp8, ComputeUnit::tensor}).fraction, 0.6);
        QVERIFY(!specFloor(ComputeKey{Precision::fp8, ComputeUnit::tensor}).scalesWithClock);
        QCOMPARE(specFloor(MemoryLevel::dram).fraction, 0.8);
        QCOMPARE(specFloor(Link::intra_node).fraction, 0.7);
    }

    // The GPUs the probe's packed FMAs are checked on list their non-tensor 16-bit rates.
    void catalogListsPackedRates_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("fp16");
        QTest::addColumn<double>("bf16");
        QTest::newRow("H200") << "NVIDIA H200" << 133.8e12 << 133.8e12;
        QTest::newRow("H100 SXM") << "NVIDIA H100 80GB HBM3" << 133.8e12 << 133.8e12;
        QTest::newRow("A100 40GB") << "NVIDIA A100-SXM4-40GB" << 78e12 << 39e12;
    }
    void catalogListsPackedRates() {
        QFETCH(QString, name);
        QFETCH(double, fp16);
        QFETCH(double, bf16);
        const auto device = builtinSpecDevice(name.toStdString());
        QVERIFY2(device.has_value(), qPrintable(name));
        QCOMPARE(specValue(*device, ComputeKey{Precision::fp16, ComputeUnit::vector}), fp16);
        QCOMPARE(specValue(*device, ComputeKey{Precision::bf16, ComputeUnit::vector}), bf16);
        QVERIFY(!builtinSpecDevice("NVIDIA H200 (measured 2026-12-04)").has_value());
    }

    // A benchmark on an H200 that reports half the fp32 rate (it does half the FMAs it counts):
    // the run says so in a warning and in the ceiling's note, naming the entry it compared with.
    void runnerSaysWhenABenchmarkFallsShort() {
        Plan plan;
        Device gpu;
        gpu.id = "nvidia-h200-probed";
        gpu.name = "NVIDIA H200";
        gpu.kind = DeviceKind::gpu;
        plan.devices.push_back(gpu);
        plan.targets.push_back("gpu0");
        plan.gpuOrdinals.push_back(0);
        auto step = [&](const char* key, double value) {
            return PlanStep{"gpu0",
                            {0},
                            Benchmark{key, key, [value](Context&) -> Result<Outcome> {
                                          Measured m;
                                          m.what = ComputeKey{Precision::fp32, ComputeUnit::vector};
                                          m.value = value;
                                          m.method = "made";
                                          m.stats.median = value;
                                          m.stats.samples = 1;
                                          Outcome o;
                                          o.ceilings.push_back(m);
                                          return o;
                                      }}};
        };
        plan.steps.push_back(step("half_work", 33.5e12)); // 0.5 x 67
        plan.steps.push_back(step("full_work", 64.9e12)); // 0.969 x 67
        Recorder sink;
        const RunReport report = runPlan(plan, ProbeOptions{}, sink, RunControl{});
        QCOMPARE(report.steps.size(), std::size_t(2));
        std::vector<std::string> warnings;
        for (const ProbeEvent& e : sink.events)
            if (e.type == ProbeEventType::warning)
                warnings.push_back(e.benchmark + ": " + e.message);
        QCOMPARE(warnings.size(), std::size_t(1));
        QVERIFY2(warnings[0].rfind("half_work: fp32 vector 33.5 TFLOP/s is 0.50x the datasheet's "
                                   "67.0 TFLOP/s, under the 0.8x floor",
                                   0) == 0,
                 warnings[0].c_str());
        QVERIFY2(warnings[0].find("(nvidia-h200-sxm-141gb)") != std::string::npos,
                 warnings[0].c_str());
        const Device& measured = report.devices.front();
        const Ceiling& c = measured.ceilings.compute.at({Precision::fp32, ComputeUnit::vector});
        QCOMPARE(c.value, 64.9e12); // the better of the two, as for any repeated ceiling
        QVERIFY(report.steps[0].outcome.ceilings[0].note.find("0.8x floor") != std::string::npos);
        QVERIFY(report.steps[1].outcome.ceilings[0].note.empty());
    }
};

QTEST_GUILESS_MAIN(TestSpecFloor)
#include "test_spec_floor.moc"
