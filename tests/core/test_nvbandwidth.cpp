// nvbandwidth text matrices: a hand-made four-GPU run (host to device, device to host, two
// peer-to-peer testcases, a latency matrix to skip) and broken input with its exact place.
#include "core/import/nvbandwidth/nvbandwidth.h"
#include "core/text_file.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestNvbandwidth : public QObject {
    Q_OBJECT

  private slots:
    // The same run as text and as -j JSON (whose cells are strings) gives the same ceilings.
    void fourGpus_data() {
        QTest::addColumn<QString>("file");
        QTest::newRow("text") << "four_gpus.txt";
        QTest::newRow("json") << "four_gpus.json";
    }
    void fourGpus() {
        QFETCH(QString, file);
        const std::string path = ROOFSCOPE_TEST_DATA "/nvbandwidth/" + file.toStdString();
        const auto text = readTextFile(path);
        QVERIFY(text.ok());
        const auto parsed = parseNvbandwidth(text.value(), path);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const auto& links = parsed.value().links;
        QCOMPARE(links.size(), std::size_t(3));
        QVERIFY(parsed.value().compute.empty() && parsed.value().memory.empty());
        CHECK_NEAR(links.at(Link::pcie_h2d).value, 54.90e9);
        CHECK_NEAR(links.at(Link::pcie_d2h).value, 54.37e9);
        // Read CE: min off-diagonal 389.55; write SM: 400.88 once its 999.99 diagonal is
        // ignored. The better testcase is the link's ceiling.
        CHECK_NEAR(links.at(Link::p2p).value, 400.88e9);
        const auto& p = links.at(Link::p2p).provenance;
        QVERIFY(p.kind == ProvenanceKind::measured);
        QCOMPARE(p.tool, std::string("nvbandwidth v0.5"));
        QCOMPARE(p.method,
                 std::string("device_to_device_memcpy_write_sm, minimum over 12 GPU pairs"));
        QCOMPARE(links.at(Link::pcie_h2d).provenance.method,
                 std::string("host_to_device_memcpy_ce, minimum over 4 GPUs"));
    }

    void gpuRowToCpuIsDeviceToHost() {
        const auto parsed = parseNvbandwidth("Running d2h.\nmemcpy CE GPU(row) -> CPU(column) "
                                             "bandwidth (GB/s)\n    0\n 0  12.5\n 1  13.0\n",
                                             "x");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(parsed.value().links.size(), std::size_t(1));
        CHECK_NEAR(parsed.value().links.at(Link::pcie_d2h).value, 12.5e9);
        QCOMPARE(parsed.value().links.at(Link::pcie_d2h).provenance.tool,
                 std::string("nvbandwidth unknown"));
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("message");
        const QString head = "Running p2p.\nmemcpy CE GPU(row) <- GPU(column) bandwidth (GB/s)\n"
                             "      0      1\n";
        QTest::newRow("empty") << "" << 0 << 0 << "no nvbandwidth bandwidth matrix";
        QTest::newRow("latency only")
            << "memory latency SM CPU(row) <-> GPU(column) (ns)\n    0\n 0  771.2\n"
            << 0 << 0 << "no nvbandwidth bandwidth matrix";
        QTest::newRow("bad cell") << head + " 0    N/A  39x.1\n 1  392.0    N/A\n"
                                  << 4 << 12
                                  << "expected a bandwidth in GB/s or N/A in row 0 of 'p2p'";
        QTest::newRow("negative cell") << head + " 0    N/A  -1.0\n" << 4 << 12 << "found '-1.0'";
        QTest::newRow("all N/A") << head + " 0    N/A    N/A\n 1    N/A    N/A\n\n"
                                 << 2 << 0 << "matrix of 'p2p' has no measured cell";
        QTest::newRow("truncated after header") << head << 2 << 0 << "has no measured cell";
    }
    void jsonErrors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const QString head =
            "{\"nvbandwidth\": {\"version\": \"v0.5\", \"testcases\": [{\"name\": \"p2p\", "
            "\"status\": \"Passed\", \"bandwidth_description\": \"memcpy CE GPU(row) <- "
            "GPU(column) bandwidth (GB/s)\", \"bandwidth_matrix\": ";
        QTest::newRow("not nvbandwidth") << "{\"x\": 1}"
                                         << "/nvbandwidth"
                                         << "nvbandwidth -j";
        QTest::newRow("run failed") << "{\"nvbandwidth\": {\"error\": \"no CUDA devices\"}}"
                                    << "/nvbandwidth/testcases"
                                    << "nvbandwidth reported \"no CUDA devices\"";
        QTest::newRow("bad cell") << head + "[[\"N/A\", \"39x.1\"], [\"392.0\", \"N/A\"]]}]}}"
                                  << "/nvbandwidth/testcases/0/bandwidth_matrix/0/1"
                                  << "expected a bandwidth in GB/s or \"N/A\" in 'p2p'";
        QTest::newRow("row not an array") << head + "[5]}]}}"
                                          << "/nvbandwidth/testcases/0/bandwidth_matrix/0"
                                          << "expected a row";
        QTest::newRow("all N/A") << head + "[[\"N/A\", \"N/A\"], [\"N/A\", \"N/A\"]]}]}}"
                                 << "/nvbandwidth/testcases/0/bandwidth_matrix"
                                 << "has no measured cell";
        QTest::newRow("only waived")
            << "{\"nvbandwidth\": {\"testcases\": [{\"name\": \"a\", \"status\": \"Waived\"}]}}"
            << "/nvbandwidth/testcases"
            << "no passed bandwidth testcase";
    }
    void jsonErrors() {
        QFETCH(QString, text);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const auto parsed = parseNvbandwidth(text.toStdString(), "bad.json");
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().message.find(message.toStdString()) != std::string::npos,
                 parsed.error().toString().c_str());
        QCOMPARE(parsed.error().where.file, std::string("bad.json"));
        QCOMPARE(QString::fromStdString(parsed.error().where.path), path);
    }

    void errors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, message);
        const auto parsed = parseNvbandwidth(text.toStdString(), "bad.txt");
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().message.find(message.toStdString()) != std::string::npos,
                 parsed.error().toString().c_str());
        QCOMPARE(parsed.error().where.file, std::string("bad.txt"));
        QCOMPARE(parsed.error().where.line, std::int64_t(line));
        QCOMPARE(parsed.error().where.column, std::int64_t(column));
    }
};

QTEST_APPLESS_MAIN(TestNvbandwidth)
#include "test_nvbandwidth.moc"
