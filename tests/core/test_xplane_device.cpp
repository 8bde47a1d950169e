// The GPU of an XPlane device plane, named from its figures only where they identify one model
// (AMD and NVIDIA datasheets: MI300X 304 CUs 192 GB, MI325X 304 CUs 256 GB, MI300A 228 CUs,
// MI355X 256 CUs 2.4 GHz, MI350X 256 CUs 2.2 GHz, H100 SXM 132 SMs 80 GB, H200 132 SMs 141 GB,
// B200 148 SMs); figures two models share give a description the catalog matches to nothing.
#include "core/catalog.h"
#include "core/catalog_loader.h"
#include "core/import/xplane/xplane_device.h"

#include <QtTest>

using namespace roofscope;

class TestXplaneDevice : public QObject {
    Q_OBJECT

  private slots:
    void initTestCase() {
        qputenv("ROOFSCOPE_USER_CATALOG", QByteArray("/nonexistent-roofscope-catalog"));
    }

    void named_data() {
        QTest::addColumn<QString>("vendor");
        QTest::addColumn<int>("major");
        QTest::addColumn<int>("minor");
        QTest::addColumn<int>("cores");
        QTest::addColumn<double>("memoryGiB");
        QTest::addColumn<double>("clockGHz");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("catalogId"); // "" when the catalog has no such entry
        QTest::newRow("MI300X (sample 19)")
            << "AMD" << 9 << 4 << 304 << 192.0 << 2.1 << "AMD Instinct MI300X"
            << "amd-mi300x";
        QTest::newRow("MI325X") << "AMD" << 9 << 4 << 304 << 256.0 << 2.1 << "AMD Instinct MI325X"
                                << "amd-mi325x";
        QTest::newRow("MI300A") << "AMD" << 9 << 4 << 228 << 128.0 << 2.1 << "AMD Instinct MI300A"
                                << "";
        QTest::newRow("MI355X (sample 20)")
            << "AMD" << 9 << 5 << 256 << 288.0 << 2.4 << "AMD Instinct MI355X"
            << "amd-mi355x";
        QTest::newRow("MI350X") << "AMD" << 9 << 5 << 256 << 288.0 << 2.2 << "AMD Instinct MI350X"
                                << "";
        QTest::newRow("H100 SXM") << "Nvidia" << 9 << 0 << 132 << 79.6 << 1.98
                                  << "NVIDIA H100 80GB HBM3"
                                  << "nvidia-h100-sxm5-80gb";
        QTest::newRow("H200") << "Nvidia" << 9 << 0 << 132 << 139.8 << 1.98 << "NVIDIA H200"
                              << "nvidia-h200-sxm-141gb";
        QTest::newRow("B200") << "Nvidia" << 10 << 0 << 148 << 178.0 << 1.97 << "NVIDIA B200"
                              << "nvidia-b200-hgx-180gb";
        // A100 SXM and PCIe share every figure XPlane records.
        QTest::newRow("A100, either form")
            << "Nvidia" << 8 << 0 << 108 << 79.2 << 1.41 << "NVIDIA GPU sm 8.0, 108 SMs, 79 GB"
            << "";
        QTest::newRow("planes 1-7 of sample 20: a vendor only")
            << "AMD" << -1 << -1 << -1 << 0.0 << 0.0 << "AMD GPU"
            << "";
        QTest::newRow("nothing said") << "" << -1 << -1 << -1 << 0.0 << 0.0 << "GPU"
                                      << "";
    }
    void named() {
        QFETCH(QString, vendor);
        QFETCH(int, major);
        QFETCH(int, minor);
        QFETCH(int, cores);
        QFETCH(double, memoryGiB);
        QFETCH(double, clockGHz);
        QFETCH(QString, name);
        QFETCH(QString, catalogId);
        const std::string v = vendor.toStdString();
        XplaneGpuFacts facts;
        facts.vendor = v;
        facts.computeMajor = major;
        facts.computeMinor = minor;
        facts.cores = cores;
        facts.memoryBytes = memoryGiB > 0 ? std::int64_t(memoryGiB * 1024 * 1024 * 1024) : -1;
        facts.clockHz = clockGHz * 1e9;
        const XplaneGpuName got = xplaneGpuName(facts);
        QCOMPARE(QString::fromStdString(got.name), name);
        const Catalog catalog = loadCatalog(nullptr);
        const CatalogEntry* entry = catalog.findByName(got.name);
        QCOMPARE(entry ? QString::fromStdString(entry->device.id) : QString(), catalogId);
    }
};

QTEST_GUILESS_MAIN(TestXplaneDevice)
#include "test_xplane_device.moc"
