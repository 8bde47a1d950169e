// The plot's view choices: colour by dataset, device, stack, rank or category; log or linear
// axes; the hierarchical view; legend entries that hide a group, a category or a device's roofs
// (and what they hide cannot be picked); slope labels inside the view; and the window's view bar,
// whose choices go into the session, are saved with it and come back when it is reopened.

#include "core/session_file.h"
#include "tests/support/record_fixture.h"
#include "ui/main_window.h"
#include "ui/roofline_plot.h"
#include "ui/view_bar.h"

#include <QAction>
#include <QComboBox>
#include <QSettings>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

Q_DECLARE_METATYPE(roofscope::Precision)

namespace {

// roundSession with a third dataset: same device as run A, another rank and stack, and L2 bytes
// on run A's GEMM for the hierarchical view.
Session threeRuns() {
    Session s = testing::savableRoundSession();
    Ceiling l2{4e12, {}};
    l2.provenance.sourceUrl = "https://example.org/round-gpu";
    s.devices.front().ceilings.memory[MemoryLevel::l2] = l2;
    s.datasets[0].records[0].bytes[MemoryLevel::l2] = Measure::measured(4e10);
    s.datasets[0].context.stack.framework = "PyTorch 2.1.0";
    s.datasets[1].context.stack.framework = "PyTorch 2.1.0";
    Dataset c = s.datasets[0];
    c.context.label = "run C";
    c.context.rank = 1;
    c.context.worldSize = 2;
    c.context.stack.framework = "PyTorch 2.3.0";
    s.datasets.push_back(c);
    return s;
}

QStringList groupLabels(const RooflinePlot& plot) {
    QStringList out;
    for (const auto& g : plot.pointGroups())
        out << g.label;
    return out;
}

QCPPlottableLegendItem* legendEntry(RooflinePlot& plot, const QString& name) {
    for (int i = 0; i < plot.legend->itemCount(); ++i)
        if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i)))
            if (item->plottable()->name() == name)
                return item;
    return nullptr;
}

QPointF pixelOf(const RooflinePlot& plot, RecordRef ref) {
    const QPointF c = *plot.recordCoords(ref);
    return {plot.xAxis->coordToPixel(c.x()), plot.yAxis->coordToPixel(c.y())};
}

} // namespace

class TestViewControls : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void colourGroups_data() {
        QTest::addColumn<QString>("colorBy");
        QTest::addColumn<QStringList>("labels");
        // Run A and run C share the device and rank 0/1 differ; run B's device is unknown.
        QTest::newRow("dataset") << "dataset" << QStringList{"run A", "run B", "run C"};
        QTest::newRow("device") << "device"
                                << QStringList{"Round GPU", "mystery-gpu (not in the session)"};
        QTest::newRow("stack") << "stack" << QStringList{"PyTorch 2.1.0", "PyTorch 2.3.0"};
        QTest::newRow("rank") << "rank" << QStringList{"rank 0", "rank 1"};
        QTest::newRow("category") << "category" << QStringList{"gemm", "elementwise"};
    }

    void colourGroups() {
        QFETCH(QString, colorBy);
        QFETCH(QStringList, labels);
        Session s = threeRuns();
        s.view.colorBy = parseEnum<ColorBy>(colorBy.toStdString()).value();
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(s);
        QCOMPARE(groupLabels(plot), labels);
        QCOMPARE(plot.pointCount(), 5);
        // Every group has a legend entry with its colour.
        for (const auto& g : plot.pointGroups()) {
            QCPPlottableLegendItem* entry = legendEntry(plot, g.label);
            QVERIFY2(entry, qPrintable(g.label));
            QCOMPARE(qobject_cast<QCPGraph*>(entry->plottable())->scatterStyle().pen().color(),
                     g.color);
        }
    }

    void markerSizeSaysTheShareOfTime() {
        // Run A: gemm_big 40 ms, relu_fwd 10 ms, the copy 50 ms: 40 % and 10 % of 100 ms.
        RooflinePlot plot;
        plot.setSession(threeRuns());
        auto sizeOf = [&](const QString& name) {
            for (int i = 0; i < plot.graphCount(); ++i)
                if (plot.graph(i)->name() == name && !plot.graph(i)->data()->isEmpty())
                    return plot.graph(i)->scatterStyle().size();
            return 0.0;
        };
        QCOMPARE(sizeOf(QStringLiteral("run A · gemm")), 15.0);
        QCOMPARE(sizeOf(QStringLiteral("run A · elementwise")), 11.0);
        QCOMPARE(RooflinePlot::markerSizeClass(0.009), 0);
        QCOMPARE(RooflinePlot::markerSizeClass(0.01), 1);
        QCOMPARE(RooflinePlot::markerSizeClass(0.05), 2);
        QCOMPARE(RooflinePlot::markerSizeClass(0.2), 3);
        QCOMPARE(RooflinePlot::markerSizeClass(NAN), 0);
        QVERIFY(plot.toolTipFor({0, 0}).contains(QStringLiteral("40")));
    }

    void deviceColourIsTheRoofColour() {
        Session s = threeRuns();
        s.view.colorBy = ColorBy::device;
        RooflinePlot plot;
        plot.setSession(s);
        QCPPlottableLegendItem* roof = legendEntry(plot, QStringLiteral("Round GPU (spec)"));
        QVERIFY(roof);
        QCOMPARE(plot.pointGroups().front().color, roof->plottable()->pen().color());
    }

    void linearAxes() {
        Session s = threeRuns();
        s.view.logX = false;
        s.view.logY = false;
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(s);
        QVERIFY(!plot.logX() && !plot.logY());
        QCOMPARE(plot.xAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(plot.yAxis->scaleType(), QCPAxis::stLinear);
        QCOMPARE(plot.xAxis->range().lower, 0.0);
        QCOMPARE(plot.yAxis->range().lower, 0.0);
        // The fit shows the points and the ridge, not the roofs' run to 10^4 FLOP/B.
        QVERIFY(plot.xAxis->range().upper < 1000);
        QVERIFY(plot.xAxis->range().upper > 200);
        // Picking works in linear space: run A's GEMM (I 200, 50 TFLOP/s) is found at its pixel.
        const RecordRef gemm{2, 0}; // run C's, drawn over run A's
        const auto found = plot.recordAt(pixelOf(plot, gemm));
        QVERIFY(found && *found == gemm);
    }

    void linearTickLabels() {
        Session s = threeRuns();
        s.view.logY = false;
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(s);
        plot.replot();
        const QVector<QString> labels = plot.yAxis->tickVectorLabels();
        QVERIFY(!labels.isEmpty());
        QVERIFY(labels.contains(QStringLiteral("0")));
        // 100 TFLOP/s roof: ticks in T, never 1e+14.
        QVERIFY2(std::any_of(labels.begin(), labels.end(),
                             [](const QString& l) { return l.endsWith(QLatin1Char('T')); }),
                 qPrintable(QStringList(labels.begin(), labels.end()).join(u' ')));
        for (const auto& l : labels)
            QVERIFY2(!l.contains(QLatin1Char('e')), qPrintable(l));
    }

    void legendHidesAGroupAndItCannotBePicked() {
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(threeRuns());
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        // Run C's GEMM sits on run A's and is drawn over it: a click there finds run C's.
        const RecordRef gemmA{0, 0}, gemmC{2, 0};
        const QPointF at = pixelOf(plot, gemmC);
        QVERIFY(plot.recordAt(at) == gemmC);
        QCPPlottableLegendItem* entry = legendEntry(plot, QStringLiteral("run C"));
        QVERIFY(entry);
        QTest::mouseClick(&plot, Qt::LeftButton, Qt::NoModifier, entry->outerRect().center());
        QVERIFY(plot.isGroupHidden(QStringLiteral("run C")));
        QCOMPARE(plot.shownPointCount(), 3);
        // Hidden, run C's point is not found, nor ringed: run A's, beneath it, is found.
        QVERIFY(plot.recordAt(at) == gemmA);
        QVERIFY(!plot.recordCoords(gemmC));
        plot.setHighlighted(gemmC);
        QVERIFY(!plot.highlightVisible());
        QCOMPARE(legendEntry(plot, QStringLiteral("run C"))->textColor(), QColor(Qt::gray));
        // A redraw of the session keeps it hidden.
        plot.setSession(threeRuns());
        QVERIFY(plot.isGroupHidden(QStringLiteral("run C")));
        QCOMPARE(plot.shownPointCount(), 3);
        plot.replot();
        QTest::mouseClick(&plot, Qt::LeftButton, Qt::NoModifier,
                          legendEntry(plot, QStringLiteral("run C"))->outerRect().center());
        QVERIFY(!plot.isGroupHidden(QStringLiteral("run C")));
        QCOMPARE(plot.shownPointCount(), 5);
        QCOMPARE(legendEntry(plot, QStringLiteral("run C"))->textColor(), QColor(Qt::black));
        QVERIFY(plot.highlightVisible());
        QVERIFY(plot.recordAt(at) == gemmC);
    }

    void legendHidesACategoryAndADevice() {
        RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(threeRuns());
        QCPPlottableLegendItem* gemm = legendEntry(plot, QStringLiteral("gemm"));
        QVERIFY2(gemm, "markers list each category's shape once");
        plot.toggleLegendItem(gemm);
        QVERIFY(plot.isCategoryHidden(Category::gemm));
        QCOMPARE(plot.shownPointCount(), 2); // the two relu_fwd points
        QCPPlottableLegendItem* device = legendEntry(plot, QStringLiteral("Round GPU (spec)"));
        QVERIFY(device);
        QCPAbstractPlottable* roof = device->plottable();
        plot.toggleLegendItem(device);
        QVERIFY(plot.isDeviceHidden("round-gpu"));
        QVERIFY(!roof->visible());
        plot.toggleLegendItem(device);
        QVERIFY(roof->visible());
    }

    void legendStaysShort() {
        // 15 datasets of two categories: one entry per group up to the cap, one counting the
        // rest, one per shape; never one per dataset × category.
        Session s = testing::roundSession();
        const Dataset a = s.datasets[0];
        s.datasets.clear();
        for (int i = 0; i < 15; ++i) {
            Dataset d = a;
            d.context.label = "run " + std::to_string(i);
            s.datasets.push_back(d);
        }
        RooflinePlot plot;
        plot.setSession(s);
        int entries = 0;
        for (int i = 0; i < plot.legend->itemCount(); ++i)
            entries += plot.legend->item(i) ? 1 : 0;
        // 1 device + 12 groups + "+ 3 more" + 2 shapes.
        QCOMPARE(entries, 16);
        QVERIFY(legendEntry(plot, QStringLiteral("+ 3 more")));
    }

    // The roofs drawn are those of the view's precision and of every precision the records use,
    // hidden datasets' too (shown again, their points find their roof in place). Round GPU's
    // roofs: the DRAM slope, fp16 tensor, fp32 vector.
    void roofsOfThePrecisionsInUse_data() {
        QTest::addColumn<bool>("gemmFp16");       // run A's GEMM, else fp32 like the rest
        QTest::addColumn<bool>("otherFp16");      // run B's GEMM
        QTest::addColumn<bool>("hideB");          // run B hidden
        QTest::addColumn<Precision>("precision"); // the view's
        QTest::addColumn<int>("segments");
        QTest::newRow("fp16 and fp32 records") << true << false << false << Precision::fp32 << 3;
        QTest::newRow("fp32 records only") << false << false << false << Precision::fp32 << 2;
        QTest::newRow("the view's precision") << false << false << false << Precision::fp16 << 3;
        QTest::newRow("a hidden dataset's") << false << true << true << Precision::fp32 << 3;
        QTest::newRow("a precision the device lacks")
            << false << false << false << Precision::bf16 << 2;
    }

    void roofsOfThePrecisionsInUse() {
        QFETCH(bool, gemmFp16);
        QFETCH(bool, otherFp16);
        QFETCH(bool, hideB);
        QFETCH(Precision, precision);
        QFETCH(int, segments);
        Session s = testing::roundSession();
        s.datasets[0].records[0].precision = gemmFp16 ? Precision::fp16 : Precision::fp32;
        s.datasets[1].records[0].precision = otherFp16 ? Precision::fp16 : Precision::fp32;
        if (hideB)
            s.view.hiddenDatasets = {s.datasets[1].context.label};
        s.view.precision = precision;
        RooflinePlot plot;
        plot.setSession(s);
        QCOMPARE(plot.roofSegmentCount(), segments);
    }

    void hierarchicalView() {
        Session s = threeRuns();
        s.view.view = ViewKind::hierarchical;
        RooflinePlot plot;
        plot.setSession(s);
        // Run A's and run C's GEMMs have L2 bytes: one more point each at L2, 4x less intense.
        QCOMPARE(plot.levelPointCount(), 2);
        QCPPlottableLegendItem* l2 = legendEntry(plot, QStringLiteral("same ops at l2"));
        QVERIFY(l2);
        auto* graph = qobject_cast<QCPGraph*>(l2->plottable());
        QCOMPARE(graph->dataCount(), 2);
        QCOMPARE(graph->data()->begin()->key, 50.0);
        s.view.view = ViewKind::roofline;
        plot.setSession(s);
        QCOMPARE(plot.levelPointCount(), 0);
    }

    void slopeLabelInsideTheView() {
        // Compute-bound points only: the fit starts far above the slope's start, where the
        // label used to sit, out of sight.
        Session s = testing::roundSession();
        s.datasets.resize(1);
        s.datasets[0].records.resize(1);
        RooflinePlot plot;
        plot.resize(1000, 625);
        plot.setSession(s);
        plot.replot();
        bool found = false;
        for (int i = 0; i < plot.itemCount(); ++i) {
            auto* text = qobject_cast<QCPItemText*>(plot.item(i));
            if (!text || !text->text().startsWith(QStringLiteral("dram")))
                continue;
            found = true;
            QVERIFY(text->visible());
            const QPointF p = text->position->pixelPosition();
            QVERIFY2(plot.axisRect()->rect().contains(p.toPoint()),
                     qPrintable(QStringLiteral("%1,%2").arg(p.x()).arg(p.y())));
        }
        QVERIFY(found);
    }

    void viewBarEditsTheSession() {
        MainWindow window(Catalog{});
        window.setSession(threeRuns());
        ViewBar* bar = window.viewBar();
        QVERIFY(bar);
        auto* colorBy = bar->findChild<QComboBox*>(QStringLiteral("colorBy"));
        auto* points = bar->findChild<QComboBox*>(QStringLiteral("pointStyle"));
        auto* view = bar->findChild<QComboBox*>(QStringLiteral("viewKind"));
        auto* logX = bar->findChild<QAction*>(QStringLiteral("logX"));
        QVERIFY(colorBy && points && view && logX);
        QVERIFY(logX->isChecked());

        colorBy->setCurrentIndex(colorBy->findData(QStringLiteral("rank")));
        QVERIFY(window.session().view.colorBy == ColorBy::rank);
        QCOMPARE(groupLabels(*window.plot()), (QStringList{"rank 0", "rank 1"}));

        points->setCurrentIndex(points->findData(QStringLiteral("dots")));
        QVERIFY(window.plot()->drawnStyle() == PointStyle::dots);
        QVERIFY(window.session().view.pointStyle == PointStyle::dots);

        view->setCurrentIndex(view->findData(QStringLiteral("hierarchical")));
        QCOMPARE(window.plot()->levelPointCount(), 2);

        logX->trigger();
        QVERIFY(!window.plot()->logX());
        QVERIFY(!window.session().view.logX);
        QCOMPARE(window.plot()->xAxis->range().lower, 0.0);

        // The choices are remembered for the next run's new sessions.
        ViewSettings next;
        MainWindow::applyRememberedView(next);
        QVERIFY(next.colorBy == ColorBy::rank);
        QVERIFY(next.pointStyle == PointStyle::dots);
        QVERIFY(next.view == ViewKind::hierarchical);
        QVERIFY(!next.logX && next.logY);
    }

    void reopenedSessionShowsTheSamePicture() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("zoomed.roofscope"));
        QCPRange x, y;
        {
            MainWindow window(Catalog{});
            window.setSession(threeRuns());
            auto* colorBy = window.viewBar()->findChild<QComboBox*>(QStringLiteral("colorBy"));
            colorBy->setCurrentIndex(colorBy->findData(QStringLiteral("category")));
            window.plot()->xAxis->setRange(1, 300);
            window.plot()->yAxis->setRange(1e10, 2e14);
            x = window.plot()->xAxis->range();
            y = window.plot()->yAxis->range();
            QVERIFY(window.saveSession(path));
        }
        const auto read = readSessionFile(path.toStdString());
        QVERIFY2(read, read ? "" : read.error().toString().c_str());
        MainWindow window(Catalog{});
        QVERIFY(window.openSession(path));
        QCOMPARE(window.plot()->xAxis->range().lower, x.lower);
        QCOMPARE(window.plot()->xAxis->range().upper, x.upper);
        QCOMPARE(window.plot()->yAxis->range().lower, y.lower);
        QCOMPARE(window.plot()->yAxis->range().upper, y.upper);
        QVERIFY(window.session().view.colorBy == ColorBy::category);
        auto* colorBy = window.viewBar()->findChild<QComboBox*>(QStringLiteral("colorBy"));
        QCOMPARE(colorBy->currentData().toString(), QStringLiteral("category"));
    }
};

QTEST_MAIN(TestViewControls)
#include "test_view_controls.moc"
