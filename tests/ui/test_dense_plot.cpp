// Dense clouds on the offscreen platform: the drawing style follows the number of points
// (markers, dots with adaptive sampling, density image), the density image counts exactly the
// points inside the view and bins again after a zoom, points of big clouds are picked from the
// data, not from what was drawn, and the points computed on several threads are core's. Timings
// belong to roofscope-bench redraw, not here.
#include "ui/roofline_density.h"
#include "ui/roofline_plot.h"

#include "tests/support/record_fixture.h"

#include <QtTest>

#include <algorithm>
#include <array>
#include <map>
#include <random>

using namespace roofscope;
using Style = ui::RooflinePlot::PointStyle;

namespace {

// `n` fp16 GEMM-like records under the round device's roofs, spread over intensity 0.1 .. 1000
// FLOP/B and 0.1 % .. 100 % of the roof; record i is named "p<i>".
Session cloud(int n) {
    Session s;
    s.devices = {testing::roundDevice()};
    Dataset d;
    d.context.label = "cloud";
    d.context.deviceId = "round-gpu";
    std::mt19937_64 rng(42);
    std::uniform_real_distribution<double> u(0, 1);
    d.records.reserve(static_cast<std::size_t>(n));
    for (int i = 0; i < n; ++i) {
        OpRecord r = testing::record("p" + std::to_string(i), Category::gemm, Phase::forward, 0);
        r.precision = Precision::fp16;
        r.usesTensorUnits = true;
        const double x = std::pow(10.0, -1 + 4 * u(rng));
        const double y = std::min(1e14, x * 1e12) * std::pow(10.0, -3 * u(rng));
        r.bytes[MemoryLevel::dram] = Measure::measured(1e6);
        r.flops = Measure::measured(x * 1e6);
        r.timeS = Measure::measured(x * 1e6 / y);
        d.records.push_back(std::move(r));
    }
    s.datasets = {std::move(d)};
    return s;
}

// Points of the plot inside its current view, [lower, upper) on both axes, as the bins count.
qint64 pointsInView(const ui::RooflinePlot& plot, int n) {
    const QCPRange x = plot.xAxis->range(), y = plot.yAxis->range();
    qint64 inside = 0;
    for (int i = 0; i < n; ++i) {
        const auto c = plot.recordCoords({0, i});
        if (c && c->x() >= x.lower && c->x() < x.upper && c->y() >= y.lower && c->y() < y.upper)
            ++inside;
    }
    return inside;
}

qint64 sumOfBins(ui::RooflinePlot& plot) {
    qint64 sum = 0;
    for (int i = 0; i < plot.plottableCount(); ++i)
        if (const auto* d = qobject_cast<const ui::RooflineDensity*>(plot.plottable(i)))
            for (const auto c : d->bins())
                sum += c;
    return sum;
}

// `n` records of three categories in turn (gemm, elementwise, norm for i % 3 = 0, 1, 2) over
// two datasets (even and odd i), named "k<i / 4 % 37>" (so that each dataset has runs of two
// launches of one name, and names met again after others); every 7th has no FLOPs (undrawable) and
// every 5th also has L2 bytes, a quarter of its DRAM bytes (the hierarchical view's second level).
Session mixed(int n, ViewKind view, ColorBy colorBy) {
    Session s;
    s.devices = {testing::roundDevice()};
    s.devices[0].ceilings.memory[MemoryLevel::l2] = {4e12, {}};
    s.view.view = view;
    s.view.colorBy = colorBy;
    s.datasets.resize(2);
    for (int d = 0; d < 2; ++d) {
        s.datasets[static_cast<std::size_t>(d)].context.label = d == 0 ? "even" : "odd";
        s.datasets[static_cast<std::size_t>(d)].context.deviceId = "round-gpu";
    }
    constexpr std::array kCategories{Category::gemm, Category::elementwise, Category::norm};
    std::mt19937_64 rng(7);
    std::uniform_real_distribution<double> u(0, 1);
    for (int i = 0; i < n; ++i) {
        OpRecord r =
            testing::record("k" + std::to_string(i / 4 % 37),
                            kCategories[static_cast<std::size_t>(i % 3)], Phase::forward, 0);
        const double bytes = std::pow(10.0, 4 + 4 * u(rng));
        r.bytes[MemoryLevel::dram] = Measure::measured(bytes);
        if (i % 5 == 0)
            r.bytes[MemoryLevel::l2] = Measure::measured(bytes / 4);
        if (i % 7 != 0)
            r.flops = Measure::measured(bytes * std::pow(10.0, -1 + 4 * u(rng)));
        r.timeS = Measure::measured(1e-6 + 1e-3 * u(rng));
        s.datasets[static_cast<std::size_t>(i % 2)].records.push_back(std::move(r));
    }
    return s;
}

} // namespace

class TestDensePlot : public QObject {
    Q_OBJECT

  private slots:
    void styleFollowsPointCount_data() {
        QTest::addColumn<int>("points");
        QTest::addColumn<int>("dotsAbove");
        QTest::addColumn<int>("densityAbove");
        QTest::addColumn<Style>("expected");
        const int dots = ui::RooflinePlot::kDefaultDotsAbove;
        const int density = ui::RooflinePlot::kDefaultDensityAbove;
        QTest::newRow("few: markers") << 500 << dots << density << Style::markers;
        QTest::newRow("at the dots threshold") << dots << dots << density << Style::markers;
        QTest::newRow("above it: dots") << dots + 1 << dots << density << Style::dots;
        QTest::newRow("above density: image") << 30000 << 1000 << 20000 << Style::density;
    }

    void styleFollowsPointCount() {
        QFETCH(int, points);
        QFETCH(int, dotsAbove);
        QFETCH(int, densityAbove);
        QFETCH(Style, expected);
        ui::RooflinePlot plot;
        plot.setPointThresholds(dotsAbove, densityAbove);
        plot.setSession(cloud(points));
        QCOMPARE(plot.pointCount(), points);
        QVERIFY(plot.drawnStyle() == expected);
        int densities = 0, dotGraphs = 0, markerGraphs = 0;
        for (int i = 0; i < plot.plottableCount(); ++i) {
            if (qobject_cast<ui::RooflineDensity*>(plot.plottable(i)))
                ++densities;
            else if (auto* g = qobject_cast<QCPGraph*>(plot.plottable(i));
                     g && g->lineStyle() == QCPGraph::lsNone && !g->data()->isEmpty()) {
                // Legend entries are empty graphs: only those with points count.
                if (g->scatterStyle().shape() == QCPScatterStyle::ssDot) {
                    QVERIFY(g->adaptiveSampling());
                    QVERIFY(!g->antialiasedScatters());
                    ++dotGraphs;
                } else {
                    ++markerGraphs;
                }
            }
        }
        QCOMPARE(densities, expected == Style::density ? 1 : 0);
        QCOMPARE(dotGraphs, expected == Style::dots ? 1 : 0);
        // One category (gemm): one graph per marker size in use.
        if (expected == Style::markers)
            QVERIFY(markerGraphs >= 1 &&
                    markerGraphs <= int(std::size(ui::RooflinePlot::kMarkerSizes)));
        else
            QCOMPARE(markerGraphs, 0);
        // Choosing a style by hand overrides the count, and back.
        plot.setPointStyle(Style::markers);
        QVERIFY(plot.drawnStyle() == Style::markers);
        plot.setPointStyle(Style::automatic);
        QVERIFY(plot.drawnStyle() == expected);
    }

    void densityCountsThePointsInView_data() {
        QTest::addColumn<double>("xLow");
        QTest::addColumn<double>("xHigh");
        QTest::addColumn<double>("yLow");
        QTest::addColumn<double>("yHigh");
        QTest::newRow("fitted") << 0.0 << 0.0 << 0.0 << 0.0;
        QTest::newRow("memory-bound corner") << 0.2 << 3.0 << 1e10 << 2e12;
        QTest::newRow("one decade") << 10.0 << 100.0 << 1e12 << 1e14;
        QTest::newRow("nothing in view") << 1e5 << 1e6 << 1e3 << 1e4;
    }

    void densityCountsThePointsInView() {
        QFETCH(double, xLow);
        QFETCH(double, xHigh);
        QFETCH(double, yLow);
        QFETCH(double, yHigh);
        const int n = 50000;
        ui::RooflinePlot plot;
        plot.resize(900, 600);
        plot.setPointStyle(Style::density);
        plot.setSession(cloud(n));
        if (xHigh > 0) {
            plot.xAxis->setRange(xLow, xHigh);
            plot.yAxis->setRange(yLow, yHigh);
        }
        plot.replot();
        const qint64 inside = pointsInView(plot, n);
        QCOMPARE(plot.densityPointCount(), inside);
        QCOMPARE(sumOfBins(plot), inside);
        if (xHigh == 0)
            QCOMPARE(inside, qint64(n)); // the fitted view shows every point
    }

    void zoomBinsAgain() {
        const int n = 50000;
        ui::RooflinePlot plot;
        plot.resize(900, 600);
        plot.setPointStyle(Style::density);
        plot.setSession(cloud(n));
        plot.replot();
        const int binnings = plot.densityBinnings();
        QCOMPARE(plot.densityPointCount(), qint64(n));
        plot.replot(); // nothing changed: the bins are reused
        QCOMPARE(plot.densityBinnings(), binnings);
        plot.xAxis->scaleRange(0.25, 10.0); // a wheel zoom around intensity 10
        plot.yAxis->scaleRange(0.25, 1e12);
        plot.replot();
        QCOMPARE(plot.densityBinnings(), binnings + 1);
        const qint64 inside = pointsInView(plot, n);
        QVERIFY(inside > 0 && inside < n);
        QCOMPARE(plot.densityPointCount(), inside);
        // An export at another size bins for that size.
        const QPixmap image = plot.toPixmap(400, 300);
        QVERIFY(!image.isNull());
        QCOMPARE(plot.densityBinnings(), binnings + 2);
        QCOMPARE(sumOfBins(plot), inside);
    }

    // A dataset this large is computed in slices on several threads (RooflinePlot's
    // kThreadedRecords): every record must still be where core puts it, with its own name, and
    // the colour groups numbered by their first drawn point, as one pass would.
    void slicedPointsAreCoresPoints_data() {
        QTest::addColumn<ViewKind>("view");
        QTest::addColumn<ColorBy>("colorBy");
        QTest::addColumn<QStringList>("groups");
        // Dataset "even" comes first: i = 0 (gemm) has no FLOPs, so its first drawn points are
        // i = 2 (norm), 4 (elementwise), 6 (gemm).
        QTest::newRow("roofline by category") << ViewKind::roofline << ColorBy::category
                                              << QStringList{"norm", "elementwise", "gemm"};
        // By dataset, the datasets in session order whatever their first drawn point.
        QTest::newRow("hierarchical by dataset")
            << ViewKind::hierarchical << ColorBy::dataset << QStringList{"even", "odd"};
    }

    void slicedPointsAreCoresPoints() {
        QFETCH(ViewKind, view);
        QFETCH(ColorBy, colorBy);
        QFETCH(QStringList, groups);
        const int n = 2 * static_cast<int>(ui::RooflinePlot::kThreadedRecords) + 2 * 1021;
        const Session session = mixed(n, view, colorBy);
        ui::RooflinePlot plot;
        plot.resize(900, 600);
        plot.setSession(session);
        const PlotPoints core = plotPoints(session);
        int atLevel = 0, otherLevels = 0;
        for (const PlotPoint& p : core.points) {
            if (p.level != session.view.memoryLevel) {
                ++otherLevels;
                continue;
            }
            ++atLevel;
            const auto c = plot.recordCoords(p.ref);
            QVERIFY2(c, qPrintable(QStringLiteral("record %1 of %2 not drawn")
                                       .arg(p.ref.record)
                                       .arg(p.ref.dataset)));
            QCOMPARE(c->x(), p.intensity);
            QCOMPARE(c->y(), p.achievedFlopsPerS);
            const auto& record = session.datasets[static_cast<std::size_t>(p.ref.dataset)]
                                     .records[static_cast<std::size_t>(p.ref.record)];
            QVERIFY(plot.toolTipFor(p.ref).contains(
                QStringLiteral("<b>%1</b>").arg(QString::fromStdString(record.name))));
        }
        // Six of every seven records are drawn; the hierarchical view adds their L2 points.
        QCOMPARE(plot.pointCount(), atLevel);
        QCOMPARE(plot.undrawableCount(), core.undrawable);
        QCOMPARE(core.undrawable, (n + 6) / 7);
        QCOMPARE(plot.levelPointCount(), otherLevels);
        QCOMPARE(otherLevels > 0, view == ViewKind::hierarchical);
        // Undrawable records are not drawn: record 0 of "even" (i = 0) and record 3 (i = 7).
        QVERIFY(!plot.recordCoords({0, 0}));
        QVERIFY(!plot.recordCoords({1, 3}));
        QStringList labels;
        for (const auto& g : plot.pointGroups())
            labels << g.label;
        QCOMPARE(labels, groups);
        // Put in drawing order on several threads too: the density image bins every point in
        // view once (the fitted view spans nine decades of FLOP/s, under which some of these
        // lie), and a point is picked where it is drawn (the record picked is it or one drawn
        // on the same pixel).
        plot.setPointStyle(Style::density);
        plot.replot();
        const QCPRange x = plot.xAxis->range(), y = plot.yAxis->range();
        qint64 inside = 0;
        for (const PlotPoint& p : core.points)
            if (const auto c = plot.recordCoords(p.ref); p.level == session.view.memoryLevel)
                inside +=
                    c->x() >= x.lower && c->x() < x.upper && c->y() >= y.lower && c->y() < y.upper;
        QVERIFY(inside > atLevel / 2);
        QCOMPARE(plot.densityPointCount(), inside);
        QCOMPARE(sumOfBins(plot), inside);
        auto pixelOf = [&](const QPointF& c) {
            return QPointF(plot.xAxis->coordToPixel(c.x()), plot.yAxis->coordToPixel(c.y()));
        };
        for (std::size_t k = 0; k < core.points.size(); k += core.points.size() / 40) {
            const PlotPoint& p = core.points[k];
            if (p.level != session.view.memoryLevel)
                continue;
            const QPointF at = pixelOf(*plot.recordCoords(p.ref));
            if (!plot.axisRect()->rect().contains(at.toPoint()))
                continue;
            const auto picked = plot.recordAt(at, 0.5);
            QVERIFY(picked);
            QCOMPARE(pixelOf(*plot.recordCoords(*picked)).toPoint(), at.toPoint());
        }
    }

    // Dots: each shown group's graph holds exactly its group's shown points, sorted by intensity
    // (the graph is told they are), whether the groups were sorted on one core or side by side.
    void dotGraphsHoldTheirGroupsPointsSorted_data() {
        QTest::addColumn<int>("records");
        QTest::addColumn<QString>("hide"); // a legend entry clicked before drawing dots
        QTest::newRow("small groups") << 3000 << QString();
        QTest::newRow("two large groups, sorted side by side") << 240'000 << QString();
        QTest::newRow("group odd hidden") << 3000 << QStringLiteral("odd");
        QTest::newRow("category gemm hidden") << 3000 << QStringLiteral("gemm");
    }

    void dotGraphsHoldTheirGroupsPointsSorted() {
        QFETCH(int, records);
        QFETCH(QString, hide);
        const Session session = mixed(records, ViewKind::roofline, ColorBy::dataset);
        ui::RooflinePlot plot;
        plot.resize(900, 600);
        // Markers list every category, so that one can be hidden before the dots are drawn.
        plot.setPointStyle(Style::markers, false);
        plot.setSession(session);
        if (!hide.isEmpty()) {
            QCPPlottableLegendItem* entry = nullptr;
            for (int i = 0; i < plot.legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(plot.legend->item(i)))
                    if (item->plottable()->name() == hide)
                        entry = item;
            QVERIFY2(entry, qPrintable(hide));
            plot.toggleLegendItem(entry);
        }
        plot.setPointStyle(Style::dots);
        // What each group should show: its records' drawn points, as recordCoords gives them
        // (nothing for hidden ones), sorted.
        using Points = std::vector<std::pair<double, double>>;
        std::map<QString, Points> expected;
        for (std::size_t d = 0; d < session.datasets.size(); ++d)
            for (std::size_t r = 0; r < session.datasets[d].records.size(); ++r)
                if (const auto c = plot.recordCoords({static_cast<int>(d), static_cast<int>(r)}))
                    expected[QString::fromStdString(session.datasets[d].context.label)]
                        .emplace_back(c->x(), c->y());
        std::map<QColor, QString, bool (*)(const QColor&, const QColor&)> groupOf(
            [](const QColor& a, const QColor& b) { return a.rgba() < b.rgba(); });
        for (const auto& g : plot.pointGroups())
            groupOf[g.color] = g.label;
        std::map<QString, Points> drawn;
        for (int i = 0; i < plot.graphCount(); ++i) {
            QCPGraph* g = plot.graph(i);
            if (g->scatterStyle().shape() != QCPScatterStyle::ssDot || g->data()->isEmpty())
                continue;
            Points& points = drawn[groupOf.at(g->scatterStyle().pen().color())];
            QVERIFY2(points.empty(), "one graph per group");
            for (auto it = g->data()->constBegin(); it != g->data()->constEnd(); ++it)
                points.emplace_back(it->key, it->value);
            QVERIFY(std::is_sorted(points.begin(), points.end(),
                                   [](const auto& a, const auto& b) { return a.first < b.first; }));
        }
        QCOMPARE(drawn.size(), expected.size());
        int shown = 0;
        for (auto& [group, points] : drawn) {
            std::sort(points.begin(), points.end());
            std::sort(expected[group].begin(), expected[group].end());
            QVERIFY2(points == expected[group], qPrintable(group));
            shown += static_cast<int>(points.size());
        }
        QCOMPARE(plot.shownPointCount(), shown);
        QCOMPARE(shown < plot.pointCount(), !hide.isEmpty());
    }

    void picksAKnownPointInABigCloud_data() {
        QTest::addColumn<Style>("style");
        QTest::newRow("dots") << Style::automatic;
        QTest::newRow("density") << Style::density;
    }

    void picksAKnownPointInABigCloud() {
        QFETCH(Style, style);
        const int n = 200000;
        ui::RooflinePlot plot;
        plot.resize(900, 600);
        plot.setPointStyle(style);
        plot.setSession(cloud(n));
        plot.replot();
        QVERIFY(plot.drawnStyle() == (style == Style::automatic ? Style::dots : style));
        for (const int record : {0, 12345, 199999}) {
            const RecordRef ref{0, record};
            const auto c = plot.recordCoords(ref);
            QVERIFY(c);
            const QPointF pixel(plot.xAxis->coordToPixel(c->x()), plot.yAxis->coordToPixel(c->y()));
            if (!plot.axisRect()->rect().contains(pixel.toPoint()))
                continue; // on the very edge of the fitted view
            QVERIFY(plot.recordAt(pixel) == ref);
            QVERIFY(plot.toolTipFor(ref).contains(QStringLiteral("p%1").arg(record)));
            // Zoomed in around it, it is still the one under the mouse.
            plot.xAxis->scaleRange(0.01, c->x());
            plot.yAxis->scaleRange(0.01, c->y());
            plot.replot();
            const QPointF zoomed(plot.xAxis->coordToPixel(c->x()),
                                 plot.yAxis->coordToPixel(c->y()));
            QVERIFY(plot.recordAt(zoomed) == ref);
            plot.resetView();
        }
        // Far above every roof there is nothing to pick.
        plot.yAxis->setRange(1e16, 1e18);
        plot.replot();
        QVERIFY(!plot.recordAt(plot.axisRect()->rect().center()));
    }
};

QTEST_MAIN(TestDensePlot)
#include "test_dense_plot.moc"
