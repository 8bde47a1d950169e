// Nsight Compute kernels with tensor-pipe instructions: their precision and unit follow what ran
// (core/import/ncu/ncu_tensor_work.h), so that the roof is the tensor roof of that precision. Each
// row is one launch of a raw-page export the test writes, read the way `roofscope info` and
// `roofscope summarize` both read it (importNcuRecords), bounded on the A100 catalog entry.
#include "core/ceilings_file.h"
#include "core/import/ncu/ncu_csv.h"
#include "core/import/ncu/ncu_import.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <string>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

const QString kA100 = QStringLiteral("NVIDIA A100-SXM4-40GB");

// A raw-page export of one launch: "metric=value;..." becomes one column per metric, unit inst.
std::string rawPage(const QString& kernel, const QString& device, const QString& metrics) {
    QString names = QStringLiteral("\"ID\",\"Kernel Name\",\"device__attribute_display_name\"");
    QString units = QStringLiteral("\"\",\"\",\"\"");
    QString values = QStringLiteral("\"0\",\"%1\",\"%2\"").arg(kernel, device);
    for (const QString& pair : metrics.split(QLatin1Char(';'), Qt::SkipEmptyParts)) {
        const QStringList nameValue = pair.split(QLatin1Char('='));
        names += QStringLiteral(",\"%1\"").arg(nameValue.at(0));
        units += QStringLiteral(",\"inst\"");
        values += QStringLiteral(",\"%1\"").arg(nameValue.at(1));
    }
    return (names + "\n" + units + "\n" + values + "\n").toStdString();
}

const Ceilings& a100() {
    static const Ceilings ceilings = [] {
        const auto devices = readCeilingsFile(ROOFSCOPE_DEVICE_DIR "/nvidia-a100-sxm4-40gb.json");
        if (!devices.ok() || devices.value().empty())
            qFatal("no A100 catalog entry");
        return devices.value().front().ceilings;
    }();
    return ceilings;
}

} // namespace

class TestNcuTensorRecords : public QObject {
    Q_OBJECT

  private slots:
    void precisionAndUnitFollowWhatRan_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<QString>("device");  // device__attribute_display_name
        QTest::addColumn<QString>("metrics"); // metric=value;...
        QTest::addColumn<double>("flops");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<bool>("tensor");     // usesTensorUnits
        QTest::addColumn<QString>("roof");    // the A100 compute ceiling it is drawn against
        QTest::addColumn<QString>("warning"); // part of the one warning; "" for none

        const QString tensor = "sm__inst_executed_pipe_tensor.sum=";
        const QString hmma = "sm__inst_executed_pipe_tensor_op_hmma.sum=";
        const QString dmma = "sm__inst_executed_pipe_tensor_op_dmma.sum=";
        const QString imma = "sm__inst_executed_pipe_tensor_op_imma.sum=";
        const QString ffma = "sm__sass_thread_inst_executed_op_ffma_pred_on.sum=";
        const QString fadd = "sm__sass_thread_inst_executed_op_fadd_pred_on.sum=";
        const QString hfma = "sm__sass_thread_inst_executed_op_hfma_pred_on.sum=";
        const QString dfma = "sm__sass_thread_inst_executed_op_dfma_pred_on.sum=";
        const QString counted = "counted as FLOPs with Ampere/Ada";

        // 4096 x 1e6 HMMA = 4.096e9 fp16 tensor + 2 x 2e6 ffma = 4e6 fp32 (the epilogue):
        // 4.1e9 FLOP, mostly fp16 on tensor cores, not fp32 on the vector roof.
        QTest::newRow("A100 HMMA, fp16 by name")
            << "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_stages_32x5_tn" << kA100
            << tensor + "1000000;" + hmma + "1000000;" + ffma + "2000000" << 4.1e9 << "fp16" << true
            << "fp16 tensor" << counted;
        // The name is silent; the ops-path metrics say bf16. smsp__ spelling of the HMMA count.
        // 4096 x 5e5 = 2.048e9 bf16 + 2 x 1e6 ffma = 2e6: 2.05e9.
        QTest::newRow("A100 HMMA, bf16 by the metrics")
            << "void gemm_kernel<128>(Params)" << kA100
            << "smsp__inst_executed_pipe_tensor_op_hmma.sum=500000;"
               "sm__ops_path_tensor_src_bf16_dst_fp32.sum=2048000000;"
               "sm__ops_path_tensor_src_fp16_dst_fp32.sum=0;" +
                   ffma + "1000000"
            << 2.05e9 << "bf16" << true << "bf16 tensor" << counted;
        // fp32 scalar mix, Ampere, the name says tf32: TF32 HMMA.1688 at 2048 FLOP each.
        // 2048 x 1e6 = 2.048e9 + 2 x 3e6 ffma + 1e6 fadd = 7e6: 2.055e9.
        QTest::newRow("A100 HMMA, tf32 by name")
            << "cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4" << kA100
            << hmma + "1000000;" + ffma + "3000000;" + fadd + "1000000" << 2.055e9 << "tf32" << true
            << "tf32 tensor" << counted;
        // The same name on an fp16 scalar mix is not TF32: fp16 at 4096 each.
        // 4096 x 1e6 = 4.096e9 + 2 x 5e6 hfma = 1e7, both fp16: 4.106e9.
        QTest::newRow("tf32 name, fp16 scalar mix")
            << "cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4" << kA100
            << hmma + "1000000;" + hfma + "5000000" << 4.106e9 << "fp16" << true << "fp16 tensor"
            << counted;
        // 512 x 2e6 DMMA.884 = 1.024e9 fp64 tensor + 2 x 1e6 dfma = 2e6 fp64: 1.026e9.
        QTest::newRow("A100 DMMA") << "cutlass_80_tensorop_d884gemm_64x64_16x4_nn_align1" << kA100
                                   << tensor + "2000000;" + dmma + "2000000;" + dfma + "1000000"
                                   << 1.026e9 << "fp64" << true << "fp64 tensor" << counted;
        // Only the total (NERSC's metric list): the name (d884) says DMMA. Same 1.026e9.
        QTest::newRow("A100 DMMA from the total and the name")
            << "cutlass_80_tensorop_d884gemm_64x64_16x4_nn_align1" << kA100
            << tensor + "2000000;" + dfma + "1000000" << 1.026e9 << "fp64" << true << "fp64 tensor"
            << counted;
        // 8192 x 1e6 IMMA.16832 = 8.192e9 int8 ops.
        QTest::newRow("A100 IMMA") << "cutlass_80_tensorop_i16832gemm_s8_128x128_64x3_tn_align16"
                                   << kA100 << tensor + "1000000;" + imma + "1000000" << 8.192e9
                                   << "int8" << true << "int8 tensor" << counted;
        // 2 x 2e9 ffma + 1000 fadd = 4,000,001,000 fp32 on the vector pipes; no tensor work.
        QTest::newRow("A100 scalar fp32 only")
            << "ampere_sgemm_128x64_nn" << kA100
            << tensor + "0;" + ffma + "2000000000;" + fadd + "1000" << 4'000'001'000.0 << "fp32"
            << false << "fp32 vector"
            << "";
        // fp16 tensor 4096 x 1000 = 4.096e6 < fp32 2 x 5e6 = 1e7: the fp32 vector work decides.
        // 1.4096e7 FLOP.
        QTest::newRow("A100 scalar fp32 outweighs tensor work")
            << "fused_kernel" << kA100 << hmma + "1000;" + ffma + "5000000" << 1.4096e7 << "fp32"
            << false << "fp32 vector" << counted;
        // HFMA2.MMA are packed half FMAs on the tensor pipe, already in the hfma count: no HMMA
        // left, 2 x 32e6 = 6.4e7 fp16 on the vector pipes, drawn against the fp32 vector roof as
        // every 16-bit op off the tensor units is (Ceilings::computeFor).
        QTest::newRow("HFMA2.MMA is not HMMA")
            << "elementwise_kernel" << kA100
            << hmma + "1000000;sm__inst_executed_pipe_tensor_op_hmma_type_hfma2.sum=1000000;" +
                   hfma + "32000000"
            << 6.4e7 << "fp16" << false << "fp32 vector"
            << "";
        // Volta: 512 per tensor instruction (NERSC); 512 x 1e6 = 5.12e8 + 2 x 1e6 ffma: 5.14e8.
        QTest::newRow("V100 HMMA")
            << "volta_h884gemm_128x128_ldg8_nn"
            << "Tesla V100-SXM2-16GB" << tensor + "1000000;" + ffma + "1000000" << 5.14e8 << "fp16"
            << true << ""
            << "Volta: 512";
        // Hopper: no factor, tensor FLOPs uncounted; the scalar mix (2 x 2e6 = 4e6 fp32) stays
        // the precision and usesTensorUnits says the tensor pipe ran.
        QTest::newRow("H100: tensor FLOPs not counted")
            << "sm90_xmma_gemm_f16f16_f16f32_f32_tn_n_tilesize128x128x64_kernel"
            << "NVIDIA H100 80GB HBM3" << hmma + "1000000;" + ffma + "2000000" << 4e6 << "fp32"
            << true << ""
            << "not counted";
    }
    void precisionAndUnitFollowWhatRan() {
        QFETCH(QString, kernel);
        QFETCH(QString, device);
        QFETCH(QString, metrics);
        QFETCH(double, flops);
        QFETCH(QString, precision);
        QFETCH(bool, tensor);
        QFETCH(QString, roof);
        QFETCH(QString, warning);
        const auto report = parseNcuCsv(rawPage(kernel, device, metrics), "written.csv");
        QVERIFY2(report.ok(), report.ok() ? "" : report.error().toString().c_str());
        const NcuImport imported = importNcuRecords(report.value());
        QCOMPARE(imported.deviceName, device.toStdString());
        QCOMPARE(imported.records.size(), std::size_t(1));
        const OpRecord& r = imported.records[0];
        QVERIFY(r.flops.origin == Origin::measured);
        QVERIFY2(near(r.flops.value, flops), describe(r.flops.value, flops).constData());
        QCOMPARE(QString::fromUtf8(toString(r.precision).data()), precision);
        QCOMPARE(r.usesTensorUnits, tensor);
        if (!roof.isEmpty()) {
            const auto key = a100().computeKeyFor(r.precision, r.usesTensorUnits);
            QVERIFY(key.has_value());
            QCOMPARE(QString::fromUtf8(toString(key->precision).data()) + " " +
                         QString::fromUtf8(toString(key->unit).data()),
                     roof);
        }
        if (warning.isEmpty()) {
            QVERIFY(imported.warnings.empty());
        } else {
            QCOMPARE(imported.warnings.size(), std::size_t(1));
            QVERIFY2(imported.warnings[0].find(warning.toStdString()) != std::string::npos,
                     imported.warnings[0].c_str());
        }
    }

    // --device overrides the file's GPU: the same A100 export read as a V100 counts 512 per
    // instruction and knows no TF32. 512 x 1e6 = 5.12e8 fp16 + 2 x 3e6 + 1e6 = 7e6: 5.19e8.
    void deviceChosenByTheUser() {
        const auto report =
            parseNcuCsv(rawPage("cutlass_80_tensorop_s1688gemm_128x128_32x3_nn_align4", kA100,
                                "sm__inst_executed_pipe_tensor_op_hmma.sum=1000000;"
                                "sm__sass_thread_inst_executed_op_ffma_pred_on.sum=3000000;"
                                "sm__sass_thread_inst_executed_op_fadd_pred_on.sum=1000000"),
                        "written.csv");
        QVERIFY(report.ok());
        const NcuImport imported = importNcuRecords(report.value(), "nvidia-v100-sxm2-32gb");
        QCOMPARE(imported.deviceName, kA100.toStdString());
        const OpRecord& r = imported.records.at(0);
        QVERIFY2(near(r.flops.value, 5.19e8), describe(r.flops.value, 5.19e8).constData());
        QVERIFY(r.precision == Precision::fp16);
        QVERIFY(r.usesTensorUnits);
    }
};

QTEST_APPLESS_MAIN(TestNcuTensorRecords)
#include "test_ncu_tensor_records.moc"
