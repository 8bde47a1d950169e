// Tools > Add Model from the Zoo…: one analytic model bounded on several catalog devices, one
// dataset each, overlaid in the roofline and comparable in the comparison view.
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/views/analysis_pane.h"
#include "ui/views/view_chart.h"
#include "ui/zoo_dialog.h"

#include <QComboBox>
#include <QListWidget>
#include <QSettings>
#include <QSpinBox>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

namespace {

void tick(ZooDialog& dialog, const QStringList& ids) {
    auto* list = dialog.findChild<QListWidget*>(QStringLiteral("zooDevices"));
    QVERIFY(list);
    for (int i = 0; i < list->count(); ++i)
        if (ids.contains(list->item(i)->data(Qt::UserRole).toString()))
            list->item(i)->setCheckState(Qt::Checked);
}

void choose(ZooDialog& dialog, const char* combo, const QString& data) {
    auto* box = dialog.findChild<QComboBox*>(QString::fromLatin1(combo));
    QVERIFY(box);
    const int i = box->findData(data);
    QVERIFY2(i >= 0, qPrintable(data));
    box->setCurrentIndex(i);
}

const QStringList kDevices{"nvidia-a100-sxm4-80gb", "nvidia-h100-sxm5-80gb"};

} // namespace

class TestZooDialog : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void oneDatasetPerTickedDevice_data() {
        QTest::addColumn<QString>("model");
        QTest::addColumn<int>("dataParallel");
        QTest::addColumn<bool>("communicates");
        QTest::newRow("resnet50 alone") << "resnet50" << 1 << false;
        QTest::newRow("bert-large over 8 ranks") << "bert-large" << 8 << true;
    }
    void oneDatasetPerTickedDevice() {
        QFETCH(QString, model);
        QFETCH(int, dataParallel);
        QFETCH(bool, communicates);
        const Catalog catalog = loadCatalog(nullptr);
        ZooDialog dialog(catalog);
        choose(dialog, "zooModel", model);
        dialog.findChild<QSpinBox*>(QStringLiteral("zooDataParallel"))->setValue(dataParallel);
        tick(dialog, kDevices);
        const auto built = dialog.build();
        QVERIFY2(built.ok(), built.ok() ? "" : built.error().toString().c_str());
        QCOMPARE(built.value().datasets.size(), std::size_t(2));
        QCOMPARE(built.value().devices.size(), std::size_t(2));
        for (std::size_t i = 0; i < 2; ++i) {
            const Dataset& d = built.value().datasets[i];
            QCOMPARE(QString::fromStdString(d.context.deviceId), kDevices[int(i)]);
            QVERIFY(std::find(d.context.tags.begin(), d.context.tags.end(), "zoo") !=
                    d.context.tags.end());
            QVERIFY(!d.records.empty());
            bool comm = false;
            for (const auto& r : d.records) {
                QVERIFY(r.timeS.origin == Origin::estimated && r.timeS.value > 0);
                comm = comm || r.category == Category::collective;
            }
            QCOMPARE(comm, communicates);
        }
    }

    void withoutADeviceItSaysSo() {
        const Catalog catalog = loadCatalog(nullptr);
        ZooDialog dialog(catalog);
        const auto built = dialog.build();
        QVERIFY(!built.ok());
        QVERIFY(built.error().toString().find("tick at least one device") != std::string::npos);
    }

    // The demo gives way; the two devices' datasets can be compared at once.
    void theWindowAddsAndComparesThem() {
        MainWindow window(loadCatalog(nullptr));
        window.addZooModel();
        auto* dialog = window.findChild<ZooDialog*>(QStringLiteral("zooDialog"));
        QVERIFY(dialog);
        choose(*dialog, "zooModel", QStringLiteral("resnet50"));
        tick(*dialog, kDevices);
        dialog->accept();
        QCOMPARE(window.session().datasets.size(), std::size_t(2));
        QVERIFY(window.session().datasets[0].context.label.find("resnet50") != std::string::npos);

        Session s = window.session();
        s.view.view = ViewKind::comparison;
        window.setSession(s);
        ViewChart* chart = window.analysisPane()->chart();
        QVERIFY(chart);
        QVERIFY2(chart->emptyReason().isEmpty(), qPrintable(chart->emptyReason()));
        QVERIFY(!chart->table().rows.empty());
    }
};

QTEST_MAIN(TestZooDialog)
#include "test_zoo_dialog.moc"
