// Measured ceilings opened in the explorer: nccl-tests' bus bandwidth becomes the link ceiling
// the MD-Roofline view uses as APB, ERT's levels the roofs of the hierarchical view, on the
// device the file names when the session has it, else on the one the user picks.
#include "tests/support/record_fixture.h"
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/roofline_plot.h"

#include <QInputDialog>
#include <QMessageBox>
#include <QSettings>
#include <QStatusBar>
#include <QtTest>

using namespace roofscope;
using namespace roofscope::ui;

namespace {

const QString kSingleNode = QStringLiteral(ROOFSCOPE_TEST_DATA "/nccl/plain_single_node.txt");
const QString kErtGpu = QStringLiteral(ROOFSCOPE_TEST_DATA "/ert/gpu_l1_l2_dram.json");
const QString kNvbandwidth = QStringLiteral(ROOFSCOPE_TEST_DATA "/nvbandwidth/four_gpus.txt");
const QString kNcuA100 = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/raw_units.csv");
const std::string kH100 = "nvidia-h100-sxm5-80gb";
// roofscope-probe's ceilings file from a lent H200 (2026-12-04), and a catalog entry.
const QString kProbeH200 = QStringLiteral(ROOFSCOPE_TEST_DATA "/probe/h200-ceilings.json");
const QString kSpecH200 = QStringLiteral(ROOFSCOPE_DEVICE_DIR "/nvidia-h200-sxm-141gb.json");

Session twoDevices() {
    Session s = testing::roundSession();
    Device fast = testing::roundDevice();
    fast.id = "fast-gpu";
    fast.name = "Fast GPU";
    s.devices.push_back(fast);
    return s;
}

} // namespace

class TestCeilingsImport : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
    }
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
        auto* ask = window.findChild<QInputDialog*>(QStringLiteral("ceilingsDeviceDialog"));
        QVERIFY(ask);
        QCOMPARE(ask->comboBoxItems(), (QStringList{"Round GPU", "Fast GPU"}));
        ask->setTextValue(QStringLiteral("Fast GPU"));
        ask->accept();
        QCOMPARE(window.session().devices[0].ceilings.links.at(Link::intra_node).value, 1e11);
        QVERIFY(window.session().devices[1].ceilings.links.at(Link::intra_node).provenance.kind ==
                ProvenanceKind::measured);
    }

    // ERT measured L1 and L2: the hierarchical view of an Nsight Compute export gains the L2
    // point its bytes had no roof for.
    void ertGivesTheHierarchicalViewItsLevels() {
        MainWindow window(loadCatalog(nullptr));
        Session empty;
        empty.view.view = ViewKind::hierarchical;
        window.setSession(empty);
        window.openFiles({kNcuA100});
        QCOMPARE(window.plot()->pointCount(), 1);
        QCOMPARE(window.plot()->levelPointCount(), 0); // the catalog's A100 has no L2 roof
        window.openFiles({kErtGpu});
        QCOMPARE(window.session().devices.size(), std::size_t(1));
        const Ceilings& c = window.session().devices[0].ceilings;
        QCOMPARE(c.memory.at(MemoryLevel::l2).value, 4.5e12);
        QVERIFY(c.memory.at(MemoryLevel::dram).provenance.kind == ProvenanceKind::measured);
        QCOMPARE(window.plot()->pointCount(), 1);
        QCOMPARE(window.plot()->levelPointCount(), 1); // the kernel's L2 point, beside DRAM's
        QVERIFY2(window.statusBar()->currentMessage().startsWith(
                     QStringLiteral("ERT from gpu_l1_l2_dram.json set on NVIDIA A100")),
                 qPrintable(window.statusBar()->currentMessage()));
    }

    // four_gpus.txt lists H100s: the session's H100 takes the figures, without a question.
    void theDeviceTheFileNamesTakesThem() {
        const Catalog catalog = loadCatalog(nullptr);
        MainWindow window(catalog);
        Session s = testing::roundSession();
        s.devices.push_back(catalog.find(kH100)->device);
        window.setSession(s);
        window.openFiles({kNvbandwidth});
        QVERIFY(!window.findChild<QInputDialog*>(QStringLiteral("ceilingsDeviceDialog")));
        QVERIFY(window.session().devices[0].ceilings.links.count(Link::pcie_h2d) == 0);
        const Device* h100 = window.session().findDevice(kH100);
        QVERIFY(h100->ceilings.links.at(Link::pcie_h2d).provenance.kind ==
                ProvenanceKind::measured);
    }

    // The file names a GPU the session lacks: offered after the session's devices, and chosen.
    void aNamedDeviceNotInTheSessionIsOffered() {
        MainWindow window(loadCatalog(nullptr));
        window.setSession(testing::roundSession());
        window.openFiles({kNvbandwidth});
        auto* ask = window.findChild<QInputDialog*>(QStringLiteral("ceilingsDeviceDialog"));
        QVERIFY(ask);
        QCOMPARE(ask->comboBoxItems().size(), 2);
        QVERIFY(ask->comboBoxItems()[1].contains(QStringLiteral("H100")));
        QCOMPARE(ask->textValue(), ask->comboBoxItems()[1]);
        ask->accept();
        QVERIFY(window.session().findDevice(kH100));
        QVERIFY(window.session().findDevice(kH100)->ceilings.links.count(Link::p2p) == 1);
    }

    // A ceilings document (the probe's -o file, a catalog entry) opened in the window: its
    // devices join the session, a measured one under its measured name with the figures the
    // file holds (fp16 vector 127.85 TFLOP/s from packed HFMA2 on the lent H200); the same file
    // again replaces its device rather than adding a second. It used to be refused ("which the
    // window does not open").
    void aCeilingsDocumentAddsItsDevices() {
        MainWindow window(Catalog{});
        window.setSession(testing::roundSession());
        window.openFiles({kProbeH200});
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
        QCOMPARE(window.session().devices.size(), std::size_t(2));
        const Device* h200 = window.session().findDevice("nvidia-h200-measured-vm-gpu0");
        QVERIFY(h200);
        QCOMPARE(h200->name, std::string("NVIDIA H200 (measured 2026-12-04)"));
        const Ceiling& fp16 = h200->ceilings.compute.at({Precision::fp16, ComputeUnit::vector});
        QVERIFY(fp16.provenance.kind == ProvenanceKind::measured);
        QCOMPARE(fp16.value, 127849787275259.61);
        QVERIFY2(window.statusBar()->currentMessage().startsWith(
                     QStringLiteral("Added NVIDIA H200 (measured 2026-12-04)")),
                 qPrintable(window.statusBar()->currentMessage()));
        window.openFiles({kProbeH200});
        QCOMPARE(window.session().devices.size(), std::size_t(2));
        window.openFiles({kSpecH200});
        QCOMPARE(window.session().devices.size(), std::size_t(3));
        QCOMPARE(window.session().findDevice("nvidia-h200-sxm-141gb")->name,
                 std::string("NVIDIA H200 SXM 141GB"));
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

QTEST_MAIN(TestCeilingsImport)
#include "test_ceilings_import.moc"
