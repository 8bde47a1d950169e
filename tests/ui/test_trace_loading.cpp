// Kineto traces opened in the window: loaded in the background through core, the device found in
// the catalog (or said to be unknown), regrouped without reloading, cancelled, and a broken file
// reported in words that name it.
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"
#include "ui/record_table_model.h"
#include "ui/roofline_plot.h"
#include "ui/trace_loader.h"

#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QProgressBar>
#include <QStandardPaths>
#include <QStatusBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QToolButton>
#include <QtTest>

using namespace roofscope;

namespace {

const QString kModern = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json");

QByteArray readAll(const QString& path) {
    QFile f(path);
    if (!f.open(QIODevice::ReadOnly))
        qFatal("cannot read %s", qPrintable(path));
    return f.readAll();
}

QString writeFile(const QTemporaryDir& dir, const QString& name, const QByteArray& bytes) {
    const QString path = dir.filePath(name);
    QFile f(path);
    if (!f.open(QIODevice::WriteOnly) || f.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

// Waits for the window's load to end; false on timeout.
bool waitForLoad(ui::MainWindow& window) {
    QSignalSpy done(window.traceLoader(), &ui::TraceLoader::finished);
    return !window.traceLoader()->isRunning() || done.wait(30000);
}

} // namespace

class TestTraceLoading : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        // The window remembers recent files and its layout: not in the user's settings.
        QStandardPaths::setTestModeEnabled(true);
    }

    void loadsATraceInTheBackground() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QVERIFY(window.loadTraces({kModern}));
        QVERIFY(window.findChild<QProgressBar*>(QStringLiteral("loadProgress"))->isVisible());
        QVERIFY(waitForLoad(window));
        QVERIFY(!window.findChild<QProgressBar*>(QStringLiteral("loadProgress"))->isVisible());
        const Session& session = window.session();
        QCOMPARE(session.datasets.size(), std::size_t(1));
        const Dataset& dataset = session.datasets[0];
        // "NVIDIA A100-PG509-200" is an alias of the 40 GB SXM4 entry.
        QCOMPARE(dataset.context.deviceId, std::string("nvidia-a100-sxm4-40gb"));
        QVERIFY(session.findDevice(dataset.context.deviceId));
        QCOMPARE(dataset.context.label, std::string("modern.json"));
        QCOMPARE(dataset.context.rank, 1);
        // By kernel: the GEMM, the copy and the all-reduce.
        QCOMPARE(dataset.records.size(), std::size_t(3));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 3);
        QCOMPARE(window.plot()->pointCount(), 1); // only the GEMM has FLOPs
        QVERIFY(window.windowTitle().contains(QStringLiteral("modern.json")));
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("3 records")));
        // Regrouping works on the launches in memory.
        auto* groupBy = window.findChild<QComboBox*>(QStringLiteral("groupBy"));
        QVERIFY(groupBy->isEnabled());
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("launch")));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 3);
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("op")));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 3);
        const QModelIndex gemm = window.recordPanel()->model()->index(
            window.recordPanel()->model()->rowOf({0, 0}), ui::RecordTableModel::Name);
        QVERIFY2(gemm.data().toString().startsWith(QStringLiteral("aten::addmm")),
                 qPrintable(gemm.data().toString()));
    }

    // The records are made on the loading thread under the grouping the table had when the load
    // started; a grouping chosen while it ran still applies once it ends.
    void aGroupingChosenDuringTheLoadApplies() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        // summarize-small.json: 5 launches of 3 kernels.
        QVERIFY(window.loadTraces(
            {QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/summarize-small.json")}));
        auto* groupBy = window.findChild<QComboBox*>(QStringLiteral("groupBy"));
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("launch")));
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        QCOMPARE(window.session().datasets[0].records.size(), std::size_t(5));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 5);
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("kernel")));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 3);
    }

    // Above kBackgroundRegroupLaunches the records are regrouped off the GUI thread; a newer
    // choice made meanwhile wins, and the old result is dropped.
    void aLargeTraceRegroupsInTheBackground() {
        const QString small = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/summarize-small.json");
        int opRows = 0;
        {
            ui::MainWindow reference(ui::loadCatalog(nullptr));
            reference.setSession(Session{});
            QVERIFY(reference.loadTraces({small}));
            QVERIFY(waitForLoad(reference));
            auto* groupBy = reference.findChild<QComboBox*>(QStringLiteral("groupBy"));
            groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("op")));
            QVERIFY(!reference.isRegrouping()); // 5 launches: at once
            opRows = reference.recordPanel()->table()->model()->rowCount();
        }
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.setBackgroundRegroupAbove(0);
        window.show();
        QVERIFY(window.loadTraces({small}));
        QVERIFY(waitForLoad(window));
        QSignalSpy regrouped(&window, &ui::MainWindow::regrouped);
        auto* groupBy = window.findChild<QComboBox*>(QStringLiteral("groupBy"));
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("launch")));
        QVERIFY(window.isRegrouping());
        QVERIFY(window.statusBar()->currentMessage().contains(QStringLiteral("Regrouping 5")));
        QVERIFY(regrouped.wait(10000));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 5);
        // Two choices in a row: only the second reaches the session.
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("kernel")));
        groupBy->setCurrentIndex(groupBy->findText(QStringLiteral("op")));
        QTRY_VERIFY_WITH_TIMEOUT(!window.isRegrouping(), 10000);
        QCOMPARE(regrouped.size(), 2);
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), opRows);
        QCOMPARE(window.session().datasets[0].records.size(), std::size_t(opRows));
    }

    void severalFilesAreOneMultiRankDataset() {
        QTemporaryDir dir;
        QByteArray rank0 = readAll(kModern);
        rank0.replace("\"rank\": 1", "\"rank\": 0");
        const QString other = writeFile(dir, QStringLiteral("rank0.json"), rank0);
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kModern, other});
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        const Dataset& dataset = window.session().datasets[0];
        QCOMPARE(dataset.context.sources.size(), std::size_t(2));
        QCOMPARE(dataset.records.size(), std::size_t(6));
        QCOMPARE(dataset.context.rank, 0);
        auto* rank = window.findChild<QComboBox*>(QStringLiteral("rankFilter"));
        QCOMPARE(rank->count(), 3); // all, rank 0, rank 1
    }

    // The same file twice claims rank 1 twice: two runs, not one job. Two datasets, and the
    // status bar and the warnings say how the files were opened.
    void filesOfNoOneJobAreSeparateRuns() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kModern, kModern});
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(2));
        for (const Dataset& d : window.session().datasets)
            QCOMPARE(d.context.sources.size(), std::size_t(1));
        const QString said = QStringLiteral("2 files opened as 2 runs, not one job");
        QVERIFY2(window.statusBar()->currentMessage().startsWith(said),
                 qPrintable(window.statusBar()->currentMessage()));
        auto* warnings = window.findChild<QToolButton*>(QStringLiteral("warningsButton"));
        QVERIFY(warnings->toolTip().startsWith(said));
    }

    void anUnknownDeviceIsSaid() {
        QTemporaryDir dir;
        QByteArray text = readAll(kModern);
        text.replace("NVIDIA A100-PG509-200", "Imaginary GPU 9000");
        const QString path = writeFile(dir, QStringLiteral("imaginary.json"), text);
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        QVERIFY(window.loadTraces({path}));
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        QVERIFY(window.session().datasets[0].context.deviceId.empty());
        QVERIFY(window.session().devices.empty());
        const QString message = window.statusBar()->currentMessage();
        QVERIFY2(message.contains(QStringLiteral("Imaginary GPU 9000")) &&
                     message.contains(QStringLiteral("not in the catalog")),
                 qPrintable(message));
        QVERIFY(!window.findChild<QToolButton*>(QStringLiteral("warningsButton"))->isHidden());
    }

    void aTraceIsAddedToAnOpenSession() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        QVERIFY(window.loadTraces({kModern}));
        QVERIFY(waitForLoad(window));
        // A second trace is another run to compare, not a replacement.
        QVERIFY(window.loadTraces({kModern}));
        QVERIFY(!window.loadTraces({kModern})); // one load at a time
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(2));
        QCOMPARE(window.session().devices.size(), std::size_t(1));
        QCOMPARE(window.recordPanel()->table()->model()->rowCount(), 6);
    }

    void cancelStopsALoad() {
        // Enough events that the load cannot end before Cancel: 200k kernels, ~30 MB.
        QTemporaryDir dir;
        QByteArray text = "{\"traceEvents\": [\n";
        const QByteArray event =
            "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"k\", \"pid\": 0, \"tid\": 7, "
            "\"ts\": %1, \"dur\": 1.5, \"args\": {\"device\": 0, \"stream\": 7}},\n";
        for (int i = 0; i < 200000; ++i)
            text += QByteArray(event).replace("%1", QByteArray::number(i * 2));
        text += "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 0, \"args\": {}}]}\n";
        const QString path = writeFile(dir, QStringLiteral("big.json"), text);

        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QSignalSpy done(window.traceLoader(), &ui::TraceLoader::finished);
        QVERIFY(window.loadTraces({path}));
        auto* cancel = window.findChild<QPushButton*>(QStringLiteral("cancelLoad"));
        QVERIFY(cancel && cancel->isVisible());
        QTest::mouseClick(cancel, Qt::LeftButton);
        QVERIFY(done.wait(30000));
        QVERIFY(done.front().front().value<ui::TraceLoadOutcome>().cancelled);
        QVERIFY(window.session().datasets.empty());
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
        QCOMPARE(window.statusBar()->currentMessage(), QStringLiteral("Loading cancelled"));
    }

    void aBrokenTraceNamesTheFile_data() {
        QTest::addColumn<QByteArray>("bytes");
        QTest::addColumn<QString>("where");
        // The second comma is byte 28.
        QTest::newRow("invalid json")
            << QByteArray("{\"traceEvents\": [{\"ph\": \"X\",, \"name\": 1}]}") << "byte 28";
        QTest::newRow("not json") << QByteArray("this is not a trace\n") << "byte 0";
        QTest::newRow("empty") << QByteArray() << "byte 0";
    }
    void aBrokenTraceNamesTheFile() {
        QFETCH(QByteArray, bytes);
        QFETCH(QString, where);
        QTemporaryDir dir;
        const QString path = writeFile(dir, QStringLiteral("broken.json"), bytes);
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QVERIFY(window.loadTraces({path}));
        QVERIFY(waitForLoad(window));
        QVERIFY(window.session().datasets.empty());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY2(box->text().startsWith(path + QStringLiteral(": ") + where),
                 qPrintable(box->text()));
        box->close();
    }

    void aTruncatedTraceWarns() {
        // An early end keeps the events before it (reference/formats.md): a warning, not an error.
        QTemporaryDir dir;
        const QByteArray text = readAll(kModern);
        const QString path =
            writeFile(dir, QStringLiteral("truncated.json"), text.left(text.indexOf("ncclKernel")));
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QVERIFY(window.loadTraces({path}));
        QVERIFY(waitForLoad(window));
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
        auto* warnings = window.findChild<QToolButton*>(QStringLiteral("warningsButton"));
        QVERIFY(!warnings->isHidden());
        QVERIFY2(warnings->toolTip().contains(QStringLiteral("truncated.json")),
                 qPrintable(warnings->toolTip()));
        warnings->click();
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("warningsBox"));
        QVERIFY(box);
        QVERIFY(box->detailedText().contains(QStringLiteral("truncated.json")));
        box->close();
    }

    void droppedFilesOpen() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(kModern)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &drop);
        QVERIFY(waitForLoad(window));
        QCOMPARE(window.session().datasets.size(), std::size_t(1));
    }
};

QTEST_MAIN(TestTraceLoading)
#include "test_trace_loading.moc"
