// `roofscope probe`: runs the probe found beside roofscope, shows its progress and prints the
// ceilings as a table; a missing, dying or babbling probe is reported, never trusted.
#include <QFile>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

namespace {

struct Run {
    int exitCode = -1;
    QString out;
    QString err;
};

Run roofscope(const QStringList& args, const QString& probe = {}) {
    QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
    env.insert("QT_QPA_PLATFORM", "offscreen");
    if (!probe.isEmpty())
        env.insert("ROOFSCOPE_PROBE", probe);
    else
        env.remove("ROOFSCOPE_PROBE");
    QProcess p;
    p.setProcessEnvironment(env);
    p.start(ROOFSCOPE_BINARY, QStringList{"probe"} + args);
    Run r;
    if (!p.waitForFinished(50000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.out = QString::fromUtf8(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

// A stand-in probe: a shell script printing `lines` and exiting with `code`, or killing itself.
QString fakeProbe(const QTemporaryDir& dir, const QStringList& lines, const QString& ending) {
    const QString path = dir.filePath("fake-probe");
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly))
        return {};
    QByteArray script = "#!/bin/sh\n";
    for (const auto& l : lines)
        script += "printf '%s\\n' '" + l.toUtf8() + "'\n";
    script += ending.toUtf8() + "\n";
    f.write(script);
    f.close();
    f.setPermissions(QFile::ReadOwner | QFile::WriteOwner | QFile::ExeOwner);
    return path;
}

const char* kHello = "{\"event\":\"hello\",\"schema\":\"roofscope.probe-events/1\",\"plan\":[],"
                     "\"targets\":[{\"target\":\"cpu\",\"name\":\"Test CPU\"}]}";
const char* kResult =
    "{\"event\":\"result\",\"benchmark\":\"cpu_triad\",\"target\":\"cpu\",\"ceiling\":{\"level\":"
    "\"dram\",\"bytes_per_s\":1.25e10,\"provenance\":{\"kind\":\"measured\",\"tool\":\"fake\","
    "\"method\":\"by hand\",\"samples\":7,\"spread\":0.05}}}";

} // namespace

class TestCliProbe : public QObject {
    Q_OBJECT

  private slots:
    void measuresTheCpuAndPrintsATable() {
        QTemporaryDir dir;
        const QString file = dir.filePath("cpu.json");
        const Run r = roofscope({"--cpu", "--quick", "--only", "cpu_fma_fp64", "-o", file});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains("[1/1] cpu_fma_fp64 on cpu"), qPrintable(r.out));
        QVERIFY2(r.out.contains(QRegularExpression("fp64 vector\\s+[0-9.]+ [GT]?FLOP/s")),
                 qPrintable(r.out));
        QVERIFY(r.out.contains("ceilings written to " + file));
        QVERIFY(QFile::exists(file));
    }

    void helpDescribesTheCommand() {
        const Run r = roofscope({"--help"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("usage: roofscope probe"));
    }

    void missingProbeIsNamed() {
        const Run r = roofscope({"--cpu"}, "/nonexistent/roofscope-probe");
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.contains("roofscope-probe was not found"), qPrintable(r.err));
        QVERIFY(r.err.contains("/nonexistent/roofscope-probe"));
    }

    void childOutcomes_data() {
        QTest::addColumn<QStringList>("lines");
        QTest::addColumn<QString>("ending");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("inOut");
        QTest::addColumn<QString>("inErr");
        QTest::newRow("garbage is reported with its line")
            << QStringList{kHello, "Segmentation fault (core dumped)", kResult,
                           "{\"event\":\"done\",\"status\":\"ok\"}"}
            << "exit 0" << 0 << "roofscope-probe stdout:2: not a JSON line"
            << "";
        QTest::newRow("a crash keeps what was reported")
            << QStringList{kHello, kResult} << "kill -SEGV $$" << 1 << "12.5 GB/s"
            << "died of signal 11";
        QTest::newRow("the probe's exit status passes through")
            << QStringList{kHello, kResult, "{\"event\":\"done\",\"status\":\"partial\"}"}
            << "exit 4" << 4 << "Run partial"
            << "";
    }
    void childOutcomes() {
        QFETCH(QStringList, lines);
        QFETCH(QString, ending);
        QTemporaryDir dir;
        const Run r = roofscope({}, fakeProbe(dir, lines, ending));
        QTEST(r.exitCode, "exitCode");
        QFETCH(QString, inOut);
        QFETCH(QString, inErr);
        QVERIFY2(r.out.contains(inOut), qPrintable(r.out));
        QVERIFY2(r.err.contains(inErr), qPrintable(r.err));
        QVERIFY2(r.out.contains("cpu (Test CPU)"), qPrintable(r.out));
        QVERIFY(r.out.contains("memory dram"));
    }
};

QTEST_GUILESS_MAIN(TestCliProbe)
#include "test_cli_probe.moc"
