// Every chart legible at a laptop's 1366x768 window: no word cut at an edge, drawn over another
// or hidden under a legend, no tick label twice in a row (tests/support/text_fit.h). The window
// opens the real samples (../shared/samples, skipped when absent) and the demo, and shows every
// view of each with the step timeline; the checker itself is tested on charts made to fail.
// ROOFSCOPE_TEXT_FIT_SHOTS=DIR saves each row's chart there as a PNG (and the whole window beside
// it), to look at what it checked.
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/roofline_plot.h"
#include "ui/step_timeline_panel.h"
#include "ui/step_timeline_plot.h"
#include "ui/trace_loader.h"
#include "ui/view_bar.h"
#include "ui/views/analysis_pane.h"
#include "ui/views/view_chart.h"

#include "core/demo_session.h"
#include "tests/support/text_fit.h"

#include <QComboBox>
#include <QStackedWidget>
#include <QStandardPaths>
#include <QtTest>

#include <filesystem>
#include <map>
#include <memory>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

QString sample(const char* name) {
    const auto path = std::filesystem::path(ROOFSCOPE_SAMPLES) / name;
    return std::filesystem::exists(path) ? QString::fromStdString(path.string()) : QString();
}

void chooseView(ui::MainWindow& window, ViewKind kind) {
    auto* combo = window.viewBar()->findChild<QComboBox*>(QStringLiteral("viewKind"));
    QVERIFY(combo);
    const int i = combo->findData(QString::fromUtf8(toString(kind).data()));
    QVERIFY2(i >= 0, toString(kind).data());
    combo->setCurrentIndex(i);
}

// Lets the window's layout settle: a view shown or a timeline built resizes the panes over a
// few turns of the event loop, and the labels are placed for the size drawn at.
void settle(ui::MainWindow& window) {
    QSize before;
    for (int turn = 0; turn < 20; ++turn) {
        QApplication::processEvents();
        const QSize now = window.viewStack()->size();
        if (turn > 2 && now == before)
            return;
        before = now;
        QTest::qWait(10);
    }
}

// The chart the window shows now, laid out.
QCustomPlot* shownChart(ui::MainWindow& window) {
    QCustomPlot* chart = window.analysisPane()->isVisible()
                             ? static_cast<QCustomPlot*>(window.analysisPane()->chart())
                             : window.plot();
    chart->replot();
    return chart;
}

QString report(const QStringList& problems) {
    return problems.join(QStringLiteral("\n  "));
}

} // namespace

Q_DECLARE_METATYPE(roofscope::ViewKind)

class TestTextFit : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
    }

    // The checker finds what it exists for: a label past the edge, two labels on each other, a
    // label under the legend, a title too long for its element, a repeated tick.
    void checkerCatchesEachProblem() {
        QCustomPlot plot;
        plot.resize(400, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.replot();
        QVERIFY2(textProblems(plot).isEmpty(), qPrintable(report(textProblems(plot))));

        auto* cut = new QCPItemText(&plot);
        cut->position->setType(QCPItemPosition::ptAbsolute);
        cut->position->setCoords(395, 150);
        cut->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        cut->setText(QStringLiteral("cut at the right"));
        plot.replot();
        QVERIFY(textProblems(plot).join('|').contains(QStringLiteral("cut: label 'cut at")));
        cut->position->setCoords(100, 150);
        auto* over = new QCPItemText(&plot);
        over->position->setType(QCPItemPosition::ptAbsolute);
        over->position->setCoords(110, 152);
        over->setPositionAlignment(Qt::AlignLeft | Qt::AlignVCenter);
        over->setText(QStringLiteral("over it"));
        plot.replot();
        QVERIFY(textProblems(plot).join('|').contains(QStringLiteral("overprinted")));
        over->position->setCoords(110, 60);

        plot.addGraph()->setName(QStringLiteral("a graph"));
        plot.legend->setVisible(true);
        plot.replot();
        const QRect legend = plot.legend->outerRect();
        over->position->setCoords(legend.center().x(), legend.center().y());
        plot.replot();
        QVERIFY2(textProblems(plot).join('|').contains(QStringLiteral("under the legend")),
                 qPrintable(report(textProblems(plot))));
        plot.legend->setVisible(false);
        over->position->setCoords(110, 60);

        // Entries side by side in a row of the layout narrower than their words.
        QCustomPlot narrow;
        narrow.resize(260, 200);
        narrow.show();
        QVERIFY(QTest::qWaitForWindowExposed(&narrow));
        narrow.addGraph()->setName(QStringLiteral("a graph with a long name"));
        narrow.addGraph()->setName(QStringLiteral("another graph with a long name"));
        narrow.legend->setVisible(true);
        narrow.axisRect()->insetLayout()->take(narrow.legend);
        narrow.plotLayout()->simplify();
        narrow.plotLayout()->addElement(1, 0, narrow.legend);
        narrow.legend->setFillOrder(QCPLayoutGrid::foColumnsFirst);
        narrow.replot();
        QVERIFY2(textProblems(narrow).join('|').contains(QStringLiteral("cut: legend entry")),
                 qPrintable(report(textProblems(narrow))));

        plot.plotLayout()->insertRow(0);
        auto* title = new QCPTextElement(
            &plot, QStringLiteral("a title far too long to fit into four hundred pixels of width "
                                  "however small its font is made"));
        plot.plotLayout()->addElement(0, 0, title);
        title->setMaximumSize(300, 40);
        plot.replot();
        QVERIFY2(textProblems(plot).join('|').contains(QStringLiteral("cut: text 'a title")),
                 qPrintable(report(textProblems(plot))));
        plot.plotLayout()->remove(title);
        plot.plotLayout()->simplify();

        auto ticker = QSharedPointer<QCPAxisTickerText>::create();
        ticker->addTick(2, QStringLiteral("1000"));
        ticker->addTick(6, QStringLiteral("1000"));
        plot.xAxis->setTicker(ticker);
        plot.xAxis->setRange(0, 10);
        plot.replot();
        QVERIFY2(
            textProblems(plot).join('|').contains(QStringLiteral("repeated tick: tick '1000'")),
            qPrintable(report(textProblems(plot))));
    }

    // A point under a legend in a corner of the plot is found; moved clear of it, it is not.
    void checkerCatchesPointsUnderTheLegend() {
        QCustomPlot plot;
        plot.resize(400, 300);
        plot.show();
        QVERIFY(QTest::qWaitForWindowExposed(&plot));
        plot.xAxis->setRange(0, 10);
        plot.yAxis->setRange(0, 10);
        QCPGraph* g = plot.addGraph();
        g->setName(QStringLiteral("points"));
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, 6));
        plot.legend->setVisible(true);
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignRight);
        plot.replot();
        // One point in the middle of the legend, one at the bottom left, clear of it.
        const QPointF mid = QRectF(plot.legend->outerRect()).center();
        g->setData({plot.xAxis->pixelToCoord(mid.x()), 1.0},
                   {plot.yAxis->pixelToCoord(mid.y()), 1.0});
        plot.replot();
        QCOMPARE(pointsUnderLegend(plot),
                 QStringList{QStringLiteral("point under the legend: 'points' (1 of 2)")});
        plot.axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignBottom | Qt::AlignRight);
        plot.replot();
        QVERIFY2(pointsUnderLegend(plot).isEmpty(), qPrintable(report(pointsUnderLegend(plot))));
    }

    // One row per sample and view, the sample's window opened once.
    void everyView_data() {
        QTest::addColumn<QString>("scenario");
        QTest::addColumn<ViewKind>("view");
        const ViewKind views[] = {ViewKind::roofline,    ViewKind::hierarchical,
                                  ViewKind::md_roofline, ViewKind::time_based,
                                  ViewKind::comparison,  ViewKind::placement,
                                  ViewKind::cost,        ViewKind::matrix};
        for (const char* scenario : {"demo", "h100-owlv2", "a100-ddp", "h100-mi300x", "ws128"})
            for (const ViewKind view : views)
                QTest::newRow(qPrintable(QStringLiteral("%1 %2").arg(
                    QString::fromLatin1(scenario), QString::fromUtf8(toString(view).data()))))
                    << QString::fromLatin1(scenario) << view;
    }
    void everyView() {
        QFETCH(QString, scenario);
        QFETCH(ViewKind, view);
        ui::MainWindow* window = windowFor(scenario);
        if (!window)
            QSKIP("samples absent");
        chooseView(*window, view);
        settle(*window);
        QStringList problems = textProblems(*shownChart(*window));
        problems << pointsUnderLegend(*shownChart(*window));
        if (!qEnvironmentVariableIsEmpty("ROOFSCOPE_TEXT_FIT_SHOTS")) {
            const QString base = qEnvironmentVariable("ROOFSCOPE_TEXT_FIT_SHOTS") +
                                 QStringLiteral("/") + QString::fromLatin1(QTest::currentDataTag());
            shownChart(*window)->grab().save(base + QStringLiteral(".png"));
            window->grab().save(base + QStringLiteral(" window.png"));
        }
        if (view == ViewKind::roofline && window->timeline()->isVisible()) {
            window->timeline()->plot()->replot();
            for (const QString& p : textProblems(*window->timeline()->plot()))
                problems << QStringLiteral("timeline: ") + p;
        }
        QVERIFY2(problems.isEmpty(), qPrintable(QStringLiteral("\n  ") + report(problems)));
    }

    void cleanupTestCase() { windows_.clear(); }

  private:
    ui::MainWindow* windowFor(const QString& scenario) {
        if (auto it = windows_.find(scenario); it != windows_.end())
            return it->second.get();
        QStringList files;
        if (scenario == QLatin1String("h100-owlv2"))
            files = {sample("kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz")};
        else if (scenario == QLatin1String("a100-ddp"))
            files = {sample("kineto_a100_ddp_rank0of2_nccl.json.gz")};
        else if (scenario == QLatin1String("h100-mi300x"))
            files = {
                sample("kineto_h100_facebook_timesformer-base-finetuned-k400__1016002.json.gz"),
                sample("kineto_mi300_facebook_timesformer-base-finetuned-k400__1016002.json.gz")};
        else if (scenario == QLatin1String("ws128"))
            files = {sample("kineto_ws128_sampled_rank-0.json.gz"),
                     sample("kineto_ws128_sampled_rank-1.json.gz")};
        if (files.contains(QString()))
            return nullptr;
        auto window = std::make_unique<ui::MainWindow>(ui::loadCatalog(nullptr));
        if (files.isEmpty()) {
            auto demo = makeDemoSession(ui::loadCatalog(nullptr));
            if (!demo.ok())
                return nullptr;
            window->setSession(demo.value());
        } else {
            window->setSession(Session{});
        }
        window->resize(1366, 768);
        window->show();
        if (!QTest::qWaitForWindowExposed(window.get()))
            return nullptr;
        if (!files.isEmpty()) {
            if (!window->loadTraces(files))
                return nullptr;
            QSignalSpy done(window->traceLoader(), &ui::TraceLoader::finished);
            if (window->traceLoader()->isRunning() && !done.wait(60000))
                return nullptr;
            if (!QTest::qWaitFor([&] { return !window->timeline()->isBuilding(); }, 20000))
                return nullptr;
        }
        return (windows_[scenario] = std::move(window)).get();
    }

    std::map<QString, std::unique_ptr<ui::MainWindow>> windows_;
};

QTEST_MAIN(TestTextFit)
#include "test_text_fit.moc"
