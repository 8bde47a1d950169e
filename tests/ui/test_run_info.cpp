// Run details: the model, software stack, tags and repeat a user sets on a run, which the
// comparison and matrix views group and match by.

#include "tests/support/record_fixture.h"
#include "ui/main_window.h"
#include "ui/run_info_dialog.h"
#include "ui/views/analysis_pane.h"
#include "ui/views/view_table_model.h"

#include "ui/catalog_loader.h"

#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

class TestRunInfo : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void tagsAreSplitAndTrimmed_data() {
        QTest::addColumn<QString>("typed");
        QTest::addColumn<QStringList>("tags");
        QTest::newRow("empty") << "" << QStringList{};
        QTest::newRow("one") << "amp" << QStringList{"amp"};
        QTest::newRow("spaces and empties")
            << " amp ,, container 24.05 ," << QStringList{"amp", "container 24.05"};
    }
    void tagsAreSplitAndTrimmed() {
        QFETCH(QString, typed);
        QFETCH(QStringList, tags);
        DatasetContext c;
        c.label = "run";
        RunInfoDialog dialog(c);
        dialog.findChild<QLineEdit*>(QStringLiteral("tags"))->setText(typed);
        const DatasetContext edited = dialog.edited(c);
        QStringList got;
        for (const auto& t : edited.tags)
            got << QString::fromStdString(t);
        QCOMPARE(got, tags);
    }

    void fieldsStartFromTheRunAndOnlyTheyChange() {
        DatasetContext c;
        c.label = "run A";
        c.deviceId = "round-gpu";
        c.model = "BERT-large";
        c.stack.framework = "PyTorch 2.1.0";
        c.stack.cuda = "12.1";
        c.tags = {"amp", "baseline"};
        c.repeat = 2;
        c.color = "#112233";
        RunInfoDialog dialog(c);
        QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("model"))->text(),
                 QStringLiteral("BERT-large"));
        QCOMPARE(dialog.findChild<QLineEdit*>(QStringLiteral("tags"))->text(),
                 QStringLiteral("amp, baseline"));
        QCOMPARE(dialog.findChild<QSpinBox*>(QStringLiteral("repeat"))->value(), 2);
        dialog.findChild<QLineEdit*>(QStringLiteral("framework"))
            ->setText(QStringLiteral(" PyTorch 2.3.1 "));
        dialog.findChild<QLineEdit*>(QStringLiteral("nccl"))->setText(QStringLiteral("2.21.5"));
        dialog.findChild<QSpinBox*>(QStringLiteral("repeat"))->setValue(3);
        const DatasetContext e = dialog.edited(c);
        QCOMPARE(QString::fromStdString(e.stack.framework), QStringLiteral("PyTorch 2.3.1"));
        QCOMPARE(QString::fromStdString(e.stack.nccl), QStringLiteral("2.21.5"));
        QCOMPARE(QString::fromStdString(e.stack.cuda), QStringLiteral("12.1"));
        QCOMPARE(e.repeat, 3);
        // What the dialog does not show stays.
        QCOMPARE(QString::fromStdString(e.label), QStringLiteral("run A"));
        QCOMPARE(QString::fromStdString(e.deviceId), QStringLiteral("round-gpu"));
        QCOMPARE(QString::fromStdString(e.color), QStringLiteral("#112233"));
    }

    // A run without a device is given one in the window; its records follow, and the device
    // comes into the session in the node the systems catalog suggests; another system replaces
    // its collective ceilings, and "none" takes them away again.
    void aDeviceAndSystemAreChosenInTheWindow() {
        Session s = testing::roundSession();
        s.datasets.resize(1);
        s.datasets[0].context.deviceId.clear();
        for (auto& r : s.datasets[0].records)
            r.deviceId.clear();
        MainWindow window(loadCatalog(nullptr));
        window.setSession(s);
        const std::string h100 = "nvidia-h100-sxm5-80gb";
        window.editRunDetails(0);
        auto* dialog = window.findChild<RunInfoDialog*>(QStringLiteral("runInfoDialog"));
        auto* device = dialog->findChild<QComboBox*>(QStringLiteral("device"));
        auto* system = dialog->findChild<QComboBox*>(QStringLiteral("system"));
        QCOMPARE(device->currentData().toString(), QString()); // none yet
        QVERIFY(!system->isEnabled());
        device->setCurrentIndex(device->findData(QString::fromStdString(h100)));
        QVERIFY(system->isEnabled());
        QCOMPARE(system->currentData().toString(), QStringLiteral("nvidia-dgx-h100"));
        QVERIFY(dialog->findChild<QLabel*>(QStringLiteral("systemInfo"))
                    ->text()
                    .contains(QStringLiteral("450 GB/s")));
        system->setCurrentIndex(system->findData(QStringLiteral("gcp-a3-highgpu-8g")));
        dialog->accept();
        const Dataset& d = window.session().datasets[0];
        QCOMPARE(d.context.deviceId, h100);
        for (const auto& r : d.records)
            QCOMPARE(r.deviceId, h100);
        const Device* chosen = window.session().findDevice(h100);
        QVERIFY(chosen);
        QCOMPARE(chosen->system, std::string("gcp-a3-highgpu-8g"));
        // 4 x 200 Gbit/s GPUDirect-TCPX over 8 GPUs: 12.5 GB/s per GPU.
        QCOMPARE(chosen->ceilings.links.at(Link::inter_node).value, 12.5e9);

        window.editRunDetails(0);
        dialog = window.findChild<RunInfoDialog*>(QStringLiteral("runInfoDialog"));
        system = dialog->findChild<QComboBox*>(QStringLiteral("system"));
        QCOMPARE(system->currentData().toString(), QStringLiteral("gcp-a3-highgpu-8g"));
        system->setCurrentIndex(0); // none
        dialog->accept();
        chosen = window.session().findDevice(h100);
        QVERIFY(chosen->system.empty());
        QVERIFY(!chosen->ceilings.links.count(Link::inter_node));
        QVERIFY(!chosen->ceilings.links.count(Link::intra_node));
        QVERIFY(chosen->ceilings.links.count(Link::p2p)); // the device's own stay
    }

    // Two runs on one device differ only in the stack the user gives them: the matrix shows two
    // configurations once the second run's stack is set.
    void aStackSetInTheWindowSplitsTheMatrix() {
        Session s = testing::roundSession();
        s.datasets.pop_back();
        s.datasets[0].context.model = "toy";
        Dataset b = s.datasets[0];
        b.context.label = "run B";
        s.datasets.push_back(b);
        s.view.view = ViewKind::matrix;
        MainWindow window(Catalog{});
        window.setSession(s);
        QCOMPARE(window.analysisPane()->tableModel()->rowCount(), 1);

        window.editRunDetails(1);
        auto* dialog = window.findChild<RunInfoDialog*>(QStringLiteral("runInfoDialog"));
        QVERIFY(dialog);
        dialog->findChild<QLineEdit*>(QStringLiteral("framework"))
            ->setText(QStringLiteral("PyTorch 2.3.1"));
        dialog->accept();
        QCOMPARE(QString::fromStdString(window.session().datasets[1].context.stack.framework),
                 QStringLiteral("PyTorch 2.3.1"));
        QCOMPARE(window.analysisPane()->tableModel()->rowCount(), 2);
    }
};

QTEST_MAIN(TestRunInfo)
#include "test_run_info.moc"
