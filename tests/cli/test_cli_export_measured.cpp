// `roofscope export` of what other tools measured: Nsight Compute CSV exports drawn as runs of
// their own (the hierarchical roofline of their L2 and DRAM bytes), and ERT, nvbandwidth and
// nccl-tests results given with --ceilings, set on the device the file names or the one given.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using summarize_test::Run;

namespace {

const QString kV100 =
    QStringLiteral(ROOFSCOPE_SAMPLES "/ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv");
const QString kRawUnits = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/raw_units.csv");
const QString kErtGpu = QStringLiteral(ROOFSCOPE_TEST_DATA "/ert/gpu_l1_l2_dram.json");
const QString kNvbandwidth = QStringLiteral(ROOFSCOPE_TEST_DATA "/nvbandwidth/four_gpus.txt");
const QString kTrace = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");
const QString kA100 = QStringLiteral("nvidia-a100-sxm4-40gb");

QJsonObject readJson(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

const QJsonObject* deviceOf(const QJsonObject& doc, const QString& id, QJsonObject& out) {
    for (const auto& d : doc.value(QStringLiteral("devices")).toArray())
        if (d.toObject().value(QStringLiteral("id")).toString() == id) {
            out = d.toObject();
            return &out;
        }
    return nullptr;
}

} // namespace

class TestCliExportMeasured : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;
    QTemporaryDir dir_;

    Run exportTo(const QStringList& inputs, const QString& name, const QStringList& extra) {
        return runner_.runCommand(QStringList{QStringLiteral("export")} + inputs +
                                  QStringList{QStringLiteral("-o"), dir_.filePath(name)} + extra);
    }

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(dir_.isValid());
    }

    // NERSC's V100 export of GENE names no GPU: --device binds it. Every figure below was
    // counted from the CSV's rows by hand (a script of its own, summing each kernel's four
    // launches): FLOPs 2 x DFMA + DMUL + DADD, bytes dram__bytes.sum, time the SM cycles
    // elapsed over their rate.
    void theNerscSampleDrawsItsKernels() {
        if (!QFile::exists(kV100))
            QSKIP("../shared/samples is not present");
        const Run r =
            exportTo({kV100}, QStringLiteral("v100.json"),
                     {QStringLiteral("--view"), QStringLiteral("hierarchical"),
                      QStringLiteral("--device"), QStringLiteral("nvidia-v100-sxm2-32gb")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject doc = readJson(dir_.filePath(QStringLiteral("v100.json")));
        const QJsonArray points = doc.value(QStringLiteral("points")).toArray();
        QCOMPARE(points.size(), 2); // the file's only level is DRAM, and it has two kernels
        struct Expected {
            const char* kernel;
            double flops, bytes, timeS;
        };
        const Expected expected[] = {
            // 2 x 550,502,400 + 220,200,960; 4 launches' bytes; 4,834,766 cycles at 1.309 GHz
            {"ij_deriv_kernel(", 1321205760, 2763841248, 3.6924e-3},
            // 2 x 110,100,480 + 110,100,480 + 110,100,480; 5,548,059 cycles at 1.310 GHz
            {"add_i_col_times_ij_block_kernel(", 440401920, 3567138368, 4.2355e-3},
        };
        for (int i = 0; i < 2; ++i) {
            const QJsonObject p = points[i].toObject();
            QVERIFY(p.value(QStringLiteral("record")).toString().startsWith(expected[i].kernel));
            QCOMPARE(p.value(QStringLiteral("flops")).toDouble(), expected[i].flops);
            QCOMPARE(p.value(QStringLiteral("bytes")).toDouble(), expected[i].bytes);
            QVERIFY(std::abs(p.value(QStringLiteral("time_s")).toDouble() - expected[i].timeS) <
                    1e-7);
            QCOMPARE(p.value(QStringLiteral("precision")).toString(), QStringLiteral("fp64"));
            QCOMPARE(p.value(QStringLiteral("device")).toString(),
                     QStringLiteral("nvidia-v100-sxm2-32gb"));
            // Both are far below the V100's ridge (7.8 TFLOP/s over 900 GB/s, 8.7 FLOP/B).
            QCOMPARE(p.value(QStringLiteral("bottleneck")).toString(), QStringLiteral("memory"));
        }
    }

    void aNamedGpuNeedsNoDevice() {
        const Run r = exportTo({kRawUnits}, QStringLiteral("raw.json"),
                               {QStringLiteral("--view"), QStringLiteral("hierarchical")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(!r.err.contains(QStringLiteral("no roofs")), qPrintable(r.err));
        const QJsonObject doc = readJson(dir_.filePath(QStringLiteral("raw.json")));
        const QJsonArray points = doc.value(QStringLiteral("points")).toArray();
        // The catalog's A100 lists no L2 bandwidth: the L2 bytes have no roof to be drawn under.
        QCOMPARE(points.size(), 1);
        QCOMPARE(points[0].toObject().value(QStringLiteral("device")).toString(), kA100);
    }

    // ERT's L2 figure gives the export's L2 bytes a roof; its measured FP32 rate and DRAM
    // bandwidth replace the datasheet's.
    void ertCeilingsAddTheLevelsTheyMeasured() {
        const Run r = exportTo({kRawUnits}, QStringLiteral("ert.json"),
                               {QStringLiteral("--view"), QStringLiteral("hierarchical"),
                                QStringLiteral("--ceilings"), kErtGpu});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QJsonObject doc = readJson(dir_.filePath(QStringLiteral("ert.json")));
        const QJsonArray points = doc.value(QStringLiteral("points")).toArray();
        QCOMPARE(points.size(), 2);
        const QJsonObject l2 = points[0].toObject(), dram = points[1].toObject();
        QCOMPARE(l2.value(QStringLiteral("memory_level")).toString(), QStringLiteral("l2"));
        QCOMPARE(dram.value(QStringLiteral("memory_level")).toString(), QStringLiteral("dram"));
        // 16,000,004,000 FLOP over the 8 MB crossing L2 and the 4 MB reaching DRAM.
        QCOMPARE(l2.value(QStringLiteral("intensity_flop_per_byte")).toDouble(), 2000.0005);
        QCOMPARE(dram.value(QStringLiteral("intensity_flop_per_byte")).toDouble(), 4000.001);
        // Both above ERT's ridges (18.5 TFLOP/s over 4.5 TB/s, and over 1.4 TB/s): the roof is
        // its measured FP32 rate, not the datasheet's 19.5 TFLOP/s.
        QCOMPARE(l2.value(QStringLiteral("roof_flop_per_s")).toDouble(), 18.5e12);
        QJsonObject device;
        QVERIFY(deviceOf(doc, kA100, device));
        QStringList measured;
        for (const auto& m : device.value(QStringLiteral("memory")).toArray())
            if (m.toObject().value(QStringLiteral("provenance")).toObject().value("kind") ==
                QStringLiteral("measured"))
                measured << m.toObject().value(QStringLiteral("level")).toString();
        QCOMPARE(measured, (QStringList{"l1", "l2", "dram"}));
    }

    void nvbandwidthOfAnotherGpuIsRefusedUnlessNamed() {
        // four_gpus.txt lists four H100s; the trace ran on an A100.
        const Run refused = exportTo({kTrace}, QStringLiteral("nvb.json"),
                                     {QStringLiteral("--ceilings"), kNvbandwidth});
        QCOMPARE(refused.exitCode, 2);
        QVERIFY2(refused.err.contains(QStringLiteral("measured on NVIDIA H100 80GB HBM3")) &&
                     refused.err.contains(QStringLiteral("FILE@ID")),
                 qPrintable(refused.err));
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("nvb.json"))));

        const Run named = exportTo({kTrace}, QStringLiteral("nvb.json"),
                                   {QStringLiteral("--ceilings"), kNvbandwidth + "@" + kA100});
        QVERIFY2(named.exitCode == 0, qPrintable(named.err));
        QJsonObject device;
        QVERIFY(deviceOf(readJson(dir_.filePath(QStringLiteral("nvb.json"))), kA100, device));
        double h2d = 0;
        for (const auto& l : device.value(QStringLiteral("links")).toArray())
            if (l.toObject().value(QStringLiteral("link")) == QStringLiteral("pcie_h2d"))
                h2d = l.toObject().value(QStringLiteral("bytes_per_s")).toDouble();
        QVERIFY(std::abs(h2d - 54.90e9) <
                1e3); // the slowest of the four GPUs' copy-engine host-to-device cells
    }

    void aCeilingsFileIsNoInput() {
        const Run r = exportTo({kErtGpu}, QStringLiteral("ert-input.csv"), {});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains(kErtGpu + QStringLiteral(": ERT roofline.json: export reads")) &&
                     r.err.contains(QStringLiteral("--ceilings FILE[@ID]")),
                 qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliExportMeasured)
#include "test_cli_export_measured.moc"
