// Plot interactions of the explorer: a click on a legend entry hides and shows its series, the
// zoom box turns a left drag into a rectangle zoom, and the legend keeps off the points.

#include "tests/support/record_fixture.h"
#include "ui/main_window.h"
#include "ui/roofline_plot.h"

#include <QAction>
#include <QtTest>
#include <qcustomplot.h>

using namespace roofscope;
using namespace roofscope::ui;

namespace {

// The first legend entry that stands for a point series (not a roof).
QCPPlottableLegendItem* pointEntry(RooflinePlot& plot) {
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i)))
            if (qobject_cast<QCPGraph*>(item->plottable()) &&
                item->plottable()->name().contains(QStringLiteral("run A")))
                return item;
    return nullptr;
}

} // namespace

class TestPlotInteraction : public QObject {
    Q_OBJECT

  private slots:
    void legendClickTogglesSeries() {
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(testing::roundSession());
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        QCPPlottableLegendItem* entry = pointEntry(plot);
        QVERIFY2(entry, "no legend entry for run A's points");
        const int shown = plot.shownPointCount();
        QVERIFY(plot.recordCoords({0, 0}));

        // The entry is made again with the points: look it up after each click.
        const QPoint at = entry->outerRect().center();
        QTest::mouseClick(&plot, Qt::LeftButton, Qt::NoModifier, at);
        QVERIFY(plot.isGroupHidden(QStringLiteral("run A")));
        QCOMPARE(plot.shownPointCount(), shown - 2);
        QVERIFY(!plot.recordCoords({0, 0}));
        QCOMPARE(pointEntry(plot)->textColor(), QColor(Qt::gray));
        QTest::mouseClick(&plot, Qt::LeftButton, Qt::NoModifier, at);
        QVERIFY(!plot.isGroupHidden(QStringLiteral("run A")));
        QCOMPARE(plot.shownPointCount(), shown);
        QCOMPARE(pointEntry(plot)->textColor(), QColor(Qt::black));
    }

    void legendKeepsOffThePoints() {
        // Without a device nothing bounds the points: a cloud fills the top-left corner, where
        // the legend sits above the slopes of a roofline, and the legend must move.
        Session s;
        Dataset d;
        d.context.label = "cloud";
        for (int i = 0; i < 400; ++i) {
            OpRecord r;
            r.name = "k" + std::to_string(i % 7);
            r.category = static_cast<Category>(i % 6); // six groups: a tall legend
            // Intensity 0.01 .. 0.2 FLOP/B at 1e14 .. 1e15 FLOP/s; one point far right, low.
            const double intensity = i == 0 ? 1000.0 : 0.01 * (1 + (i % 20));
            const double flopsPerS = i == 0 ? 1e9 : 1e14 * (1 + (i % 10));
            r.flops = Measure::estimated(1e9);
            r.bytes[MemoryLevel::dram] = Measure::estimated(1e9 / intensity);
            r.timeS = Measure::measured(1e9 / flopsPerS);
            d.records.push_back(r);
        }
        s.datasets = {d};
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(s);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        QVERIFY(plot.axisRect()->insetLayout()->insetAlignment(0) !=
                (Qt::AlignTop | Qt::AlignLeft));
        const QRect box = plot.legend->outerRect();
        int covered = 0;
        for (int i = 0; i < 400; ++i)
            if (const auto at = plot.recordCoords({0, i}))
                covered += box.contains(QPoint(int(plot.xAxis->coordToPixel(at->x())),
                                               int(plot.yAxis->coordToPixel(at->y()))))
                               ? 1
                               : 0;
        QCOMPARE(covered, 0);
    }

    void zoomBoxAction() {
        QStandardPaths::setTestModeEnabled(true);
        MainWindow window(Catalog{});
        window.setSession(testing::roundSession());
        auto* plot = window.findChild<RooflinePlot*>();
        auto* action = window.findChild<QAction*>(QStringLiteral("zoomBoxAction"));
        QVERIFY(plot && action);
        QVERIFY(!plot->zoomBox());
        QVERIFY(action->isCheckable());
        action->trigger();
        QVERIFY(plot->zoomBox());
        QCOMPARE(plot->selectionRectMode(), QCP::srmZoom);
        action->trigger();
        QVERIFY(!plot->zoomBox());
        QCOMPARE(plot->selectionRectMode(), QCP::srmNone);
    }
};

QTEST_MAIN(TestPlotInteraction)
#include "test_plot_interaction.moc"
