// `roofscope summarize` on the other inputs: an Nsight Compute CSV, nccl-tests output, and the
// A100 DDP Kineto sample when ../shared/samples is present.
#include "core/units.h"
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QJsonDocument>
#include <QtTest>

using summarize_test::near;
using summarize_test::Run;

namespace {
const QString kNcu = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/raw_units.csv");
const QString kNccl = QStringLiteral(ROOFSCOPE_TEST_DATA "/nccl/plain_single_node.txt");
const QString kNcuTensor = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/a100_tensor_pipes.csv");
} // namespace

class TestCliSummarizeInputs : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;

    Run run(const QStringList& args) const { return runner_.run(args); }
    QJsonArray jsonDatasets(const QStringList& args) const { return runner_.jsonDatasets(args); }

  private slots:
    void initTestCase() { QVERIFY(runner_.valid()); }

    void nsightCompute() {
        const QJsonArray kernel = jsonDatasets({kNcu});
        QCOMPARE(kernel.size(), 1);
        const QJsonObject d = kernel[0].toObject();
        QCOMPARE(d.value("device").toObject().value("id").toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        QCOMPARE(d.value("collectives").toArray().size(), 0);
        const QJsonArray records = d.value("records").toArray();
        QCOMPARE(records.size(), 1);
        const QJsonObject k = records[0].toObject();
        QCOMPARE(k.value("count").toInt(), 2);
        QVERIFY(near(k.value("time_s").toDouble(), 1e-3));                        // 0.25 + 0.75 ms
        QVERIFY(near(k.value("flops").toDouble(), 2 * 8e9 + 4000));               // 2 x fma + add
        QVERIFY(near(k.value("bytes").toObject().value("dram").toDouble(), 4e6)); // 1500 + 2500 kB
        QCOMPARE(k.value("flops_origin").toString(), QStringLiteral("measured"));
        QCOMPARE(k.value("bottleneck").toString(), QStringLiteral("compute"));
        // By op is by kernel (Nsight has no ops); by launch keeps both, longest first.
        QCOMPARE(jsonDatasets({"--group", "op", kNcu})[0].toObject().value("records"),
                 d.value("records"));
        const QJsonArray launches =
            jsonDatasets({"--group", "launch", kNcu})[0].toObject().value("records").toArray();
        QCOMPARE(launches.size(), 2);
        QVERIFY(near(launches[0].toObject().value("time_s").toDouble(), 0.75e-3));
        const Run r = run({kNcu});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("16.0 TFLOP/s")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("4000 FLOP/B")), qPrintable(r.out));
    }

    // Tensor-pipe instructions count as FLOPs with the architecture's factor (512 on Volta, 4096
    // on Ampere), and not at all on Hopper or an unnamed device, which a warning says.
    void tensorInstructions_data() {
        QTest::addColumn<QString>("device");
        QTest::addColumn<double>("flops");
        QTest::addColumn<QString>("warning");
        const double vector = 2 * 40e6 + 5e6 + 2 * 30e6 + 10e6;
        QTest::newRow("V100") << "nvidia-v100-sxm2-32gb" << vector + 512 * 2000.0 << "Volta: 512";
        QTest::newRow("A100") << "nvidia-a100-sxm4-40gb" << vector + 4096 * 2000.0
                              << "Ampere/Ada: 4096";
        QTest::newRow("H100") << "nvidia-h100-sxm5-80gb" << vector << "not counted";
        QTest::newRow("unnamed") << "" << vector << "not counted";
    }
    void tensorInstructions() {
        QFETCH(QString, device);
        QFETCH(double, flops);
        QFETCH(QString, warning);
        QStringList args{QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/long_quirks.csv")};
        if (!device.isEmpty())
            args = QStringList{"--device", device} + args;
        const QJsonArray datasets = jsonDatasets(args);
        QCOMPARE(datasets.size(), 1);
        const QJsonObject d = datasets[0].toObject();
        bool found = false;
        for (const auto& r : d.value("records").toArray()) {
            const QJsonObject k = r.toObject();
            if (!k.value("name").toString().contains(QStringLiteral("cutlass")))
                continue;
            found = true;
            QVERIFY2(near(k.value("flops").toDouble(), flops),
                     qPrintable(QString::number(k.value("flops").toDouble(), 'g', 12)));
        }
        QVERIFY(found);
        const QString warnings = QString::fromUtf8(
            QJsonDocument(d.value("warnings").toArray()).toJson(QJsonDocument::Compact));
        QVERIFY2(warnings.contains(warning), qPrintable(warnings));
    }

    // Tensor-pipe work on an A100 export: precision and unit follow what ran, and `info` reads the
    // same records as `summarize` (core/import/ncu/ncu_import.h).
    void tensorPipesPrecision_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<double>("flops");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("info"); // what `roofscope info` prints for it
        // 4096 x 1e6 HMMA + 2 x 2e6 ffma = 4.1e9 FLOP, fp16; 20 us: 205 TFLOP/s
        QTest::newRow("HMMA") << "ampere_fp16_s16816gemm" << 4.1e9 << "fp16"
                              << "1 launch(es), 20.0 µs, 4.10 GFLOP fp16";
        // 512 x 2e6 DMMA + 2 x 1e6 dfma = 1.026e9 FLOP, fp64; 100 us
        QTest::newRow("DMMA") << "d884gemm" << 1.026e9 << "fp64"
                              << "1 launch(es), 100 µs, 1.03 GFLOP fp64";
        // 2 x 2e9 ffma + 1000 fadd = 4,000,001,000 FLOP, fp32; 400 us
        QTest::newRow("scalar fp32") << "ampere_sgemm" << 4'000'001'000.0 << "fp32"
                                     << "1 launch(es), 400 µs, 4.00 GFLOP fp32";
    }
    void tensorPipesPrecision() {
        QFETCH(QString, kernel);
        QFETCH(double, flops);
        QFETCH(QString, precision);
        QFETCH(QString, info);
        const QJsonArray datasets = jsonDatasets({kNcuTensor});
        QCOMPARE(datasets.size(), 1);
        const QJsonObject d = datasets[0].toObject();
        QCOMPARE(d.value("device").toObject().value("id").toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        QJsonObject k;
        for (const auto& r : d.value("records").toArray())
            if (r.toObject().value("name").toString().contains(kernel))
                k = r.toObject();
        QVERIFY2(!k.isEmpty(), qPrintable(kernel));
        QVERIFY2(near(k.value("flops").toDouble(), flops),
                 qPrintable(QString::number(k.value("flops").toDouble(), 'g', 12)));
        QCOMPARE(k.value("precision").toString(), precision);
        QCOMPARE(k.value("bottleneck").toString(), QStringLiteral("compute"));

        // `info` prints the same FLOPs and precision for the kernel.
        const Run r = runner_.runCommand({"info", kNcuTensor});
        QCOMPARE(r.exitCode, 0);
        const std::string same =
            roofscope::formatSi(k.value("flops").toDouble(), roofscope::Dimension::flops) + " " +
            precision.toStdString();
        const QString line = "  " + k.value("name").toString() + "\n    " + info + ", dram ";
        QVERIFY2(r.out.contains(line), qPrintable(r.out));
        QVERIFY2(info.endsWith(QString::fromStdString(same)), same.c_str());
    }

    // One collective entry per message size, with the file's own bandwidths; no records.
    void ncclTests() {
        const QJsonArray datasets = jsonDatasets({kNccl});
        QCOMPARE(datasets.size(), 1);
        const QJsonObject d = datasets[0].toObject();
        QCOMPARE(d.value("records").toArray().size(), 0);
        QCOMPARE(d.value("world_size").toInt(), 4);
        QCOMPARE(d.value("device").toObject().value("trace_name").toString(),
                 QStringLiteral("NVIDIA H100 80GB HBM3"));
        const QJsonArray collectives = d.value("collectives").toArray();
        QCOMPARE(collectives.size(), 3);
        const QJsonObject first = collectives[0].toObject();
        QCOMPARE(first.value("op").toString(), QStringLiteral("all_reduce"));
        QCOMPARE(first.value("count").toInt(), 1);
        QCOMPARE(first.value("group_size").toInt(), 4);
        QVERIFY(near(first.value("bytes").toDouble(), 1048576));
        QVERIFY(near(first.value("time_s").toDouble(), 20e-6));
        QVERIFY(near(first.value("algbw").toDouble(), 52.43e9));
        QVERIFY(near(first.value("busbw").toDouble(), 78.64e9));
        const Run r = run({kNccl});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("168 GB/s")), qPrintable(r.out)); // 167.77
    }

    void a100DdpSample() {
        const QString path =
            QStringLiteral(ROOFSCOPE_SAMPLES "/kineto_a100_ddp_rank0of2_nccl.json.gz");
        if (!QFile::exists(path))
            QSKIP("samples absent");
        const QJsonArray datasets = jsonDatasets({path});
        QCOMPARE(datasets.size(), 1);
        const QJsonObject d = datasets[0].toObject();
        QCOMPARE(d.value("rank").toInt(), 0);
        QCOMPARE(d.value("world_size").toInt(), 2);
        QCOMPARE(d.value("device").toObject().value("id").toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        const QJsonArray collectives = d.value("collectives").toArray();
        QCOMPARE(collectives.size(), 2);
        for (const auto& value : collectives) {
            const QJsonObject c = value.toObject();
            QCOMPARE(c.value("group_size").toInt(), 2);
            // busbw = algbw x 2(n-1)/n = algbw for all-reduce over 2 ranks, and for broadcast.
            QVERIFY(near(c.value("busbw").toDouble(), c.value("algbw").toDouble()));
            QVERIFY(near(c.value("algbw").toDouble(),
                         c.value("bytes").toDouble() / c.value("time_s").toDouble()));
            if (c.value("op").toString() == QStringLiteral("all_reduce")) {
                QCOMPARE(c.value("count").toInt(), 15);
                QVERIFY(near(c.value("bytes").toDouble(), 306684384.0)); // In msg nelems x 4 B
                QVERIFY(near(c.value("busbw").toDouble(), 6.558388e9, 1e-6));
            } else {
                QCOMPARE(c.value("op").toString(), QStringLiteral("broadcast"));
                QCOMPARE(c.value("count").toInt(), 6);
                // 3 x 53120 Float and 3 x 53 Long (8 B) elements.
                QVERIFY(near(c.value("bytes").toDouble(), 3 * 53120 * 4 + 3 * 53 * 8.0));
            }
        }
        const Run r = run({path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("all_reduce")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("6.56 GB/s")), qPrintable(r.out));
    }
};

QTEST_GUILESS_MAIN(TestCliSummarizeInputs)
#include "test_cli_summarize_inputs.moc"
