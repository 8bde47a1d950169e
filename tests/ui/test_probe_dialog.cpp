// The "Probe This Machine" dialog on the offscreen platform, driving the fake probe
// (tests/ui/fake_probe.cpp) through ROOFSCOPE_PROBE: it lists the benchmarks by device, turns the
// ticks into the probe's options, shows each benchmark's value as it arrives, saves the measured
// devices into a temporary user catalog and hands them to the window, and says in words when the
// probe crashes, hangs, is cancelled or cannot be found, with the GUI responsive throughout. The
// measured devices outlive the demo session when the first trace replaces it.
#include "core/ceilings_file.h"
#include "core/demo_session.h"
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/probe_dialog.h"
#include "ui/roofline_plot.h"
#include "ui/trace_loader.h"

#include <QAction>
#include <QDir>
#include <QProgressBar>
#include <QPushButton>
#include <QSignalSpy>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QTreeWidget>
#include <QtTest>

#include <memory>

using namespace roofscope;
using roofscope::ui::ProbeDialog;

Q_DECLARE_METATYPE(ProbeDialog::Duration)

namespace {

QString statusOf(const ProbeDialog& dialog, const char* target, const char* key) {
    const QTreeWidgetItem* item =
        dialog.benchmarkItem(QString::fromLatin1(target), QString::fromLatin1(key));
    return item ? item->text(ProbeDialog::StatusColumn) : QStringLiteral("<no row>");
}

void click(ProbeDialog& dialog, const char* name) {
    auto* button = dialog.findChild<QPushButton*>(QString::fromLatin1(name));
    QVERIFY2(button, name);
    QVERIFY2(button->isEnabled(), name);
    QTest::mouseClick(button, Qt::LeftButton);
}

} // namespace

class TestProbeDialog : public QObject {
    Q_OBJECT

    std::unique_ptr<QTemporaryDir> catalog_;

    QStringList catalogFiles() const {
        return QDir(catalog_->path())
            .entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    }

    // A dialog that has listed the fake probe's plan.
    static bool waitForPlan(ProbeDialog& dialog) {
        QSignalSpy listed(&dialog, &ProbeDialog::planListed);
        return listed.wait(10000) && listed.front().front().toBool();
    }

  private slots:
    void init() {
        QStandardPaths::setTestModeEnabled(true);
        catalog_ = std::make_unique<QTemporaryDir>();
        QVERIFY(catalog_->isValid());
        qputenv("ROOFSCOPE_USER_CATALOG", catalog_->path().toLocal8Bit());
        qputenv("ROOFSCOPE_PROBE", FAKE_PROBE_BINARY);
        qputenv("FAKE_PROBE_MODE", "ok");
    }

    void listsTheBenchmarksByDevice() {
        // No model of ours to run QAbstractItemModelTester on: the tree is a QTreeWidget, whose
        // own model gives every column of a row the first column's children, which the tester
        // rejects by design.
        ProbeDialog dialog;
        QVERIFY(waitForPlan(dialog));
        const QTreeWidget* tree = dialog.benchmarks();
        QCOMPARE(tree->topLevelItemCount(), 2);
        QCOMPARE(tree->topLevelItem(0)->text(0), QStringLiteral("CPU — Fake CPU 9000"));
        QCOMPARE(tree->topLevelItem(1)->text(0), QStringLiteral("GPU 0 — Fake GPU 9000"));
        QCOMPARE(tree->topLevelItem(0)->childCount(), 2);
        QCOMPARE(tree->topLevelItem(1)->childCount(), 1);
        QCOMPARE(tree->topLevelItem(1)->child(0)->text(0), QStringLiteral("GPU memory bandwidth"));
        QCOMPARE(tree->topLevelItem(0)->checkState(0), Qt::Checked);
        QVERIFY(dialog.findChild<QPushButton*>(QStringLiteral("probeStart"))->isEnabled());
        QVERIFY2(dialog.statusText().contains(QStringLiteral("3 benchmarks on 2 devices")),
                 qPrintable(dialog.statusText()));
        // Unticking a device unticks its benchmarks; nothing ticked, nothing to start.
        dialog.benchmarks()->topLevelItem(0)->setCheckState(0, Qt::Unchecked);
        QCOMPARE(dialog.benchmarkItem("cpu", "cpu_fma")->checkState(0), Qt::Unchecked);
        dialog.setBenchmarkChecked("gpu0", "gpu_memory", false);
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("probeStart"))->isEnabled());
        QVERIFY(!dialog.start());
    }

    void argumentsFollowTheTicks_data() {
        QTest::addColumn<QStringList>("unticked");
        QTest::addColumn<ProbeDialog::Duration>("duration");
        QTest::addColumn<QStringList>("arguments");
        using D = ProbeDialog::Duration;
        QTest::newRow("everything") << QStringList() << D::normal << QStringList();
        QTest::newRow("quick") << QStringList() << D::quick << QStringList{"--quick"};
        QTest::newRow("cpu only") << QStringList{"gpu0/gpu_memory"} << D::normal
                                  << QStringList{"--cpu", "--only", "cpu_triad,cpu_fma"};
        QTest::newRow("gpu only") << QStringList{"cpu/cpu_triad", "cpu/cpu_fma"} << D::thorough
                                  << QStringList{"--thorough", "--gpu", "all", "--only",
                                                 "gpu_memory"};
        QTest::newRow("one cpu benchmark off") << QStringList{"cpu/cpu_fma"} << D::normal
                                               << QStringList{"--only", "cpu_triad,gpu_memory"};
    }

    void argumentsFollowTheTicks() {
        QFETCH(QStringList, unticked);
        QFETCH(ProbeDialog::Duration, duration);
        QFETCH(QStringList, arguments);
        ProbeDialog dialog;
        QVERIFY(waitForPlan(dialog));
        for (const QString& row : unticked)
            dialog.setBenchmarkChecked(row.section('/', 0, 0), row.section('/', 1), false);
        dialog.setDuration(duration);
        QCOMPARE(dialog.probeArguments(), arguments);
    }

    void runShowsValuesAndAddsTheMeasuredDevices() {
        QStringList warnings;
        ui::MainWindow window(ui::loadCatalog(&warnings));
        auto demo = makeDemoSession(ui::loadCatalog(nullptr));
        QVERIFY(demo.ok());
        window.setSession(std::move(demo).value());
        window.show();
        const int roofsBefore = window.plot()->roofSegmentCount();
        const std::size_t devicesBefore = window.session().devices.size();

        auto* action = window.findChild<QAction*>(QStringLiteral("probeAction"));
        QVERIFY(action);
        QCOMPARE(action->shortcut(), QKeySequence(QStringLiteral("Ctrl+Shift+P")));
        action->trigger();
        auto* dialog = window.findChild<ProbeDialog*>();
        QVERIFY(dialog);
        QVERIFY(dialog->isVisible());
        QVERIFY(!dialog->isModal());
        QVERIFY(waitForPlan(*dialog));
        QSignalSpy finished(dialog, &ProbeDialog::runFinished);
        click(*dialog, "probeStart");
        QVERIFY(dialog->isRunning());
        QCOMPARE(statusOf(*dialog, "gpu0", "gpu_memory"), QStringLiteral("waiting"));
        QVERIFY(finished.wait(10000));

        QCOMPARE(statusOf(*dialog, "cpu", "cpu_triad"), QStringLiteral("85.3 GB/s"));
        QCOMPARE(statusOf(*dialog, "cpu", "cpu_fma"),
                 QStringLiteral("fp64 1.21 TFLOP/s · fp32 2.43 TFLOP/s"));
        QCOMPARE(statusOf(*dialog, "gpu0", "gpu_memory"), QStringLiteral("3.95 TB/s"));
        QCOMPARE(dialog->overallProgress()->value(), 1000);
        QVERIFY2(dialog->statusText().startsWith(QStringLiteral("Done: 4 values measured.")),
                 qPrintable(dialog->statusText()));

        // Saved into the user catalog, beside (not over) the spec entries...
        QCOMPARE(catalogFiles(), (QStringList{"measured-fake-cpu-2026-11-30.json",
                                              "measured-fake-gpu-2026-11-30.json"}));
        auto saved =
            readCeilingsFile(QDir(catalog_->path())
                                 .filePath(QStringLiteral("measured-fake-gpu-2026-11-30.json"))
                                 .toStdString());
        QVERIFY(saved.ok());
        QCOMPARE(saved.value().front().name, std::string("Fake GPU 9000 (measured 2026-11-30)"));
        const Catalog reloaded = ui::loadCatalog(nullptr);
        const CatalogEntry* entry = reloaded.find("fake-gpu-measured-2026-11-30");
        QVERIFY(entry);
        QVERIFY(entry->layer == CatalogLayer::measured);
        // ... and handed to the window, whose plot draws their roofs.
        const Session& session = window.session();
        QCOMPARE(session.devices.size(), devicesBefore + 2);
        const Device* gpu = session.findDevice("fake-gpu-measured-2026-11-30");
        QVERIFY(gpu);
        QCOMPARE(gpu->ceilings.memory.at(MemoryLevel::dram).value, 3.95e12);
        QVERIFY(window.plot()->roofSegmentCount() > roofsBefore);

        // A second run the same day replaces the first instead of piling up.
        QVERIFY(dialog->start());
        QVERIFY(finished.wait(10000));
        QCOMPARE(catalogFiles().size(), 2);
        QCOMPARE(window.session().devices.size(), devicesBefore + 2);

        // The first trace opened replaces the demo, but not what was measured here.
        QSignalSpy loaded(window.traceLoader(), &ui::TraceLoader::finished);
        QVERIFY(window.loadTraces({QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json")}));
        QVERIFY(loaded.wait(30000));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        QVERIFY(window.session().findDevice("fake-cpu-measured-2026-11-30"));
        QVERIFY(window.session().findDevice("fake-gpu-measured-2026-11-30"));
    }

    void crashIsSaidInWordsAndTheGuiStaysResponsive() {
        qputenv("FAKE_PROBE_MODE", "crash");
        ProbeDialog dialog;
        dialog.show();
        QVERIFY(waitForPlan(dialog));
        QSignalSpy finished(&dialog, &ProbeDialog::runFinished);
        QSignalSpy measured(&dialog, &ProbeDialog::devicesMeasured);
        // The event loop keeps turning while the probe runs and dies.
        int ticks = 0;
        QTimer heartbeat;
        connect(&heartbeat, &QTimer::timeout, [&] { ++ticks; });
        heartbeat.start(10);
        click(dialog, "probeStart");
        QVERIFY(finished.wait(10000));
        QVERIFY(ticks > 0);
        QVERIFY2(dialog.statusText().contains(
                     QStringLiteral("The probe crashed during cpu_fma: Aborted; results so far "
                                    "are kept.")),
                 qPrintable(dialog.statusText()));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_triad"), QStringLiteral("85.3 GB/s"));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_fma"), QStringLiteral("crashed"));
        QCOMPARE(statusOf(dialog, "gpu0", "gpu_memory"), QStringLiteral("not run"));
        QVERIFY2(dialog.logText().contains(QStringLiteral("simulated fault in cpu_fma")),
                 qPrintable(dialog.logText()));
        QCOMPARE(measured.count(), 0);
        QVERIFY(catalogFiles().isEmpty());
        // Ready for another go.
        qputenv("FAKE_PROBE_MODE", "ok");
        QVERIFY(dialog.start());
        QVERIFY(finished.wait(10000));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_fma"),
                 QStringLiteral("fp64 1.21 TFLOP/s · fp32 2.43 TFLOP/s"));
    }

    void cancelKeepsThePartialResults() {
        qputenv("FAKE_PROBE_MODE", "slow");
        ProbeDialog dialog;
        dialog.show();
        QVERIFY(waitForPlan(dialog));
        QSignalSpy finished(&dialog, &ProbeDialog::runFinished);
        QSignalSpy measured(&dialog, &ProbeDialog::devicesMeasured);
        click(dialog, "probeStart");
        QTRY_VERIFY_WITH_TIMEOUT(
            statusOf(dialog, "cpu", "cpu_fma").startsWith(QStringLiteral("running ")), 10000);
        QVERIFY(dialog.overallProgress()->value() > 0);
        click(dialog, "probeCancel");
        QVERIFY(finished.wait(10000));
        QVERIFY2(dialog.statusText().startsWith(QStringLiteral("Cancelled during cpu_fma")),
                 qPrintable(dialog.statusText()));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_triad"), QStringLiteral("85.3 GB/s"));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_fma"), QStringLiteral("cancelled"));
        QCOMPARE(measured.count(), 1);
        QCOMPARE(catalogFiles(), QStringList{"measured-fake-cpu-2026-11-30.json"});
    }

    void closingStopsTheRun() {
        qputenv("FAKE_PROBE_MODE", "slow");
        ProbeDialog dialog;
        dialog.show();
        QVERIFY(waitForPlan(dialog));
        QSignalSpy finished(&dialog, &ProbeDialog::runFinished);
        QVERIFY(dialog.start());
        QTRY_VERIFY_WITH_TIMEOUT(
            statusOf(dialog, "cpu", "cpu_fma").startsWith(QStringLiteral("running ")), 10000);
        click(dialog, "probeClose");
        QVERIFY(!dialog.isVisible());
        QVERIFY(finished.wait(10000));
        QVERIFY(!dialog.isRunning());
    }

    void hangIsSaidInWords() {
        qputenv("FAKE_PROBE_MODE", "hang");
        ProbeDialog dialog;
        dialog.runner()->setWatchdogMs(500);
        QVERIFY(waitForPlan(dialog));
        QSignalSpy finished(&dialog, &ProbeDialog::runFinished);
        QVERIFY(dialog.start());
        QVERIFY(finished.wait(10000));
        QVERIFY2(dialog.statusText().contains(QStringLiteral("hung during cpu_triad")),
                 qPrintable(dialog.statusText()));
        QCOMPARE(statusOf(dialog, "cpu", "cpu_triad"), QStringLiteral("hung: stopped"));
    }

    void garbageGoesToTheLog() {
        qputenv("FAKE_PROBE_MODE", "garbage");
        ProbeDialog dialog;
        QVERIFY(waitForPlan(dialog));
        QSignalSpy finished(&dialog, &ProbeDialog::runFinished);
        QVERIFY(dialog.start());
        QVERIFY(finished.wait(10000));
        QVERIFY2(dialog.logText().contains(QStringLiteral("roofscope-probe stdout line 2:")),
                 qPrintable(dialog.logText()));
        QCOMPARE(statusOf(dialog, "gpu0", "gpu_memory"), QStringLiteral("3.95 TB/s"));
    }

    void missingProbeIsSaidInWords() {
        const QString missing = catalog_->filePath(QStringLiteral("no-probe-here"));
        qputenv("ROOFSCOPE_PROBE", missing.toLocal8Bit());
        ProbeDialog dialog;
        QVERIFY2(dialog.statusText().startsWith(QStringLiteral("roofscope-probe was not found")),
                 qPrintable(dialog.statusText()));
        QVERIFY(dialog.statusText().contains(missing));
        QVERIFY(!dialog.findChild<QPushButton*>(QStringLiteral("probeStart"))->isEnabled());
        QVERIFY(!dialog.start());
    }
};

QTEST_MAIN(TestProbeDialog)
#include "test_probe_dialog.moc"
