// `roofscope export --view timeline`: one step's launches headless, as the window's timeline
// shows them: a table of launches (CSV, JSON) and a figure, the step chosen or the typical one,
// and the errors named. On the A100 DDP sample the launches are counted independently (below).
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QImage>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

using summarize_test::Run;

namespace {

const QString kTrace = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");
const QString kSession = QStringLiteral(ROOFSCOPE_TEST_DATA "/session-v1.roofscope");

QString sample(const char* name) {
    const QString path = QStringLiteral(ROOFSCOPE_SAMPLES "/") + QLatin1String(name);
    return QFile::exists(path) ? path : QString();
}

QList<QByteArray> csvLines(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll().trimmed().split('\n') : QList<QByteArray>();
}

} // namespace

class TestCliExportTimeline : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;
    QTemporaryDir dir_;

    Run exportTo(const QStringList& inputs, const QString& name, const QStringList& extra) {
        return runner_.runCommand(QStringList{QStringLiteral("export")} + inputs +
                                  QStringList{QStringLiteral("-o"), dir_.filePath(name),
                                              QStringLiteral("--view"),
                                              QStringLiteral("timeline")} +
                                  extra);
    }

  private slots:
    void initTestCase() {
        QVERIFY(runner_.valid());
        QVERIFY(dir_.isValid());
    }

    // The fixture has no step markers: the whole trace is the step. Its three launches: the
    // addmm's sgemm and the H2D copy on stream 7, the all-reduce on stream 40.
    void launchesAsTable() {
        const Run csv = exportTo({kTrace}, QStringLiteral("t.csv"), {});
        QVERIFY2(csv.exitCode == 0, qPrintable(csv.err));
        QVERIFY2(csv.out.contains(QLatin1String("timeline, 3 launch(es)")), qPrintable(csv.out));
        QVERIFY2(csv.out.contains(QLatin1String("(whole trace) of 'modern.json': 3 launches on 2 "
                                                "lanes")),
                 qPrintable(csv.out));
        const QList<QByteArray> lines = csvLines(dir_.filePath(QStringLiteral("t.csv")));
        QCOMPARE(lines.size(), 4);
        QVERIFY(lines[0].startsWith("lane,rank,gpu,stream,start_s,duration_s,record,category"));
        QVERIFY2(lines[3].contains(",40,") && lines[3].contains("collective,communication"),
                 lines[3].constData());

        const Run json = exportTo({kTrace}, QStringLiteral("t.json"), {});
        QVERIFY2(json.exitCode == 0, qPrintable(json.err));
        QFile f(dir_.filePath(QStringLiteral("t.json")));
        QVERIFY(f.open(QIODevice::ReadOnly));
        const QJsonObject doc = QJsonDocument::fromJson(f.readAll()).object();
        QCOMPARE(doc.value(QStringLiteral("schema")).toString(),
                 QStringLiteral("roofscope.timeline/1"));
        QCOMPARE(doc.value(QStringLiteral("rows")).toArray().size(), 3);
    }

    void figure_data() {
        QTest::addColumn<QString>("coloring");
        QTest::newRow("category") << "category";
        QTest::newRow("bottleneck") << "bottleneck";
    }
    void figure() {
        QFETCH(QString, coloring);
        const Run png =
            exportTo({kTrace}, QStringLiteral("t.png"),
                     {QStringLiteral("--color-by"), coloring, QStringLiteral("--width"),
                      QStringLiteral("800"), QStringLiteral("--height"), QStringLiteral("400"),
                      QStringLiteral("--dpi"), QStringLiteral("96")});
        QVERIFY2(png.exitCode == 0, qPrintable(png.err));
        const QImage image(dir_.filePath(QStringLiteral("t.png")));
        QCOMPARE(image.size(), QSize(800, 400));
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 5)
            for (int x = 0; x < image.width(); x += 5)
                colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 4, qPrintable(QString::number(colours.size())));
    }

    void errorsNamed_data() {
        QTest::addColumn<QStringList>("inputs");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("says");
        QTest::newRow("no such step")
            << QStringList{kTrace} << QStringList{QStringLiteral("--step"), QStringLiteral("S#9")}
            << 2 << "--step S#9: no such step; the trace has (whole trace)";
        QTest::newRow("a session has no launches")
            << QStringList{kSession} << QStringList{} << 2 << "needs a trace (its launches)";
        QTest::newRow("colour unknown")
            << QStringList{kTrace} << QStringList{QStringLiteral("--color-by"), QStringLiteral("x")}
            << 2 << "--color-by needs category or bottleneck";
    }
    void errorsNamed() {
        QFETCH(QStringList, inputs);
        QFETCH(QStringList, extra);
        QFETCH(int, exitCode);
        QFETCH(QString, says);
        const Run r = exportTo(inputs, QStringLiteral("e.csv"), extra);
        QCOMPARE(r.exitCode, exitCode);
        QVERIFY2(r.err.contains(says), qPrintable(r.err));
        QVERIFY(!QFile::exists(dir_.filePath(QStringLiteral("e.csv"))));
    }

    void stepOptionsElsewhereWarn() {
        const Run r = runner_.runCommand({QStringLiteral("export"), kTrace, QStringLiteral("-o"),
                                          dir_.filePath(QStringLiteral("r.csv")),
                                          QStringLiteral("--step"), QStringLiteral("S#1")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.contains(QLatin1String("--step and --color-by are read by the timeline")),
                 qPrintable(r.err));
    }

    // Counted from the raw JSON with a script of its own (2026-12-03): GPU events (kernel,
    // gpu_memcpy, gpu_memset) whose runtime call, by correlation id, lies within the CPU
    // annotation ProfilerStep#4: 1258, of which 1251 on stream 7 and 7 (the all-reduces) on
    // stream 40.
    void realStepCountedIndependently() {
        const QString ddp = sample("kineto_a100_ddp_rank0of2_nccl.json.gz");
        if (ddp.isEmpty())
            QSKIP("samples absent");
        const Run r = exportTo({ddp}, QStringLiteral("ddp.csv"),
                               {QStringLiteral("--step"), QStringLiteral("ProfilerStep#4")});
        QVERIFY2(r.exitCode == 0, qPrintable(r.err));
        const QList<QByteArray> lines = csvLines(dir_.filePath(QStringLiteral("ddp.csv")));
        QCOMPARE(lines.size() - 1, 1258);
        int stream7 = 0, stream40 = 0;
        for (qsizetype i = 1; i < lines.size(); ++i) {
            const QList<QByteArray> cells = lines[i].split(',');
            stream7 += cells.value(3) == "7";
            stream40 += cells.value(3) == "40";
        }
        QCOMPARE(stream7, 1251);
        QCOMPARE(stream40, 7);
    }
};

QTEST_GUILESS_MAIN(TestCliExportTimeline)
#include "test_cli_export_timeline.moc"
