// ProbeRunner against the fake probe (tests/ui/fake_probe.cpp) in each of its modes: the events
// arrive in order, the outcome says how the run ended in words, partial results are kept when
// the child dies, lines that do not parse are reported with their number and the run goes on, a
// silent child is killed by the watchdog, and Cancel stops the child with its partial file.
#include "ui/probe_runner.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;
using roofscope::ui::ProbeEnd;
using roofscope::ui::ProbeOutcome;
using roofscope::ui::ProbeRunner;

Q_DECLARE_METATYPE(roofscope::ProbeRunStatus)
Q_DECLARE_METATYPE(roofscope::ui::ProbeEnd)

namespace {

// QCOMPARE cannot print core's enums (their toString gives a string_view): compare names.
template <class E> QByteArray nameOf(E value) {
    const std::string_view name = toString(value);
    return QByteArray(name.data(), qsizetype(name.size()));
}

const QString kFake = QStringLiteral(FAKE_PROBE_BINARY);

// Records everything a runner says.
struct Recorder {
    explicit Recorder(ProbeRunner& runner) {
        QObject::connect(&runner, &ProbeRunner::eventReceived,
                         [this](const ProbeEvent& e) { events.push_back(e); });
        QObject::connect(&runner, &ProbeRunner::finished, [this](const ProbeOutcome& o) {
            outcome = o;
            ++finishedCount;
        });
    }
    int count(ProbeEventType type) const {
        return int(std::count_if(events.begin(), events.end(),
                                 [&](const ProbeEvent& e) { return e.type == type; }));
    }
    bool sawProgressOf(const std::string& key) const {
        return std::any_of(events.begin(), events.end(), [&](const ProbeEvent& e) {
            return e.type == ProbeEventType::progress && e.benchmark == key;
        });
    }
    std::vector<ProbeEvent> events;
    ProbeOutcome outcome;
    int finishedCount = 0;
};

} // namespace

class TestProbeRunner : public QObject {
    Q_OBJECT

    QTemporaryDir dir_;
    QString output() const { return dir_.filePath(QStringLiteral("ceilings.json")); }

  private slots:
    void init() {
        QVERIFY(dir_.isValid());
        QFile::remove(output());
    }

    void modes_data() {
        QTest::addColumn<QByteArray>("mode");
        QTest::addColumn<ProbeRunStatus>("status");
        QTest::addColumn<ProbeEnd>("end");
        QTest::addColumn<int>("results");
        QTest::addColumn<int>("devices");
        QTest::addColumn<int>("exitCode");
        QTest::addColumn<QString>("message");
        QTest::newRow("ok") << QByteArray("ok") << ProbeRunStatus::ok << ProbeEnd::completed << 4
                            << 2 << 0 << QString();
        QTest::newRow("garbage") << QByteArray("garbage") << ProbeRunStatus::ok
                                 << ProbeEnd::completed << 4 << 2 << 0 << QString();
        QTest::newRow("crash") << QByteArray("crash") << ProbeRunStatus::partial
                               << ProbeEnd::crashed << 1 << 0 << -1
                               << QStringLiteral(
                                      "The probe crashed during cpu_fma: Aborted; results so far "
                                      "are kept.");
        QTest::newRow("no gpu") << QByteArray("nogpu") << ProbeRunStatus::partial
                                << ProbeEnd::completed << 3 << 1 << 3
                                << QStringLiteral("No GPU or GPU driver was available for the GPU "
                                                  "benchmarks; the CPU results are kept.");
    }

    void modes() {
        QFETCH(QByteArray, mode);
        QFETCH(ProbeRunStatus, status);
        QFETCH(ProbeEnd, end);
        QFETCH(int, results);
        QFETCH(int, devices);
        QFETCH(int, exitCode);
        QFETCH(QString, message);
        qputenv("FAKE_PROBE_MODE", mode);
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(runner.start(kFake, {QStringLiteral("-o"), output()}));
        QVERIFY(runner.isRunning());
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        QVERIFY(!runner.isRunning());
        const ProbeOutcome& o = seen.outcome;
        QCOMPARE(nameOf(o.status), nameOf(status));
        QCOMPARE(o.end, end);
        QCOMPARE(o.exitCode, exitCode);
        QCOMPARE(o.message, message);
        QCOMPARE(int(o.results.size()), results);
        QCOMPARE(seen.count(ProbeEventType::result), results);
        QCOMPARE(int(o.devices.size()), devices);
        QCOMPARE(o.ceilingsPath.isEmpty(), devices == 0);
        QCOMPARE(o.plan.size(), std::size_t(3));
        QVERIFY(!seen.events.empty());
        QCOMPARE(nameOf(seen.events.front().type), QByteArray("hello"));
        QCOMPARE(nameOf(seen.events.back().type),
                 QByteArray(end == ProbeEnd::completed ? "done" : "progress"));
        if (end == ProbeEnd::crashed) {
            QCOMPARE(o.lastBenchmark, QStringLiteral("cpu_fma"));
            QVERIFY2(o.stderrTail.contains(QStringLiteral("simulated fault in cpu_fma")),
                     qPrintable(o.stderrTail));
        }
        if (devices > 0) {
            QCOMPARE(o.devices.front().id, std::string("fake-cpu"));
            QCOMPARE(o.devices.front().ceilings.memory.at(MemoryLevel::dram).value, 85.3e9);
        }
    }

    void listGivesThePlanWithoutRunning() {
        qputenv("FAKE_PROBE_MODE", "crash"); // --list never runs a benchmark
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(runner.start(kFake, {QStringLiteral("--list")}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        QCOMPARE(nameOf(seen.outcome.status), QByteArray("ok"));
        QCOMPARE(seen.outcome.message, QString());
        QCOMPARE(seen.outcome.plan.size(), std::size_t(3));
        QVERIFY(seen.outcome.plan[2] ==
                (PlannedBenchmark{"gpu_memory", "GPU memory bandwidth", "gpu0"}));
        QCOMPARE(seen.outcome.targets.size(), std::size_t(2));
        QCOMPARE(seen.outcome.targets[1].name, std::string("Fake GPU 9000"));
        QCOMPARE(seen.events.size(), std::size_t(1));
    }

    void garbageIsReportedWithItsLineNumber() {
        qputenv("FAKE_PROBE_MODE", "garbage");
        ProbeRunner runner;
        Recorder seen(runner);
        QSignalSpy warnings(&runner, &ProbeRunner::warning);
        QVERIFY(runner.start(kFake, {QStringLiteral("-o"), output()}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        const QStringList& w = seen.outcome.warnings;
        QCOMPARE(w.size(), 3);
        QCOMPARE(warnings.count(), 3);
        QVERIFY2(w[0].startsWith(QStringLiteral("roofscope-probe stdout line 2: ")),
                 qPrintable(w[0]));
        QVERIFY2(w[1].startsWith(QStringLiteral("roofscope-probe stdout line 4: ")),
                 qPrintable(w[1]));
        QVERIFY2(w[1].contains(QStringLiteral("teleport")), qPrintable(w[1]));
        QVERIFY2(w[2].startsWith(QStringLiteral("roofscope-probe stdout line 6: ")),
                 qPrintable(w[2]));
        // The event sent in two pieces and the one ending in CRLF arrived whole.
        QCOMPARE(nameOf(seen.events[1].type), QByteArray("started"));
        QCOMPARE(seen.events[1].benchmark, std::string("cpu_triad"));
        QCOMPARE(nameOf(seen.events[2].type), QByteArray("result"));
        QCOMPARE(nameOf(seen.outcome.status), QByteArray("ok"));
    }

    void hangIsKilledByTheWatchdog() {
        qputenv("FAKE_PROBE_MODE", "hang");
        ProbeRunner runner;
        runner.setWatchdogMs(800);
        Recorder seen(runner);
        QElapsedTimer clock;
        clock.start();
        QVERIFY(runner.start(kFake, {QStringLiteral("-o"), output()}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        QVERIFY2(clock.elapsed() < 5000, qPrintable(QString::number(clock.elapsed())));
        QVERIFY(clock.elapsed() >= 800);
        QCOMPARE(seen.outcome.end, ProbeEnd::hung);
        QCOMPARE(nameOf(seen.outcome.status), QByteArray("failed")); // nothing measured before
        QCOMPARE(seen.outcome.lastBenchmark, QStringLiteral("cpu_triad"));
        QVERIFY2(seen.outcome.message.contains(QStringLiteral("hung during cpu_triad")),
                 qPrintable(seen.outcome.message));
    }

    void cancelKeepsThePartialFile() {
        qputenv("FAKE_PROBE_MODE", "slow");
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(runner.start(kFake, {QStringLiteral("-o"), output()}));
        QTRY_VERIFY_WITH_TIMEOUT(seen.sawProgressOf("cpu_fma"), 10000);
        QElapsedTimer clock;
        clock.start();
        runner.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        // SIGTERM was enough: the grace period did not run out.
        QVERIFY2(clock.elapsed() < ProbeRunner::kDefaultCancelGraceMs,
                 qPrintable(QString::number(clock.elapsed())));
        const ProbeOutcome& o = seen.outcome;
        QCOMPARE(nameOf(o.status), QByteArray("cancelled"));
        QCOMPARE(o.end, ProbeEnd::cancelled);
        QCOMPARE(o.exitCode, 130);
        QCOMPARE(o.results.size(), std::size_t(1));
        QCOMPARE(o.ceilingsPath, output());
        QCOMPARE(o.devices.size(), std::size_t(1));
        QCOMPARE(o.devices.front().ceilings.memory.size(), std::size_t(1));
        QCOMPARE(nameOf(seen.events.back().type), QByteArray("done"));
        QCOMPARE(nameOf(seen.events.back().status), QByteArray("cancelled"));
    }

    void childIgnoringSigtermIsKilledAfterTheGrace() {
        qputenv("FAKE_PROBE_MODE", "stubborn");
        ProbeRunner runner;
        runner.setCancelGraceMs(300);
        Recorder seen(runner);
        QVERIFY(runner.start(kFake, {QStringLiteral("-o"), output()}));
        QTRY_VERIFY_WITH_TIMEOUT(seen.sawProgressOf("cpu_fma"), 10000);
        runner.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 5000);
        const ProbeOutcome& o = seen.outcome;
        QCOMPARE(nameOf(o.status), QByteArray("cancelled"));
        QCOMPARE(o.end, ProbeEnd::cancelled);
        QVERIFY2(o.message.contains(QStringLiteral("was killed")), qPrintable(o.message));
        QCOMPARE(o.results.size(), std::size_t(1)); // kept although no file was written
        QVERIFY(o.ceilingsPath.isEmpty());
    }

    void missingProgramFailsInWords() {
        ProbeRunner runner;
        Recorder seen(runner);
        const QString missing = dir_.filePath(QStringLiteral("no-such-probe"));
        QVERIFY(runner.start(missing, {}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 5000);
        QCOMPARE(seen.outcome.end, ProbeEnd::failedToStart);
        QCOMPARE(nameOf(seen.outcome.status), QByteArray("failed"));
        QVERIFY2(seen.outcome.message.contains(missing), qPrintable(seen.outcome.message));
        QVERIFY(!runner.isRunning());
    }

    void oneRunAtATime() {
        qputenv("FAKE_PROBE_MODE", "slow");
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(runner.start(kFake, {}));
        QVERIFY(!runner.start(kFake, {}));
        runner.cancel();
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 10000);
        QVERIFY(runner.start(kFake, {QStringLiteral("--list")}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 2, 10000);
        QCOMPARE(nameOf(seen.outcome.status), QByteArray("ok"));
    }

    void destroyingTheRunnerEndsTheChild() {
        qputenv("FAKE_PROBE_MODE", "hang");
        auto runner = std::make_unique<ProbeRunner>();
        Recorder seen(*runner);
        QVERIFY(runner->start(kFake, {}));
        QTRY_VERIFY_WITH_TIMEOUT(!seen.events.empty(), 10000);
        QElapsedTimer clock;
        clock.start();
        runner.reset();
        QVERIFY(clock.elapsed() < 2000);
        QCOMPARE(seen.finishedCount, 0);
    }

    void realProbeListsItsPlan() {
        const QString probe = QStringLiteral(ROOFSCOPE_PROBE_BINARY);
        if (!QFileInfo(probe).isExecutable())
            QSKIP("roofscope-probe is not built");
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(runner.start(probe, {QStringLiteral("--list")}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 30000);
        QVERIFY2(seen.outcome.status == ProbeRunStatus::ok,
                 qPrintable(seen.outcome.message + QLatin1Char('\n') + seen.outcome.stderrTail +
                            QLatin1Char('\n') + seen.outcome.warnings.join(QLatin1Char('\n'))));
        QVERIFY(!seen.outcome.plan.empty());
        // The probe may warn (no GPU here); every line it wrote must have parsed.
        for (const QString& w : seen.outcome.warnings)
            QVERIFY2(!w.startsWith(QStringLiteral("roofscope-probe stdout")), qPrintable(w));
        for (const auto& p : seen.outcome.plan)
            QVERIFY2(!p.key.empty() && !p.target.empty(), p.key.c_str());
    }

    void realProbeMeasuresACpuPeak() {
        const QString probe = QStringLiteral(ROOFSCOPE_PROBE_BINARY);
        if (!QFileInfo(probe).isExecutable())
            QSKIP("roofscope-probe is not built");
        ProbeRunner runner;
        Recorder seen(runner);
        QVERIFY(
            runner.start(probe, {QStringLiteral("--quick"), QStringLiteral("--only"),
                                 QStringLiteral("cpu_fma_fp32"), QStringLiteral("-o"), output()}));
        QTRY_COMPARE_WITH_TIMEOUT(seen.finishedCount, 1, 30000);
        const ProbeOutcome& o = seen.outcome;
        QVERIFY2(o.status == ProbeRunStatus::ok,
                 qPrintable(o.message + QLatin1Char('\n') + o.stderrTail));
        QCOMPARE(o.results.size(), std::size_t(1));
        QCOMPARE(o.ceilingsPath, output());
        QCOMPARE(o.devices.size(), std::size_t(1));
        const ComputeKey fp32{Precision::fp32, ComputeUnit::vector};
        QVERIFY(o.devices.front().ceilings.compute.at(fp32).value > 0);
    }
};

QTEST_GUILESS_MAIN(TestProbeRunner)
#include "test_probe_runner.moc"
