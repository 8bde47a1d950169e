// The step timeline under the roofline (ui/step_timeline_panel.h): shown for a trace in memory,
// each launch a bar on its stream, and its selection and hover linked both ways with the plot and
// the table. modern.json marks no steps (one step, the whole trace), its launches relative to the
// first (the GEMM at 130.001 us):
//   stream 7:  sgemm [0, 40.5 us], Memcpy HtoD [69.999, 75.087]
//   stream 40: the all-reduce [169.999, 2806.668]
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"
#include "ui/roofline_plot.h"
#include "ui/step_timeline_panel.h"
#include "ui/step_timeline_plot.h"
#include "ui/trace_loader.h"

#include "core/demo_session.h"
#include "tests/support/kineto_events_builder.h"

#include <QAction>
#include <QComboBox>
#include <QLabel>
#include <QScrollBar>
#include <QStandardPaths>
#include <QTableView>
#include <QtTest>

using namespace roofscope;

namespace {

const QString kModern = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");

// Loads modern.json into a shown window and waits for the timeline.
bool loadModern(ui::MainWindow& window) {
    window.setSession(Session{});
    window.resize(1366, 768);
    window.show();
    if (!window.loadTraces({kModern}))
        return false;
    QSignalSpy done(window.traceLoader(), &ui::TraceLoader::finished);
    if (window.traceLoader()->isRunning() && !done.wait(30000))
        return false;
    return QTest::qWaitFor(
        [&] { return !window.timeline()->isBuilding() && window.timeline()->shownDataset() == 0; });
}

// The slice of the record whose name starts with `prefix`, -1 when none.
int sliceNamed(const ui::MainWindow& window, const std::string& prefix) {
    const StepTimeline& t = window.timeline()->plot()->timeline();
    const auto& records = window.session().datasets.at(0).records;
    for (std::size_t i = 0; i < t.slices.size(); ++i)
        if (records.at(static_cast<std::size_t>(t.slices[i].record)).name.rfind(prefix, 0) == 0)
            return static_cast<int>(i);
    return -1;
}

QPoint pixelOf(const ui::MainWindow& window, int slice) {
    ui::StepTimelinePlot* plot = window.timeline()->plot();
    plot->replot();
    return plot->slicePixel(static_cast<std::size_t>(slice)).toPoint();
}

// One step whose 12 kernels each ran on a stream of their own, 10 us apart.
std::shared_ptr<const MultiRankTrace> twelveStreams() {
    testing::KinetoEventsBuilder b;
    b.annotation("ProfilerStep#1", 0, 1000);
    for (int i = 0; i < 12; ++i) {
        b.runtime(10 + i, 1, -1, i + 1);
        b.kernel("kernel_" + std::to_string(i), 100 + 10 * i, 5, -1, i + 1, 0, 100 + i);
    }
    auto trace = std::make_shared<MultiRankTrace>();
    trace->ranks.push_back({"twelve.json", analyzeTrace(b.take())});
    return trace;
}

// `steps` steps of one kernel each, 1 ms apart: the first kernel a 500 us warm-up, step 5's
// 100.1 us, the others' 100 us. The mean span is (500 + 100.1 + 100 (steps - 2)) / steps us,
// which step 5 is the nearest to.
std::shared_ptr<const MultiRankTrace> manySteps(int steps) {
    testing::KinetoEventsBuilder b;
    for (int i = 0; i < steps; ++i) {
        const double at = 1000.0 * i;
        b.annotation("ProfilerStep#" + std::to_string(i), at, 900);
        b.runtime(at + 1, 1, -1, i + 1);
        b.kernel("kernel", at + 10, i == 0 ? 500 : i == 5 ? 100.1 : 100, -1, i + 1);
    }
    auto trace = std::make_shared<MultiRankTrace>();
    trace->ranks.push_back({"steps.json", analyzeTrace(b.take())});
    return trace;
}

// Shows `trace`, dataset 0 of `session`, in a 900 x 160 panel of its own and waits for its
// timeline.
bool showAlone(ui::StepTimelinePanel& panel, const Session& session,
               const std::shared_ptr<const MultiRankTrace>& trace) {
    panel.resize(900, 160);
    panel.show();
    panel.setSources(&session, {{0, trace}}, Grouping::kernel);
    return QTest::qWaitFor([&] { return !panel.isBuilding() && panel.shownDataset() == 0; });
}

} // namespace

class TestStepTimeline : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
    }

    // Thousands of steps: all listed in order with their span, the typical one shown first, a
    // step chosen by name, and the choice kept when the sources are set again.
    void manyStepsTypicalFirst() {
        const int steps = 3000;
        auto trace = manySteps(steps);
        Session session;
        session.datasets.push_back(mergedDataset(*trace, Grouping::kernel, ""));
        ui::StepTimelinePanel panel;
        QVERIFY(showAlone(panel, session, trace));
        const QStringList names = panel.steps();
        QCOMPARE(names.size(), steps);
        QCOMPARE(names.front(), QStringLiteral("ProfilerStep#0"));
        QCOMPARE(names.back(), QStringLiteral("ProfilerStep#2999"));
        QCOMPARE(panel.shownStep(), QStringLiteral("ProfilerStep#5"));
        auto* box = panel.findChild<QComboBox*>(QStringLiteral("timelineStep"));
        QVERIFY(box);
        QCOMPARE(box->count(), steps);
        QVERIFY2(box->currentText().startsWith(QStringLiteral("ProfilerStep#5 (100")),
                 qPrintable(box->currentText()));
        QVERIFY(!panel.showStep(QStringLiteral("ProfilerStep#3000")));
        QVERIFY(panel.showStep(QStringLiteral("ProfilerStep#2999")));
        QTRY_VERIFY(!panel.isBuilding());
        QCOMPARE(panel.shownStep(), QStringLiteral("ProfilerStep#2999"));
        QCOMPARE(panel.plot()->timeline().slices.size(), std::size_t(1));
        // The same trace anew (another copy): the steps are listed again, the choice stays.
        panel.setSources(&session, {{0, std::make_shared<const MultiRankTrace>(*trace)}},
                         Grouping::kernel);
        QTRY_VERIFY(!panel.isBuilding());
        QCOMPARE(panel.shownStep(), QStringLiteral("ProfilerStep#2999"));
        QCOMPARE(box->currentIndex(), steps - 1);
    }

    void showsTheTracesStep() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        ui::StepTimelinePanel* panel = window.timeline();
        QVERIFY(panel->isVisible());
        QCOMPARE(panel->steps(), QStringList{QStringLiteral("(whole trace)")});
        QCOMPARE(panel->shownStep(), QStringLiteral("(whole trace)"));
        const StepTimeline& t = panel->plot()->timeline();
        QCOMPARE(t.lanes.size(), std::size_t(2));
        QCOMPARE(t.slices.size(), std::size_t(3));
        // 2806.668 us from the GEMM's start to the all-reduce's end.
        QVERIFY(std::abs(t.spanS - 2806.668e-6) < 1e-9);
        QVERIFY2(panel->summary().startsWith(QStringLiteral("3 launches on 2 lanes, span 2.81 ms")),
                 qPrintable(panel->summary()));
        panel->plot()->replot();
        QCOMPARE(panel->plot()->drawnBars(), 3);
        // The tip names the kernel, where it ran and what ran beside it.
        const int gemm = sliceNamed(window, "sgemm");
        QVERIFY(gemm >= 0);
        const QString tip = panel->plot()->toolTipAt(pixelOf(window, gemm));
        QVERIFY2(tip.contains(QStringLiteral("sgemm")) &&
                     tip.contains(QStringLiteral("stream 7")) &&
                     tip.contains(QStringLiteral("nothing else ran beside it")),
                 qPrintable(tip));
    }

    void clickSelectsInThePlotAndTable() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        const int gemm = sliceNamed(window, "sgemm");
        QVERIFY(gemm >= 0);
        const int record = window.timeline()->plot()->timeline().slices[std::size_t(gemm)].record;
        QTest::mouseClick(window.timeline()->plot(), Qt::LeftButton, {}, pixelOf(window, gemm));
        const RecordRef ref{0, record};
        QVERIFY(window.plot()->highlighted() == std::optional<RecordRef>(ref));
        QVERIFY(window.plot()->highlightVisible());
        QVERIFY(window.recordPanel()->selectedRecord() == std::optional<RecordRef>(ref));
        QCOMPARE(window.session().view.selection.size(), std::size_t(1));
        QVERIFY(window.timeline()->plot()->selectedRecord() == std::optional<int>(record));
        // A click on empty time selects nothing new.
        const QPoint empty = pixelOf(window, gemm) + QPoint(0, 200);
        QTest::mouseClick(window.timeline()->plot(), Qt::LeftButton, {}, empty);
        QVERIFY(window.plot()->highlighted() == std::optional<RecordRef>(ref));
    }

    // A row chosen in the table outlines the record's bars; the plot's pick does the same.
    void tableAndPlotSelectionOutlineBars() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        QTableView* table = window.recordPanel()->table();
        int allReduce = -1;
        for (int row = 0; row < table->model()->rowCount(); ++row) {
            table->selectRow(row);
            const auto ref = window.recordPanel()->selectedRecord();
            QVERIFY(ref);
            if (window.session().datasets[0].records[std::size_t(ref->record)].name.rfind(
                    "ncclKernel", 0) == 0)
                allReduce = ref->record;
            QVERIFY(window.timeline()->plot()->selectedRecord() == std::optional<int>(ref->record));
        }
        QVERIFY(allReduce >= 0);
        const int gemm = sliceNamed(window, "sgemm");
        const int gemmRecord =
            window.timeline()->plot()->timeline().slices[std::size_t(gemm)].record;
        const auto coords = window.plot()->recordCoords(RecordRef{0, gemmRecord});
        QVERIFY(coords); // the GEMM has shapes: it is drawn
        window.plot()->replot();
        const QPoint at(int(window.plot()->xAxis->coordToPixel(coords->x())),
                        int(window.plot()->yAxis->coordToPixel(coords->y())));
        QTest::mouseClick(window.plot(), Qt::LeftButton, {}, at);
        QVERIFY(window.timeline()->plot()->selectedRecord() == std::optional<int>(gemmRecord));
    }

    void hoverLinksBothWays() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        const int gemm = sliceNamed(window, "sgemm");
        const int record = window.timeline()->plot()->timeline().slices[std::size_t(gemm)].record;
        QTest::mouseMove(window.timeline()->plot(), pixelOf(window, gemm));
        QTRY_VERIFY(window.plot()->hovered() == std::optional<RecordRef>(RecordRef{0, record}));
        QVERIFY(window.plot()->hoverRingVisible());
        // Off the bars: the ring goes.
        QTest::mouseMove(window.timeline()->plot(), pixelOf(window, gemm) + QPoint(0, 200));
        QTRY_VERIFY(!window.plot()->hovered());
        QVERIFY(!window.plot()->hoverRingVisible());
        // Hovering the point outlines the bar.
        const auto coords = window.plot()->recordCoords(RecordRef{0, record});
        QVERIFY(coords);
        window.plot()->replot();
        QTest::mouseMove(window.plot(),
                         QPoint(int(window.plot()->xAxis->coordToPixel(coords->x())),
                                int(window.plot()->yAxis->coordToPixel(coords->y()))));
        QTRY_VERIFY(window.timeline()->plot()->hoveredRecord() == std::optional<int>(record));
    }

    // Regrouped by launch, every bar names its own record: a click selects the launch's record.
    void regroupedBarsNameTheirRecords() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        auto* groupBy = window.findChild<QComboBox*>(QStringLiteral("groupBy"));
        QVERIFY(groupBy);
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("launch")));
        QTRY_VERIFY(!window.isRegrouping() && !window.timeline()->isBuilding());
        const StepTimeline& t = window.timeline()->plot()->timeline();
        QCOMPARE(t.slices.size(), std::size_t(3));
        std::vector<int> records;
        for (const TimelineSlice& s : t.slices)
            records.push_back(s.record);
        std::sort(records.begin(), records.end());
        QVERIFY((records == std::vector<int>{0, 1, 2}));
        const int nccl = sliceNamed(window, "ncclKernel");
        QVERIFY(nccl >= 0);
        QTest::mouseClick(window.timeline()->plot(), Qt::LeftButton, {}, pixelOf(window, nccl));
        QVERIFY(!window.plot()->highlightVisible()); // collectives have no point on the roofline...
        const auto selected = window.recordPanel()->selectedRecord();
        QVERIFY(selected); // ...but the table selects their row
        QVERIFY(window.session().datasets[0].records[std::size_t(selected->record)].name.rfind(
                    "ncclKernel", 0) == 0);
    }

    void colouredByBottleneck() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        window.timeline()->setColoring(ui::StepTimelinePanel::Coloring::bottleneck);
        const QString key =
            window.timeline()->findChild<QLabel*>(QStringLiteral("timelineKey"))->text();
        // The all-reduce's 2.64 ms comes first; the copy is memory.
        QVERIFY2(key.indexOf(QStringLiteral("communication")) >= 0 &&
                     key.indexOf(QStringLiteral("memory")) >
                         key.indexOf(QStringLiteral("communication")),
                 qPrintable(key));
        window.timeline()->setColoring(ui::StepTimelinePanel::Coloring::category);
        const QString byCategory =
            window.timeline()->findChild<QLabel*>(QStringLiteral("timelineKey"))->text();
        QVERIFY2(byCategory.contains(QStringLiteral("collective")) &&
                     byCategory.contains(QStringLiteral("gemm")),
                 qPrintable(byCategory));
    }

    // Lanes keep a readable height: those that do not fit scroll with the bar beside them.
    void lanesThatDoNotFitScroll() {
        const auto trace = twelveStreams();
        Session session;
        session.datasets.push_back(mergedDataset(*trace, Grouping::kernel, ""));
        ui::StepTimelinePanel panel;
        QVERIFY(showAlone(panel, session, trace));
        QCOMPARE(panel.plot()->timeline().lanes.size(), std::size_t(12));
        QScrollBar* bar = panel.laneBar();
        QVERIFY(bar->isVisible());
        const double rows = panel.plot()->yAxis->range().size();
        QVERIFY2(rows >= 2 && rows < 12, qPrintable(QString::number(rows)));
        QCOMPARE(bar->maximum(), 12 - int(std::lround(rows)));
        bar->setValue(5);
        QCOMPARE(panel.plot()->yAxis->range().lower, 4.5);
        // Selecting the last kernel's record scrolls its lane into view.
        panel.setSelectedRecord(RecordRef{0, 11});
        QVERIFY(panel.plot()->yAxis->range().upper >= 11);
        QCOMPARE(bar->value(), int(std::lround(panel.plot()->yAxis->range().lower + 0.5)));
        // Tall enough for every lane: no bar.
        panel.resize(900, 600);
        QTRY_VERIFY(!bar->isVisible());
        QCOMPARE(panel.plot()->yAxis->range().lower, -0.5);
    }

    // Without a trace in memory (the demo, a session file) there is no timeline to show; the
    // View menu's entry hides it too.
    void hiddenWithoutTraceOrWhenTurnedOff() {
        ui::MainWindow demo(ui::loadCatalog(nullptr));
        demo.setSession(makeDemoSession(ui::loadCatalog(nullptr)).value());
        demo.show();
        QVERIFY(!demo.timeline()->isVisible());
        QVERIFY(!demo.timeline()->hasSources());

        ui::MainWindow window(ui::loadCatalog(nullptr));
        QVERIFY(loadModern(window));
        auto* action = window.findChild<QAction*>(QStringLiteral("timelineAction"));
        QVERIFY(action && action->isChecked());
        action->setChecked(false);
        QVERIFY(!window.timeline()->isVisible());
        action->setChecked(true);
        QVERIFY(window.timeline()->isVisible());
        // A new session drops the trace: the timeline goes.
        window.setSession(makeDemoSession(ui::loadCatalog(nullptr)).value());
        QVERIFY(!window.timeline()->isVisible());
    }
};

QTEST_MAIN(TestStepTimeline)
#include "test_step_timeline.moc"
