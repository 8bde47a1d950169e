// The window on the offscreen platform: it starts on the demo, draws roofs and points from the
// built-in catalog, saves and reopens a session unchanged, reports a broken file in words with
// its position, and renders the demo to image files.
#include "core/demo_session.h"
#include "core/session_file.h"
#include "ui/axis_format.h"
#include "ui/catalog_loader.h"
#include "ui/demo_render.h"
#include "ui/main_window.h"
#include "ui/roofline_plot.h"

#include <QFile>
#include <QImage>
#include <QMessageBox>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

Session demo() {
    QStringList warnings;
    const Catalog catalog = ui::loadCatalog(&warnings);
    auto session = makeDemoSession(catalog);
    if (!session)
        qFatal("demo: %s", session.error().toString().c_str());
    return std::move(session).value();
}

// A tick label as the axis draws it.
class TickProbe : public ui::SiLogTicker {
  public:
    using SiLogTicker::SiLogTicker;
    QString label(double tick) { return getTickLabel(tick, QLocale::c(), 'g', 0); }
};

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        // The window remembers recent files and its layout: not in the user's settings.
        QStandardPaths::setTestModeEnabled(true);
        // Keep the user's own catalog out of the test.
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
    }

    void builtinCatalogLoadsWithoutWarnings() {
        QStringList warnings;
        const Catalog catalog = ui::loadCatalog(&warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        QVERIFY(catalog.entries().size() >= 30);
        QVERIFY(catalog.find(kDemoDeviceA));
        QVERIFY(catalog.find(kDemoDeviceB));
    }

    void showsTheDemo() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(demo());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const ui::RooflinePlot* plot = window.plot();
        // Every layer of BERT-large training on each of 2 devices, all exactly on their roof.
        const auto& records = window.session().datasets;
        QCOMPARE(records.size(), std::size_t(2));
        QVERIFY(records[0].records.size() > 400);
        // The three embedding lookups of each device do no arithmetic and the gradient
        // all-reduce moves no DRAM bytes: no place on the plot.
        QCOMPARE(plot->undrawableCount(), 8);
        // ... and the plot says so under itself, by reason.
        QVERIFY2(plot->leftOutText().startsWith(QStringLiteral("8 of ")),
                 qPrintable(plot->leftOutText()));
        QVERIFY(plot->leftOutText().contains(QStringLiteral("no FLOPs: communication")));
        QCOMPARE(plot->pointCount(),
                 int(records[0].records.size() + records[1].records.size()) - 8);
        QCOMPARE(plot->aboveRoofCount(), 0);
        // Per device: one dram slope, the bf16 tensor roof of the GEMMs and the fp32 vector roof
        // of the pointwise layers and the optimizer.
        QCOMPARE(plot->roofSegmentCount(), 6);
        QVERIFY(window.windowTitle().contains(QStringLiteral("Roofscope")));
    }

    void flagsAPointAboveItsRoof() {
        Session session = demo();
        // 10 PFLOP/s on an A100 is impossible: a wrong FLOP count or time.
        const auto& records = session.datasets[0].records;
        OpRecord impossible = *std::find_if(records.begin(), records.end(), [](const OpRecord& r) {
            return r.category == Category::gemm;
        });
        impossible.timeS = Measure::measured(impossible.flops.value / 1e16);
        session.datasets[0].records.push_back(impossible);
        ui::RooflinePlot plot;
        plot.setSession(session);
        QCOMPARE(plot.pointCount() + plot.undrawableCount(),
                 int(session.datasets[0].records.size() + session.datasets[1].records.size()));
        QCOMPARE(plot.aboveRoofCount(), 1);
    }

    void hiddenDatasetsAndDevicesAreNotDrawn() {
        Session session = demo();
        session.view.hiddenDatasets = {session.datasets[1].context.label};
        session.view.shownDevices = {std::string(kDemoDeviceA)};
        ui::RooflinePlot plot;
        plot.setSession(session);
        QCOMPARE(plot.pointCount() + plot.undrawableCount(),
                 int(session.datasets[0].records.size()));
        QCOMPARE(plot.roofSegmentCount(), 3);
    }

    void savesAndReopensTheSameSession() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString path = dir.filePath(QStringLiteral("demo.roofscope"));
        Session original = demo();
        original.view.selection = {RecordRef{1, 3}};
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(original);
        QVERIFY(window.saveSession(path));
        ui::MainWindow reopened(ui::loadCatalog(nullptr));
        QVERIFY(reopened.openSession(path));
        QVERIFY(reopened.session() == original);
        QCOMPARE(reopened.plot()->pointCount(), window.plot()->pointCount());
        QVERIFY(reopened.windowTitle().contains(QStringLiteral("demo.roofscope")));
    }

    void reportsABrokenSessionWithItsPosition() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.roofscope"));
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write("{\"format\": \"roofscope-session\",\n \"version\": 1,\n \"devices\": [,]}\n");
        file.close();

        ui::MainWindow window(ui::loadCatalog(nullptr));
        const Session before = demo();
        window.setSession(before);
        window.show();
        QVERIFY(!window.openSession(path));
        // The current session is kept.
        QVERIFY(window.session() == before);
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY2(box->text().contains(path + QStringLiteral(":3:14")), qPrintable(box->text()));
        box->close();
    }

    void tickLabels_data() {
        QTest::addColumn<int>("dimension");
        QTest::addColumn<double>("tick");
        QTest::addColumn<QString>("label");
        QTest::newRow("100 TFLOP/s") << int(Dimension::flopsPerS) << 1e14 << "100 T";
        QTest::newRow("1 PFLOP/s") << int(Dimension::flopsPerS) << 1e15 << "1 P";
        QTest::newRow("1 GFLOP/s") << int(Dimension::flopsPerS) << 1e9 << "1 G";
        QTest::newRow("0.01 FLOP/B") << int(Dimension::intensity) << 0.01 << "0.01";
        QTest::newRow("1000 FLOP/B") << int(Dimension::intensity) << 1000.0 << "1000";
    }
    void tickLabels() {
        QFETCH(int, dimension);
        QFETCH(double, tick);
        QFETCH(QString, label);
        TickProbe probe(static_cast<Dimension>(dimension));
        QCOMPARE(probe.label(tick), label);
    }

    void rendersTheDemoToFiles() {
        QTemporaryDir dir;
        const auto result = ui::renderSessionFiles(demo(), dir.path(), QStringLiteral("roofline"));
        QVERIFY2(result.error.isEmpty(), qPrintable(result.error));
        QCOMPARE(result.files.size(), 2);
        QImage png(result.files[0]);
        QVERIFY(!png.isNull());
        QCOMPARE(png.size(), QSize(1600, 1000));
        // The A100's roofs and points are drawn in the first palette colour (0, 114, 178).
        int blue = 0;
        for (int y = 0; y < png.height(); y += 2)
            for (int x = 0; x < png.width(); x += 2)
                if (png.pixelColor(x, y) == QColor(0, 114, 178))
                    ++blue;
        QVERIFY2(blue > 200, qPrintable(QString::number(blue)));
        QFile pdf(result.files[1]);
        QVERIFY(pdf.open(QIODevice::ReadOnly));
        QVERIFY(pdf.read(5) == "%PDF-");
        QVERIFY(pdf.size() > 10000);
    }
};

QTEST_MAIN(TestMainWindow)
#include "test_main_window.moc"
