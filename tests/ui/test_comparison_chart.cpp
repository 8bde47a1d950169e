// The comparison chart: run A against run B (tests/support/compare_fixture.h, a software-stack
// upgrade) with an arrow per matched op, green when B is faster and red when slower, and the
// changes of the largest-impact ops; run A projected onto another device with hollow markers;
// and the reasons it gives when it cannot draw; hovering and clicking a point (ViewChart's picks).
// ROOFSCOPE_CHART_PNG=dir saves what it draws.

#include "tests/support/compare_fixture.h"
#include "tests/support/shown_chart.h"
#include "ui/record_table_model.h" // Q_DECLARE_METATYPE(RecordRef)
#include "ui/views/comparison_chart.h"

#include <QMouseEvent>
#include <QSignalSpy>
#include <QToolTip>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::ui;

namespace {

void savePng(ComparisonChart& chart, const QString& name) {
    const QString dir = qEnvironmentVariable("ROOFSCOPE_CHART_PNG");
    if (!dir.isEmpty())
        chart.savePng(dir + '/' + name + ".png", 900, 600);
}

QString title(ComparisonChart& chart) {
    auto* t = qobject_cast<QCPTextElement*>(chart.plotLayout()->element(0, 0));
    return t ? t->text() : QString();
}

} // namespace

class TestComparisonChart : public QObject {
    Q_OBJECT

  private slots:
    void arrowsBetweenRuns_data() {
        QTest::addColumn<int>("arrow");
        QTest::addColumn<double>("x");
        QTest::addColumn<double>("fromY");
        QTest::addColumn<double>("toY");
        QTest::addColumn<QString>("colour"); // faster, slower or neutral
        // In ComparisonPlot order (largest |delta| first), the all-reduce left out (no FLOPs):
        // GEMM 2e12 FLOP / 1e10 B = 200 FLOP/B, 2e12 / 20 ms -> 2e12 / 16 ms;
        // flash 1e12 / 4e9 = 250, 1e12 / 10 ms -> 1e12 / 8 ms;
        // layer norm 5e8 / 2e9 = 0.25 -> 6e8 / 2.4e9 = 0.25, 5e8 / 3 ms -> 6e8 / 3.6 ms (the same
        // FLOP/s, 20 % slower); gelu 1e9 / 4e9 = 0.25, unchanged.
        QTest::newRow("renamed gemm") << 0 << 200.0 << 1e14 << 1.25e14 << "faster";
        QTest::newRow("flash") << 1 << 250.0 << 1e14 << 1.25e14 << "faster";
        QTest::newRow("layer norm") << 2 << 0.25 << 5e8 / 0.003 << 6e8 / 0.0036 << "slower";
        QTest::newRow("gelu") << 3 << 0.25 << 2.5e11 << 2.5e11 << "neutral";
    }
    void arrowsBetweenRuns() {
        QFETCH(int, arrow);
        QFETCH(double, x);
        QFETCH(double, fromY);
        QFETCH(double, toY);
        QFETCH(QString, colour);
        ComparisonChart chart;
        chart.setSession(stackSession());
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.arrows().size(), std::size_t(4));
        const QCPItemLine* line = chart.arrows()[static_cast<std::size_t>(arrow)];
        QCOMPARE(line->start->coords().x(), x);
        QVERIFY(qFuzzyCompare(line->start->coords().y(), fromY));
        QCOMPARE(line->end->coords().x(), x);
        QVERIFY(qFuzzyCompare(line->end->coords().y(), toY));
        QCOMPARE(line->head().style(), QCPLineEnding::esSpikeArrow);
        const QColor expected = colour == "faster"   ? ComparisonChart::fasterColor()
                                : colour == "slower" ? ComparisonChart::slowerColor()
                                                     : QColor(140, 140, 140);
        QCOMPARE(line->pen().color(), expected);
    }

    void runsDrawn() {
        ComparisonChart chart;
        chart.setSession(stackSession());
        // Five ops of each run have FLOPs and a time.
        QCOMPARE(chart.pointsA()->dataCount(), 5);
        QCOMPARE(chart.pointsB()->dataCount(), 5);
        QCOMPARE(chart.pointsB()->scatterStyle().shape(), QCPScatterStyle::ssDisc);
        QCOMPARE(title(chart), QStringLiteral("pt21 → pt23"));
        // Four arrows, all labelled; the GEMM first with its -20 %.
        QCOMPARE(chart.changeLabels().size(), std::size_t(4));
        QVERIFY2(chart.changeLabels()[0]->text().endsWith(QStringLiteral("\u221220 %")),
                 qPrintable(chart.changeLabels()[0]->text()));
        QVERIFY(chart.changeLabels()[0]->text().startsWith(QStringLiteral("ampere_fp16")));
        QCOMPARE(chart.table().schema, std::string("roofscope.comparison/1"));
        QCOMPARE(chart.table().rows.size(), std::size_t(7));
        QVERIFY(chart.legend && chart.legend->itemCount() >= 5); // roofs, A, B, faster, slower
        savePng(chart, "comparison-runs");
    }

    void projection() {
        Session s = stackSession();
        s.datasets.resize(1);
        s.view.compare.projectDevice = "gpu-b";
        ComparisonChart chart;
        chart.setSession(s);
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(title(chart), QStringLiteral("Projected on GPU B, not measured"));
        QCOMPARE(chart.pointsB()->scatterStyle().shape(), QCPScatterStyle::ssCircle); // hollow
        QCOMPARE(chart.pointsB()->scatterStyle().brush().style(), Qt::NoBrush);
        // Every op with FLOPs projects faster onto GPU B: five green arrows, five labels.
        QCOMPARE(chart.arrows().size(), std::size_t(5));
        for (const auto* a : chart.arrows())
            QCOMPARE(a->pen().color(), ComparisonChart::fasterColor());
        QCOMPARE(chart.changeLabels().size(), std::size_t(5));
        // GEMM on GPU B: max(2e12 / 1e15, 1e10 / 3e12) = 1/300 s; 2e12 FLOP at 6e14 FLOP/s.
        const QCPItemLine* gemm = chart.arrows()[0];
        QCOMPARE(gemm->start->coords().x(), 200.0);
        QVERIFY(qFuzzyCompare(gemm->end->coords().y(), 6e14));
        QCOMPARE(textOfProjected(chart), std::string("yes"));
        savePng(chart, "comparison-projection");
    }

    void emptyReasons_data() {
        QTest::addColumn<int>("datasets");
        QTest::addColumn<QString>("device");
        QTest::addColumn<bool>("noFlops");
        QTest::addColumn<QString>("reason");
        QTest::newRow("no datasets") << 0 << "" << false << "The comparison needs two datasets";
        QTest::newRow("one dataset") << 1 << "" << false << "The comparison needs two datasets";
        QTest::newRow("unknown device") << 2 << "tpu-9" << false << "no such device";
        QTest::newRow("nothing to place") << 2 << "" << true << "No op of these runs has FLOPs";
    }
    void emptyReasons() {
        QFETCH(int, datasets);
        QFETCH(QString, device);
        QFETCH(bool, noFlops);
        QFETCH(QString, reason);
        Session s = stackSession();
        s.datasets.resize(static_cast<std::size_t>(datasets));
        s.view.compare.projectDevice = device.toStdString();
        if (noFlops)
            for (auto& d : s.datasets)
                for (auto& r : d.records)
                    r.flops = {};
        ComparisonChart chart;
        chart.setSession(stackSession()); // drawn first: the empty state must clear it
        chart.setSession(s);
        QVERIFY2(chart.emptyReason().contains(reason), qPrintable(chart.emptyReason()));
        QVERIFY(chart.table().rows.empty());
        QVERIFY(chart.arrows().empty());
        QCOMPARE(chart.plottableCount(), 0);
        QCOMPARE(chart.itemCount(), 0);
        // And it draws again once the session can be compared.
        chart.setSession(stackSession());
        QVERIFY(chart.emptyReason().isEmpty());
        QCOMPARE(chart.arrows().size(), std::size_t(4));
        QVERIFY(chart.xAxis && chart.yAxis);
    }

    void clickActivatesRecord() {
        ComparisonChart chart;
        chart.resize(900, 600);
        chart.setSession(stackSession());
        chart.replot();
        QSignalSpy spy(&chart, &ViewChart::recordActivated);
        // Run B's renamed GEMM: 2e12 FLOP / 16 ms at 200 FLOP/B.
        const QPoint at(qRound(chart.xAxis->coordToPixel(200)),
                        qRound(chart.yAxis->coordToPixel(1.25e14)));
        QTest::mouseClick(&chart, Qt::LeftButton, {}, at);
        QCOMPARE(spy.count(), 1);
        const auto ref = spy.at(0).at(0).value<RecordRef>();
        QCOMPARE(ref.dataset, 1);
        QCOMPARE(ref.record, 0);
    }

    void hoverNamesTheOp() {
        ComparisonChart chart;
        chart.resize(900, 600);
        const Session session = stackSession();
        chart.setSession(session);
        chart.replot();
        // The same point as above: run B's renamed GEMM, 16 ms.
        const QPointF at(chart.xAxis->coordToPixel(200), chart.yAxis->coordToPixel(1.25e14));
        const QString tip = chart.toolTipAt(at);
        QVERIFY2(tip.contains(QString::fromStdString(session.datasets[1].records[0].name)),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QString::fromStdString(session.datasets[1].context.label)),
                 qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("16.0 ms")), qPrintable(tip));
        QVERIFY2(tip.contains(QStringLiteral("125 TFLOP/s")), qPrintable(tip));
        // Far from every point: nothing.
        QVERIFY(chart.toolTipAt(QPointF(2, 2)).isEmpty());
        // Run B hidden (a legend click): its points say nothing; run A's may still be near.
        chart.pointsB()->setVisible(false);
        QVERIFY2(!chart.toolTipAt(at).contains(
                     QString::fromStdString(session.datasets[1].context.label)),
                 qPrintable(chart.toolTipAt(at)));
        QVERIFY(!chart.recordAt(at) || chart.recordAt(at)->dataset == 0);
    }

    void mouseMoveShowsTheTip() {
        ComparisonChart chart;
        QVERIFY(showChart(chart, stackSession(), {900, 600}));
        auto moveTo = [&](QPointF at) {
            QMouseEvent move(QEvent::MouseMove, at, chart.mapToGlobal(at), Qt::NoButton,
                             Qt::NoButton, Qt::NoModifier);
            QApplication::sendEvent(&chart, &move);
        };
        const QPointF at(chart.xAxis->coordToPixel(200), chart.yAxis->coordToPixel(1.25e14));
        moveTo(at);
        QTRY_VERIFY(QToolTip::isVisible());
        QCOMPARE(QToolTip::text(), chart.toolTipAt(at));
        moveTo(QPointF(2, 2));
        QTRY_VERIFY(!QToolTip::isVisible());
    }

  private:
    static std::string textOfProjected(ComparisonChart& chart) {
        const ViewTable& t = chart.table();
        for (std::size_t c = 0; c < t.columns.size(); ++c)
            if (t.columns[c].key == "projected" && !t.rows.empty())
                return std::get<std::string>(t.rows[0][c]);
        return {};
    }
};

QTEST_MAIN(TestComparisonChart)
#include "test_comparison_chart.moc"
