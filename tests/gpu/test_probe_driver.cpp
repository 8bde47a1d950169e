// The real roofscope-probe, run as the GUI and `roofscope probe` run it: the plan, the event
// stream, the file it writes, exit statuses, Cancel and the time limit.
#include "core/ceilings_file.h"
#include "core/probe_events.h"
#include "core/text_file.h"
#include "gpu/cuda/cuda_probe.h"

#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

struct Run {
    int exitCode = -1;
    std::vector<ProbeEvent> events;
    QString err;
};

std::vector<ProbeEvent> parseAll(const QByteArray& out) {
    std::vector<ProbeEvent> events;
    std::int64_t n = 0;
    for (const auto& line : out.split('\n')) {
        ++n;
        if (line.trimmed().isEmpty())
            continue;
        auto e = parseProbeEvent(line.toStdString(), n, "stdout");
        if (!e)
            qWarning("%s", e.error().toString().c_str());
        else
            events.push_back(std::move(e).value());
    }
    return events;
}

Run runProbe(const QStringList& args) {
    QProcess p;
    p.start(ROOFSCOPE_PROBE_BINARY, args);
    Run r;
    if (!p.waitForFinished(50000)) {
        p.kill();
        p.waitForFinished();
        return r;
    }
    r.exitCode = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -2;
    r.events = parseAll(p.readAllStandardOutput());
    r.err = QString::fromUtf8(p.readAllStandardError());
    return r;
}

const ProbeEvent* first(const std::vector<ProbeEvent>& events, ProbeEventType type) {
    for (const auto& e : events)
        if (e.type == type)
            return &e;
    return nullptr;
}

} // namespace

class TestProbeDriver : public QObject {
    Q_OBJECT

  private slots:
    void listsThePlanWithoutRunning() {
        const Run r = runProbe({"--list", "--cpu"});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(!r.events.empty());
        const ProbeEvent& hello = r.events.front();
        QVERIFY(hello.type == ProbeEventType::hello);
        QVERIFY(hello.message.starts_with("roofscope-probe "));
        QStringList keys;
        for (const auto& p : hello.plan) {
            keys << QString::fromStdString(p.key);
            QCOMPARE(QString::fromStdString(p.target), QString("cpu"));
            QVERIFY(!p.title.empty());
        }
        QCOMPARE(keys, QStringList({"cpu_triad", "cpu_fma_fp64", "cpu_fma_fp32"}));
        QCOMPARE(hello.targets.size(), std::size_t(1));
        QVERIFY(!hello.targets.front().name.empty());
        QVERIFY(!first(r.events, ProbeEventType::started));
    }

    void measuresAndWritesTheCeilingsFile() {
        QTemporaryDir dir;
        const QString file = dir.filePath("cpu.json");
        const Run r = runProbe({"--cpu", "--quick", "--only", "cpu_fma_fp64", "-o", file});
        QCOMPARE(r.exitCode, 0);
        QStringList sequence;
        for (const auto& e : r.events)
            if (e.type != ProbeEventType::progress && e.type != ProbeEventType::observation)
                sequence << QString::fromStdString(std::string(toString(e.type)));
        QCOMPARE(sequence, QStringList({"hello", "started", "result", "done"}));
        const ProbeEvent* result = first(r.events, ProbeEventType::result);
        QVERIFY(std::get<ComputeKey>(result->what) ==
                (ComputeKey{Precision::fp64, ComputeUnit::vector}));
        QVERIFY(result->ceiling.value > 0);
        const ProbeEvent& done = r.events.back();
        QVERIFY(done.status == ProbeRunStatus::ok);
        QCOMPARE(QString::fromStdString(done.output), file);
        // Progress never goes backwards and ends at 1.
        double last = 0;
        for (const auto& e : r.events)
            if (e.type == ProbeEventType::progress) {
                QVERIFY(e.fraction >= last);
                last = e.fraction;
            }
        QCOMPARE(last, 1.0);

        const auto devices = readCeilingsFile(file.toStdString());
        QVERIFY2(devices.ok(), devices.ok() ? "" : devices.error().toString().c_str());
        QCOMPARE(devices.value().size(), std::size_t(1));
        const Device& cpu = devices.value().front();
        QVERIFY(cpu.kind == DeviceKind::cpu);
        QVERIFY(cpu.id.find("-measured") != std::string::npos);
        QVERIFY(QString::fromStdString(cpu.name).contains("(measured 20"));
        QVERIFY(!cpu.identity.host.empty());
        QVERIFY(cpu.identity.threads >= 1);
        const auto ceiling = cpu.ceilings.computeFor(Precision::fp64, false);
        QVERIFY(ceiling.has_value());
        QCOMPARE(ceiling->value, result->ceiling.value);
        QVERIFY(ceiling->provenance.kind == ProvenanceKind::measured);
        QVERIFY(ceiling->provenance.tool.starts_with("roofscope-probe"));
        QVERIFY(ceiling->provenance.samples > 0);
        // The run's details travel with the file.
        const auto text = readTextFile(file.toStdString());
        QVERIFY(text.ok());
        QVERIFY(text.value().find("\"probe\"") != std::string::npos);
        QVERIFY(text.value().find("\"cpu_fma_fp64\"") != std::string::npos);
    }

    void usageErrorsExitWithTwo_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("bad gpu") << QStringList{"--gpu", "x"} << "'x' is not a device number";
        QTest::newRow("unknown option") << QStringList{"--frobnicate"} << "--frobnicate";
        QTest::newRow("no such gpu") << QStringList{"--gpu", "9999", "--list"} << "9999";
    }
    void usageErrorsExitWithTwo() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        if (args.contains("9999") && !probe::listGpus().ok())
            QSKIP("no GPU here: --gpu 9999 is a missing GPU (exit 3), tested below");
        const Run r = runProbe(args);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
    }

    void missingGpuIsItsOwnExitStatus() {
        const auto gpus = probe::listGpus();
        if (gpus.ok())
            QSKIP("this machine has a GPU");
        QTemporaryDir dir;
        const Run r = runProbe({"--gpu", "0", "--cpu", "--quick", "--only", "cpu_fma_fp32", "-o",
                                dir.filePath("x.json")});
        QCOMPARE(r.exitCode, 3);
        const ProbeEvent* warning = first(r.events, ProbeEventType::warning);
        QVERIFY(warning);
        QVERIFY2(QString::fromStdString(warning->message).startsWith("no GPU probed: "),
                 warning->message.c_str());
        // One line, the reason in it.
        QVERIFY(warning->message.find('\n') == std::string::npos);
        QVERIFY(first(r.events, ProbeEventType::result)); // the CPU part ran
    }

    void timeLimitSkipsTheRest() {
        QTemporaryDir dir;
        const Run r = runProbe({"--cpu", "--quick", "--time-limit", "0.001", "--only",
                                "cpu_fma_fp64,cpu_fma_fp32", "-o", dir.filePath("x.json")});
        QCOMPARE(r.exitCode, 4);
        const ProbeEvent* skipped = first(r.events, ProbeEventType::skipped);
        QVERIFY(skipped);
        QCOMPARE(QString::fromStdString(skipped->message), QString("time limit reached"));
        QVERIFY(r.events.back().status == ProbeRunStatus::partial);
    }

    void terminateKeepsWhatWasMeasured() {
        QTemporaryDir dir;
        const QString file = dir.filePath("partial.json");
        QProcess p;
        // Thorough: the second benchmark runs long enough to be stopped in flight.
        p.start(ROOFSCOPE_PROBE_BINARY,
                {"--cpu", "--thorough", "--only", "cpu_fma_fp64,cpu_fma_fp32", "-o", file});
        QByteArray out;
        // Wait for the first result, then ask the probe to stop.
        QElapsedTimer timer;
        timer.start();
        while (!out.contains("\"result\"") && timer.elapsed() < 40000) {
            p.waitForReadyRead(200);
            out += p.readAllStandardOutput();
        }
        QVERIFY2(out.contains("\"result\""), out.constData());
        p.terminate();
        QVERIFY(p.waitForFinished(20000));
        out += p.readAllStandardOutput();
        QCOMPARE(p.exitStatus(), QProcess::NormalExit);
        QCOMPARE(p.exitCode(), 130);
        const auto events = parseAll(out);
        QVERIFY(events.back().type == ProbeEventType::done);
        QVERIFY(events.back().status == ProbeRunStatus::cancelled);
        const auto devices = readCeilingsFile(file.toStdString());
        QVERIFY2(devices.ok(), devices.ok() ? "" : devices.error().toString().c_str());
        QVERIFY(devices.value().front().ceilings.computeFor(Precision::fp64, false).has_value());
    }
};

QTEST_GUILESS_MAIN(TestProbeDriver)
#include "test_probe_driver.moc"
