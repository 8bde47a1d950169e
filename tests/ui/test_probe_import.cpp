// The small pieces behind the probe dialog: where roofscope-probe is looked for, how targets and
// values are worded, and how a measured device becomes a catalog entry of its own beside the
// datasheet entry of the same hardware.
#include "core/ceilings_file.h"
#include "ui/catalog_loader.h"
#include "ui/probe_format.h"
#include "ui/probe_import.h"
#include "ui/probe_locate.h"

#include <QCoreApplication>
#include <QDate>
#include <QDir>
#include <QFileInfo>
#include <QTemporaryDir>
#include <QtTest>

using namespace roofscope;

namespace {

ProbeEvent result(std::variant<std::monostate, ComputeKey, MemoryLevel, Link> what, double value) {
    ProbeEvent e;
    e.type = ProbeEventType::result;
    e.what = what;
    e.ceiling.value = value;
    return e;
}

Device measuredGpu(const std::string& date) {
    Device d;
    d.id = "nvidia-h200";
    d.name = "NVIDIA H200";
    Ceiling c;
    c.value = 4.1e12;
    c.provenance.kind = ProvenanceKind::measured;
    c.provenance.date = date;
    c.provenance.tool = "roofscope-probe 0.1.0";
    c.provenance.method = "read+write kernel, 8 GiB";
    d.ceilings.memory[MemoryLevel::dram] = c;
    return d;
}

} // namespace

class TestProbeImport : public QObject {
    Q_OBJECT

  private slots:
    void targetTitles_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("title");
        QTest::newRow("cpu") << "cpu"
                             << "CPU";
        QTest::newRow("gpu") << "gpu3"
                             << "GPU 3";
        QTest::newRow("pair") << "gpu0+gpu1"
                              << "GPU 0 + GPU 1";
        QTest::newRow("cluster") << "cluster"
                                 << "Cluster";
        QTest::newRow("unknown") << "fpga0"
                                 << "fpga0";
    }
    void targetTitles() {
        QFETCH(QString, target);
        QFETCH(QString, title);
        QCOMPARE(ui::targetTitle(target.toStdString()), title);
    }

    void valuesReadWithUnits() {
        QCOMPARE(ui::resultsSummary({result(MemoryLevel::dram, 3.95e12)}), "3.95 TB/s");
        QCOMPARE(
            ui::resultsSummary({result(ComputeKey{Precision::fp16, ComputeUnit::tensor}, 6.12e14)}),
            "612 TFLOP/s");
        QCOMPARE(
            ui::resultsSummary({result(MemoryLevel::l2, 1.1e13), result(Link::pcie_h2d, 5.5e10)}),
            QStringLiteral("L2 11.0 TB/s · PCIe H2D 55.0 GB/s"));
        QCOMPARE(ui::ceilingLabel(result(ComputeKey{Precision::bf16, ComputeUnit::tensor}, 1)),
                 "bf16 tensor");
        QCOMPARE(ui::ceilingLabel(result(ComputeKey{Precision::fp32, ComputeUnit::vector}, 1)),
                 "fp32");
        QCOMPARE(ui::countOf(1, "value", "values"), "1 value");
        QCOMPARE(ui::countOf(4, "value", "values"), "4 values");
    }

    void measuredEntrySitsBesideTheSpecEntry() {
        const Device entry = ui::asMeasuredEntry(measuredGpu("2026-11-30T10:12:00Z"));
        QCOMPARE(entry.id, std::string("nvidia-h200-measured-2026-11-30"));
        QCOMPARE(entry.name, std::string("NVIDIA H200 (measured 2026-11-30)"));
        QVERIFY(ui::asMeasuredEntry(entry) == entry); // idempotent
        // Without a date of its own, a measurement is today's.
        QCOMPARE(ui::measuredDate(measuredGpu("")), QDate::currentDate().toString(Qt::ISODate));
    }

    void savedIntoTheUserCatalog() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString folder = dir.filePath(QStringLiteral("not/yet/there"));
        Device empty;
        empty.id = "nothing-measured";
        const auto saved = ui::saveMeasuredDevices({measuredGpu("2026-11-30"), empty}, folder);
        QVERIFY2(saved.errors.isEmpty(), qPrintable(saved.errors.join('\n')));
        QCOMPARE(saved.devices.size(), std::size_t(2));
        QCOMPARE(saved.files.size(), 2);
        QCOMPARE(saved.files[0], QDir(folder).filePath("measured-nvidia-h200-2026-11-30.json"));
        QVERIFY(saved.files[1].isEmpty()); // no ceiling, no file
        auto back = readCeilingsFile(saved.files[0].toStdString());
        QVERIFY2(back.ok(), back.ok() ? "" : back.error().toString().c_str());
        QVERIFY(back.value().front() == saved.devices[0]);

        qputenv("ROOFSCOPE_USER_CATALOG", folder.toLocal8Bit());
        QCOMPARE(ui::userCatalogDir(), folder);
        QStringList warnings;
        const Catalog catalog = ui::loadCatalog(&warnings);
        QVERIFY2(warnings.isEmpty(), qPrintable(warnings.join('\n')));
        const CatalogEntry* entry = catalog.find("nvidia-h200-measured-2026-11-30");
        QVERIFY(entry);
        QVERIFY(entry->layer == CatalogLayer::measured);
        qunsetenv("ROOFSCOPE_USER_CATALOG");
    }

    void catalogFileNames_data() {
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("file");
        QTest::newRow("plain") << "nvidia-h200"
                               << "measured-nvidia-h200-2026-11-30.json";
        QTest::newRow("says measured") << "amd-epyc-measured-vm"
                                       << "measured-amd-epyc-vm-2026-11-30.json";
        QTest::newRow("odd characters") << "Intel(R) Xeon/8480"
                                        << "measured-intel-r-xeon-8480-2026-11-30.json";
    }
    void catalogFileNames() {
        QFETCH(QString, id);
        QFETCH(QString, file);
        QTemporaryDir dir;
        Device device = measuredGpu("2026-11-30");
        device.id = id.toStdString();
        const auto saved = ui::saveMeasuredDevices({device}, dir.path());
        QVERIFY2(saved.errors.isEmpty(), qPrintable(saved.errors.join('\n')));
        QCOMPARE(QFileInfo(saved.files.value(0)).fileName(), file);
    }

    void probeIsLookedForBesideTheExecutable() {
        qunsetenv("ROOFSCOPE_PROBE");
        const ui::ProbeLookup lookup = ui::findProbe();
        const QDir here(QCoreApplication::applicationDirPath());
        QCOMPARE(lookup.searched.size(), 3);
        QCOMPARE(lookup.searched[0], QDir::cleanPath(here.filePath("roofscope-probe")));
        QCOMPARE(lookup.searched[1], QDir::cleanPath(here.filePath("../gpu/roofscope-probe")));
        QCOMPARE(lookup.searched[2],
                 QDir::cleanPath(here.filePath("../libexec/roofscope/roofscope-probe")));
        if (lookup.path.isEmpty()) {
            const QString message = ui::probeNotFoundMessage(lookup);
            QVERIFY2(message.startsWith("roofscope-probe was not found: looked in "),
                     qPrintable(message));
            QVERIFY(message.contains(lookup.searched[2]));
        }
    }

    void environmentOverridesTheSearch() {
        qputenv("ROOFSCOPE_PROBE", FAKE_PROBE_BINARY);
        QCOMPARE(ui::findProbe().path, QStringLiteral(FAKE_PROBE_BINARY));
        QTemporaryDir dir;
        const QString missing = dir.filePath(QStringLiteral("roofscope-probe"));
        qputenv("ROOFSCOPE_PROBE", missing.toLocal8Bit());
        const ui::ProbeLookup lookup = ui::findProbe();
        QVERIFY(lookup.path.isEmpty());
        QCOMPARE(lookup.searched, QStringList{missing});
        QVERIFY(ui::probeNotFoundMessage(lookup).contains(missing));
        qunsetenv("ROOFSCOPE_PROBE");
    }
};

QTEST_GUILESS_MAIN(TestProbeImport)
#include "test_probe_import.moc"
