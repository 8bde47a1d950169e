// nccl-tests output opened in the explorer: its bus bandwidth becomes the measured link ceiling
// of the device the user picks, which the MD-Roofline view then uses as APB.
#include "tests/support/record_fixture.h"
#include "ui/main_window.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

namespace {

const QString kSingleNode = QStringLiteral(ROOFSCOPE_TEST_DATA "/nccl/plain_single_node.txt");

Session twoDevices() {
    Session s = testing::roundSession();
    Device fast = testing::roundDevice();
    fast.id = "fast-gpu";
    fast.name = "Fast GPU";
    s.devices.push_back(fast);
    return s;
}

} // namespace

class TestLinkImport : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() { QStandardPaths::setTestModeEnabled(true); }
    void init() { QSettings().clear(); }

    void oneDeviceTakesTheLinkAtOnce() {
        MainWindow window(Catalog{});
        window.setSession(testing::roundSession());
        window.openFiles({kSingleNode});
        const Ceiling& link = window.session().devices[0].ceilings.links.at(Link::intra_node);
        QVERIFY(link.provenance.kind == ProvenanceKind::measured);
        QVERIFY(link.value != 1e11);                        // the fixture's spec value was replaced
        QVERIFY(window.session().datasets.size() == 1 + 1); // no dataset was made of it
    }

    void severalDevicesAskWhichOne() {
        MainWindow window(Catalog{});
        window.setSession(twoDevices());
        window.openFiles({kSingleNode});
        auto* ask = window.findChild<QInputDialog*>(QStringLiteral("linkDeviceDialog"));
        QVERIFY(ask);
        QCOMPARE(ask->comboBoxItems(), (QStringList{"Round GPU", "Fast GPU"}));
        ask->setTextValue(QStringLiteral("Fast GPU"));
        ask->accept();
        QCOMPARE(window.session().devices[0].ceilings.links.at(Link::intra_node).value, 1e11);
        QVERIFY(window.session().devices[1].ceilings.links.at(Link::intra_node).provenance.kind ==
                ProvenanceKind::measured);
    }

    void withoutADeviceItSaysSo() {
        MainWindow window(Catalog{});
        window.setSession(Session{});
        window.openFiles({kSingleNode});
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY(box->text().contains(QStringLiteral("plain_single_node.txt")));
    }
};

QTEST_MAIN(TestLinkImport)
#include "test_link_import.moc"
