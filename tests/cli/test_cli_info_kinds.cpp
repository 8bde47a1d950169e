// `roofscope info` on the file kinds added with the trace importers: Kineto traces (plain and
// gzip, streamed, never read into one string) and nvbandwidth -j JSON.

#include "tests/support/summarize_runner.h"

#include <QtTest>

using summarize_test::Run;
using summarize_test::Runner;

class TestCliInfoKinds : public QObject {
    Q_OBJECT

  private slots:
    void kinetoTrace() {
        Runner runner;
        QVERIFY(runner.valid());
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");
        const Run r = runner.runCommand({QStringLiteral("info"), path});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + QStringLiteral(": Kineto trace (PyTorch profiler), "
                                                        "schema 1, rank 1 of 2 (nccl)\n")),
                 qPrintable(r.out));
        QVERIFY2(
            r.out.contains(QStringLiteral("device: NVIDIA A100-PG509-200 (GPU 0 of 1 listed)")),
            qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("events: 9 (1 CPU ops, 2 kernels, 1 memcpy/memset, "
                                               "1 runtime calls)")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("all_reduce over 2 ranks: 1 calls")),
                 qPrintable(r.out));
        QCOMPARE(r.err, QString());
    }

    void kinetoSampleGzip() {
        const QString path =
            QStringLiteral(ROOFSCOPE_SAMPLES "/kineto_a100_ddp_rank0of2_nccl.json.gz");
        if (!QFile::exists(path))
            QSKIP("samples absent");
        Runner runner;
        QVERIFY(runner.valid());
        const Run r = runner.runCommand({QStringLiteral("info"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("events: 40573 (14346 CPU ops, 2700 kernels, "
                                               "1074 memcpy/memset, 8740 runtime calls)")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("all_reduce over 2 ranks: 15 calls")),
                 qPrintable(r.out));
    }

    // Open MPI's --tag-output starts each line with "[1,0]<stdout>:", which once passed for a
    // Kineto trace's JSON array (of the numbers 1 and 0).
    void tagOutputIsTextNotAJsonArray() {
        Runner runner;
        QVERIFY(runner.valid());
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/nccl/openmpi_two_nodes.txt");
        const Run r = runner.runCommand({QStringLiteral("info"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + QStringLiteral(": nccl-tests all_reduce 2.13.8")),
                 qPrintable(r.out));
    }

    void nvbandwidthJson() {
        Runner runner;
        QVERIFY(runner.valid());
        const QString path = QStringLiteral(ROOFSCOPE_TEST_DATA "/nvbandwidth/four_gpus.json");
        const Run r = runner.runCommand({QStringLiteral("info"), path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.startsWith(path + QStringLiteral(": nvbandwidth result\n")),
                 qPrintable(r.out));
        QVERIFY2(r.out.contains(QStringLiteral("p2p: 401 GB/s")), qPrintable(r.out));
    }

    void damagedKinetoTrace() {
        Runner runner;
        QVERIFY(runner.valid());
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("bad.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"traceEvents\": [{\"ph\": \"X\",, \"ts\": 1}]}");
        f.close();
        const Run r = runner.runCommand({QStringLiteral("info"), path});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(
            r.err.startsWith(QStringLiteral("roofscope info: ") + path + QStringLiteral(": byte ")),
            qPrintable(r.err));
        QVERIFY2(r.err.contains(QStringLiteral("invalid JSON in traceEvents")), qPrintable(r.err));
    }
};

QTEST_GUILESS_MAIN(TestCliInfoKinds)
#include "test_cli_info_kinds.moc"
