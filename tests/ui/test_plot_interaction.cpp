// Plot interactions of the explorer: a click on a legend entry hides and shows its series, and
// the zoom box turns a left drag into a rectangle zoom.

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
