// A record's numbers as the record table lists them (record_numbers.h), on gpu0 of the placement
// fixture (fp16 tensor 100 TFLOP/s, fp32 10 TFLOP/s, DRAM 1 TB/s) and without a device. Every
// value worked out in the row's comment.
#include "core/record_numbers.h"
#include "tests/support/near_compare.h"
#include "tests/support/placement_fixture.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

// Equal, NaN matching NaN.
bool same(double a, double b) {
    return (std::isnan(a) && std::isnan(b)) || near(a, b, 1e-12);
}

} // namespace

Q_DECLARE_METATYPE(roofscope::OpRecord)
Q_DECLARE_METATYPE(std::optional<roofscope::Bottleneck>)

class TestRecordNumbers : public QObject {
    Q_OBJECT

  private slots:
    void numbers_data() {
        QTest::addColumn<OpRecord>("record");
        QTest::addColumn<bool>("onDevice");
        QTest::addColumn<double>("intensity");
        QTest::addColumn<double>("flopsPerS");
        QTest::addColumn<double>("fraction");
        QTest::addColumn<std::optional<Bottleneck>>("bottleneck");
        const auto gemm = placement::op("gemm", Category::gemm, Precision::fp16, 1e12, 2e10, 0.02);
        // 1e12 FLOP / 2e10 B = 50 FLOP/B; 1e12 in 20 ms = 50 TFLOP/s. Attainable min(100 T, 50 x
        // 1 T) = 50 TFLOP/s: at its roof. t_F = 10 ms < t_M = 20 ms: memory.
        QTest::newRow("on its device")
            << gemm << true << 50.0 << 5e13 << 1.0 << std::optional(Bottleneck::memory);
        // The op's own numbers stand; no roof, no bound.
        QTest::newRow("without a device")
            << gemm << false << 50.0 << 5e13 << kNaN << std::optional<Bottleneck>();
        // A copy: no FLOPs, so neither intensity nor FLOP/s; its 1 GB at 1 TB/s bound it by
        // memory.
        QTest::newRow("no FLOPs") << placement::op("Memcpy HtoD", Category::memcpy, Precision::fp32,
                                                   0, 1e9, 0.004)
                                  << true << kNaN << kNaN << kNaN
                                  << std::optional(Bottleneck::memory);
        // No time: the intensity still, no FLOP/s, no fraction of the roof.
        OpRecord untimed = gemm;
        untimed.timeS = Measure{};
        QTest::newRow("no time") << untimed << true << 50.0 << kNaN << kNaN
                                 << std::optional(Bottleneck::memory);
    }
    void numbers() {
        QFETCH(OpRecord, record);
        QFETCH(bool, onDevice);
        QFETCH(double, intensity);
        QFETCH(double, flopsPerS);
        QFETCH(double, fraction);
        QFETCH(std::optional<Bottleneck>, bottleneck);
        const Device device = placement::gpu0();
        const RecordNumbers n = recordNumbers(record, onDevice ? &device : nullptr,
                                              MemoryLevel::dram, Link::intra_node);
        QVERIFY2(same(n.intensity, intensity), describe(n.intensity, intensity));
        QVERIFY2(same(n.flopsPerS, flopsPerS), describe(n.flopsPerS, flopsPerS));
        QVERIFY2(same(n.fractionOfRoof, fraction), describe(n.fractionOfRoof, fraction));
        QVERIFY(n.bottleneck == bottleneck);
        QVERIFY(same(n.bytes, record.bytesAt(MemoryLevel::dram).value_or(kNaN)));
    }
};

QTEST_APPLESS_MAIN(TestRecordNumbers)
#include "test_record_numbers.moc"
