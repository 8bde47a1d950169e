// The analysis views in the window: the view bar switches to MD-Roofline, comparison, placement,
// matrix and cost; each shows its chart and table; the options strip writes run B, the
// projection device, the rank, moves and prices into the session, which saves and reopens them.

#include "core/session_file.h"
#include "tests/support/record_fixture.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"
#include "ui/roofline_plot.h"
#include "ui/view_bar.h"
#include "ui/views/analysis_pane.h"
#include "ui/views/comparison_chart.h"
#include "ui/views/cost_chart.h"
#include "ui/views/matrix_chart.h"
#include "ui/views/md_chart.h"
#include "ui/views/placement_chart.h"
#include "ui/views/view_table_model.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QPushButton>
#include <QSettings>
#include <QStackedWidget>
#include <QTabWidget>
#include <QTableView>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

namespace {

Device fastDevice() {
    Device d = testing::roundDevice();
    d.id = "fast-gpu";
    d.name = "Fast GPU";
    for (auto* map : {&d.ceilings.memory})
        for (auto& [level, c] : *map)
            c.value *= 2;
    for (auto& [key, c] : d.ceilings.compute)
        c.value *= 2;
    for (auto& [link, c] : d.ceilings.links)
        c.value *= 2;
    return d;
}

Device hostCpu() {
    Device d;
    d.id = "host-cpu";
    d.name = "Host CPU";
    d.kind = DeviceKind::cpu;
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {2e12, {}};
    d.ceilings.compute[{Precision::fp16, ComputeUnit::vector}] = {2e12, {}};
    d.ceilings.memory[MemoryLevel::dram] = {2e11, {}};
    return d;
}

// Run A on the round GPU, run B the same ops on a GPU twice as fast (half the times), and a CPU
// to move ops to; every ceiling cited so that the session can be saved.
Session twoRuns() {
    Session s = testing::roundSession();
    s.datasets.pop_back();
    s.devices.push_back(fastDevice());
    s.devices.push_back(hostCpu());
    s.devices[0].ceilings.links[Link::pcie_h2d] = {2.5e10, {}};
    s.devices[0].ceilings.links[Link::pcie_d2h] = {2.5e10, {}};
    for (auto& d : s.devices) {
        for (auto& [k, c] : d.ceilings.compute)
            c.provenance.sourceUrl = "https://example.org/spec";
        for (auto& [k, c] : d.ceilings.memory)
            c.provenance.sourceUrl = "https://example.org/spec";
        for (auto& [k, c] : d.ceilings.links)
            c.provenance.sourceUrl = "https://example.org/spec";
    }
    for (auto& r : s.datasets[0].records)
        r.deviceId = "round-gpu";
    s.datasets[0].context.model = "toy";
    Dataset b = s.datasets[0];
    b.context.label = "run B";
    b.context.deviceId = "fast-gpu";
    for (auto& r : b.records) {
        r.deviceId = "fast-gpu";
        if (r.timeS.known())
            r.timeS.value /= 2;
    }
    s.datasets.push_back(b);
    return s;
}

void chooseView(MainWindow& window, ViewKind kind) {
    auto* combo = window.viewBar()->findChild<QComboBox*>(QStringLiteral("viewKind"));
    QVERIFY(combo);
    const int i = combo->findData(QString::fromUtf8(toString(kind).data()));
    QVERIFY2(i >= 0, toString(kind).data());
    combo->setCurrentIndex(i);
}

template <class T> T* option(MainWindow& window, const char* name) {
    return window.analysisPane()->findChild<T*>(QString::fromLatin1(name));
}

} // namespace

Q_DECLARE_METATYPE(roofscope::ViewKind)

class TestAnalysisViews : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void eachViewShowsItsChartAndTable_data() {
        QTest::addColumn<ViewKind>("kind");
        QTest::addColumn<QString>("className");
        QTest::newRow("md") << ViewKind::md_roofline << "roofscope::ui::MdChart";
        QTest::newRow("comparison") << ViewKind::comparison << "roofscope::ui::ComparisonChart";
        QTest::newRow("placement") << ViewKind::placement << "roofscope::ui::PlacementChart";
        QTest::newRow("matrix") << ViewKind::matrix << "roofscope::ui::MatrixChart";
    }
    void eachViewShowsItsChartAndTable() {
        QFETCH(ViewKind, kind);
        QFETCH(QString, className);
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        window.show();
        QVERIFY(window.viewStack()->currentWidget() == window.plot());
        chooseView(window, kind);
        QVERIFY(window.session().view.view == kind);
        QVERIFY(window.viewStack()->currentWidget() == window.analysisPane());
        ViewChart* chart = window.analysisPane()->chart();
        QVERIFY(chart);
        QCOMPARE(QString::fromLatin1(chart->metaObject()->className()), className);
        QVERIFY2(chart->emptyReason().isEmpty(), qPrintable(chart->emptyReason()));
        const int rows = window.analysisPane()->tableModel()->rowCount();
        QVERIFY(rows > 0);
        QVERIFY(!window.analysisPane()->notes()->text().isEmpty());
        // The table is a tab beside the records, at the window's width, and in front.
        QTabWidget* tabs = window.bottomTabs();
        QCOMPARE(tabs->count(), 2);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(window.analysisPane()->tableView()));
        QCOMPARE(tabs->tabText(1), QStringLiteral("%1: %2 row(s)").arg(viewTitle(kind)).arg(rows));
        // Colour, point style and log axes are the roofline's; the bar greys them out.
        QVERIFY(!window.viewBar()->findChild<QComboBox*>(QStringLiteral("colorBy"))->isEnabled());

        chooseView(window, ViewKind::roofline);
        QVERIFY(window.viewStack()->currentWidget() == window.plot());
        QCOMPARE(tabs->count(), 1);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(window.recordPanel()));
        QVERIFY(window.viewBar()->findChild<QComboBox*>(QStringLiteral("colorBy"))->isEnabled());
    }

    // The user's choice of tab outlives an option's edit; a new view brings its table forward.
    void tableTabStaysWhereTheUserPutIt() {
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        chooseView(window, ViewKind::comparison);
        QTabWidget* tabs = window.bottomTabs();
        // What changed reads first: the op, Δ time, impact, speed-up.
        QTableView* table = window.analysisPane()->tableView();
        QStringList firstFour;
        for (int visual = 0; visual < 4; ++visual)
            firstFour << table->model()
                             ->headerData(table->horizontalHeader()->logicalIndex(visual),
                                          Qt::Horizontal)
                             .toString();
        QCOMPARE(firstFour,
                 (QStringList{QStringLiteral("Op"), QStringLiteral("Δ time"),
                              QStringLiteral("Impact on iteration"), QStringLiteral("Speed-up")}));
        tabs->setCurrentWidget(window.recordPanel());
        auto* target = option<QComboBox>(window, "compareTarget");
        QVERIFY(target);
        target->setCurrentIndex(target->findData(QStringLiteral("device:fast-gpu")));
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(window.recordPanel()));
        chooseView(window, ViewKind::placement);
        QCOMPARE(tabs->currentWidget(), static_cast<QWidget*>(window.analysisPane()->tableView()));
        QVERIFY(tabs->tabText(1).startsWith(QStringLiteral("Placement: ")));
        for (int c = 0; c < table->model()->columnCount(); ++c)
            QCOMPARE(table->horizontalHeader()->visualIndex(c), c);
    }

    void costViewNeedsAPrice() {
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        chooseView(window, ViewKind::cost);
        QVERIFY(qobject_cast<CostChart*>(window.analysisPane()->chart()));
        QVERIFY(!window.analysisPane()->chart()->emptyReason().isEmpty());
        auto* device = option<QComboBox>(window, "priceDevice");
        auto* price = option<QDoubleSpinBox>(window, "price");
        QVERIFY(device && price);
        device->setCurrentIndex(device->findData(QStringLiteral("round-gpu")));
        price->setValue(3.0);
        emit price->editingFinished();
        QCOMPARE(window.session().pricesPerHour.at("round-gpu"), 3.0);
        QVERIFY2(window.analysisPane()->chart()->emptyReason().isEmpty(),
                 qPrintable(window.analysisPane()->chart()->emptyReason()));
        QVERIFY(window.analysisPane()->tableModel()->rowCount() > 0);
    }

    void comparisonTargetCanBeADevice() {
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        chooseView(window, ViewKind::comparison);
        auto* target = option<QComboBox>(window, "compareTarget");
        QVERIFY(target);
        target->setCurrentIndex(target->findData(QStringLiteral("device:fast-gpu")));
        QCOMPARE(QString::fromStdString(window.session().view.compare.projectDevice),
                 QStringLiteral("fast-gpu"));
        QVERIFY(window.session().view.compare.target.empty());
        QVERIFY(window.analysisPane()->notes()->text().contains(QStringLiteral("Projected")));
        // The strip was rebuilt from the session and shows the choice.
        target = option<QComboBox>(window, "compareTarget");
        QCOMPARE(target->currentData().toString(), QStringLiteral("device:fast-gpu"));

        target->setCurrentIndex(target->findData(QStringLiteral("dataset:run B")));
        QCOMPARE(QString::fromStdString(window.session().view.compare.target),
                 QStringLiteral("run B"));
        QVERIFY(window.session().view.compare.projectDevice.empty());
    }

    void placementMovesAreAddedAndCleared() {
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        chooseView(window, ViewKind::placement);
        const int rowsBefore = window.analysisPane()->tableModel()->rowCount();
        auto* category = option<QComboBox>(window, "moveCategory");
        auto* device = option<QComboBox>(window, "moveDevice");
        QVERIFY(category && device);
        category->setCurrentIndex(category->findData(QStringLiteral("elementwise")));
        device->setCurrentIndex(device->findData(QStringLiteral("host-cpu")));
        // Choosing is not moving.
        QVERIFY(window.session().view.placement.moves.empty());
        option<QPushButton>(window, "addMove")->click();
        QCOMPARE(window.session().view.placement.moves.size(), std::size_t(1));
        QVERIFY(window.session().view.placement.moves[0].category == Category::elementwise);
        QCOMPARE(QString::fromStdString(window.session().view.placement.moves[0].deviceId),
                 QStringLiteral("host-cpu"));
        QVERIFY(
            option<QLabel>(window, "movesList")->text().contains(QStringLiteral("elementwise")));
        QCOMPARE(window.analysisPane()->tableModel()->rowCount(), rowsBefore);
        option<QPushButton>(window, "clearMoves")->click();
        QVERIFY(window.session().view.placement.moves.empty());
    }

    // A what-if target need not be in the session yet: the catalog's devices are offered too,
    // and the chosen one joins the session.
    void catalogDevicesAreTargets() {
        Session s = twoRuns();
        s.devices.pop_back(); // the host CPU is only in the catalog now
        Catalog catalog;
        catalog.add({hostCpu()}, CatalogLayer::builtin, "test");
        MainWindow window(catalog);
        window.setSession(s);
        chooseView(window, ViewKind::placement);
        auto* device = option<QComboBox>(window, "moveDevice");
        const int cpu = device->findData(QStringLiteral("host-cpu"));
        QVERIFY(cpu >= 0);
        QVERIFY(device->itemText(cpu).contains(QStringLiteral("catalog")));
        device->setCurrentIndex(cpu);
        option<QComboBox>(window, "moveCategory")
            ->setCurrentIndex(
                option<QComboBox>(window, "moveCategory")->findData(QStringLiteral("optimizer")));
        option<QPushButton>(window, "addMove")->click();
        QVERIFY(window.session().findDevice("host-cpu"));
        QCOMPARE(window.session().view.placement.moves.size(), std::size_t(1));

        chooseView(window, ViewKind::comparison);
        auto* target = option<QComboBox>(window, "compareTarget");
        QVERIFY(target->findData(QStringLiteral("device:host-cpu")) >= 0);
    }

    void mdRankAndClusterRule() {
        MainWindow window(Catalog{});
        window.setSession(twoRuns());
        chooseView(window, ViewKind::md_roofline);
        auto* rank = option<QComboBox>(window, "mdRank");
        auto* cluster = option<QComboBox>(window, "clusterRule");
        QVERIFY(rank && cluster);
        // Run A has ranks 0 and 1, and "all ranks".
        QCOMPARE(rank->count(), 3);
        rank->setCurrentIndex(rank->findData(1));
        QCOMPARE(window.session().view.md.rank, 1);
        option<QComboBox>(window, "clusterRule")->setCurrentIndex(1);
        QVERIFY(window.session().view.md.clusterRule == ClusterRule::mean);
    }

    void viewOptionsSaveAndReopen() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("views.roofscope"));
        {
            MainWindow window(Catalog{});
            window.setSession(twoRuns());
            chooseView(window, ViewKind::placement);
            option<QComboBox>(window, "moveCategory")
                ->setCurrentIndex(
                    option<QComboBox>(window, "moveCategory")->findData(QStringLiteral("gemm")));
            option<QComboBox>(window, "moveDevice")
                ->setCurrentIndex(
                    option<QComboBox>(window, "moveDevice")->findData(QStringLiteral("fast-gpu")));
            option<QPushButton>(window, "addMove")->click();
            QVERIFY(window.saveSession(path));
        }
        MainWindow reopened(Catalog{});
        QVERIFY(reopened.openSession(path));
        QVERIFY(reopened.session().view.view == ViewKind::placement);
        QCOMPARE(reopened.session().view.placement.moves.size(), std::size_t(1));
        QVERIFY(reopened.viewStack()->currentWidget() == reopened.analysisPane());
        QVERIFY(qobject_cast<PlacementChart*>(reopened.analysisPane()->chart()));
        QVERIFY(option<QLabel>(reopened, "movesList")->text().contains(QStringLiteral("gemm")));
    }
};

QTEST_MAIN(TestAnalysisViews)
#include "test_analysis_views.moc"
