// Measured ceilings from other tools' files, through one path (core/import/measured_ceilings.h):
// which ceilings each format gives, the device it names, what was assumed, how they replace a
// device's ceilings (only those measured), and the errors of a file of another kind.
#include "core/import/measured_ceilings.h"

#include <QtTest>

using namespace roofscope;

namespace {

std::string data(const QString& name) {
    return std::string(ROOFSCOPE_TEST_DATA) + "/" + name.toStdString();
}

} // namespace

class TestMeasuredCeilings : public QObject {
    Q_OBJECT

  private slots:
    void eachFormat_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("tool");
        QTest::addColumn<QString>("device");
        QTest::addColumn<QString>("line");
        QTest::addColumn<int>("notes");
        // nccl-tests names its ranks' GPUs; one host listed, so the link is within the node.
        QTest::newRow("nccl-tests, one host") << "nccl/plain_single_node.txt"
                                              << "nccl-tests"
                                              << "NVIDIA H100 80GB HBM3"
                                              << "intra_node " << 0;
        QTest::newRow("nccl-tests, two hosts") << "nccl/openmpi_two_nodes.txt"
                                               << "nccl-tests"
                                               << "NVIDIA H100 80GB HBM3"
                                               << "inter_node " << 0;
        // ERT names no device; its levels come before the FLOP rate.
        QTest::newRow("ERT") << "ert/gpu_l1_l2_dram.json"
                             << "ERT"
                             << ""
                             << "l1 14.0 TB/s, l2 4.50 TB/s, dram 1.40 TB/s, fp32 vector 18.5 "
                                "TFLOP/s"
                             << 0;
        QTest::newRow("nvbandwidth text")
            << "nvbandwidth/four_gpus.txt"
            << "nvbandwidth"
            << "NVIDIA H100 80GB HBM3"
            << "pcie_h2d 54.9 GB/s, pcie_d2h 54.4 GB/s, p2p 401 GB/s" << 0;
        // The JSON output lists no GPUs.
        QTest::newRow("nvbandwidth JSON")
            << "nvbandwidth/four_gpus.json"
            << "nvbandwidth"
            << ""
            << "pcie_h2d 54.9 GB/s, pcie_d2h 54.4 GB/s, p2p 401 GB/s" << 0;
    }
    void eachFormat() {
        QFETCH(QString, file);
        QFETCH(QString, tool);
        QFETCH(QString, device);
        QFETCH(QString, line);
        QFETCH(int, notes);
        const auto read = readMeasuredCeilings(data(file));
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const MeasuredCeilings& m = read.value();
        QCOMPARE(QString::fromStdString(m.tool), tool);
        QCOMPARE(QString::fromStdString(m.deviceName), device);
        QVERIFY2(QString::fromStdString(ceilingsLine(m.ceilings)).startsWith(line),
                 ceilingsLine(m.ceilings).c_str());
        QCOMPARE(int(m.notes.size()), notes);
        const auto measured = [](const Ceiling& c) {
            return c.provenance.kind == ProvenanceKind::measured && !c.provenance.tool.empty();
        };
        for (const auto& [k, c] : m.ceilings.compute)
            QVERIFY(measured(c));
        for (const auto& [k, c] : m.ceilings.memory)
            QVERIFY(measured(c));
        for (const auto& [k, c] : m.ceilings.links)
            QVERIFY(measured(c));
    }

    void appliedToTheNamedDeviceOnly() {
        Session s;
        Device a;
        a.id = "gpu-a";
        a.ceilings.memory[MemoryLevel::dram] = {1e12, {}};
        a.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {3e14, {}};
        a.ceilings.links[Link::intra_node] = {1e9, {}};
        Device b = a;
        b.id = "gpu-b";
        s.devices = {a, b};
        const auto ert = readMeasuredCeilings(data(QStringLiteral("ert/gpu_l1_l2_dram.json")));
        QVERIFY(ert.ok());
        QVERIFY(applyMeasuredCeilings(s, "gpu-b", ert.value().ceilings).ok());
        QVERIFY(s.devices[0] == a); // untouched
        const Ceilings& c = s.devices[1].ceilings;
        QCOMPARE(c.memory.size(), std::size_t(3)); // l1 and l2 added, dram replaced
        QCOMPARE(c.memory.at(MemoryLevel::dram).value, 1.4e12);
        QCOMPARE(c.memory.at(MemoryLevel::l2).value, 4.5e12);
        QCOMPARE(c.compute.at({Precision::fp32, ComputeUnit::vector}).value, 18.5e12);
        // What ERT did not measure keeps the datasheet's figure.
        QCOMPARE(c.compute.at({Precision::fp16, ComputeUnit::tensor}).value, 3e14);
        QCOMPARE(c.links.at(Link::intra_node).value, 1e9);

        const Status missing = applyMeasuredCeilings(s, "gpu-z", ert.value().ceilings);
        QVERIFY(!missing.ok());
        QVERIFY(missing.error().toString().find("gpu-z") != std::string::npos);
    }

    void aFileOfAnotherKindNamesItself_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("message");
        QTest::newRow("a trace") << "kineto/modern.json"
                                 << "Kineto trace: measured ceilings come from nccl-tests output";
        QTest::newRow("a broken ERT file") << "ert/unknown_label.json"
                                           << "unknown_label.json";
        QTest::newRow("absent") << "nowhere/none.txt"
                                << "none.txt";
    }
    void aFileOfAnotherKindNamesItself() {
        QFETCH(QString, file);
        QFETCH(QString, message);
        const auto read = readMeasuredCeilings(data(file));
        QVERIFY(!read.ok());
        QVERIFY2(QString::fromStdString(read.error().toString()).contains(message),
                 read.error().toString().c_str());
    }
};

QTEST_APPLESS_MAIN(TestMeasuredCeilings)
#include "test_measured_ceilings.moc"
