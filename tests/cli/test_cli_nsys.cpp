// Nsight Systems SQLite exports on the command line: `info` counts each process's work,
// `summarize` bounds the records on the GPU the export names, `export` draws them and their
// timeline; the shared 2-GPU export is a job of two ranks.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using summarize_test::Run;

namespace {

// Written by tests/core/test_nsys_reader.cpp's madeExport(): one process, an aten::mm op range
// with sizes [[64, 32], [32, 16]] around the first of two GEMMs, a memset, a ProfilerStep#1.
const QString kMade = QStringLiteral(ROOFSCOPE_TEST_DATA "/nsys/made_step.sqlite");
const QString k2026 = QStringLiteral(ROOFSCOPE_SAMPLES "/nsys_2026.2_2gpu_nccl_mfu_before.sqlite");

} // namespace

class TestCliNsys : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;
    QTemporaryDir dir_;

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(dir_.isValid());
    }

    void infoCountsEachProcess() {
        const Run r = runner_.runCommand({QStringLiteral("info"), kMade});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(kMade + ": Nsight Systems export, 1 process(es) with GPU work\n"
                                          "  process 77: GPU 0, 1 stream(s)\n"
                                          "    2 kernels, 12.0 µs\n    1 memsets, 500 ns\n"),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("GPU 0: NVIDIA A100-SXM4-40GB")), qPrintable(r.out));
    }

    void summarizeBoundsTheOp() {
        const Run r =
            runner_.runCommand({QStringLiteral("summarize"), kMade, QStringLiteral("--group"),
                                QStringLiteral("op"), QStringLiteral("--json")});
        QCOMPARE(r.exitCode, 0);
        const QJsonObject doc = QJsonDocument::fromJson(r.out.toUtf8()).object();
        const QJsonObject file = doc.value(QStringLiteral("datasets")).toArray().at(0).toObject();
        QCOMPARE(file.value(QStringLiteral("kind")).toString(), QStringLiteral("nsys_sqlite"));
        QCOMPARE(file.value(QStringLiteral("device")).toObject().value("id").toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        QCOMPARE(file.value(QStringLiteral("steps")).toArray().size(), 1);
        const QJsonObject mm = file.value(QStringLiteral("records")).toArray().at(0).toObject();
        QVERIFY2(mm.value(QStringLiteral("name")).toString().startsWith(QStringLiteral("aten::mm")),
                 qPrintable(r.out));
        QCOMPARE(mm.value(QStringLiteral("flops")).toDouble(), 2.0 * 64 * 32 * 16);
        QCOMPARE(mm.value(QStringLiteral("time_s")).toDouble(), 10e-6);
        // fp32 operands and result: (64 x 32 + 32 x 16 + 64 x 16) x 4 B.
        QCOMPARE(mm.value(QStringLiteral("bytes")).toObject().value("dram").toDouble(), 14336.0);
    }

    void exportDrawsTheTimelineOfBothRanks() {
        if (!QFile::exists(k2026))
            QSKIP("../shared/samples is not present");
        const QString out = dir_.filePath(QStringLiteral("nsys-timeline.json"));
        const Run r = runner_.runCommand({QStringLiteral("export"), k2026, QStringLiteral("--view"),
                                          QStringLiteral("timeline"), QStringLiteral("-o"), out});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        // Both processes' kernels, copies and memsets: 4010 + 1020 + 269 rows of the tables
        // (SELECT count(*) of each), in the 300 ms the export was cut to.
        QVERIFY2(r.out.contains(QStringLiteral("5299 launches on 2 lanes of 2 ranks, span 300 ms")),
                 qPrintable(r.out));
        QFile f(out);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("roofscope.timeline/1"));
    }

    // The MD-Roofline and a projection of the 2-GPU export, headless, on the device the user
    // names (the export does not record its GPU's model). Its iteration is the slower rank's
    // GPU-busy time over the 300 ms cut, 274 ms (summarize's step table for rank 0).
    void exportDrawsMdAndComparisonViews() {
        if (!QFile::exists(k2026))
            QSKIP("../shared/samples is not present");
        const QString md = dir_.filePath(QStringLiteral("nsys-md.json"));
        const Run r =
            runner_.runCommand({QStringLiteral("export"), k2026, QStringLiteral("--device"),
                                QStringLiteral("nvidia-h100-sxm5-80gb"), QStringLiteral("--view"),
                                QStringLiteral("md"), QStringLiteral("-o"), md});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        QVERIFY2(r.out.contains(QStringLiteral("Dataset 'nsys_2026.2_2gpu_nccl_mfu_before.sqlite "
                                               "(2 ranks)', memory level dram, ceilings of NVIDIA "
                                               "H100 SXM5 80GB")),
                 qPrintable(r.out));
        QFile f(md);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(), QStringLiteral("roofscope.md/1"));
        QVERIFY(doc.value(QStringLiteral("rows")).toArray().size() > 2);

        const QString compare = dir_.filePath(QStringLiteral("nsys-compare.json"));
        const Run c = runner_.runCommand(
            {QStringLiteral("export"), k2026, QStringLiteral("--device"),
             QStringLiteral("nvidia-h100-sxm5-80gb"), QStringLiteral("--view"),
             QStringLiteral("compare"), QStringLiteral("--project-onto"),
             QStringLiteral("nvidia-a100-sxm4-80gb"), QStringLiteral("-o"), compare});
        QVERIFY2(c.exitCode == 0, qPrintable(c.err));
        QVERIFY2(c.out.contains(QStringLiteral("Iteration 274 ms measured \u2192 ")),
                 qPrintable(c.out));
    }
};

QTEST_GUILESS_MAIN(TestCliNsys)
#include "test_cli_nsys.moc"
