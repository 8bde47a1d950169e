// The ceilings document (format "roofscope-ceilings"): exact round trips of several devices,
// stable sorted text, atomic writes, forward-compatible reading and clear errors for damage.
#include "core/ceilings_file.h"
#include "core/json_fields.h"
#include "core/text_file.h"
#include "tests/support/document_test_support.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace roofscope;
using namespace roofscope::testing;
using Json = nlohmann::json;

namespace {

const char* kFile = "broken-ceilings.json";

Provenance spec(std::string url, std::string note = {}) {
    Provenance p;
    p.sourceUrl = std::move(url);
    p.note = std::move(note);
    return p;
}

Provenance measured(std::string tool, std::string method, std::string date, double clockMHz,
                    int samples, double spread, std::string note = {}) {
    Provenance p;
    p.kind = ProvenanceKind::measured;
    p.tool = std::move(tool);
    p.method = std::move(method);
    p.date = std::move(date);
    p.clockMHz = clockMHz;
    p.samples = samples;
    p.spread = spread;
    p.note = std::move(note);
    return p;
}

// Serialized order of device 0: compute [fp64 vector (spec), fp32 vector (measured),
// fp8 tensor (spec)], memory [l1 (measured), dram (spec)], links [pcie_h2d (measured),
// intra_node (spec)].
std::vector<Device> devices() {
    Device gpu;
    gpu.id = "probe-gpu-0";
    gpu.name = "Probe GPU 0 (measured on node-17)";
    gpu.vendor = "Acme";
    gpu.kind = DeviceKind::gpu;
    gpu.aliases = {"ACME X1", "acme-x1-141gb"};
    gpu.notes = "clocks locked by the admin; see the wiki";
    gpu.ceilings.compute[{Precision::fp64, ComputeUnit::vector}] = {3.4e13,
                                                                    spec("https://acme/x1")};
    gpu.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {
        5.987654321e13,
        measured("roofscope-probe 0.1.0", "FMA, 16 chains", "2024-06-01T12:00:00+02:00", 1980.0,
                 100, 0.0125, "one of 8 GPUs")};
    gpu.ceilings.compute[{Precision::fp8, ComputeUnit::tensor}] = {
        1.979e15, spec("https://acme/x1", "dense")};
    gpu.ceilings.memory[MemoryLevel::dram] = {4.8e12, spec("https://acme/x1")};
    gpu.ceilings.memory[MemoryLevel::l1] = {
        3.3e13, measured("roofscope-probe 0.1.0", "shared-memory sweep", "2024-06-01", 0, 5, 0)};
    gpu.ceilings.links[Link::pcie_h2d] = {
        5.5e10, measured("nvbandwidth 0.4", "host_to_device_memcpy_ce", "", 0, 0, 0.5)};
    gpu.ceilings.links[Link::intra_node] = {4.5e11, spec("https://acme/x1-nvlink")};

    Device cpu;
    cpu.id = "probe-cpu";
    cpu.name = "Probe CPU";
    cpu.vendor = "Beta";
    cpu.kind = DeviceKind::cpu;
    cpu.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {
        7.0e12, measured("roofscope-probe 0.1.0", "AVX-512 FMA", "2024-06-02", 2000.5, 7, 0.2)};
    cpu.ceilings.memory[MemoryLevel::dram] = {3.0e11, spec("https://beta/cpu")};
    cpu.ceilings.memory[MemoryLevel::l2] = {2.0e12, spec("https://beta/cpu")};
    cpu.ceilings.memory[MemoryLevel::l3] = {1.0e12, spec("https://beta/cpu")};

    Device tpu;
    tpu.id = "probe_tpu.v9";
    tpu.name = "Probe TPU";
    tpu.kind = DeviceKind::tpu;
    tpu.ceilings.compute[{Precision::bf16, ComputeUnit::tensor}] = {4.59e14,
                                                                    spec("https://gamma/tpu")};
    tpu.ceilings.links[Link::inter_node] = {
        1.0e11, measured("nccl-tests 2.13.8", "all_reduce_perf busbw", "2024", 0, 20, 0.01)};

    Device empty; // a device with no ceilings yet is legal
    empty.id = "placeholder";
    empty.name = "Placeholder";
    empty.kind = DeviceKind::ndp;
    return {gpu, cpu, tpu, empty};
}

QByteArray patched(const std::string& pointer, const std::string& raw) {
    return patchedJson(serializeCeilings(devices()), pointer, raw);
}

} // namespace

class TestCeilingsFile : public QObject {
    Q_OBJECT

  private slots:
    void roundTripInMemory() {
        const auto original = devices();
        const std::string text = serializeCeilings(original);
        const auto parsed = parseCeilings(text, "mem.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == original);
        const auto& gpu = parsed.value()[0];
        const Provenance& p =
            gpu.ceilings.compute.at({Precision::fp32, ComputeUnit::vector}).provenance;
        QCOMPARE(enumText(p.kind), QStringLiteral("measured"));
        QCOMPARE(p.clockMHz, 1980.0);
        QCOMPARE(p.samples, 100);
        QCOMPARE(p.spread, 0.0125);
        QCOMPARE(p.date, std::string("2024-06-01T12:00:00+02:00"));
        QCOMPARE(p.note, std::string("one of 8 GPUs"));
        QCOMPARE(gpu.ceilings.links.at(Link::pcie_h2d).value, 5.5e10);
        QCOMPARE(parsed.value()[3].ceilings.empty(), true);
        QCOMPARE(parsed.value()[2].id, std::string("probe_tpu.v9"));
    }

    void orderOfDevicesIsKept() {
        auto reversed = devices();
        std::reverse(reversed.begin(), reversed.end());
        const auto parsed = parseCeilings(serializeCeilings(reversed), "rev.json");
        QVERIFY(parsed.ok());
        QCOMPARE(parsed.value().front().id, std::string("placeholder"));
        QVERIFY(parsed.value() == reversed);
    }

    void textIsStableSortedAndIndented() {
        const std::string text = serializeCeilings(devices());
        QCOMPARE(serializeCeilings(devices()), text);
        QCOMPARE(serializeCeilings(parseCeilings(text, "x").value()), text);
        // Keys sorted, two-space indent, trailing newline.
        QVERIFY(text.starts_with("{\n  \"devices\": [\n    {\n      \"aliases\": [\n"));
        QVERIFY(
            text.ends_with("\n  ],\n  \"format\": \"roofscope-ceilings\",\n  \"version\": 1\n}\n"));
        QVERIFY(text.find('\t') == std::string::npos);
        // Unknown provenance details are left out rather than written as zero.
        const Json doc = Json::parse(text);
        const Json& h2d = doc["devices"][0]["links"][0]["provenance"];
        QCOMPARE(h2d["tool"].get<std::string>(), std::string("nvbandwidth 0.4"));
        QVERIFY(!h2d.contains("date"));
        QVERIFY(!h2d.contains("clock_mhz"));
        QVERIFY(!h2d.contains("samples"));
        QVERIFY(!h2d.contains("source_url"));
        QCOMPARE(h2d["spread"].get<double>(), 0.5);
        QVERIFY(!doc["devices"][1].contains("aliases"));
        QVERIFY(!doc["devices"][1].contains("notes"));
        QCOMPARE(doc["devices"][3]["compute"], Json::array());
        QCOMPARE(doc["devices"][3]["links"], Json::array());
    }

    void emptyListRoundTrips() {
        const auto parsed = parseCeilings(serializeCeilings({}), "empty.json");
        QVERIFY(parsed.ok());
        QVERIFY(parsed.value().empty());
    }

    void linksAreOptional() {
        const auto parsed =
            parseCeilings(R"({"format": "roofscope-ceilings", "version": 1, "devices": [
                {"id": "x", "name": "X", "kind": "fpga", "compute": [], "memory": []}]})",
                          "nolinks.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(parsed.value().size(), std::size_t(1));
        QCOMPARE(enumText(parsed.value()[0].kind), QStringLiteral("fpga"));
        QCOMPARE(parsed.value()[0].vendor, std::string());
        QVERIFY(parsed.value()[0].ceilings.empty());
    }

    void handWrittenFixtureReads() {
        const std::string path = ROOFSCOPE_TEST_DATA "/ceilings-v1.json";
        const auto read = readCeilingsFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const auto& list = read.value();
        QCOMPARE(list.size(), std::size_t(2));
        QCOMPARE(list[0].id, std::string("fixture-accel"));
        QCOMPARE(enumText(list[0].kind), QStringLiteral("asic"));
        QCOMPARE(list[0].notes, std::string("hand-written fixture"));
        const Ceiling& bf16 = list[0].ceilings.compute.at({Precision::bf16, ComputeUnit::tensor});
        QCOMPARE(bf16.value, 4.0e14);
        QCOMPARE(bf16.provenance.note, std::string("dense"));
        const Ceiling& fp32 = list[0].ceilings.compute.at({Precision::fp32, ComputeUnit::vector});
        QCOMPARE(enumText(fp32.provenance.kind), QStringLiteral("measured"));
        QCOMPARE(fp32.provenance.samples, 11);
        QCOMPARE(fp32.provenance.date, std::string("2024-03-04"));
        QCOMPARE(list[0].ceilings.memory.at(MemoryLevel::dram).value, 2.0e12);
        QVERIFY(list[0].ceilings.links.empty());
        QCOMPARE(enumText(list[1].kind), QStringLiteral("cpu"));
        const Ceiling& l3 = list[1].ceilings.memory.at(MemoryLevel::l3);
        QCOMPARE(l3.provenance.clockMHz, 2100.0);
        QCOMPARE(l3.provenance.spread, 0.05);
        QCOMPARE(l3.provenance.tool, std::string("likwid-bench 5.3"));
    }

    void unknownKeysAreIgnored() {
        Json doc = Json::parse(serializeCeilings(devices()));
        doc["generator"] = {{"name", "roofscope-probe"}, {"version", "0.3.0"}};
        doc["hosts"] = Json::array({"node-17"});
        doc["devices"][0]["pci_bus_id"] = "0000:17:00.0";
        doc["devices"][0]["compute"][1]["samples_s"] = {1e-3, 1.1e-3};
        doc["devices"][0]["compute"][1]["provenance"]["gpu_uuid"] = "GPU-1234";
        doc["devices"][1]["memory"][2]["working_set_bytes"] = 1 << 30;
        doc["devices"][2]["links"][0]["peers"] = 8;
        const auto parsed = parseCeilings(doc.dump(), "future.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == devices());
    }

    void roundTripThroughFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("ceilings.json")).toStdString();
        const Status written = writeCeilingsFile(path, devices());
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        const auto read = readCeilingsFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == devices());
        QCOMPARE(readTextFile(path).value(), serializeCeilings(devices()));
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("ceilings.json")});
    }

    void writeReplacesAnExistingFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("ceilings.json"));
        const std::string path = qpath.toStdString();
        QVERIFY(writeCeilingsFile(path, devices()).ok());
        auto fewer = devices();
        fewer.resize(1);
        fewer[0].ceilings.memory.clear();
        QVERIFY(writeCeilingsFile(path, fewer).ok());
        const auto read = readCeilingsFile(path);
        QVERIFY(read.ok());
        QVERIFY(read.value() == fewer);
        QCOMPARE(QFileInfo(qpath).size(), qint64(serializeCeilings(fewer).size()));
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("ceilings.json")});
    }

    void writeIntoAMissingFolderFails() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path =
            dir.filePath(QStringLiteral("missing/ceilings.json")).toStdString();
        Status written;
        try {
            written = writeCeilingsFile(path, devices());
        } catch (...) {
            QFAIL("writeCeilingsFile threw");
        }
        QVERIFY(!written.ok());
        QCOMPARE(written.error().where.file, path);
        QCOMPARE(errorText(written.error()),
                 QString::fromStdString(path) +
                     QStringLiteral(": cannot create a temporary file beside it: No such file or "
                                    "directory"));
        QCOMPARE(entriesOf(dir.path()), QStringList{});
    }

    void writeInTheCurrentFolder() {
        // A bare file name has no parent folder in its path.
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString previous = QDir::currentPath();
        QVERIFY(QDir::setCurrent(dir.path()));
        const Status written = writeCeilingsFile("here.json", devices());
        QVERIFY(QDir::setCurrent(previous));
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("here.json")});
        const auto read = readCeilingsFile(dir.filePath(QStringLiteral("here.json")).toStdString());
        QVERIFY(read.ok());
        QVERIFY(read.value() == devices());
    }

    void writtenFileIsNotPrivate() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("shared.json")).toStdString();
        const mode_t previous = ::umask(022);
        const Status written = writeCeilingsFile(path, devices());
        ::umask(previous);
        QVERIFY(written.ok());
        struct stat st {};
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), 0644);
    }

    void readFailures_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing file") << "nope.json"
                                      << "cannot open: No such file or directory";
        QTest::newRow("a directory") << "dir.json"
                                     << "is a directory, not a regular file";
    }
    void readFailures() {
        QFETCH(QString, name);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("dir.json")));
        const std::string path = dir.filePath(name).toStdString();
        const auto read = readCeilingsFile(path);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, path);
        QCOMPARE(errorText(read.error()),
                 QString::fromStdString(path) + QStringLiteral(": ") + fragment);
    }

    void corruptDocuments_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("fragments");

        QTest::newRow("empty file") << QByteArray() << 0 << 0 << ""
                                    << QStringList{"file is empty, expected a ceilings document"};
        QTest::newRow("whitespace only") << QByteArray("\n\n   \n") << 0 << 0 << ""
                                         << QStringList{"file is empty, expected a ceilings"};
        QTest::newRow("stray comma on line 3")
            << QByteArray("{\n  \"format\": \"roofscope-ceilings\",\n  \"version\": 1,,\n"
                          "  \"devices\": []\n}\n")
            << 3 << 16 << "" << QStringList{"invalid JSON", "unexpected ','"};
        QTest::newRow("missing colon") << QByteArray("{\"format\" \"roofscope-ceilings\"}") << 1
                                       << 30 << "" << QStringList{"invalid JSON", "expected ':'"};
        QTest::newRow("truncated in a number")
            << QByteArray("{\"format\": \"roofscope-ceilings\", \"version\": 1, \"devices\": [\n"
                          "{\"id\": \"a\", \"compute\": [{\"flops_per_s\": 1e")
            << 2 << -1 << "" << QStringList{"invalid JSON"};
        QTest::newRow("session read as ceilings")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1, \"devices\": [], "
                          "\"datasets\": []}")
            << 0 << 0 << "/format"
            << QStringList{"this is a 'roofscope-session' document, not a ceilings "
                           "('roofscope-ceilings')"};
        QTest::newRow("missing format")
            << patched("/format", "") << 0 << 0 << "/format" << QStringList{"missing"};
        QTest::newRow("newer version")
            << patched("/version", "99") << 0 << 0 << "/version"
            << QStringList{"newer", "ceilings format version 99", "reads up to version 1"};
        QTest::newRow("version 0")
            << patched("/version", "0") << 0 << 0 << "/version" << QStringList{"invalid version 0"};
        QTest::newRow("missing devices")
            << patched("/devices", "") << 0 << 0 << "/devices" << QStringList{"missing"};
        QTest::newRow("device is a string")
            << patched("/devices/2", "\"probe-tpu\"") << 0 << 0 << "/devices/2"
            << QStringList{"expected an object, found string"};
        QTest::newRow("device without a name") << patched("/devices/1/name", "") << 0 << 0
                                               << "/devices/1/name" << QStringList{"missing"};
        QTest::newRow("device without compute") << patched("/devices/3/compute", "") << 0 << 0
                                                << "/devices/3/compute" << QStringList{"missing"};
        QTest::newRow("links is an object")
            << patched("/devices/0/links", "{}") << 0 << 0 << "/devices/0/links"
            << QStringList{"expected an array"};
        QTest::newRow("aliases is a string")
            << patched("/devices/0/aliases", "\"ACME X1\"") << 0 << 0 << "/devices/0/aliases"
            << QStringList{"expected an array of strings, found string"};
        QTest::newRow("ceiling is a string")
            << patched("/devices/0/compute/2/flops_per_s", "\"1979 TFLOP/s\"") << 0 << 0
            << "/devices/0/compute/2/flops_per_s" << QStringList{"expected a number, found string"};
        QTest::newRow("negative bandwidth")
            << patched("/devices/1/memory/0/bytes_per_s", "-2e12") << 0 << 0
            << "/devices/1/memory/0/bytes_per_s" << QStringList{"a ceiling must be positive"};
        QTest::newRow("1e999 overflows")
            << QByteArray("{\"format\": \"roofscope-ceilings\", \"version\": 1, \"devices\": [\n"
                          "  {\"compute\": [{\"flops_per_s\": 2e308}]}]}")
            << 2 << 36 << "" << QStringList{"invalid JSON: number overflow parsing '2e308'"};
        QTest::newRow("-1e999 overflows")
            << patched("/devices/0/compute/0/flops_per_s", "-1e999") << -1 << -1 << ""
            << QStringList{"number overflow parsing '-1e999'"};
        QTest::newRow("tiny number underflows to zero")
            << patched("/devices/0/compute/0/flops_per_s", "1e-999") << 0 << 0
            << "/devices/0/compute/0/flops_per_s" << QStringList{"a ceiling must be positive"};
        QTest::newRow("negative spread")
            << patched("/devices/0/compute/1/provenance/spread", "-0.1") << 0 << 0
            << "/devices/0/compute/1/provenance/spread" << QStringList{"must not be negative"};
        QTest::newRow("samples beyond int")
            << patched("/devices/0/compute/1/provenance/samples", "4294967396") << 0 << 0
            << "/devices/0/compute/1/provenance/samples" << QStringList{"integer out of range"};
        QTest::newRow("unknown unit")
            << patched("/devices/0/compute/2/unit", "\"systolic\"") << 0 << 0
            << "/devices/0/compute/2/unit"
            << QStringList{"unknown value 'systolic' (expected one of: vector, tensor)"};
        QTest::newRow("unknown memory level")
            << patched("/devices/1/memory/1/level", "\"l4\"") << 0 << 0
            << "/devices/1/memory/1/level"
            << QStringList{"unknown value 'l4' (expected one of: l1, l2, l3, dram, host)"};
        QTest::newRow("unknown link")
            << patched("/devices/0/links/1/link", "\"infiniband\"") << 0 << 0
            << "/devices/0/links/1/link"
            << QStringList{"unknown value 'infiniband' (expected one of: pcie_h2d, pcie_d2h, "
                           "p2p, intra_node, inter_node)"};
        QTest::newRow("duplicate device id")
            << patched("/devices/3/id", "\"probe-cpu\"") << 0 << 0 << "/devices/3/id"
            << QStringList{"device id 'probe-cpu' appears twice"};
        QTest::newRow("upper-case id")
            << patched("/devices/0/id", "\"Probe-GPU\"") << 0 << 0 << "/devices/0/id"
            << QStringList{"'Probe-GPU' is not a valid id"};
        QTest::newRow("empty id") << patched("/devices/0/id", "\"\"") << 0 << 0 << "/devices/0/id"
                                  << QStringList{"'' is not a valid id"};
        QTest::newRow("spec without source_url")
            << patched("/devices/2/compute/0/provenance/source_url", "") << 0 << 0
            << "/devices/2/compute/0/provenance/source_url"
            << QStringList{"a spec ceiling needs the URL of its source"};
        QTest::newRow("spec with an empty source_url")
            << patched("/devices/1/memory/2/provenance/source_url", "\"\"") << 0 << 0
            << "/devices/1/memory/2/provenance/source_url"
            << QStringList{"a spec ceiling needs the URL of its source"};
        QTest::newRow("measured without tool")
            << patched("/devices/2/links/0/provenance/tool", "") << 0 << 0
            << "/devices/2/links/0/provenance"
            << QStringList{"a measured ceiling needs the tool and the method that measured it"};
        QTest::newRow("provenance is a string")
            << patched("/devices/1/compute/0/provenance", "\"measured\"") << 0 << 0
            << "/devices/1/compute/0/provenance" << QStringList{"expected an object, found string"};
        QTest::newRow("two dram ceilings")
            << patched("/devices/1/memory/0/level", "\"dram\"") << 0 << 0 << "/devices/1/memory/2"
            << QStringList{"a second dram ceiling"};
        QTest::newRow("two intra_node links")
            << patched("/devices/0/links/0/link", "\"intra_node\"") << 0 << 0
            << "/devices/0/links/1" << QStringList{"a second intra_node ceiling"};
    }

    void corruptDocuments() {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QStringList, fragments);
        const auto parsed = parseCeilings(std::string_view(text.constData(), text.size()), kFile);
        QVERIFY(!parsed.ok());
        testing::checkDocumentError(parsed.error(), kFile, line, column, path, fragments);
    }

    void truncatedDocument_data() {
        QTest::addColumn<int>("percent");
        for (int percent : {1, 20, 50, 90, 99})
            QTest::addRow("%d%%", percent) << percent;
    }
    void truncatedDocument() {
        QFETCH(int, percent);
        std::string text = serializeCeilings(devices());
        text.resize(text.size() * percent / 100);
        const auto parsed = parseCeilings(text, kFile);
        QVERIFY(!parsed.ok());
        const Error& e = parsed.error();
        QVERIFY2(errorText(e).contains(QStringLiteral("invalid JSON")), e.toString().c_str());
        QCOMPARE(e.where.line, std::int64_t(1 + std::count(text.begin(), text.end(), '\n')));
        const auto lastNewline = text.rfind('\n');
        const std::size_t expectedColumn =
            lastNewline == std::string::npos ? text.size() + 1 : text.size() - lastNewline;
        QCOMPARE(e.where.column, std::int64_t(expectedColumn));
    }

    void deepNestingIsRefused() {
        const std::string text(10000, '[');
        const auto parsed = parseCeilings(text, kFile);
        QVERIFY(!parsed.ok());
        QCOMPARE(errorText(parsed.error()), QStringLiteral("%1:1:%2: nesting deeper than %3 levels")
                                                .arg(QString::fromUtf8(kFile))
                                                .arg(json::kMaxNesting + 1)
                                                .arg(json::kMaxNesting));
        // The same inside an object, on a later line.
        const std::string nested =
            "{\"format\": \"roofscope-ceilings\",\n\"x\": " + std::string(10000, '{') +
            std::string(10000, '}') + "}";
        const auto again = parseCeilings(nested, kFile);
        QVERIFY(!again.ok());
        QCOMPARE(again.error().where.line, std::int64_t(2));
        QCOMPARE(again.error().where.column, std::int64_t(6 + json::kMaxNesting - 1));
    }
};

QTEST_APPLESS_MAIN(TestCeilingsFile)
#include "test_ceilings_file.moc"
