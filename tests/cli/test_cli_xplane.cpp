// XPlane profiles on the command line: `info` says what each GPU plane holds, `summarize` groups
// the kernels under their XLA ops on the GPU the plane's figures identify, with times and no
// FLOPs; `export` draws the sample's timeline. Figures from protoc's own decoding
// (tests/data/xplane/xspace_figures.py), not from Roofscope.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using summarize_test::Run;

namespace {

// tests/data/xplane/seed.txtpb: GPU 0 (gfx 9.4, 304 CUs, 192 GiB, 2.1 GHz: an MI300X) ran
// Im3d2Col (2 us) and a Cijk GEMM (5 us) of cudnn-conv.1, input_reduce_fusion (1 us) and a
// 4096-byte copy (1 us) on streams 7 and 9, in step 1; GPU 1 is a plane without lines.
const QString kSeed = QStringLiteral(ROOFSCOPE_TEST_DATA "/xplane/seed.xplane.pb");
const QString kConv =
    QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax06_mi300x_conv3d_legacy.xplane.pb");
const QString kTe = QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax_te_fused_attn.xplane.pb");

QJsonObject firstDataset(const QString& json) {
    return QJsonDocument::fromJson(json.toUtf8())
        .object()
        .value(QStringLiteral("datasets"))
        .toArray()
        .at(0)
        .toObject();
}

} // namespace

class TestCliXplane : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(dir_.isValid());
    }

    void infoSaysWhatEachGpuRan() {
        const Run r = runner_.runCommand({QStringLiteral("info"), kSeed});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(kSeed + ": XPlane profile (JAX / XLA), 3 planes, 2 GPU(s), "
                                          "host seed-host\n"
                                          "  GPU 0: AMD Instinct MI300X, 2.10 GHz\n"
                                          "    3 kernels, 8.00 µs; 1 copies and memsets, "
                                          "1.00 µs; 2 stream(s); 2 XLA op executions\n"
                                          "  GPU 1: GPU\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("no FLOP or byte figures")), qPrintable(r.out));
    }

    void infoOnTheSamples_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("line");
        QTest::newRow("conv3d: 25 kernels on GPU 7, 3.586493 ms")
            << kConv
            << "  GPU 7: AMD Instinct MI300X, 2.10 GHz, memory_bandwidth stat 2.66 TB/s\n"
               "    25 kernels, 3.59 ms";
        QTest::newRow("TE: 150 kernels on GPU 0, 12.133585 ms")
            << kTe
            << "  GPU 0: AMD Instinct MI355X, 2.40 GHz, memory_bandwidth stat 4.10 TB/s\n"
               "    150 kernels, 12.1 ms";
    }
    void infoOnTheSamples() {
        QFETCH(QString, file);
        QFETCH(QString, line);
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const Run r = runner_.runCommand({QStringLiteral("info"), file});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral(", 8 GPU(s)")), qPrintable(r.out));
        QVERIFY2(r.out.contains(line), qPrintable(r.out));
        // Both samples carry every program's HLO in /host:metadata (test_xplane_hlo checks the
        // figures).
        QVERIFY2(r.out.contains(QStringLiteral("HLO cost model (estimated): ")), qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("with their HLO module; FLOPs and bytes per op are "
                                               "estimated from the HLO")),
                 qPrintable(r.out));
    }

    void summarizeGroupsByXlaOp() {
        const Run r =
            runner_.runCommand({QStringLiteral("summarize"), kSeed, QStringLiteral("--group"),
                                QStringLiteral("op"), QStringLiteral("--json")});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(r.exitCode, 0);
        const QJsonObject file = firstDataset(r.out);
        QCOMPARE(file.value(QStringLiteral("kind")).toString(), QStringLiteral("xplane"));
        QCOMPARE(file.value(QStringLiteral("device")).toObject().value("id").toString(),
                 QStringLiteral("amd-mi300x"));
        const QJsonArray steps = file.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 1);
        QCOMPARE(steps.at(0).toObject().value("name").toString(), QStringLiteral("ProfilerStep#1"));
        // 2 + 5 + 1 us of kernels and 1 us of copy, none overlapping.
        QCOMPARE(steps.at(0).toObject().value("gpu_busy_s").toDouble(), 9e-6);
        const QJsonArray records = file.value(QStringLiteral("records")).toArray();
        QVERIFY(!records.isEmpty());
        double seconds = 0;
        bool conv = false;
        for (const QJsonValue& v : records) {
            const QJsonObject rec = v.toObject();
            seconds += rec.value(QStringLiteral("time_s")).toDouble();
            QCOMPARE(rec.value(QStringLiteral("flops_origin")).toString(),
                     QStringLiteral("absent"));
            conv =
                conv || (rec.value(QStringLiteral("name")).toString().startsWith("cudnn-conv.1") &&
                         rec.value(QStringLiteral("category")).toString() == "conv");
        }
        QVERIFY(qAbs(seconds - 9e-6) < 1e-15);
        QVERIFY2(conv, qPrintable(r.out));
    }

    // The TE sample's GPU (gfx950, 256 CUs, 2.4 GHz) is the catalog's MI355X: the summary binds
    // it without --device and bounds the records whose work the HLO gives on its roofs.
    void theTeSampleIsBoundedOnItsMi355x() {
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        const Run r =
            runner_.runCommand({QStringLiteral("summarize"), kTe, QStringLiteral("--json")});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(r.exitCode, 0);
        const QJsonObject file = firstDataset(r.out);
        QCOMPARE(file.value(QStringLiteral("device")).toObject().value("id").toString(),
                 QStringLiteral("amd-mi355x"));
        for (const QJsonValue& w : file.value(QStringLiteral("warnings")).toArray())
            QVERIFY2(!w.toString().contains(QStringLiteral("not in the catalog")),
                     qPrintable(w.toString()));
        // The bf16 GEMMs run at 384 to 1120 FLOP per DRAM byte, above the MI355X's bf16 ridge
        // (2516.6 TFLOP/s / 8 TB/s = 315 FLOP/B): compute-bound.
        int bounded = 0, gemms = 0;
        for (const QJsonValue& v : file.value(QStringLiteral("records")).toArray()) {
            const QJsonObject rec = v.toObject();
            const QString bottleneck = rec.value(QStringLiteral("bottleneck")).toString();
            if (bottleneck != "none")
                ++bounded;
            if (rec.value(QStringLiteral("category")).toString() == "gemm" &&
                rec.value(QStringLiteral("flops_origin")).toString() == "estimated") {
                ++gemms;
                QCOMPARE(bottleneck, QStringLiteral("compute"));
            }
        }
        QVERIFY2(bounded > 0 && gemms > 0, qPrintable(r.out.left(4000)));
    }

    // The conv3d sample's work ran on two of its eight GPUs (figures from protoc's decoding,
    // infoOnTheSamples_data and xspace_figures.py): GPU 0 53 copies of 889.028 us, GPU 7 25
    // kernels of 3.586493 ms. The summary names both ranks and gives each its own step, so that
    // the steps account for every launch of the records.
    void aFileOfSeveralRanksListsEachRanksSteps() {
        if (!QFile::exists(kConv))
            QSKIP("../shared/samples is not present");
        const Run json =
            runner_.runCommand({QStringLiteral("summarize"), kConv, QStringLiteral("--group"),
                                QStringLiteral("launch"), QStringLiteral("--json")});
        if (json.exitCode != 0 && json.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(json.exitCode, 0);
        const QJsonObject file = firstDataset(json.out);
        const QJsonArray steps = file.value(QStringLiteral("steps")).toArray();
        QCOMPARE(steps.size(), 2);
        QCOMPARE(steps.at(0).toObject().value("rank").toInt(), 0);
        QCOMPARE(steps.at(0).toObject().value("launches").toInt(), 53);
        QVERIFY(qAbs(steps.at(0).toObject().value("gpu_busy_s").toDouble() - 889.028e-6) < 1e-12);
        QCOMPARE(steps.at(1).toObject().value("rank").toInt(), 7);
        QCOMPARE(steps.at(1).toObject().value("launches").toInt(), 25);
        QCOMPARE(file.value(QStringLiteral("records")).toArray().size(), 53 + 25);
        const Run table = runner_.runCommand({QStringLiteral("summarize"), kConv});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains(QStringLiteral("XPlane profile, ranks 0 and 7 of 8, ")),
                 qPrintable(table.out));
        QVERIFY2(table.out.contains(QStringLiteral("\nRANK  STEP ")), qPrintable(table.out));
        QVERIFY2(table.out.contains(QStringLiteral("\nRANK  NAME (by kernel) ")),
                 qPrintable(table.out));
        QVERIFY2(table.out.contains(QStringLiteral("\n0     CopyDeviceToDevice ")),
                 qPrintable(table.out));
    }

    // The table names kernels as the window does: Composable Kernel's launchers
    // (ck_tile::kentry<..., FmhaFwdKernel<...>>) by their kernel type, not a cut of the template.
    void theTableNamesKernelsShort() {
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        const Run table = runner_.runCommand({QStringLiteral("summarize"), kTe});
        if (table.exitCode != 0 && table.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains(QStringLiteral("\nFmhaFwdKernel ")), qPrintable(table.out));
        QVERIFY2(table.out.contains(QStringLiteral("\nFmhaBwdDQDKDVKernel ")),
                 qPrintable(table.out));
        QVERIFY2(!table.out.contains(QStringLiteral("ck_tile::kentry")), qPrintable(table.out));
    }

    // A PNG loads the GUI module, which links core (and the XPlane schema) a second time into the
    // process: the schema must not be registered twice (xplane.proto, LITE_RUNTIME). The seed's
    // records have times and no FLOPs, so none is drawn, and the export says why.
    void aPngExportLoadsTheGuiModuleToo() {
        const QString out = dir_.filePath(QStringLiteral("seed.png"));
        const Run r =
            runner_.runCommand({QStringLiteral("export"), kSeed, QStringLiteral("-o"), out});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")) &&
            !r.err.contains(QStringLiteral("already exists")))
            QSKIP("this build has no protobuf");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY(QFile::exists(out));
        QVERIFY2(r.out.contains(QStringLiteral("0 point(s)")) &&
                     r.out.contains(QStringLiteral("4 of 4 records")),
                 qPrintable(r.out));
    }

    void exportDrawsTheTimelineOfBothGpus() {
        if (!QFile::exists(kConv))
            QSKIP("../shared/samples is not present");
        const QString out = dir_.filePath(QStringLiteral("xplane-timeline.json"));
        const Run r = runner_.runCommand({QStringLiteral("export"), kConv, QStringLiteral("--view"),
                                          QStringLiteral("timeline"), QStringLiteral("-o"), out});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // GPU 7's 25 kernels and GPU 0's 53 copies.
        QVERIFY2(r.out.contains(QStringLiteral("78 launches")), qPrintable(r.out));
    }

    // The MD-Roofline and the comparison of a JAX run, headless. The TE sample on its MI355X:
    // the attention forward kernels (FmhaFwdKernel, 10 launches: two calls of 5 executions,
    // 34,376,515,584 FLOP each, test_xplane_te_attention) are compute-bound at the bf16 matrix
    // roof, and the iteration gets a bound (a 20-FLOP integer convert once left it without).
    // Projected onto an MI300X, the iteration gets a predicted time.
    void exportDrawsMdAndComparisonViews() {
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        const QString md = dir_.filePath(QStringLiteral("te-md.json"));
        const Run r = runner_.runCommand({QStringLiteral("export"), kTe, QStringLiteral("--view"),
                                          QStringLiteral("md"), QStringLiteral("-o"), md});
        if (r.exitCode != 0 && r.err.contains(QStringLiteral("protobuf")))
            QSKIP("this build has no protobuf");
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("ceilings of AMD Instinct MI355X")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("Iteration (rank 0) as one point: ")) &&
                     r.out.contains(QStringLiteral("(O plane), bound ")),
                 qPrintable(r.out));
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        bool attention = false;
        for (const QJsonValue& v : doc.value(QStringLiteral("rows")).toArray()) {
            const QJsonObject row = v.toObject();
            if (!row.value(QStringLiteral("name"))
                     .toString()
                     .contains(QStringLiteral("FmhaFwdKernel<")))
                continue;
            attention = true;
            QCOMPARE(row.value(QStringLiteral("flops")).toDouble(), 10 * 34376515584.0);
            QCOMPARE(row.value(QStringLiteral("bottleneck")).toString(), QStringLiteral("compute"));
        }
        QVERIFY(attention);

        const QString compare = dir_.filePath(QStringLiteral("te-compare.json"));
        const Run c =
            runner_.runCommand({QStringLiteral("export"), kTe, QStringLiteral("--view"),
                                QStringLiteral("compare"), QStringLiteral("--project-onto"),
                                QStringLiteral("amd-mi300x"), QStringLiteral("-o"), compare});
        QVERIFY2(c.exitCode == 0, qPrintable(c.err));
        QVERIFY2(c.out.contains(QStringLiteral("Iteration 12.1 ms measured \u2192 ")),
                 qPrintable(c.out));
    }
};

QTEST_GUILESS_MAIN(TestCliXplane)
#include "test_cli_xplane.moc"
