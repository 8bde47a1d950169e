// Nsight Compute CSV import: long and raw pages, their quirks (==PROF== lines, quoted commas,
// thousands separators, n/a, auto-scaled units, CRLF, BOM, concatenated exports), errors with
// exact lines, and the NERSC roofline formulas checked against a real V100 export.
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_records.h"
#include "core/text_file.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <string>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

const std::string kData = ROOFSCOPE_TEST_DATA "/ncu/";

NcuReport parseFixture(const std::string& name) {
    const auto text = readTextFile(kData + name);
    if (!text.ok())
        qFatal("%s", text.error().toString().c_str());
    auto report = parseNcuCsv(text.value(), name);
    if (!report.ok())
        qFatal("%s", report.error().toString().c_str());
    return std::move(report).value();
}

Error parseFixtureError(const std::string& name) {
    const auto text = readTextFile(kData + name);
    if (!text.ok())
        qFatal("%s", text.error().toString().c_str());
    const auto report = parseNcuCsv(text.value(), name);
    if (report.ok())
        qFatal("%s parsed although it should not", name.c_str());
    return report.error();
}

// The axpy launch that long_quirks.csv (base units), long_scaled.csv (Mbyte, usecond) and
// long_crlf_bom.csv describe: dram 24,000,000 B; 12 us; FLOPs 2 x 1,000,000 dfma + 0 dadd
// (dmul n/a) = 2,000,000; fp64; stream 7.
void checkAxpy(const OpRecord& r) {
    QCOMPARE(r.name, std::string("axpy_kernel(int, double const*, double*)"));
    QVERIFY(r.category == Category::other);
    QVERIFY(r.precision == Precision::fp64);
    QVERIFY(r.flops == Measure::measured(2'000'000.0));
    QVERIFY(r.bytes.at(MemoryLevel::dram) == Measure::measured(24'000'000.0));
    QVERIFY(!r.bytes.contains(MemoryLevel::l2)); // lts__t_bytes.sum was n/a
    QVERIFY(r.timeS.origin == Origin::measured);
    CHECK_NEAR(r.timeS.value, 12e-6);
    QCOMPARE(r.stream, 7);
    QCOMPARE(r.count, std::int64_t(1));
    QVERIFY(!r.usesTensorUnits);
}

} // namespace

class TestNcuCsv : public QObject {
    Q_OBJECT

  private slots:
    void longPageQuirks() {
        const NcuReport report = parseFixture("long_quirks.csv");
        QVERIFY(report.layout == NcuLayout::longPage);
        QCOMPARE(report.launches.size(), std::size_t(2));
        const NcuLaunch& gemm = report.launches[1];
        QCOMPARE(gemm.id, std::string("1"));
        QCOMPARE(gemm.kernelName,
                 std::string("void cutlass::Kernel<cutlass_80_gemm<float, 128, 128>>(Params)"));
        QCOMPARE(gemm.processId, std::string("4242"));
        QCOMPARE(gemm.context, std::string("1"));
        // 2 lines of ==PROF== and stdout, header on 3, axpy rows 4-9, ==PROF== on 10
        QCOMPARE(gemm.firstLine, std::int64_t(11));
        QCOMPARE(gemm.attributes.at("Function Cache Configuration"),
                 std::string("CachePreferNone"));
        QVERIFY(report.launches[0].metric("sm__sass_thread_inst_executed_op_dmul_pred_on.sum") ==
                nullptr); // n/a is absent, not zero

        const auto records = ncuRecords(report, {"v100-sxm2-16gb", 3, std::nullopt});
        QCOMPARE(records.size(), std::size_t(2));
        checkAxpy(records[0]);
        QCOMPARE(records[0].deviceId, std::string("v100-sxm2-16gb"));
        QCOMPARE(records[0].rank, 3);

        const OpRecord& r = records[1];
        QVERIFY(r.category == Category::gemm);
        // fp32: 2 x 40e6 + 5e6 = 85e6; fp16: 2 x 30e6 + 10e6 = 70e6; all = 155e6, mostly fp32.
        // The 2,000 tensor instructions are not counted without a factor.
        QVERIFY(r.precision == Precision::fp32);
        QVERIFY(r.flops == Measure::measured(155'000'000.0));
        QVERIFY(r.usesTensorUnits);
        QVERIFY(r.bytes.at(MemoryLevel::dram) == Measure::measured(3'000'000.0));
        QVERIFY(r.bytes.at(MemoryLevel::l2) == Measure::measured(6'000'000.0));
        QVERIFY(r.bytes.at(MemoryLevel::l1) == Measure::measured(12'000'000.0));
        // 1,500,000 cycles / 1.5e9 cycles/s = 1e-3 s
        CHECK_NEAR(r.timeS.value, 1e-3);
        QCOMPARE(r.stream, 7);
    }

    void tensorFactorWhenGiven() {
        const TensorFactor volta{512, 0, 0, 0, "Volta"};
        const auto records = ncuRecords(parseFixture("long_quirks.csv"), {"", 0, volta});
        // 155e6 + 512 x 2,000 = 156,024,000. The name is silent about the HMMA type: fp16, whose
        // 70e6 + 1,024,000 FLOPs stay below fp32's 85e6, so fp32 on the vector pipes decides.
        QVERIFY(records[1].flops == Measure::measured(156'024'000.0));
        QVERIFY(records[1].precision == Precision::fp32);
        QVERIFY(!records[1].usesTensorUnits);
    }

    void autoScaledUnitsCrlfAndBom_data() {
        QTest::addColumn<QString>("fixture");
        QTest::newRow("Mbyte and usecond") << "long_scaled.csv";
        QTest::newRow("CRLF and BOM") << "long_crlf_bom.csv";
    }
    void autoScaledUnitsCrlfAndBom() {
        QFETCH(QString, fixture);
        const NcuReport report = parseFixture(fixture.toStdString());
        QCOMPARE(report.launches.size(), std::size_t(1));
        QCOMPARE(report.launches[0].metric("dram__bytes.sum")->sourceUnit, std::string("Mbyte"));
        const auto records = ncuRecords(report);
        checkAxpy(records[0]);
        // Base-unit and scaled exports of one launch give the same record.
        OpRecord base = ncuRecords(parseFixture("long_quirks.csv"))[0];
        base.timeS = records[0].timeS; // 0.000012 and 12 x 1e-6 may differ in the last bit
        QVERIFY(base == records[0]);
    }

    void rawPageWithUnitRow() {
        const NcuReport report = parseFixture("raw_units.csv");
        QVERIFY(report.layout == NcuLayout::rawPage);
        QCOMPARE(report.launches.size(), std::size_t(2));
        const NcuLaunch& first = report.launches[0];
        QCOMPARE(first.device, std::string("0"));
        QCOMPARE(first.attributes.at("device__attribute_display_name"),
                 std::string("NVIDIA A100-SXM4-40GB"));
        QCOMPARE(first.attributes.at("Block Size"), std::string("(256, 1, 1)"));
        QVERIFY(first.metric("sm__sass_thread_inst_executed_op_fmul_pred_on.sum") == nullptr);

        const auto records = ncuRecords(report);
        QCOMPARE(records.size(), std::size_t(2));
        // 1,500 Kbyte = 1.5e6 B; 0.25 msecond = 2.5e-4 s; 3 Mbyte = 3e6 B;
        // 2 x 2e9 ffma + 1,000 fadd = 4,000,001,000 FLOP
        QVERIFY(records[0].category == Category::gemm);
        QVERIFY(records[0].precision == Precision::fp32);
        QVERIFY(records[0].flops == Measure::measured(4'000'001'000.0));
        CHECK_NEAR(records[0].bytes.at(MemoryLevel::dram).value, 1.5e6);
        CHECK_NEAR(records[0].bytes.at(MemoryLevel::l2).value, 3e6);
        CHECK_NEAR(records[0].timeS.value, 2.5e-4);
        QCOMPARE(records[0].stream, 13);

        // Two launches of one kernel: 4,000,001,000 + 12,000,003,000 FLOP; 1.5e6 + 2.5e6 B
        // dram; 3e6 + 5e6 B l2; 0.25 + 0.75 ms.
        const auto merged = aggregateByKernel(records);
        QCOMPARE(merged.size(), std::size_t(1));
        QCOMPARE(merged[0].count, std::int64_t(2));
        QVERIFY(merged[0].flops == Measure::measured(16'000'004'000.0));
        CHECK_NEAR(merged[0].bytes.at(MemoryLevel::dram).value, 4e6);
        CHECK_NEAR(merged[0].bytes.at(MemoryLevel::l2).value, 8e6);
        CHECK_NEAR(merged[0].timeS.value, 1e-3);
        QCOMPARE(merged[0].stream, 13);
    }

    void concatenatedExportsMerge() {
        // Two exports back to back, the second with its own header and IDs from 0 again.
        const NcuReport report = parseFixture("concat.csv");
        QCOMPARE(report.launches.size(), std::size_t(2));
        const auto records = ncuRecords(report);
        // k_a: dram 1,000 B (the second export's 9,999 does not override), 500 ns, 2 x 100 FLOP
        QVERIFY(records[0].bytes.at(MemoryLevel::dram) == Measure::measured(1000.0));
        QVERIFY(records[0].flops == Measure::measured(200.0));
        CHECK_NEAR(records[0].timeS.value, 500e-9);
        QCOMPARE(report.launches[0].processId, std::string("100"));
        // k_b: 30 fmul FLOP, 250 ns
        QVERIFY(records[1].flops == Measure::measured(30.0));
        CHECK_NEAR(records[1].timeS.value, 250e-9);
    }

    void rawPageWithoutIdKeysByKernelAndOrder() {
        const std::string text = "\"Kernel Name\",\"dram__bytes.sum\"\n"
                                 "\"\",\"byte\"\n"
                                 "\"k\",\"10\"\n"
                                 "\"k\",\"20\"\n";
        const auto report = parseNcuCsv(text, "inline");
        QVERIFY(report.ok());
        QCOMPARE(report.value().launches.size(), std::size_t(2));
        QCOMPARE(report.value().launches[1].id, std::string("k#1"));
        QCOMPARE(report.value().launches[1].metric("dram__bytes.sum")->value, 20.0);
    }

    void errors_data() {
        QTest::addColumn<QString>("fixture");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("says");
        // Cut inside the kernel name of line 5, whose quote opens at column 25.
        QTest::newRow("truncated") << "truncated.csv" << 5 << 25 << "truncated";
        QTest::newRow("missing column") << "missing_column.csv" << 4 << 0 << "expected 12 fields";
        QTest::newRow("not a number") << "bad_value.csv" << 3 << 165 << "'twelve'";
    }
    void errors() {
        QFETCH(QString, fixture);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, says);
        const Error e = parseFixtureError(fixture.toStdString());
        QCOMPARE(e.where.file, fixture.toStdString());
        QCOMPARE(e.where.line, std::int64_t(line));
        QCOMPARE(e.where.column, std::int64_t(column));
        QVERIFY2(e.message.find(says.toStdString()) != std::string::npos, e.message.c_str());
    }

    void inlineErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<QString>("says");
        const QString header = "\"ID\",\"Kernel Name\",\"Metric Name\",\"Metric Unit\","
                               "\"Metric Value\"\n";
        QTest::newRow("empty") << "" << 1 << "no Nsight Compute CSV header";
        QTest::newRow("other csv") << "==PROF== hi\nhello\n\"a\",\"b\"\n\"1\",\"2\"\n"
                                   << 3 << "no Nsight Compute CSV header";
        QTest::newRow("unknown unit") << header + "\"0\",\"k\",\"dram__bytes.sum\",\"furlong\","
                                                  "\"1\"\n"
                                      << 2 << "unit 'furlong'";
        QTest::newRow("decimal comma") << header + "\"0\",\"k\",\"dram__bytes.sum\",\"byte\","
                                                   "\"1,5\"\n"
                                       << 2 << "expected a number";
    }
    void inlineErrors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(QString, says);
        const auto report = parseNcuCsv(text.toStdString(), "x.csv");
        QVERIFY(!report.ok());
        QCOMPARE(report.error().where.line, std::int64_t(line));
        QVERIFY2(report.error().message.find(says.toStdString()) != std::string::npos,
                 report.error().message.c_str());
    }

    void realV100Sample() {
        const std::string path = ROOFSCOPE_SAMPLES "/ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv";
        const auto text = readTextFile(path);
        if (!text.ok())
            QSKIP("sample ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv not present");
        const auto report = parseNcuCsv(text.value(), path);
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().toString().c_str());
        // Two exports of the same 8 launches (2 kernels x 4): cycles + dram, then instructions.
        QCOMPARE(report.value().launches.size(), std::size_t(8));
        for (const auto& launch : report.value().launches)
            QCOMPARE(launch.metrics.size(), std::size_t(6));

        const auto records = ncuRecords(report.value());
        QVERIFY(records[0].name.starts_with("ij_deriv_kernel("));
        // Launch 0: 2 x 137,625,600 dfma + 55,050,240 dmul + 0 dadd = 330,301,440 FLOP
        QVERIFY(records[0].flops == Measure::measured(330'301'440.0));
        QVERIFY(records[0].precision == Precision::fp64);
        CHECK_NEAR(records[0].timeS.value, 1'209'252.43 / 1'309'394'950.84);

        const auto merged = aggregateByKernel(records);
        QCOMPARE(merged.size(), std::size_t(2));
        const OpRecord& ij = merged[0];
        QCOMPARE(ij.count, std::int64_t(4));
        QVERIFY(ij.precision == Precision::fp64);
        QVERIFY(ij.flops == Measure::measured(4 * 330'301'440.0));
        // MANIFEST / formats.md 2.2: AI 0.48 FLOP/B, 358 GFLOP/s, 748 GB/s (G = 1e9), within 2 %.
        const double dram = *ij.bytesAt(MemoryLevel::dram);
        QVERIFY(near(ij.flops.value / dram, 0.48, 0.02));
        QVERIFY(near(ij.flops.value / ij.timeS.value, 358e9, 0.02));
        QVERIFY(near(dram / ij.timeS.value, 748e9, 0.02));
    }
};

QTEST_APPLESS_MAIN(TestNcuCsv)
#include "test_ncu_csv.moc"
