// ERT roofline.json: the Titan K20X sample (when present), a hand-made CPU run that names its
// precision, and broken documents with the JSON position or pointer of the fault.
#include "core/import/ert/ert_roofline.h"
#include "core/text_file.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <fstream>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

const std::string kData = ROOFSCOPE_TEST_DATA "/ert/";

Result<Device> parseFile(const std::string& path, const std::string& id) {
    const auto text = readTextFile(path);
    if (!text.ok())
        return text.error();
    return parseErtRoofline(text.value(), path, id);
}

} // namespace

class TestErtRoofline : public QObject {
    Q_OBJECT

  private slots:
    void titanSample() {
        const std::string path = ROOFSCOPE_SAMPLES "/ert_roofline_titan_k20x_gpu.json";
        if (!std::ifstream(path))
            QSKIP("sample ert_roofline_titan_k20x_gpu.json absent");
        const auto device = parseFile(path, "titan-k20x");
        QVERIFY2(device.ok(), device.ok() ? "" : device.error().toString().c_str());
        const auto& d = device.value();
        QCOMPARE(d.id, std::string("titan-k20x"));
        QVERIFY(d.kind == DeviceKind::gpu);
        const auto& memory = d.ceilings.memory;
        QCOMPARE(memory.size(), std::size_t(2));
        CHECK_NEAR(memory.at(MemoryLevel::l1).value, 559.14e9);
        CHECK_NEAR(memory.at(MemoryLevel::dram).value, 160.66e9);
        QCOMPARE(d.ceilings.compute.size(), std::size_t(1));
        // No ERT_PRECISION in this run's CONFIG: ERT's default double build is assumed.
        const ComputeKey fp64{Precision::fp64, ComputeUnit::vector};
        QVERIFY(d.ceilings.compute.count(fp64) == 1);
        const auto& compute = d.ceilings.compute.at(fp64);
        CHECK_NEAR(compute.value, 1225.48e9);
        const auto& p = compute.provenance;
        QVERIFY(p.kind == ProvenanceKind::measured);
        QCOMPARE(p.tool, std::string("ERT 1.1.0"));
        QCOMPARE(p.method,
                 std::string("GPU_BLOCKS 224 x GPU_THREADS 128, kernel1, 256 FLOPs per element"));
        QCOMPARE(p.date, std::string("2015-10-13T07:38:18Z"));
        QVERIFY(p.note.find("FP64 assumed") != std::string::npos);
        QCOMPARE(memory.at(MemoryLevel::dram).provenance.method,
                 std::string("GPU_BLOCKS 224 x GPU_THREADS 128, kernel1"));
        QCOMPARE(memory.at(MemoryLevel::dram).provenance.date, std::string("2015-10-13T07:04:08Z"));
        QVERIFY(d.ceilings.links.empty());
    }

    void cpuRunWithPrecision() {
        const auto device = parseFile(kData + "cpu_fp32.json", "xeon");
        QVERIFY2(device.ok(), device.ok() ? "" : device.error().toString().c_str());
        const auto& d = device.value();
        QVERIFY(d.kind == DeviceKind::cpu);
        QCOMPARE(d.ceilings.memory.size(), std::size_t(4));
        CHECK_NEAR(d.ceilings.memory.at(MemoryLevel::l1).value, 1500.5e9);
        CHECK_NEAR(d.ceilings.memory.at(MemoryLevel::l2).value, 800.25e9);
        CHECK_NEAR(d.ceilings.memory.at(MemoryLevel::l3).value, 300.0e9);
        CHECK_NEAR(d.ceilings.memory.at(MemoryLevel::dram).value, 95.5e9);
        const ComputeKey fp32{Precision::fp32, ComputeUnit::vector};
        QCOMPARE(d.ceilings.compute.size(), std::size_t(1));
        CHECK_NEAR(d.ceilings.compute.at(fp32).value, 2400.75e9);
        const auto& p = d.ceilings.compute.at(fp32).provenance;
        QCOMPARE(p.method, std::string("ERT CPU kernel, kernel1, 64 FLOPs per element"));
        QCOMPARE(p.date, std::string("2023-11-14T22:15:00Z"));
        QVERIFY(p.note.find("ERT_PRECISION FP32") != std::string::npos);
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const QString gflops = "\"gflops\": {\"data\": [[\"GFLOPs\", 10]]}";
        QTest::newRow("empty") << "" << 0 << 0 << ""
                               << "file is empty";
        QTest::newRow("syntax") << "{\"empirical\":\n {\"gbytes\": [}}" << 2 << 14 << ""
                                << "invalid JSON";
        QTest::newRow("truncated") << "{\"empirical\": {\"gbytes\"" << 1 << 24 << ""
                                   << "invalid JSON";
        QTest::newRow("no empirical") << "{\"spec\": {}}" << 0 << 0 << "/empirical"
                                      << "missing";
        QTest::newRow("no gflops")
            << "{\"empirical\": {\"gbytes\": {\"data\": []}}}" << 0 << 0 << "/empirical/gflops"
            << "missing";
        QTest::newRow("string value")
            << "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\", \"fast\"]]}, " + gflops + "}}"
            << 0 << 0 << "/empirical/gbytes/data/0/1"
            << "expected a positive number";
        QTest::newRow("negative value")
            << "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\", -5]]}, " + gflops + "}}" << 0 << 0
            << "/empirical/gbytes/data/0/1"
            << "expected a positive number";
        QTest::newRow("not a pair")
            << "{\"empirical\": {\"gbytes\": {\"data\": [[\"L1\"]]}, " + gflops + "}}" << 0 << 0
            << "/empirical/gbytes/data/0"
            << "expected a [label, value] pair";
        QTest::newRow("duplicate level")
            << "{\"empirical\": {\"gbytes\": {\"data\": [[\"DRAM\", 5], [\"HBM\", 6]]}, " + gflops +
                   "}}"
            << 0 << 0 << "/empirical/gbytes/data/1/0"
            << "memory level 'HBM' given twice";
        QTest::newRow("unknown precision")
            << "{\"empirical\": {\"gbytes\": {\"data\": []}, " + gflops +
                   ", \"metadata\": {\"CONFIG\": {\"ERT_PRECISION\": [\"FP128\"]}}}}"
            << 0 << 0 << "/empirical/metadata/CONFIG/ERT_PRECISION"
            << "unknown precision 'FP128'";
        QTest::newRow("nothing measured")
            << "{\"empirical\": {\"gbytes\": {\"data\": []}, \"gflops\": {\"data\": []}}}" << 0 << 0
            << "/empirical"
            << "no ceilings";
        QTest::newRow("root array") << "[]" << 0 << 0 << ""
                                    << "expected an object";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const auto device = parseErtRoofline(text.toStdString(), "bad.json", "x");
        QVERIFY(!device.ok());
        const auto& error = device.error();
        QVERIFY2(error.message.find(message.toStdString()) != std::string::npos,
                 error.toString().c_str());
        QCOMPARE(error.where.file, std::string("bad.json"));
        QCOMPARE(error.where.line, std::int64_t(line));
        QCOMPARE(error.where.column, std::int64_t(column));
        QCOMPARE(error.where.path, path.toStdString());
    }

    void unknownLabelIsNamed() {
        const auto device = parseFile(kData + "unknown_label.json", "x");
        QVERIFY(!device.ok());
        QCOMPARE(device.error().where.path, std::string("/empirical/gbytes/data/1/0"));
        QVERIFY2(device.error().message.find("unknown memory level 'TLB'") != std::string::npos,
                 device.error().toString().c_str());
    }
};

QTEST_APPLESS_MAIN(TestErtRoofline)
#include "test_ert_roofline.moc"
