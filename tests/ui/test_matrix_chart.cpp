// The configuration matrix (bars of mean iteration time ± standard error, grouped by model,
// hatched below 3 repeats) and the cost chart (time against cost per iteration, Pareto front as
// a step line), drawn from a session whose numbers are worked by hand below.
// Hovering a bar or a point names its configuration with its numbers; none is a record, so a
// click selects nothing. ROOFSCOPE_CHART_PNG=dir saves what they draw.

#include "tests/support/shown_chart.h"
#include "ui/views/cost_chart.h"
#include "ui/views/matrix_chart.h"

#include <QSignalSpy>
#include <QtTest>

#include <cmath>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::ui;

namespace {

Dataset run(std::string label, std::string model, std::string device, std::string framework,
            std::string cuda, double seconds) {
    Dataset d;
    d.context.label = std::move(label);
    d.context.model = std::move(model);
    d.context.deviceId = std::move(device);
    d.context.stack.framework = std::move(framework);
    d.context.stack.cuda = std::move(cuda);
    OpRecord a, b;
    a.timeS = Measure::measured(seconds * 0.5);
    b.timeS = Measure::measured(seconds * 0.5);
    d.records = {a, b};
    return d;
}

Device device(std::string id, std::string name) {
    Device d;
    d.id = std::move(id);
    d.name = std::move(name);
    return d;
}

// Configurations, in the order the matrix draws them:
//   0 BERT · A100 · PyTorch 2.1/CUDA 12.1: 100, 110, 120 ms -> 110 ± 10/sqrt 3 ms (n 3)
//   1 BERT · H100 · PyTorch 2.1/CUDA 12.1: 60, 64 ms -> 62 ± 2 ms (n 2, hatched)
//   2 BERT · H100 · PyTorch 2.3/CUDA 12.4: 50, 52, 54 ms -> 52 ± 2/sqrt 3 ms (n 3)
//   3 ResNet-50 · A100 · PyTorch 2.1/CUDA 12.1: 200 ms (n 1, hatched, no error)
// Keys: 0, 1, 2, then a model gap of 0.8: 3.8.
// Prices A100 1.0 and H100 4.0 per hour: costs 0.11/3600 = 3.06e-5, 4 × 0.062/3600 = 6.89e-5,
// 4 × 0.052/3600 = 5.78e-5, 0.2/3600 = 5.56e-5; the front is {2, 0}; the largest cost is below
// 1e-4, so the y axis shows cost per million iterations.
Session matrixSession() {
    Session s;
    s.devices = {device("a100", "NVIDIA A100 SXM4 80GB"), device("h100", "NVIDIA H100 SXM5 80GB")};
    s.datasets = {
        run("a1", "BERT", "a100", "PyTorch 2.1.0", "12.1", 0.100),
        run("h21-1", "BERT", "h100", "PyTorch 2.1.0", "12.1", 0.060),
        run("resnet", "ResNet-50", "a100", "PyTorch 2.1.0", "12.1", 0.200),
        run("a2", "BERT", "a100", "PyTorch 2.1.0", "12.1", 0.110),
        run("h23-1", "BERT", "h100", "PyTorch 2.3.0", "12.4", 0.050),
        run("h21-2", "BERT", "h100", "PyTorch 2.1.0", "12.1", 0.064),
        run("h23-2", "BERT", "h100", "PyTorch 2.3.0", "12.4", 0.052),
        run("a3", "BERT", "a100", "PyTorch 2.1.0", "12.1", 0.120),
        run("h23-3", "BERT", "h100", "PyTorch 2.3.0", "12.4", 0.054),
    };
    s.pricesPerHour = {{"a100", 1.0}, {"h100", 4.0}};
    return s;
}

// The bar at `key` and its error: (mean, error, hatched); mean NaN when there is none.
struct Bar {
    double mean = NAN, error = NAN;
    bool hatched = false;
};

Bar barAt(const MatrixChart& chart, double key) {
    for (std::size_t i = 0; i < chart.bars().size(); ++i) {
        const QCPBars* bars = chart.bars()[i];
        for (int j = 0; j < bars->dataCount(); ++j)
            if (qFuzzyCompare(bars->data()->at(j)->key + 1, key + 1)) {
                const auto& errors = *chart.errorBars()[i]->data();
                return {bars->data()->at(j)->value, errors[j].errorPlus,
                        bars->brush().style() == Qt::BDiagPattern};
            }
    }
    return {};
}

void savePng(QCustomPlot& chart, const QString& name) {
    const QString dir = qEnvironmentVariable("ROOFSCOPE_CHART_PNG");
    if (!dir.isEmpty())
        chart.savePng(dir + '/' + name + ".png", 900, 560);
}

bool near(double a, double b) {
    return std::fabs(a - b) <= 1e-9 * std::fabs(b);
}

} // namespace

class TestMatrixChart : public QObject {
    Q_OBJECT

  private slots:
    void bars_data() {
        QTest::addColumn<int>("configuration");
        QTest::addColumn<double>("key");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("error");
        QTest::addColumn<bool>("hatched");
        QTest::newRow("A100, 3 repeats") << 0 << 0.0 << 0.110 << 0.010 / std::sqrt(3.0) << false;
        QTest::newRow("H100 2.1, 2 repeats") << 1 << 1.0 << 0.062 << 0.002 << true;
        QTest::newRow("H100 2.3, 3 repeats")
            << 2 << 2.0 << 0.052 << 0.002 / std::sqrt(3.0) << false;
        QTest::newRow("ResNet, 1 repeat") << 3 << 3.8 << 0.200 << 0.0 << true;
    }
    void bars() {
        QFETCH(int, configuration);
        QFETCH(double, key);
        QFETCH(double, mean);
        QFETCH(double, error);
        QFETCH(bool, hatched);
        MatrixChart chart;
        chart.setSession(matrixSession());
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.barKey(configuration), key);
        const Bar bar = barAt(chart, key);
        QVERIFY2(near(bar.mean, mean), qPrintable(QString::number(bar.mean, 'g', 17)));
        QVERIFY2(error == 0 ? bar.error == 0 : near(bar.error, error),
                 qPrintable(QString::number(bar.error, 'g', 17)));
        QCOMPARE(bar.hatched, hatched);
    }

    void matrixLayout() {
        MatrixChart chart;
        chart.setSession(matrixSession());
        // Bars by device and repeat state: A100 solid, H100 hatched, H100 solid, A100 hatched.
        QCOMPARE(chart.bars().size(), std::size_t(4));
        QCOMPARE(chart.errorBars().size(), std::size_t(4));
        int drawn = 0;
        for (const auto* b : chart.bars())
            drawn += b->dataCount();
        QCOMPARE(drawn, 4);
        // Tick labels name device and stack on their own lines.
        auto ticker = chart.xAxis->ticker().dynamicCast<QCPAxisTickerText>();
        QVERIFY(ticker);
        QCOMPARE(ticker->ticks().value(2.0),
                 QStringLiteral("NVIDIA H100 SXM5 80GB\nPyTorch 2.3.0\nCUDA 12.4"));
        QCOMPARE(chart.table().schema, std::string("roofscope.matrix/1"));
        QCOMPARE(chart.table().rows.size(), std::size_t(4));
        savePng(chart, "matrix");
    }

    void matrixEmpty_data() {
        QTest::addColumn<bool>("noDatasets");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no datasets") << true << "No datasets";
        QTest::newRow("no times") << false << "No run has timed records";
    }
    void matrixEmpty() {
        QFETCH(bool, noDatasets);
        QFETCH(QString, reason);
        Session s = matrixSession();
        if (noDatasets)
            s.datasets.clear();
        for (auto& d : s.datasets)
            for (auto& r : d.records)
                r.timeS = {};
        MatrixChart chart;
        chart.setSession(matrixSession());
        chart.setSession(s);
        QVERIFY2(chart.emptyReason().startsWith(reason), qPrintable(chart.emptyReason()));
        QVERIFY(chart.bars().empty());
        QVERIFY(chart.table().rows.empty());
        QCOMPARE(chart.plottableCount(), 0);
        QVERIFY(chart.picks().empty());
    }

    // Configurations as matrixSession() has them, with the words hovering one shows in both
    // charts: the error with two digits as the matrix's labels, costs per million iterations
    // (the cost chart's scale, and the best for each cost alone).
    void hover_data() {
        QTest::addColumn<int>("configuration");
        QTest::addColumn<double>("mean");
        QTest::addColumn<double>("cost"); // per million iterations
        QTest::addColumn<QString>("tip");
        QTest::newRow("A100")
            << 0 << 0.110 << 0.110 / 3600 * 1e6
            << "BERT\nNVIDIA A100 SXM4 80GB · PyTorch 2.1.0, CUDA 12.1\n110 ms ± 5.8 ms over 3 "
               "repeat(s)\ncost 30.6 per million iterations at 1 per device-hour\nruns: a1, a2, a3";
        QTest::newRow("H100, 2 repeats")
            << 1 << 0.062 << 4 * 0.062 / 3600 * 1e6
            << "BERT\nNVIDIA H100 SXM5 80GB · PyTorch 2.1.0, CUDA 12.1\n62.0 ms ± 2.0 ms over 2 "
               "repeat(s) (fewer than 3)\ncost 68.9 per million iterations at 4 per "
               "device-hour\nruns: h21-1, h21-2";
        QTest::newRow("H100, newer stack")
            << 2 << 0.052 << 4 * 0.052 / 3600 * 1e6
            << "BERT\nNVIDIA H100 SXM5 80GB · PyTorch 2.3.0, CUDA 12.4\n52.0 ms ± 1.2 ms over 3 "
               "repeat(s)\ncost 57.8 per million iterations at 4 per device-hour\nruns: h23-1, "
               "h23-2, h23-3";
        QTest::newRow("ResNet, 1 repeat")
            << 3 << 0.200 << 0.200 / 3600 * 1e6
            << "ResNet-50\nNVIDIA A100 SXM4 80GB · PyTorch 2.1.0, CUDA 12.1\n200 ms over 1 "
               "repeat(s) (fewer than 3)\ncost 55.6 per million iterations at 1 per "
               "device-hour\nruns: resnet";
    }
    void hover() {
        QFETCH(int, configuration);
        QFETCH(double, mean);
        QFETCH(double, cost);
        QFETCH(QString, tip);
        MatrixChart matrix;
        QVERIFY(showChart(matrix, matrixSession(), {900, 600}));
        // Half way up the bar.
        const QPointF bar(matrix.xAxis->coordToPixel(matrix.barKey(configuration)),
                          matrix.yAxis->coordToPixel(mean / 2));
        QCOMPARE(matrix.toolTipAt(bar), tip);
        QVERIFY(!matrix.recordAt(bar));
        QSignalSpy matrixSpy(&matrix, &ViewChart::recordActivated);
        QTest::mouseClick(&matrix, Qt::LeftButton, {}, bar.toPoint());
        QCOMPARE(matrixSpy.count(), 0);

        CostChart costs;
        QVERIFY(showChart(costs, matrixSession(), {900, 600}));
        const QPointF point(costs.xAxis->coordToPixel(mean), costs.yAxis->coordToPixel(cost));
        QCOMPARE(costs.toolTipAt(point), tip);
        QSignalSpy costSpy(&costs, &ViewChart::recordActivated);
        QTest::mouseClick(&costs, Qt::LeftButton, {}, point.toPoint());
        QCOMPARE(costSpy.count(), 0);
    }

    void hoverNothing() {
        MatrixChart matrix;
        QVERIFY(showChart(matrix, matrixSession(), {900, 600}));
        // Between the BERT and the ResNet groups (bars 0.7 wide at keys 2 and 3.8), low down.
        QVERIFY(matrix
                    .toolTipAt(
                        QPointF(matrix.xAxis->coordToPixel(2.9), matrix.yAxis->coordToPixel(0.01)))
                    .isEmpty());
        // Over a bar, far above its whisker.
        QVERIFY(
            matrix
                .toolTipAt(QPointF(matrix.xAxis->coordToPixel(2), matrix.yAxis->coordToPixel(0.2)))
                .isEmpty());
        CostChart costs;
        QVERIFY(showChart(costs, matrixSession(), {900, 600}));
        // The fastest configuration's time at no cost: the x axis, under every point.
        QVERIFY(
            costs.toolTipAt(QPointF(costs.xAxis->coordToPixel(0.052), costs.yAxis->coordToPixel(2)))
                .isEmpty());
        // A legend click that hides the H100 points hides their tips too.
        const QPointF h100(costs.xAxis->coordToPixel(0.052),
                           costs.yAxis->coordToPixel(4 * 0.052 / 3600 * 1e6));
        QVERIFY(!costs.toolTipAt(h100).isEmpty());
        costs.pointGraphs()[1]->setVisible(false);
        QVERIFY(costs.toolTipAt(h100).isEmpty());
    }

    void cost() {
        CostChart chart;
        chart.setSession(matrixSession());
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.costScale(), 1e6);
        // One graph per device: A100 (BERT and ResNet), H100 (two stacks).
        QCOMPARE(chart.pointGraphs().size(), std::size_t(2));
        QCOMPARE(chart.pointGraphs()[0]->dataCount(), 2);
        QCOMPARE(chart.pointGraphs()[1]->dataCount(), 2);
        QCOMPARE(chart.pointGraphs()[1]->name(), QStringLiteral("NVIDIA H100 SXM5 80GB"));
        // The front: H100 with PyTorch 2.3 (fastest), then the A100 BERT runs (cheapest), as steps.
        QCPGraph* front = chart.front();
        QCOMPARE(front->lineStyle(), QCPGraph::lsStepLeft);
        QCOMPARE(front->dataCount(), 2);
        QVERIFY(near(front->data()->at(0)->key, 0.052));
        QVERIFY(near(front->data()->at(0)->value, 4 * 0.052 / 3600 * 1e6));
        QVERIFY(near(front->data()->at(1)->key, 0.110));
        QVERIFY(near(front->data()->at(1)->value, 0.110 / 3600 * 1e6));
        QCOMPARE(chart.table().schema, std::string("roofscope.cost/1"));
        QCOMPARE(chart.table().rows.size(), std::size_t(4));
        QVERIFY(chart.yAxis->label().contains(QStringLiteral("per million iterations")));
        savePng(chart, "cost");
    }

    void costWithoutPrices() {
        Session s = matrixSession();
        s.pricesPerHour.clear();
        CostChart chart;
        chart.setSession(matrixSession());
        chart.setSession(s);
        QVERIFY2(chart.emptyReason().startsWith(QStringLiteral("Set a price per device-hour")),
                 qPrintable(chart.emptyReason()));
        QVERIFY(chart.pointGraphs().empty());
        QVERIFY(!chart.front());
        QCOMPARE(chart.plottableCount(), 0);
        // Priced again, it draws again.
        chart.setSession(matrixSession());
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.pointGraphs().size(), std::size_t(2));
    }
};

QTEST_MAIN(TestMatrixChart)
#include "test_matrix_chart.moc"
