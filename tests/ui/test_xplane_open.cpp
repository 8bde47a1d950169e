// XPlane profiles opened in the window: dropped or opened, loaded in the background like a
// Kineto trace, the GPU the plane's figures identify bound, its steps and its XLA ops; a sample
// whose kernels ran on one of eight GPUs opens as one dataset; a damaged profile is refused by
// name.
#include "core/import/xplane/xplane_reader.h"
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/trace_loader.h"

#include <QApplication>
#include <QFile>
#include <QMessageBox>
#include <QMimeData>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

// tests/data/xplane/seed.txtpb: GPU 0 an MI300X by its stats; Im3d2Col and a Cijk GEMM of one
// cudnn-conv.1, an input_reduce_fusion, a copy; Steps line "1".
const QString kSeed = QStringLiteral(ROOFSCOPE_TEST_DATA "/xplane/seed.xplane.pb");
const QString kTe = QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax_te_fused_attn.xplane.pb");

bool waitForLoad(ui::MainWindow& window) {
    QSignalSpy done(window.traceLoader(), &ui::TraceLoader::finished);
    return !window.traceLoader()->isRunning() || done.wait(30000);
}

} // namespace

class TestXplaneOpen : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
    }

    void aDroppedProfileIsARun() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(kSeed)});
        QDragEnterEvent enter(QPoint(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(10, 10), Qt::CopyAction, &mime, Qt::LeftButton, {});
        QApplication::sendEvent(&window, &drop);
        QVERIFY(waitForLoad(window));
        const Session& s = window.session();
        QCOMPARE(s.datasets.size(), std::size_t(1));
        const Dataset& d = s.datasets[0];
        QCOMPARE(d.context.deviceId, std::string("amd-mi300x"));
        QCOMPARE(d.steps.size(), std::size_t(1));
        QCOMPARE(d.steps[0].name, std::string("ProfilerStep#1"));
        // Kernel grouping: four kernel names (Im3d2Col, Cijk_..., input_reduce_fusion, the copy).
        QCOMPARE(d.records.size(), std::size_t(4));
        for (const OpRecord& r : d.records)
            QVERIFY(!r.flops.known()); // the profile has no FLOPs; none are made up
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
    }

    void theSampleOpensOnItsGpu() {
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kTe});
        QVERIFY(waitForLoad(window));
        const Session& s = window.session();
        QCOMPARE(s.datasets.size(), std::size_t(1));
        // 150 kernels on GPU 0 (protoc's decoding, tests/data/xplane/xspace_figures.py), bound
        // to the catalog's MI355X, the GPU the plane's figures name.
        double launches = 0;
        for (const OpRecord& r : s.datasets[0].records)
            launches += double(r.count);
        QCOMPARE(launches, 150.0);
        QCOMPARE(s.datasets[0].context.deviceId, std::string("amd-mi355x"));
    }

    void aTruncatedProfileIsRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QFile seed(kSeed);
        QVERIFY(seed.open(QIODevice::ReadOnly));
        const QString path = dir.filePath(QStringLiteral("cut.xplane.pb"));
        QFile cut(path);
        QVERIFY(cut.open(QIODevice::WriteOnly));
        cut.write(seed.readAll().left(400));
        cut.close();
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        window.openFiles({path});
        QVERIFY(waitForLoad(window));
        QVERIFY(window.session().datasets.empty());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        const QString text = box->text() + box->detailedText();
        QVERIFY2(text.contains(QStringLiteral("cut.xplane.pb")) &&
                     text.contains(QStringLiteral("truncated")),
                 qPrintable(text));
        box->close();
    }
};

QTEST_MAIN(TestXplaneOpen)
#include "test_xplane_open.moc"
