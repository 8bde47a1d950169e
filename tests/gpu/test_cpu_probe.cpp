// The CPU probe end to end, on this machine: the device it describes, and each benchmark at
// Size::quick giving positive, verified, plausibly ordered ceilings, reporting progress in
// [0, 1] without going back, and stopping promptly when cancelled or out of time. The ordering
// checks allow for other processes sharing the cores: they compare best samples, and a run that
// other load spoilt is repeated (at most three times) before the check fails.
#include "gpu/cpu/cpu_probe.h"

#include <QtTest>

#include <algorithm>
#include <chrono>
#include <map>
#include <optional>

using namespace roofscope;
using namespace roofscope::probe;

namespace {

using Clock = std::chrono::steady_clock;

std::optional<Benchmark> benchmark(const std::string& key) {
    for (auto& b : cpuBenchmarks())
        if (b.key == key)
            return b;
    return std::nullopt;
}

struct Run {
    std::optional<Outcome> outcome;
    std::string error;
    std::vector<double> progress;
    double seconds = 0;
};

Run run(const std::string& key, Size size = Size::quick, double timeLimitS = 0,
        std::function<bool(const Run&)> cancelWhen = {}) {
    Run r;
    Context context;
    context.size = size;
    context.timeLimitS = timeLimitS;
    context.progress = [&](double f) { r.progress.push_back(f); };
    if (cancelWhen)
        context.cancelled = [&] { return cancelWhen(r); };
    const auto start = Clock::now();
    auto result = benchmark(key)->run(context);
    r.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (result.ok())
        r.outcome = std::move(result).value();
    else
        r.error = result.error().toString();
    return r;
}

std::map<MemoryLevel, Measured> byLevel(const Outcome& outcome) {
    std::map<MemoryLevel, Measured> levels;
    for (const auto& m : outcome.ceilings)
        if (const auto* level = std::get_if<MemoryLevel>(&m.what))
            levels[*level] = m;
    return levels;
}

bool ordered(const std::map<MemoryLevel, Measured>& levels, double tolerance) {
    const double l1 = levels.at(MemoryLevel::l1).stats.max;
    const double l2 = levels.at(MemoryLevel::l2).stats.max;
    const double dram = levels.at(MemoryLevel::dram).stats.max;
    return l1 >= (1 - tolerance) * l2 && l2 >= (1 - tolerance) * dram;
}

void verifyProgress(const std::vector<double>& progress) {
    QVERIFY(!progress.empty());
    for (std::size_t i = 0; i < progress.size(); ++i) {
        QVERIFY2(progress[i] >= 0 && progress[i] <= 1, qPrintable(QString::number(progress[i])));
        if (i)
            QVERIFY(progress[i] >= progress[i - 1]);
    }
}

} // namespace

class TestCpuProbe : public QObject {
    Q_OBJECT

  private slots:
    void device() {
        const Device d = cpuDevice();
        QVERIFY(!d.name.empty());
        QVERIFY(d.kind == DeviceKind::cpu);
        QVERIFY(!d.id.empty());
        QVERIFY(std::all_of(d.id.begin(), d.id.end(), [](char c) {
            return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
        }));
        QVERIFY(d.id.front() != '-' && d.id.back() != '-');
        QVERIFY(d.ceilings.empty());
        QCOMPARE(d.aliases.size(), std::size_t(1));
        QVERIFY(d.identity.threads >= 1);
        QVERIFY(d.identity.computeUnits >= 1 && d.identity.computeUnits <= d.identity.threads);
        QVERIFY(!d.identity.simd.empty());
        QVERIFY(d.identity.memoryBytes > 0);
        QVERIFY(!d.identity.host.empty());
    }

    void keys() {
        std::vector<std::string> keys;
        for (const auto& b : cpuBenchmarks()) {
            keys.push_back(b.key);
            QVERIFY(!b.title.empty());
            QVERIFY(b.run);
        }
        QCOMPARE(keys, (std::vector<std::string>{"cpu_triad", "cpu_fma_fp64", "cpu_fma_fp32"}));
    }

    void triad() {
        Run r;
        for (int attempt = 0; attempt < 3; ++attempt) {
            r = run("cpu_triad");
            QVERIFY2(r.outcome, r.error.c_str());
            const auto levels = byLevel(*r.outcome);
            if (ordered(levels, 0.05))
                break;
            qWarning("cpu_triad best samples L1 %.3g, L2 %.3g, DRAM %.3g B/s out of order (other "
                     "load?); measuring again",
                     levels.at(MemoryLevel::l1).stats.max, levels.at(MemoryLevel::l2).stats.max,
                     levels.at(MemoryLevel::dram).stats.max);
        }
        const auto levels = byLevel(*r.outcome);
        for (MemoryLevel level : {MemoryLevel::l1, MemoryLevel::l2, MemoryLevel::dram}) {
            QVERIFY(levels.count(level));
            const Measured& m = levels.at(level);
            QVERIFY(m.value > 0);
            QVERIFY(m.stats.samples >= 1);
            QVERIFY(m.stats.min <= m.value && m.value <= m.stats.max);
            QVERIFY(m.method.find("triad") != std::string::npos);
        }
        QVERIFY2(ordered(levels, 0.05), "L1 >= L2 >= DRAM (best samples, 5 % tolerance)");
        // Single-thread and all-thread runs of every point.
        QVERIFY(r.outcome->observations.size() >= 2 * levels.size());
        for (const auto& o : r.outcome->observations) {
            QVERIFY(o.value > 0);
            QCOMPARE(o.unit, std::string("B/s"));
            QVERIFY(o.workingSetBytes > 0);
        }
        verifyProgress(r.progress);
        QCOMPARE(r.progress.back(), 1.0);
    }

    void fma_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<bool>("fp64");
        QTest::newRow("fp64") << "cpu_fma_fp64" << true;
        QTest::newRow("fp32") << "cpu_fma_fp32" << false;
    }
    void fma() {
        QFETCH(QString, key);
        QFETCH(bool, fp64);
        const Run r = run(key.toStdString());
        QVERIFY2(r.outcome, r.error.c_str());
        QCOMPARE(r.outcome->ceilings.size(), std::size_t(1));
        const Measured& m = r.outcome->ceilings.front();
        const auto* what = std::get_if<ComputeKey>(&m.what);
        QVERIFY(what);
        QVERIFY(what->precision == (fp64 ? Precision::fp64 : Precision::fp32));
        QVERIFY(what->unit == ComputeUnit::vector);
        QVERIFY(m.value > 0);
        QVERIFY(m.method.find(cpuDevice().identity.simd) != std::string::npos);
        QCOMPARE(r.outcome->observations.size(), std::size_t(2));
        verifyProgress(r.progress);
        QCOMPARE(r.progress.back(), 1.0);
    }

    void fp32OutrunsFp64() {
        double fp64 = 0, fp32 = 0;
        for (int attempt = 0; attempt < 3; ++attempt) {
            const Run r64 = run("cpu_fma_fp64"), r32 = run("cpu_fma_fp32");
            QVERIFY(r64.outcome && r32.outcome);
            fp64 = r64.outcome->ceilings.front().stats.max;
            fp32 = r32.outcome->ceilings.front().stats.max;
            if (fp32 >= 1.5 * fp64)
                break;
            qWarning("fp32 %.3g vs fp64 %.3g FLOP/s (other load?); measuring again", fp32, fp64);
        }
        QVERIFY2(fp32 >= 1.5 * fp64, qPrintable(QStringLiteral("%1 %2").arg(fp32).arg(fp64)));
    }

    void cancelled_data() {
        QTest::addColumn<QString>("key");
        QTest::addColumn<int>("afterProgressCalls"); // 0: cancelled from the start
        for (const char* key : {"cpu_triad", "cpu_fma_fp64", "cpu_fma_fp32"}) {
            QTest::addRow("%s at once", key) << key << 0;
            QTest::addRow("%s mid-run", key) << key << 3;
        }
    }
    void cancelled() {
        QFETCH(QString, key);
        QFETCH(int, afterProgressCalls);
        // A thorough run takes minutes; cancelled, it must be back within a second or two.
        const Run r = run(key.toStdString(), Size::thorough, 0, [&](const Run& now) {
            return static_cast<int>(now.progress.size()) >= afterProgressCalls;
        });
        QVERIFY2(r.seconds < 3, qPrintable(QString::number(r.seconds)));
        if (afterProgressCalls == 0) {
            QVERIFY(!r.outcome);
            QVERIFY(r.error.find("cancelled") != std::string::npos);
        } else if (r.outcome) {
            QVERIFY(!r.outcome->ceilings.empty());
            QVERIFY(std::any_of(r.outcome->warnings.begin(), r.outcome->warnings.end(),
                                [](auto& w) { return w.find("cancelled") != std::string::npos; }));
        } else {
            QVERIFY(r.error.find("cancelled") != std::string::npos);
        }
        verifyProgress(r.progress);
    }

    void timeLimit_data() {
        QTest::addColumn<QString>("key");
        QTest::newRow("triad") << "cpu_triad";
        QTest::newRow("fma fp64") << "cpu_fma_fp64";
    }
    void timeLimit() {
        QFETCH(QString, key);
        const Run r = run(key.toStdString(), Size::thorough, 0.2);
        QVERIFY2(r.seconds < 3, qPrintable(QString::number(r.seconds)));
        QVERIFY2(r.outcome, r.error.c_str());
        QVERIFY(!r.outcome->ceilings.empty());
        QVERIFY(std::any_of(r.outcome->warnings.begin(), r.outcome->warnings.end(),
                            [](auto& w) { return w.find("time limit") != std::string::npos; }));
        verifyProgress(r.progress);
    }
};

QTEST_APPLESS_MAIN(TestCpuProbe)
#include "test_cpu_probe.moc"
