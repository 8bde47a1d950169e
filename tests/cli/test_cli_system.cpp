// The systems catalog on the command line: `roofscope devices --systems` lists it, and `export
// --system ID` puts the run's GPUs in a node or cloud instance whose bus bandwidth bounds the
// collectives, refusing a system of other GPUs with the systems that would fit.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QtTest>

using summarize_test::Run;

namespace {

const QString kTrace = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");
const QString kRank0 = QStringLiteral(ROOFSCOPE_SAMPLES "/kineto_ws128_sampled_rank-0.json.gz");
const QString kRank1 = QStringLiteral(ROOFSCOPE_SAMPLES "/kineto_ws128_sampled_rank-1.json.gz");
const QString kH100 = QStringLiteral("nvidia-h100-sxm5-80gb");

} // namespace

class TestCliSystem : public QObject {
    Q_OBJECT

    summarize_test::Runner runner_;
    QTemporaryDir out_;

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(out_.isValid());
    }

    void listsTheSystems() {
        const Run r = runner_.runCommand({QStringLiteral("devices"), QStringLiteral("--systems")});
        QCOMPARE(r.exitCode, 0);
        // Each with its GPU, the bus bandwidth within and across nodes and a dated price.
        QVERIFY2(r.out.contains(QRegularExpression(
                     QStringLiteral("aws-p5\\.48xlarge +AWS p5\\.48xlarge +cloud +"
                                    "nvidia-h100-sxm5-80gb +8 +450 GB/s +50\\.0 GB/s +"
                                    "[0-9]+\\.[0-9]{2} \\(20[0-9]{2}-[0-9]{2}-[0-9]{2}\\)"))),
                 qPrintable(r.out));
        QVERIFY(r.out.contains(QStringLiteral(" systems; bandwidth is nccl-tests bus bandwidth")));
    }

    void refused_data() {
        QTest::addColumn<QString>("system");
        QTest::addColumn<QString>("message");
        QTest::newRow("unknown") << "dgx-9000"
                                 << "unknown system 'dgx-9000' (see 'roofscope devices --systems'";
        // An A100 node cannot carry an H100 run; the H100's systems are named instead.
        QTest::newRow("other GPUs")
            << "nvidia-dgx-a100"
            << "system 'nvidia-dgx-a100' is built of nvidia-a100-sxm4-80gb, which no dataset runs "
               "on (they run on nvidia-h100-sxm5-80gb); systems of those: nvidia-dgx-h100, "
               "aws-p5.48xlarge";
    }
    void refused() {
        QFETCH(QString, system);
        QFETCH(QString, message);
        const Run r = runner_.runCommand(
            {QStringLiteral("export"), kTrace, QStringLiteral("--device"), kH100,
             QStringLiteral("--system"), system, QStringLiteral("--view"), QStringLiteral("md"),
             QStringLiteral("-o"), out_.filePath(QStringLiteral("refused.json"))});
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(message), qPrintable(r.err));
        QVERIFY(!QFile::exists(out_.filePath(QStringLiteral("refused.json"))));
    }

    // The 128-rank job's gradient all-reduce spans nodes: its bound is its bytes over the
    // system's inter-node bus bandwidth per GPU.
    void boundsCollectivesByTheSystem_data() {
        QTest::addColumn<QString>("system");
        QTest::addColumn<double>("busBytesPerS");
        QTest::newRow("AWS p5: 50 GB/s per GPU across nodes") << "aws-p5.48xlarge" << 50e9;
        QTest::newRow("GCP a3-highgpu: 12.5 GB/s per GPU") << "gcp-a3-highgpu-8g" << 12.5e9;
    }
    void boundsCollectivesByTheSystem() {
        QFETCH(QString, system);
        QFETCH(double, busBytesPerS);
        if (!QFile::exists(kRank0) || !QFile::exists(kRank1))
            QSKIP("the shared ws128 samples are not here");
        const QString path = out_.filePath(system + QStringLiteral(".json"));
        const Run r = runner_.runCommand(
            {QStringLiteral("export"), kRank0, kRank1, QStringLiteral("--device"), kH100,
             QStringLiteral("--system"), system, QStringLiteral("--view"), QStringLiteral("md"),
             QStringLiteral("-o"), path});
        QCOMPARE(r.exitCode, 0);
        QFile f(path);
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonArray rows = QJsonDocument::fromJson(f.readAll())["rows"].toArray();
        int collectives = 0;
        for (const auto& v : rows) {
            const QJsonObject row = v.toObject();
            // Copies are bounded by PCIe, whatever the system.
            if (row["category"].toString() != QStringLiteral("collective") ||
                row["bottleneck"].toString() != QStringLiteral("communication"))
                continue;
            ++collectives;
            const double expected = row["comm_bytes"].toDouble() / busBytesPerS;
            QVERIFY2(summarize_test::near(row["t_p_s"].toDouble(), expected, 1e-9),
                     qPrintable(row["name"].toString()));
        }
        QVERIFY(collectives > 0);
    }

    // summarize bounds the same way: in no system an inter-node collective has no ceiling.
    void summarizeTakesTheSystem_data() {
        QTest::addColumn<QString>("system");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("bottleneck");
        QTest::newRow("default: the H100's node") << QString() << 0 << "communication";
        QTest::newRow("a cloud instance") << "aws-p5.48xlarge" << 0 << "communication";
        QTest::newRow("none") << "none" << 0 << "none";
        QTest::newRow("unknown") << "dgx-9000" << 2 << QString();
    }
    void summarizeTakesTheSystem() {
        QFETCH(QString, system);
        QFETCH(int, exitCode);
        QFETCH(QString, bottleneck);
        if (!QFile::exists(kRank0))
            QSKIP("the shared ws128 samples are not here");
        QStringList args{kRank0, QStringLiteral("--device"), kH100, QStringLiteral("--json")};
        if (!system.isEmpty())
            args << QStringLiteral("--system") << system;
        const Run r = runner_.run(args);
        QCOMPARE(r.exitCode, exitCode);
        if (exitCode != 0) {
            QVERIFY(r.err.contains(QStringLiteral("unknown system 'dgx-9000'")));
            return;
        }
        const QJsonArray records =
            QJsonDocument::fromJson(r.out.toUtf8())["datasets"][0]["records"].toArray();
        int collectives = 0;
        for (const auto& v : records) {
            const QJsonObject record = v.toObject();
            if (record["category"].toString() == QStringLiteral("collective")) {
                ++collectives;
                QCOMPARE(record["bottleneck"].toString(), bottleneck);
            }
        }
        QVERIFY(collectives > 0);
    }
};

QTEST_GUILESS_MAIN(TestCliSystem)
#include "test_cli_system.moc"
