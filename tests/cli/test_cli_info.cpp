// `roofscope info` as a user runs it: sessions, ceilings files, several files at once, damaged and
// missing files, Nsight Compute exports and the sources of every ceiling.
#include "core/ceilings_file.h"
#include "core/session_file.h"
#include "tests/cli/cli_harness.h"

#include <QDir>
#include <QFile>
#include <QJsonDocument>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;
using cli_test::Run;
using cli_test::testSession;

class TestCliInfo : public QObject {
    Q_OBJECT

    cli_test::Hermetic h_;

    Run run(const QStringList& args) const { return h_.run(args); }

  private slots:
    void initTestCase() { QVERIFY(h_.init()); }

    void infoDescribesASession() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("run.roofscope"));
        QVERIFY(writeSessionFile(path.toStdString(), testSession()).ok());
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        const QStringList expected{
            path + QStringLiteral(": Roofscope session, format version 2\n2 device(s):\n"),
            QStringLiteral("\n  cli-gpu-a  CLI GPU A (gpu, Acme)\n"),
            QStringLiteral("\n  cli-gpu-b  CLI GPU B (gpu, Acme)\n"),
            QStringLiteral("    fp16 tensor: 500 TFLOP/s  [spec, https://acme/x]\n"),
            QStringLiteral("    dram: 2.00 TB/s  [measured by roofscope-probe 0.1.0 (triad sweep, "
                           "4 GiB), 2024-07-01, 20 samples, spread "),
            QStringLiteral("\n1 dataset(s):\n  cli run one: 3 records on cli-gpu-a, rank 1/4, "),
            QStringLiteral("3.00 GFLOP in 3.00 ms (3 timed)\n"),
            QStringLiteral("\nview: roofline, 1 selected record(s)\n")};
        for (const QString& fragment : expected)
            QVERIFY2(r.out.contains(fragment), qPrintable(r.out + "\nlacks: " + fragment));
    }

    void infoDescribesCeilings() {
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/ceilings-v1.json");
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString());
        QVERIFY2(r.out.startsWith(path + QStringLiteral(": Roofscope ceilings, format version 1, 2 "
                                                        "device(s)\n")),
                 qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral("\n  fixture-accel  Fixture Accelerator (asic, Roofscope "
                                          "tests)\n")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("\n  fixture-cpu  Fixture CPU (cpu, ")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("measured by likwid-bench 5.3 (load, 32 MiB)")),
                 qPrintable(r.out));
    }

    void infoOnSeveralFiles() {
        // Every file is described; one bad file makes the exit code 1 but does not stop the rest.
        const QString good = QStringLiteral(ROOFSCOPE_TEST_DATA "/ceilings-v1.json");
        const QString bad = QStringLiteral(ROOFSCOPE_TEST_DATA "/no-such-file.roofscope");
        const QString session = QStringLiteral(ROOFSCOPE_TEST_DATA "/session-v1.roofscope");
        const Run r = run({QStringLiteral("info"), good, bad, session});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.out.startsWith(good + QStringLiteral(": Roofscope ceilings")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(session + QStringLiteral(": Roofscope session")),
                 qPrintable(r.out));
        QCOMPARE(r.err, QStringLiteral("roofscope info: ") + bad +
                            QStringLiteral(": cannot open: No such file or directory\n"));
    }

    void infoOnDamagedFiles_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected"); // after "roofscope info: <path>"
        QTest::newRow("invalid JSON")
            << QByteArray("{\n  \"format\": \"roofscope-session\",\n  \"version\": 1,\n"
                          "  \"devices\": [],\n  \"datasets\": [,]\n}\n")
            << ":5:16: invalid JSON: ";
        QTest::newRow("wrong type")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1, \"devices\": [], "
                          "\"datasets\": [{\"context\": {}, \"records\": [{\"name\": \"k\", "
                          "\"time_s\": {\"value\": \"slow\", \"origin\": \"measured\"}}]}]}")
            << ": at /datasets/0/records/0/time_s/value: expected a number, found string";
        QTest::newRow("newer ceilings")
            << QByteArray("{\"format\": \"roofscope-ceilings\", \"version\": 7, \"devices\": []}")
            << ": at /version: written by a newer Roofscope: ceilings format version 7";
        QTest::newRow("empty") << QByteArray() << ": unrecognised file";
        QTest::newRow("other JSON") << QByteArray("{\"somethingElse\": []}")
                                    << ": unrecognised file: expected a Roofscope session";
    }
    void infoOnDamagedFiles() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("damaged.roofscope"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(content);
        f.close();
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("roofscope info: ") + path + expected),
                 qPrintable(r.err));
        QCOMPARE(r.err.count(QLatin1Char('\n')), 1);
        QCOMPARE(r.out, QString());
    }

    void infoOnTheDamagedFixture() {
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/corrupt-session.roofscope");
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith(QStringLiteral("roofscope info: ") + path +
                                  QStringLiteral(":5:16: invalid JSON: ")),
                 qPrintable(r.err));
    }

    void infoOnAMissingFileOrADirectory_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("expected");
        QTest::newRow("missing") << "missing.roofscope"
                                 << ": cannot open: No such file or directory";
        QTest::newRow("directory") << "folder"
                                   << ": is a directory, not a regular file";
    }
    void infoOnAMissingFileOrADirectory() {
        QFETCH(QString, name);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder")));
        const QString path = dir.filePath(name);
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QCOMPARE(r.err, QStringLiteral("roofscope info: ") + path + expected + QLatin1Char('\n'));
        QCOMPARE(r.out, QString());
    }

    void infoOnNsightComputeCsv() {
        const QString sample =
            QStringLiteral(ROOFSCOPE_SAMPLES "/ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv");
        if (!QFile::exists(sample))
            QSKIP("../shared/samples is not present");
        const Run r = run({"info", sample});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(sample + ": Nsight Compute CSV (long page), 8 launch(es) of 2 "
                                           "kernel(s)\n  ij_deriv_kernel(int, int, int,"),
                 qPrintable(r.out));
        // The NERSC figures of this export: 0.48 FLOP/B, 358 GFLOP/s, about 748 GB/s.
        QVERIFY2(r.out.contains("\n    358 GFLOP/s at 0.478 FLOP/B (dram), 749 GB/s\n"),
                 qPrintable(r.out));
    }

    void infoOnATruncatedNsightComputeCsv() {
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/truncated.csv");
        const Run r = run({"info", path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith("roofscope info: " + path + ":5:25: "), qPrintable(r.err));
    }

    void infoOnCeilingSources_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<bool>("sample");
        QTest::addColumn<QStringList>("expected");
        QTest::newRow("nccl-tests text (sample)")
            << QStringLiteral(ROOFSCOPE_SAMPLES
                              "/nccl-tests_all_reduce_perf_2x_p5.48xlarge_16xH100.txt")
            << true
            << QStringList{": nccl-tests all_reduce, 32 sizes, 16 ranks (inferred",
                           "busbw 487 GB/s",
                           "  ceiling: 487 GB/s on a link the file does not name"};
        QTest::newRow("nccl-tests JSON")
            << QStringLiteral(ROOFSCOPE_TEST_DATA "/nccl/all_reduce.json") << false
            << QStringList{": nccl-tests all_reduce, 2 sizes, 2 ranks on 2 host(s)",
                           "  ceiling: 83.9 GB/s on inter_node  [measured by nccl-tests"};
        QTest::newRow("ERT (sample)")
            << QStringLiteral(ROOFSCOPE_SAMPLES "/ert_roofline_titan_k20x_gpu.json") << true
            << QStringList{": Empirical Roofline Toolkit result", "fp64 vector: 1.23 TFLOP/s",
                           "l1: 559 GB/s", "dram: 161 GB/s  [measured by ERT 1.1.0"};
        QTest::newRow("nvbandwidth")
            << QStringLiteral(ROOFSCOPE_TEST_DATA "/nvbandwidth/four_gpus.txt") << false
            << QStringList{": nvbandwidth result", "pcie_h2d: 54.9 GB/s", "p2p: 401 GB/s"};
    }
    void infoOnCeilingSources() {
        QFETCH(QString, path);
        QFETCH(bool, sample);
        QFETCH(QStringList, expected);
        if (sample && !QFile::exists(path))
            QSKIP("../shared/samples is not present");
        const Run r = run({"info", path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + ":"), qPrintable(r.out));
        for (const QString& fragment : expected)
            QVERIFY2(r.out.contains(fragment), qPrintable(r.out + "\nlacks: " + fragment));
    }
};

QTEST_GUILESS_MAIN(TestCliInfo)
#include "test_cli_info.moc"
