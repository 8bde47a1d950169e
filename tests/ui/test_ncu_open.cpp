// Nsight Compute CSV exports opened in the window: a run of their own with the counters' FLOPs,
// time and L2/DRAM bytes, bound to the GPU the export names, regrouped per launch or per kernel
// without reading the file again, and a broken export refused with its line and column.
#include "ui/catalog_loader.h"
#include "ui/main_window.h"
#include "ui/record_panel.h"

#include <QComboBox>
#include <QFile>
#include <QMessageBox>
#include <QStandardPaths>
#include <QStatusBar>
#include <QToolButton>
#include <QtTest>

using namespace roofscope;

namespace {

const QString kRawUnits = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/raw_units.csv");
const QString kBadValue = QStringLiteral(ROOFSCOPE_TEST_DATA "/ncu/bad_value.csv");
const QString kV100 =
    QStringLiteral(ROOFSCOPE_SAMPLES "/ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv");

} // namespace

class TestNcuOpen : public QObject {
    Q_OBJECT

  private slots:
    void init() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
        QStandardPaths::setTestModeEnabled(true);
    }

    void anExportIsARunOnTheGpuItNames() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kRawUnits});
        const Session& s = window.session();
        QCOMPARE(s.datasets.size(), std::size_t(1));
        const Dataset& d = s.datasets[0];
        QCOMPARE(d.context.label, std::string("raw_units.csv"));
        QCOMPARE(d.context.deviceId, std::string("nvidia-a100-sxm4-40gb"));
        QVERIFY(s.findDevice("nvidia-a100-sxm4-40gb"));
        // Two launches of one kernel, grouped by kernel as the record panel starts.
        QCOMPARE(d.records.size(), std::size_t(1));
        const OpRecord& r = d.records[0];
        QCOMPARE(r.deviceId, d.context.deviceId);
        QCOMPARE(r.count, std::int64_t(2));
        // The fixture's counters: FFMA 2e9 + 6e9 at 2 FLOP each, FADD 1,000 + 3,000 at 1 each.
        QCOMPARE(r.flops.value, 16e9 + 4000);
        QVERIFY(r.flops.origin == Origin::measured);
        QCOMPARE(r.timeS.value, 0.25e-3 + 0.75e-3); // gpu__time_duration in msecond
        QCOMPARE(r.bytesAt(MemoryLevel::dram).value_or(0), (1500 + 2500) * 1e3); // Kbyte
        QCOMPARE(r.bytesAt(MemoryLevel::l2).value_or(0), (3 + 5) * 1e6); // lts__t_bytes, Mbyte
        QVERIFY2(window.statusBar()->currentMessage().contains(QStringLiteral("1 records on")),
                 qPrintable(window.statusBar()->currentMessage()));
        QVERIFY(!window.findChild<QMessageBox*>(QStringLiteral("errorBox")));
    }

    void regroupingUsesTheLaunches() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kRawUnits});
        auto* grouping = window.recordPanel()->findChild<QComboBox*>(QStringLiteral("groupBy"));
        QVERIFY(grouping);
        grouping->setCurrentIndex(grouping->findData(int(Grouping::launch)));
        const Dataset& d = window.session().datasets[0];
        QCOMPARE(d.records.size(), std::size_t(2));
        QCOMPARE(d.records[0].timeS.value, 0.25e-3);
        QCOMPARE(d.records[1].timeS.value, 0.75e-3);
        QCOMPARE(d.records[1].deviceId, std::string("nvidia-a100-sxm4-40gb"));
        grouping->setCurrentIndex(grouping->findData(int(Grouping::kernel)));
        QCOMPARE(window.session().datasets[0].records.size(), std::size_t(1));
    }

    void theNerscSampleSaysItNamesNoGpu() {
        if (!QFile::exists(kV100))
            QSKIP("../shared/samples is not present");
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.openFiles({kV100});
        const Dataset& d = window.session().datasets.at(0);
        QVERIFY(d.context.deviceId.empty());
        QCOMPARE(d.records.size(), std::size_t(2)); // ij_deriv_kernel, add_i_col_times_...
        // Counted from the CSV by hand: 2 x 550,502,400 DFMA + 220,200,960 DMUL; the DRAM bytes
        // of its four launches summed.
        QCOMPARE(d.records[0].flops.value, 1321205760.0);
        QCOMPARE(d.records[0].bytesAt(MemoryLevel::dram).value_or(0), 2763841248.0);
        auto* warnings = window.findChild<QToolButton*>(QStringLiteral("warningsButton"));
        QVERIFY(!warnings->isHidden());
        QVERIFY2(warnings->toolTip().contains(QStringLiteral("names no GPU")),
                 qPrintable(warnings->toolTip()));
    }

    void aBrokenExportNamesItsLine() {
        ui::MainWindow window(ui::loadCatalog(nullptr));
        window.setSession(Session{});
        window.show();
        window.openFiles({kBadValue});
        QVERIFY(window.session().datasets.empty());
        auto* box = window.findChild<QMessageBox*>(QStringLiteral("errorBox"));
        QVERIFY(box);
        QVERIFY2(box->text().startsWith(kBadValue + QStringLiteral(":3:165: ")),
                 qPrintable(box->text()));
        box->close();
    }
};

QTEST_MAIN(TestNcuOpen)
#include "test_ncu_open.moc"
