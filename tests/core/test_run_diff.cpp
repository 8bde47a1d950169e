// Run A against run B op by op (compare_fixture.h: a software-stack upgrade with a renamed GEMM,
// a reshaped layer norm and a kernel that vanished and one that appeared), the iteration time of
// a run, the comparison table and which pair of runs a session view names.
#include "core/analysis/compare_tables.h"
#include "core/analysis/comparison.h"
#include "core/analysis/run_diff.h"
#include "tests/support/compare_fixture.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

std::string nameOf(const Dataset& a, const Dataset& b, const DiffRow& row) {
    return row.a ? a.records[*row.a].name : b.records[*row.b].name;
}

const ViewCell& cell(const ViewTable& t, std::size_t row, std::string_view key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            return t.rows[row][c];
    qFatal("no column %s", key.data());
}

double numberAt(const ViewTable& t, std::size_t row, std::string_view key) {
    const auto* v = std::get_if<double>(&cell(t, row, key));
    return v ? *v : kNaN;
}

std::string textAt(const ViewTable& t, std::size_t row, std::string_view key) {
    const auto* v = std::get_if<std::string>(&cell(t, row, key));
    return v ? *v : std::string();
}

bool hasNote(const ViewTable& t, const std::string& part) {
    for (const auto& n : t.notes)
        if (n.find(part) != std::string::npos)
            return true;
    return false;
}

} // namespace

class TestRunDiff : public QObject {
    Q_OBJECT

  private slots:
    void stackUpgrade_data() {
        QTest::addColumn<int>("row");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("tier"); // "" for an op only one run has
        QTest::addColumn<double>("timeA"); // NaN: no such side
        QTest::addColumn<double>("timeB");
        QTest::addColumn<double>("delta");
        QTest::addColumn<double>("change");

        // Sorted by |delta|: 4 ms, 2 ms (pair before the op only B has), 1.5 ms, 1 ms, 0.6 ms, 0.
        QTest::newRow("renamed gemm") << 0 << "ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_nn"
                                      << "work" << 0.020 << 0.016 << 0.016 - 0.020 << -0.2;
        QTest::newRow("flash attention") << 1 << "flash_fwd_kernel"
                                         << "exact" << 0.010 << 0.008 << 0.008 - 0.010 << -0.2;
        QTest::newRow("appeared in B") << 2 << "fused_bwd"
                                       << "" << kNaN << 0.002 << 0.002 << kNaN;
        QTest::newRow("all-reduce") << 3 << "ncclAllReduce"
                                    << "exact" << 0.008 << 0.0095 << 0.0095 - 0.008 << 0.1875;
        QTest::newRow("vanished from B") << 4 << "reduce_old"
                                         << "" << 0.001 << kNaN << -0.001 << -1.0;
        QTest::newRow("reshaped norm") << 5 << "layer_norm_fwd"
                                       << "name" << 0.003 << 0.0036 << 0.0036 - 0.003 << 0.2;
        QTest::newRow("unchanged gelu") << 6 << "vectorized_elementwise_kernel<gelu>"
                                        << "exact" << 0.004 << 0.004 << 0.0 << 0.0;
    }
    void stackUpgrade() {
        QFETCH(int, row);
        QFETCH(QString, name);
        QFETCH(QString, tier);
        QFETCH(double, timeA);
        QFETCH(double, timeB);
        QFETCH(double, delta);
        QFETCH(double, change);

        const Dataset a = stackRunA(), b = stackRunB();
        const RunDiff diff = runDiff(a, b);
        QCOMPARE(diff.rows.size(), std::size_t(7));
        const DiffRow& r = diff.rows[static_cast<std::size_t>(row)];
        QCOMPARE(QString::fromStdString(nameOf(a, b, r)), name);
        QCOMPARE(r.tier ? QString::fromUtf8(matchTierName(*r.tier).data()) : QString(), tier);
        CHECK_NEAR(r.timeAS, timeA);
        CHECK_NEAR(r.timeBS, timeB);
        CHECK_NEAR(r.deltaS, delta);
        QVERIFY2(near(r.change, change, 1e-9), describe(r.change, change).constData());
        // Impact: the delta against run A's 46 ms iteration.
        QVERIFY(near(r.impact, delta / 0.046, 1e-12));
    }

    void stackUpgradeTotals() {
        const RunDiff diff = runDiff(stackRunA(), stackRunB());
        CHECK_NEAR(diff.iterationA.seconds, 0.046);
        QVERIFY(near(diff.iterationB.seconds, 0.0431, 1e-12));
        QCOMPARE(diff.iterationA.timed, 6);
        QCOMPARE(diff.iterationA.untimed, 0);
        QCOMPARE(diff.pairsByTier[int(MatchTier::exact)], 3);
        QCOMPARE(diff.pairsByTier[int(MatchTier::name)], 1);
        QCOMPARE(diff.pairsByTier[int(MatchTier::work)], 1);
        QCOMPARE(diff.onlyA, 1);
        QCOMPARE(diff.onlyB, 1);
        // The deltas of all rows add up to the difference of the iterations.
        double sum = 0;
        for (const auto& r : diff.rows)
            sum += r.deltaS;
        QVERIFY(near(sum, 0.0431 - 0.046, 1e-9));
    }

    void iterationTime_data() {
        QTest::addColumn<QString>("times"); // "rank:seconds" per record; "rank:-" for no time
        QTest::addColumn<double>("seconds");
        QTest::addColumn<int>("slowestRank");
        QTest::addColumn<int>("timed");
        QTest::addColumn<int>("untimed");

        QTest::newRow("empty dataset") << "" << 0.0 << 0 << 0 << 0;
        QTest::newRow("one rank") << "0:0.01 0:0.02" << 0.03 << 0 << 2 << 0;
        // Ranks wait for each other: the slowest rank's sum, 0.05 on rank 1.
        QTest::newRow("slowest rank") << "0:0.01 1:0.02 0:0.02 1:0.03" << 0.05 << 1 << 4 << 0;
        // Untimed records are counted, not dropped, and add nothing.
        QTest::newRow("some untimed") << "0:0.01 0:- 0:-" << 0.01 << 0 << 1 << 2;
        QTest::newRow("no times at all") << "0:- 1:-" << 0.0 << 0 << 0 << 2;
    }
    void iterationTime() {
        QFETCH(QString, times);
        QFETCH(double, seconds);
        QFETCH(int, slowestRank);
        QFETCH(int, timed);
        QFETCH(int, untimed);
        Dataset d;
        for (const QString& item : times.split(' ', Qt::SkipEmptyParts)) {
            const QStringList f = item.split(':');
            OpRecord r = op("k", Category::other, Phase::unknown, 1e9, 1e9,
                            f[1] == "-" ? -1 : f[1].toDouble());
            r.rank = f[0].toInt();
            d.records.push_back(r);
        }
        const IterationTime it = roofscope::iterationTime(d);
        CHECK_NEAR(it.seconds, seconds);
        QCOMPARE(it.slowestRank, slowestRank);
        QCOMPARE(it.timed, timed);
        QCOMPARE(it.untimed, untimed);
    }

    void estimatedTimesAreCounted() {
        Dataset d = stackRunA();
        d.records[0].timeS = Measure::estimated(0.02);
        QCOMPARE(roofscope::iterationTime(d).estimated, 1);
        CHECK_NEAR(roofscope::iterationTime(d).seconds, 0.046);
    }

    void untimedPair() {
        // A matched pair whose B side has no time: no delta, counted, sorted last.
        Dataset b = stackRunB();
        b.records[3].timeS = {};
        const RunDiff diff = runDiff(stackRunA(), b);
        QCOMPARE(diff.untimedPairs, 1);
        QCOMPARE(diff.iterationB.untimed, 1);
        const DiffRow& last = diff.rows.back();
        QCOMPARE(*last.b, 3);
        QVERIFY(std::isnan(last.deltaS) && std::isnan(last.impact) && std::isnan(last.timeBS));
        CHECK_NEAR(last.timeAS, 0.010);
    }

    void emptyRuns() {
        const RunDiff diff = runDiff(Dataset{}, stackRunB());
        QCOMPARE(diff.rows.size(), std::size_t(6));
        QCOMPARE(diff.onlyB, 6);
        CHECK_NEAR(diff.iterationA.seconds, 0.0);
        // No base iteration: no impact; ops only B has appear with their time.
        for (const auto& r : diff.rows) {
            QVERIFY(std::isnan(r.impact));
            QVERIFY(r.deltaS > 0);
        }
        QVERIFY(runDiff(Dataset{}, Dataset{}).rows.empty());
    }

    void comparisonTable() {
        const ViewTable t = roofscope::comparisonTable(stackSession());
        QCOMPARE(t.schema, std::string("roofscope.comparison/1"));
        QCOMPARE(t.rows.size(), std::size_t(7));
        for (const auto& row : t.rows)
            QCOMPARE(row.size(), t.columns.size());
        QCOMPARE(textAt(t, 0, "op"),
                 std::string("ampere_fp16_s16816gemm_fp16_128x128_ldg8_f2f_nn"));
        QCOMPARE(textAt(t, 0, "op_b"),
                 std::string("sm80_xmma_gemm_f16f16_f16f32_f32_nn_n_tilesize128x128"));
        QCOMPARE(textAt(t, 0, "match"), std::string("work"));
        QCOMPARE(textAt(t, 0, "projected"), std::string("no"));
        QVERIFY(near(numberAt(t, 0, "change_pct"), -20.0, 1e-9));
        QVERIFY(near(numberAt(t, 0, "speedup"), 1.25, 1e-12));
        QVERIFY(near(numberAt(t, 0, "impact_pct"), (0.016 - 0.020) / 0.046 * 100, 1e-12));
        QCOMPARE(textAt(t, 2, "match"), std::string("only_b"));
        QVERIFY(std::holds_alternative<std::monostate>(cell(t, 2, "op")));
        QVERIFY(std::holds_alternative<std::monostate>(cell(t, 2, "time_a_s")));
        QCOMPARE(textAt(t, 4, "match"), std::string("only_a"));
        // 46 ms -> 43.1 ms is -6.3 %.
        QVERIFY2(hasNote(t, "Iteration 46.0 ms → 43.1 ms (\u22126.3 %)"), t.notes[1].c_str());
        QVERIFY(hasNote(t, "3 exact, 1 by name"));
        QVERIFY(hasNote(t, "1 only in A, 1 only in B"));
        QVERIFY(hasNote(t, "PyTorch 2.3.0, CUDA 12.4"));
    }

    void formatChange_data() {
        QTest::addColumn<double>("ratio");
        QTest::addColumn<QString>("text");
        QTest::newRow("faster") << -0.3412 << "\u221234 %";
        QTest::newRow("slower") << 0.126 << "+13 %";
        QTest::newRow("small") << 0.0523 << "+5.2 %";
        QTest::newRow("none") << 0.0 << "0 %";
        QTest::newRow("unknown") << kNaN << "n/a";
    }
    void formatChange() {
        QFETCH(double, ratio);
        QFETCH(QString, text);
        QCOMPARE(QString::fromStdString(roofscope::formatChange(ratio)), text);
    }

    void resolve_data() {
        QTest::addColumn<QString>("baseline");
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("device");
        QTest::addColumn<QStringList>("hidden");
        QTest::addColumn<int>("datasets"); // how many of the three runs the session keeps
        QTest::addColumn<int>("a");        // -1: an error containing `error`
        QTest::addColumn<int>("b");
        QTest::addColumn<int>("projectDevice");
        QTest::addColumn<QString>("error");

        const QStringList none;
        QTest::newRow("defaults") << ""
                                  << ""
                                  << "" << none << 3 << 0 << 1 << -1 << "";
        QTest::newRow("hidden skipped") << ""
                                        << ""
                                        << "" << QStringList{"pt21"} << 3 << 1 << 2 << -1 << "";
        QTest::newRow("by label") << "pt23"
                                  << "pt21"
                                  << "" << none << 3 << 1 << 0 << -1 << "";
        QTest::newRow("baseline only") << "pt23"
                                       << ""
                                       << "" << none << 3 << 1 << 0 << -1 << "";
        QTest::newRow("projection") << ""
                                    << ""
                                    << "gpu-b" << none << 1 << 0 << -1 << 1 << "";
        QTest::newRow("no datasets") << ""
                                     << ""
                                     << "" << none << 0 << -1 << -1 << -1 << "needs two datasets";
        QTest::newRow("one dataset") << ""
                                     << ""
                                     << "" << none << 1 << -1 << -1 << -1 << "needs two datasets";
        QTest::newRow("one shown")
            << ""
            << ""
            << "" << QStringList{"pt21", "pt23"} << 3 << -1 << -1 << -1 << "two shown datasets";
        QTest::newRow("unknown label")
            << ""
            << "nope"
            << "" << none << 3 << -1 << -1 << -1 << "no dataset is labelled 'nope'";
        QTest::newRow("same run twice") << "pt21"
                                        << "pt21"
                                        << "" << none << 3 << -1 << -1 << -1 << "same dataset";
        QTest::newRow("unknown device")
            << ""
            << ""
            << "tpu-9" << none << 3 << -1 << -1 << -1 << "no such device";
        QTest::newRow("projection without data")
            << ""
            << ""
            << "gpu-b" << none << 0 << -1 << -1 << -1 << "needs a dataset";
    }
    void resolve() {
        QFETCH(QString, baseline);
        QFETCH(QString, target);
        QFETCH(QString, device);
        QFETCH(QStringList, hidden);
        QFETCH(int, datasets);
        QFETCH(int, a);
        QFETCH(int, b);
        QFETCH(int, projectDevice);
        QFETCH(QString, error);

        Session s = stackSession();
        Dataset third = stackRunB();
        third.context.label = "pt23-repeat";
        s.datasets.push_back(third);
        s.datasets.resize(static_cast<std::size_t>(datasets));
        s.view.compare.baseline = baseline.toStdString();
        s.view.compare.target = target.toStdString();
        s.view.compare.projectDevice = device.toStdString();
        for (const auto& h : hidden)
            s.view.hiddenDatasets.push_back(h.toStdString());
        const auto pair = resolveComparison(s);
        if (a < 0) {
            QVERIFY(!pair.ok());
            QVERIFY2(pair.error().message.find(error.toStdString()) != std::string::npos,
                     pair.error().message.c_str());
            // The table says the same and has no rows.
            const ViewTable t = roofscope::comparisonTable(s);
            QVERIFY(t.rows.empty());
            QCOMPARE(t.notes.size(), std::size_t(1));
            QCOMPARE(t.notes[0], pair.error().message);
            return;
        }
        QVERIFY2(pair.ok(), pair.ok() ? "" : pair.error().message.c_str());
        QCOMPARE(pair.value().baseline, a);
        QCOMPARE(pair.value().target, b);
        QCOMPARE(pair.value().projectDevice, projectDevice);
    }

    void plotArrows() {
        // Every matched op with FLOPs and a time draws an arrow: the all-reduce has no FLOPs.
        const auto plot = comparisonPlot(stackSession());
        QVERIFY(plot.ok());
        QCOMPARE(plot.value().pointsA.size(), std::size_t(5));
        QCOMPARE(plot.value().pointsB.size(), std::size_t(5));
        QCOMPARE(plot.value().arrows.size(), std::size_t(4));
        QCOMPARE(plot.value().undrawable, 2);
        // The GEMM: intensity 2e12 / 1e10 = 200 FLOP/B on both sides, 1e14 -> 1.25e14 FLOP/s.
        const ComparisonArrow& gemm = plot.value().arrows[0];
        CHECK_NEAR(gemm.from.intensity, 200.0);
        CHECK_NEAR(gemm.to.intensity, 200.0);
        CHECK_NEAR(gemm.from.flopsPerS, 1e14);
        CHECK_NEAR(gemm.to.flopsPerS, 1.25e14);
        QVERIFY(gemm.faster());
        QCOMPARE(plot.value().labelled.size(), std::size_t(4));
        QCOMPARE(plot.value().labelled.front(), 0);
    }

    void roofsFollowThePoints() {
        // Every drawn op of the fixture is fp16: fp16 roofs, whatever the view's precision.
        Session s = stackSession();
        s.view.precision = Precision::fp32;
        auto plot = comparisonPlot(s);
        QVERIFY(plot.ok());
        QVERIFY(plot.value().precisions == std::vector<Precision>{Precision::fp16});
        // A bf16 op of run B adds bf16 roofs, in enumeration order.
        for (auto& r : s.datasets[1].records)
            if (r.flops.known())
                r.precision = Precision::bf16;
        plot = comparisonPlot(s);
        QVERIFY(plot.value().precisions ==
                (std::vector<Precision>{std::min(Precision::fp16, Precision::bf16),
                                        std::max(Precision::fp16, Precision::bf16)}));
    }
};

QTEST_APPLESS_MAIN(TestRunDiff)
#include "test_run_diff.moc"
