// Nsight Systems exports opened in the window: loaded in the background like a Kineto trace,
// the device the export names bound, its steps and its ops; an export of two processes is one
// job of two ranks on the step timeline; a database that is no export is refused by name.
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/trace_loader.h"

#include <QFile>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace roofscope;

namespace {

const QString kMade = QStringLiteral(ROOFSCOPE_TEST_DATA "/nsys/made_step.sqlite");
const QString k2026 = QStringLiteral(ROOFSCOPE_SAMPLES "/nsys_2026.2_2gpu_nccl_mfu_before.sqlite");

bool waitForLoad(ui::MainWindow& window) {
    QSignalSpy done(window.traceLoader(), &ui::TraceLoader::finished);
    return !window.traceLoader()->isRunning() || done.wait(30000);
}

} // namespace

class TestNsysOpen : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void anExportIsARun() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kMade});
        QVERIFY(waitForLoad(window));
        const Session& s = window.session();
        QCOMPARE(s.datasets.size(), std::size_t(1));
        const Dataset& d = s.datasets[0];
        QCOMPARE(d.context.deviceId, std::string("nvidia-a100-sxm4-40gb"));
        QCOMPARE(d.steps.size(), std::size_t(1));
        QCOMPARE(d.steps[0].name, std::string("ProfilerStep#1"));
        // Kernel grouping: the GEMM kernel's two launches, and the memset.
        QCOMPARE(d.records.size(), std::size_t(2));
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
    }

    void twoProcessesAreTwoRanks() {
        if (!QFile::exists(k2026))
            QSKIP("../shared/samples is not present");
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({k2026});
        QVERIFY(waitForLoad(window));
        const Session& s = window.session();
        QCOMPARE(s.datasets.size(), std::size_t(1));
        QCOMPARE(s.datasets[0].context.worldSize, 2);
        QVERIFY(s.datasets[0].context.deviceId.empty()); // no TARGET_INFO_GPU: not guessed
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(!message.contains(QStringLiteral("files opened")), qPrintable(message));
        auto* warnings = window.findChild<QToolButton*>(QStringLiteral("warningsButton"));
        QVERIFY2(warnings->toolTip().contains(QStringLiteral("TARGET_INFO_GPU")),
                 qPrintable(warnings->toolTip()));
    }

    void aDatabaseWithoutKernelsIsRefused() {
        // An SQLite database of another program: the same header, none of nsys's tables.
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        window.openFiles({QStringLiteral(ROOFSCOPE_TEST_DATA "/nsys/no_kernels.sqlite")});
        QVERIFY(waitForLoad(window));
        QVERIFY(window.session().datasets.empty());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY2(box->text().contains(QStringLiteral("no_kernels.sqlite")) &&
                     box->text().contains(QStringLiteral("CUPTI_ACTIVITY_KIND_KERNEL")),
                 qPrintable(box->text()));
        box->close();
    }
};

QTEST_MAIN(TestNsysOpen)
#include "test_nsys_open.moc"
