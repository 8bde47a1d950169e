// Repeats of a configuration as mean ± standard error (Bykov et al.: at least 3 repeats), cost
// per iteration from a price per device-hour, the time-cost Pareto front, and the matrix and
// cost tables. Every number is worked by hand in the comments.
#include "core/analysis/compare_tables.h"
#include "core/analysis/repeat_stats.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

// One run whose iteration is `seconds`, split over two records.
Dataset run(std::string label, std::string model, std::string device, std::string framework,
            double seconds, int worldSize = 1) {
    Dataset d;
    d.context.label = std::move(label);
    d.context.model = std::move(model);
    d.context.deviceId = std::move(device);
    d.context.stack.framework = std::move(framework);
    d.context.stack.cuda = "12.1";
    d.context.worldSize = worldSize;
    OpRecord a, b;
    a.timeS = Measure::measured(seconds * 0.75);
    b.timeS = Measure::measured(seconds * 0.25);
    d.records = {a, b};
    return d;
}

// BERT on a100 with PyTorch 2.1: 100, 110, 120 ms; mean 110, sd 10, SE 10 / sqrt 3.
// BERT on h100 with PyTorch 2.1: 60, 64 ms (2 repeats): mean 62, sd sqrt 8, SE 2.
// BERT on h100 with PyTorch 2.3: 50, 52, 54 ms: mean 52, sd 2, SE 2 / sqrt 3.
// ResNet on a100 with PyTorch 2.1: 200 ms (1 repeat).
// BERT on mi250 (no price): 90 ms.
// Prices: a100 1.0 per hour, h100 4.0 per hour. Costs per iteration: a100 BERT 0.11 / 3600 =
// 3.056e-5; h100 2.1: 4 × 0.062 / 3600 = 6.889e-5; h100 2.3: 4 × 0.052 / 3600 = 5.778e-5;
// ResNet 0.2 / 3600 = 5.556e-5. Front by (time, cost): h100 2.3 (52 ms) and a100 BERT (110 ms,
// cheapest); the others are slower and dearer than one of them.
Session matrixSession() {
    Session s;
    s.datasets = {
        run("bert-a100-1", "BERT", "a100", "PyTorch 2.1.0", 0.100),
        run("bert-h100-21-1", "BERT", "h100", "PyTorch 2.1.0", 0.060),
        run("resnet-a100", "ResNet-50", "a100", "PyTorch 2.1.0", 0.200),
        run("bert-a100-2", "BERT", "a100", "PyTorch 2.1.0", 0.110),
        run("bert-h100-23-1", "BERT", "h100", "PyTorch 2.3.0", 0.050),
        run("bert-h100-21-2", "BERT", "h100", "PyTorch 2.1.0", 0.064),
        run("bert-h100-23-2", "BERT", "h100", "PyTorch 2.3.0", 0.052),
        run("bert-a100-3", "BERT", "a100", "PyTorch 2.1.0", 0.120),
        run("bert-h100-23-3", "BERT", "h100", "PyTorch 2.3.0", 0.054),
        run("bert-mi250", "BERT", "mi250", "PyTorch 2.1.0", 0.090),
    };
    s.pricesPerHour = {{"a100", 1.0}, {"h100", 4.0}};
    return s;
}

bool hasNote(const ViewTable& t, const std::string& part) {
    for (const auto& n : t.notes)
        if (n.find(part) != std::string::npos)
            return true;
    return false;
}

std::string textAt(const ViewTable& t, std::size_t row, std::string_view key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            if (const auto* v = std::get_if<std::string>(&t.rows[row][c]))
                return *v;
    return {};
}

double numberAt(const ViewTable& t, std::size_t row, std::string_view key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            if (const auto* v = std::get_if<double>(&t.rows[row][c]))
                return *v;
    return kNaN;
}

} // namespace

class TestRepeatStats : public QObject {
    Q_OBJECT

  private slots:
    void sample_data() {
        QTest::addColumn<QList<double>>("values");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("stddev");
        QTest::addColumn<double>("stderror");
        QTest::newRow("none") << QList<double>{} << kNaN << kNaN << kNaN;
        QTest::newRow("one") << QList<double>{0.1} << 0.1 << kNaN << kNaN;
        // (1 + 1) / 1 = 2: sd sqrt 2, SE sqrt 2 / sqrt 2 = 1.
        QTest::newRow("two") << QList<double>{1.0, 3.0} << 2.0 << std::sqrt(2.0) << 1.0;
        // Squares 4 + 0 + 4 over n - 1 = 2: sd 2, SE 2 / sqrt 3.
        QTest::newRow("three") << QList<double>{10.0, 12.0, 14.0} << 12.0 << 2.0
                               << 2.0 / std::sqrt(3.0);
        QTest::newRow("identical") << QList<double>{5.0, 5.0, 5.0, 5.0} << 5.0 << 0.0 << 0.0;
        // Mean 5; squares 9 + 1 + 1 + 9 = 20 over 3: sd sqrt(20 / 3), SE sqrt(20 / 3) / 2.
        QTest::newRow("four") << QList<double>{2.0, 4.0, 6.0, 8.0} << 5.0 << std::sqrt(20.0 / 3)
                              << std::sqrt(20.0 / 3) / 2;
    }
    void sample() {
        QFETCH(QList<double>, values);
        QFETCH(double, mean);
        QFETCH(double, stddev);
        QFETCH(double, stderror);
        const SampleStats s = sampleStats(std::vector<double>(values.begin(), values.end()));
        QCOMPARE(s.n, int(values.size()));
        CHECK_NEAR(s.mean, mean);
        QVERIFY2(near(s.stddev, stddev, 1e-12), describe(s.stddev, stddev).constData());
        QVERIFY2(near(s.stderror, stderror, 1e-12), describe(s.stderror, stderror).constData());
    }

    void pareto_data() {
        QTest::addColumn<QList<double>>("times");
        QTest::addColumn<QList<double>>("costs");
        QTest::addColumn<QList<int>>("front");
        QTest::newRow("empty") << QList<double>{} << QList<double>{} << QList<int>{};
        QTest::newRow("one") << QList<double>{1} << QList<double>{1} << QList<int>{0};
        // Faster and dearer against slower and cheaper: both on the front, by time.
        QTest::newRow("trade-off")
            << QList<double>{2, 1} << QList<double>{1, 2} << QList<int>{1, 0};
        QTest::newRow("dominated")
            << QList<double>{1, 2, 3} << QList<double>{3, 4, 1} << QList<int>{0, 2};
        // Equal time, dearer: dominated; equal in both: both stay.
        QTest::newRow("tie in time") << QList<double>{1, 1} << QList<double>{2, 3} << QList<int>{0};
        QTest::newRow("equal points")
            << QList<double>{1, 1} << QList<double>{2, 2} << QList<int>{0, 1};
        QTest::newRow("equal cost, slower")
            << QList<double>{1, 2} << QList<double>{2, 2} << QList<int>{0};
        QTest::newRow("no cost takes no part")
            << QList<double>{1, 2} << QList<double>{kNaN, 5} << QList<int>{1};
        QTest::newRow("staircase") << QList<double>{4, 1, 3, 2, 5} << QList<double>{1, 9, 3, 5, 2}
                                   << QList<int>{1, 3, 2, 0};
    }
    void pareto() {
        QFETCH(QList<double>, times);
        QFETCH(QList<double>, costs);
        QFETCH(QList<int>, front);
        std::vector<std::pair<double, double>> points;
        for (qsizetype i = 0; i < times.size(); ++i)
            points.emplace_back(times[i], costs[i]);
        const auto got = paretoFront(points);
        QCOMPARE(QList<int>(got.begin(), got.end()), front);
    }

    void configurations() {
        const RepeatStats stats = repeatStats(matrixSession());
        // BERT first (its first run comes first), in order of appearance; then ResNet.
        QCOMPARE(stats.configurations.size(), std::size_t(5));
        const auto& c = stats.configurations;
        QCOMPARE(c[0].deviceId, std::string("a100"));
        QCOMPARE(c[1].deviceId, std::string("h100"));
        QCOMPARE(c[1].stack, std::string("PyTorch 2.1.0, CUDA 12.1"));
        QCOMPARE(c[2].stack, std::string("PyTorch 2.3.0, CUDA 12.1"));
        QCOMPARE(c[3].deviceId, std::string("mi250"));
        QCOMPARE(c[4].model, std::string("ResNet-50"));
        QCOMPARE(c[0].datasets, (std::vector<int>{0, 3, 7}));

        QCOMPARE(c[0].n, 3);
        QVERIFY(near(c[0].meanS, 0.110, 1e-12));
        QVERIFY(near(c[0].stddevS, 0.010, 1e-9));
        QVERIFY(near(c[0].stderrS, 0.010 / std::sqrt(3.0), 1e-9));
        QVERIFY(!c[0].fewRepeats);

        QCOMPARE(c[1].n, 2);
        QVERIFY(near(c[1].meanS, 0.062, 1e-12));
        QVERIFY(near(c[1].stddevS, std::sqrt(8e-6), 1e-9));
        QVERIFY(near(c[1].stderrS, 0.002, 1e-9));
        QVERIFY(c[1].fewRepeats);

        QVERIFY(near(c[2].meanS, 0.052, 1e-12));
        QVERIFY(near(c[2].stderrS, 0.002 / std::sqrt(3.0), 1e-9));

        QCOMPARE(c[4].n, 1);
        QVERIFY(std::isnan(c[4].stderrS));
        QVERIFY(c[4].fewRepeats);
    }

    void costs() {
        const RepeatStats stats = repeatStats(matrixSession());
        const auto& c = stats.configurations;
        QVERIFY(near(c[0].costPerIteration, 0.110 / 3600, 1e-12));
        QVERIFY(near(c[1].costPerIteration, 4 * 0.062 / 3600, 1e-12));
        QVERIFY(near(c[2].costPerIteration, 4 * 0.052 / 3600, 1e-12));
        QVERIFY(!c[3].pricePerHour.has_value());
        QVERIFY(std::isnan(c[3].costPerIteration));
        QVERIFY(near(c[4].costPerIteration, 0.2 / 3600, 1e-12));
        QCOMPARE(stats.paretoFront, (std::vector<int>{2, 0}));
    }

    void worldSizeCounts() {
        // 8 devices for 50 ms at 4.0 per device-hour: 4 × 8 × 0.05 / 3600.
        Session s;
        s.datasets = {run("x", "GPT", "h100", "JAX 0.4", 0.05, 8),
                      run("y", "GPT", "h100", "JAX 0.4", 0.05, 1)};
        s.pricesPerHour = {{"h100", 4.0}};
        const RepeatStats stats = repeatStats(s);
        QCOMPARE(stats.configurations.size(), std::size_t(2)); // 8 devices and 1 differ
        QVERIFY(near(stats.configurations[0].costPerIteration, 4.0 * 8 * 0.05 / 3600, 1e-12));
        QVERIFY(near(stats.configurations[1].costPerIteration, 4.0 * 0.05 / 3600, 1e-12));
    }

    void hiddenAndUntimed() {
        Session s = matrixSession();
        s.view.hiddenDatasets = {"bert-a100-2"};
        for (auto& r : s.datasets[7].records) // bert-a100-3 loses its times
            r.timeS = {};
        const RepeatStats stats = repeatStats(s);
        const Configuration& a100 = stats.configurations[0];
        QCOMPARE(a100.datasets, (std::vector<int>{0, 7}));
        QCOMPARE(a100.n, 1);
        QCOMPARE(a100.untimed, 1);
        QVERIFY(near(a100.meanS, 0.100, 1e-12));

        QVERIFY(repeatStats(Session{}).configurations.empty());
        QVERIFY(repeatStats(Session{}).paretoFront.empty());
    }

    void matrixTable() {
        const ViewTable t = roofscope::matrixTable(matrixSession());
        QCOMPARE(t.schema, std::string("roofscope.matrix/1"));
        QCOMPARE(t.rows.size(), std::size_t(5));
        for (const auto& row : t.rows)
            QCOMPARE(row.size(), t.columns.size());
        QCOMPARE(textAt(t, 0, "model"), std::string("BERT"));
        QVERIFY(near(numberAt(t, 0, "mean_s"), 0.110, 1e-12));
        CHECK_NEAR(numberAt(t, 0, "repeats"), 3.0);
        QCOMPARE(textAt(t, 0, "few_repeats"), std::string("no"));
        QCOMPARE(textAt(t, 1, "few_repeats"), std::string("yes"));
        QVERIFY(std::isnan(numberAt(t, 4, "stderr_s")));
        QCOMPARE(textAt(t, 0, "datasets"), std::string("bert-a100-1; bert-a100-2; bert-a100-3"));
        QVERIFY(hasNote(t, "Bykov"));
        QVERIFY(hasNote(t, "h100 · PyTorch 2.1.0, CUDA 12.1 (n = 2)"));
    }

    void defaultPrices() {
        // Without a price of the user's, a catalog GPU costs what its cheapest priced cloud
        // instance charges per GPU-hour; Run Details' system, when priced, wins over that; the
        // user's own price wins over both; a GPU no priced instance lists has none.
        const std::string h100 = "nvidia-h100-sxm5-80gb";
        const auto cheapest = cheapestGpuHour(builtinSystems(), h100);
        QVERIFY(cheapest && cheapest->system);
        const System* gcp = findSystem(builtinSystems(), "gcp-a3-highgpu-8g");
        QVERIFY(gcp && gcp->usdPerGpuHour());
        QVERIFY(*gcp->usdPerGpuHour() != cheapest->usdPerGpuHour);
        Session s;
        Device d;
        d.id = h100;
        d.name = "NVIDIA H100";
        Device mi300x;
        mi300x.id = "amd-mi300x";
        s.devices = {d, mi300x};
        s.datasets = {run("x", "GPT", h100, "JAX 0.4", 0.05, 8),
                      run("y", "GPT", "amd-mi300x", "JAX 0.4", 0.05, 8)};

        Configuration k = repeatStats(s).configurations[0];
        QCOMPARE(k.pricePerHour, std::optional<double>(cheapest->usdPerGpuHour));
        QCOMPARE(k.priceSystem, cheapest->system);
        QVERIFY(near(k.costPerIteration, cheapest->usdPerGpuHour * 8 * 0.05 / 3600, 1e-12));
        // The MI300X instances in the catalog carry no sourced price.
        QVERIFY(!repeatStats(s).configurations[1].pricePerHour);
        const ViewTable t = roofscope::costTable(s);
        QVERIFY(hasNote(t, "Default prices from the systems catalog"));
        QVERIFY(hasNote(t, "NVIDIA H100: USD "));
        QVERIFY(
            hasNote(t, cheapest->system->name + " on demand (" + cheapest->system->price->region));
        QVERIFY(hasNote(t, cheapest->system->price->sourceUrl));

        s.devices[0].system = gcp->id;
        k = repeatStats(s).configurations[0];
        QCOMPARE(k.pricePerHour, gcp->usdPerGpuHour());
        QCOMPARE(k.priceSystem, gcp);

        s.pricesPerHour = {{h100, 3.0}};
        k = repeatStats(s).configurations[0];
        QCOMPARE(k.pricePerHour, std::optional<double>(3.0));
        QCOMPARE(k.priceSystem, nullptr);
    }

    void costTable() {
        Session s = matrixSession();
        Device h100;
        h100.id = "h100";
        h100.name = "NVIDIA H100";
        s.devices = {h100};
        const ViewTable t = roofscope::costTable(s);
        QCOMPARE(t.schema, std::string("roofscope.cost/1"));
        QCOMPARE(t.rows.size(), std::size_t(5));
        QCOMPARE(textAt(t, 0, "pareto"), std::string("yes"));
        QCOMPARE(textAt(t, 1, "pareto"), std::string("no"));
        QCOMPARE(textAt(t, 2, "pareto"), std::string("yes"));
        QCOMPARE(textAt(t, 1, "device_name"), std::string("NVIDIA H100"));
        QVERIFY(near(numberAt(t, 2, "cost_per_iteration"), 4 * 0.052 / 3600, 1e-12));
        CHECK_NEAR(numberAt(t, 2, "price_per_hour"), 4.0);
        QVERIFY(std::isnan(numberAt(t, 3, "cost_per_iteration")));
        QVERIFY(hasNote(t, "Pareto front"));
        QVERIFY(hasNote(t, "NVIDIA H100 · PyTorch 2.3.0, CUDA 12.1; a100 · PyTorch 2.1.0"));
        QVERIFY(hasNote(t, "No price per device-hour for mi250"));
    }
};

QTEST_APPLESS_MAIN(TestRepeatStats)
#include "test_repeat_stats.moc"
