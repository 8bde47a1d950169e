// The session document (*.roofscope): exact round trips of every field, stable text, atomic
// writes, forward-compatible reading, and a clear error with file and position for every kind of
// damage a file can suffer.
#include "document_error_check.h"
#include "json_fields.h"
#include "session_file.h"
#include "text_file.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace roofscope;
using Json = nlohmann::json;

namespace {

const char* kFile = "damaged-case.roofscope";

Provenance specFrom(std::string url, std::string note = {}) {
    Provenance p;
    p.kind = ProvenanceKind::spec;
    p.sourceUrl = std::move(url);
    p.note = std::move(note);
    return p;
}

Provenance measuredBy(std::string tool, std::string method, double clockMHz, int samples,
                      double spread, std::string note = {}) {
    Provenance p;
    p.kind = ProvenanceKind::measured;
    p.tool = std::move(tool);
    p.method = std::move(method);
    p.date = "2024-05-17T09:30:00Z";
    p.clockMHz = clockMHz;
    p.samples = samples;
    p.spread = spread;
    p.note = std::move(note);
    return p;
}

// Device 0 serializes its compute ceilings as [fp32 vector (measured), fp16 tensor (spec)] and
// its memory ceilings as [l2 (spec), dram (measured)]: maps are written in enum order.
Device gpuA() {
    Device d;
    d.id = "test-gpu-a";
    d.name = "Test GPU A 80GB";
    d.vendor = "Acme";
    d.kind = DeviceKind::gpu;
    d.aliases = {"Acme A80", "ACME-A 80GB HBM3"};
    d.notes = "fictional device for tests; dense tensor figures";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = {
        9.895e14, specFrom("https://example.com/a80-datasheet.pdf", "dense, half of 2:4 figure")};
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = {
        6.1234567890123e13, measuredBy("roofscope-probe 0.1.0", "FMA chains, 8 accumulators",
                                       1755.5, 25, 0.031, "power-capped node")};
    d.ceilings.memory[MemoryLevel::dram] = {
        3.0517578125e12, measuredBy("roofscope-probe 0.1.0", "triad 4 GiB", 1980, 50, 1.0 / 3.0)};
    d.ceilings.memory[MemoryLevel::l2] = {1.2e13, specFrom("https://example.com/a80-whitepaper")};
    d.ceilings.links[Link::p2p] = {4.5e11, specFrom("https://example.com/a80-nvlink")};
    d.ceilings.links[Link::inter_node] = {
        4.8e10, measuredBy("nccl-tests 2.13.8", "all_reduce_perf busbw 8 GiB", 0, 20, 0.002)};
    return d;
}

Device cpuB() {
    Device d;
    d.id = "test-cpu-b.2s";
    d.name = "Test CPU B (2 sockets)";
    d.vendor = "Beta";
    d.kind = DeviceKind::cpu;
    d.ceilings.compute[{Precision::fp64, ComputeUnit::vector}] = {
        5.4e12, specFrom("https://example.com/b-cpu")};
    d.ceilings.memory[MemoryLevel::dram] = {4.6e11, specFrom("https://example.com/b-cpu")};
    d.ceilings.memory[MemoryLevel::l3] = {
        2.0e12, measuredBy("likwid-bench 5.3", "load_avx512 64 MiB", 2400.25, 9, 0.125)};
    d.ceilings.links[Link::pcie_h2d] = {6.4e10, specFrom("https://example.com/pcie5")};
    return d;
}

OpRecord gemmRecord() {
    OpRecord r;
    r.name = "aten::addmm \"fused\" / ½";
    r.category = Category::gemm;
    r.phase = Phase::forward;
    r.deviceId = "test-gpu-a";
    r.rank = 3;
    r.stream = 7;
    r.precision = Precision::bf16;
    r.usesTensorUnits = true;
    r.flops = Measure::measured(2.0 * 8192 * 8192 * 8192);
    r.bytes[MemoryLevel::l1] = Measure::measured(1.5e9);
    r.bytes[MemoryLevel::l2] = Measure::estimated(8.25e8);
    r.bytes[MemoryLevel::dram] = Measure::measured(4.0265318e8);
    r.timeS = Measure::measured(1.234567e-3);
    r.count = 12;
    return r;
}

OpRecord allReduceRecord() {
    OpRecord r;
    r.name = "nccl:all_reduce";
    r.category = Category::collective;
    r.phase = Phase::communication;
    r.deviceId = "test-gpu-a";
    r.rank = 3;
    r.stream = 0;
    r.precision = Precision::fp32;
    r.bytes[MemoryLevel::dram] = Measure::estimated(2.0 * 268435456);
    r.commBytes[Link::intra_node] = Measure::estimated(268435456);
    r.commBytes[Link::inter_node] = Measure::measured(0.1);
    r.timeS = Measure::estimated(9.5e-4);
    r.collective = Collective::all_reduce;
    r.groupSize = 8;
    return r;
}

OpRecord absentRecord() {
    OpRecord r; // flops absent, time absent, stream unknown, defaults elsewhere
    r.name = "cpu-side optimizer step";
    r.category = Category::optimizer;
    r.phase = Phase::optimizer;
    r.bytes[MemoryLevel::host] = Measure::estimated(0);
    return r;
}

Session richSession() {
    Session s;
    s.devices = {gpuA(), cpuB()};

    Dataset a;
    a.context.sources = {"/runs/bert/rank3.pt.trace.json.gz", "ncu/bert rank 3.csv"};
    a.context.deviceId = "test-gpu-a";
    a.context.rank = 3;
    a.context.worldSize = 8;
    a.context.stack.framework = "PyTorch 2.3.1";
    a.context.stack.cuda = "12.4";
    a.context.stack.driver = "550.54.15";
    a.context.stack.cudnn = "9.1.0";
    a.context.stack.nccl = "2.21.5";
    a.context.stack.other = {{"container", "nvcr.io/nvidia/pytorch:24.05-py3"}, {"rocm", ""}};
    a.context.model = "BERT-large";
    a.context.label = "bert / A80 / run 2";
    a.context.tags = {"baseline", "amp"};
    a.context.repeat = 2;
    a.records = {gemmRecord(), allReduceRecord(), absentRecord()};

    Dataset b;
    b.context.sources = {"cpu.json"};
    b.context.deviceId = "test-cpu-b.2s";
    b.context.stack.framework = "PyTorch 2.1.0";
    b.context.stack.other = {{"mkl", "2024.1"}};
    b.context.model = "DLRM";
    b.context.label = "dlrm on cpu";
    b.context.tags = {"cpu"};
    OpRecord embedding;
    embedding.name = "aten::embedding_bag";
    embedding.category = Category::embedding;
    embedding.phase = Phase::backward;
    embedding.deviceId = "test-cpu-b.2s";
    embedding.precision = Precision::fp64;
    embedding.flops = Measure::estimated(1e-300);
    embedding.bytes[MemoryLevel::l3] = Measure::measured(123456789012345678.0);
    embedding.timeS = Measure::measured(0.1 + 0.2);
    embedding.count = 9007199254740993; // beyond a double's exact integers
    b.records = {embedding};

    s.datasets = {a, b};

    ViewSettings& v = s.view;
    v.view = ViewKind::md_roofline;
    v.colorBy = ColorBy::stack;
    v.precision = Precision::bf16;
    v.memoryLevel = MemoryLevel::l2;
    v.link = Link::inter_node;
    v.logX = false;
    v.logY = false;
    v.xMin = 0.015625;
    v.xMax = 1e4;
    v.yMin = -2.5;
    v.yMax = 3.0e15;
    v.hiddenDatasets = {"dlrm on cpu"};
    v.shownDevices = {"test-gpu-a", "test-cpu-b.2s"};
    v.selection = {{0, 1}, {1, 0}, {0, 2}};
    return s;
}

template <class E> QString str(E value) {
    const std::string_view name = toString(value);
    return QString::fromUtf8(name.data(), qsizetype(name.size()));
}

QString errorText(const Error& e) {
    return QString::fromStdString(e.toString());
}

// The serialized rich session, with the value at `pointer` replaced by the raw JSON text `raw`
// (or removed when `raw` is empty). Raw text makes values like 1e999 possible.
QByteArray patched(const std::string& pointer, const std::string& raw) {
    Json doc = Json::parse(serializeSession(richSession()));
    const Json::json_pointer ptr(pointer);
    if (raw.empty()) {
        doc[ptr.parent_pointer()].erase(ptr.back());
        return QByteArray::fromStdString(doc.dump(2));
    }
    doc[ptr] = "@@RAW@@";
    std::string text = doc.dump(2);
    const auto at = text.find("\"@@RAW@@\"");
    text.replace(at, 9, raw);
    return QByteArray::fromStdString(text);
}

QStringList entriesOf(const QString& dir) {
    return QDir(dir).entryList(
        QDir::AllEntries | QDir::Hidden | QDir::System | QDir::NoDotAndDotDot, QDir::Name);
}

} // namespace

class TestSessionFile : public QObject {
    Q_OBJECT

  private slots:
    void richSessionIsRich() {
        // Guards the round-trip tests against comparing defaults with defaults.
        const Session s = richSession();
        QVERIFY(!(s == Session{}));
        QVERIFY(!(s.view == ViewSettings{}));
        QCOMPARE(s.devices.size(), std::size_t(2));
        QCOMPARE(s.datasets[0].records.size(), std::size_t(3));
        QVERIFY(!s.datasets[0].records[2].flops.known());
    }

    void roundTripInMemory() {
        const Session s = richSession();
        const std::string text = serializeSession(s);
        const auto parsed = parseSession(text, "mem.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == s);
        // Spot checks, so that a broken operator== cannot hide a loss.
        const Session& p = parsed.value();
        QCOMPARE(p.devices[0]
                     .ceilings.compute.at({Precision::fp32, ComputeUnit::vector})
                     .provenance.clockMHz,
                 1755.5);
        QCOMPARE(p.devices[0].ceilings.memory.at(MemoryLevel::dram).provenance.spread, 1.0 / 3.0);
        QCOMPARE(str(p.datasets[0].records[1].collective.value()), QStringLiteral("all_reduce"));
        QCOMPARE(p.datasets[0].records[1].groupSize, 8);
        QCOMPARE(str(p.datasets[0].records[1].commBytes.at(Link::inter_node).origin),
                 QStringLiteral("measured"));
        QCOMPARE(str(p.datasets[0].records[2].flops.origin), QStringLiteral("absent"));
        QCOMPARE(p.datasets[0].records[2].stream, -1);
        QCOMPARE(p.datasets[1].records[0].count, std::int64_t(9007199254740993));
        QCOMPARE(p.datasets[1].records[0].timeS.value, 0.1 + 0.2);
        QCOMPARE(p.datasets[0].context.stack.other.at("container"),
                 std::string("nvcr.io/nvidia/pytorch:24.05-py3"));
        QCOMPARE(p.datasets[0].records[0].name, std::string("aten::addmm \"fused\" / ½"));
        QCOMPARE(p.view.selection.size(), std::size_t(3));
        QCOMPARE(p.view.yMin, -2.5);
    }

    void serializationIsStable() {
        const Session s = richSession();
        const std::string first = serializeSession(s);
        QCOMPARE(serializeSession(s), first);
        QCOMPARE(serializeSession(parseSession(first, "x").value()), first);
        QVERIFY(first.ends_with("}\n"));
    }

    void absentQuantitiesLeaveTheirKeysOut() {
        const Json doc = Json::parse(serializeSession(richSession()));
        const Json& absent = doc["datasets"][0]["records"][2];
        QVERIFY(!absent.contains("flops"));
        QVERIFY(!absent.contains("time_s"));
        QVERIFY(!absent.contains("stream"));
        QVERIFY(!absent.contains("collective"));
        QVERIFY(!absent.contains("comm_bytes"));
        QCOMPARE(absent["bytes"]["host"]["origin"].get<std::string>(), std::string("estimated"));
        const Json& gemm = doc["datasets"][0]["records"][0];
        QCOMPARE(gemm["time_s"]["origin"].get<std::string>(), std::string("measured"));
        QCOMPARE(gemm["bytes"]["l2"]["origin"].get<std::string>(), std::string("estimated"));
        QCOMPARE(gemm["tensor_units"].get<bool>(), true);
        QCOMPARE(doc["format"].get<std::string>(), std::string("roofscope-session"));
        QCOMPARE(doc["version"].get<int>(), kSessionFormatVersion);
    }

    void emptySessionRoundTrips() {
        const Session empty;
        const auto parsed = parseSession(serializeSession(empty), "empty");
        QVERIFY(parsed.ok());
        QVERIFY(parsed.value() == empty);
    }

    void optionalKeysTakeTheirDefaults() {
        const auto parsed = parseSession(
            R"({"format": "roofscope-session", "version": 1, "devices": [],
                "datasets": [{"context": {}, "records": [{"name": "k"}]}]})",
            "minimal");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        Session expected;
        Dataset d;
        OpRecord r;
        r.name = "k";
        d.records = {r};
        expected.datasets = {d};
        QVERIFY(parsed.value() == expected);
    }

    void handWrittenFixtureReads() {
        // A version-1 file written by hand: pins the key names of the schema, which a pure
        // round trip cannot do.
        const std::string path = ROOFSCOPE_TEST_DATA "/session-v1.roofscope";
        const auto read = readSessionFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const Session& s = read.value();
        QCOMPARE(s.devices.size(), std::size_t(1));
        const Device& d = s.devices[0];
        QCOMPARE(d.id, std::string("fixture-gpu"));
        QCOMPARE(str(d.kind), QStringLiteral("gpu"));
        QCOMPARE(d.aliases, std::vector<std::string>{"Fixture GPU 16GB"});
        const Ceiling& tensor = d.ceilings.compute.at({Precision::fp16, ComputeUnit::tensor});
        QCOMPARE(tensor.value, 1.25e14);
        QCOMPARE(str(tensor.provenance.kind), QStringLiteral("spec"));
        QCOMPARE(tensor.provenance.sourceUrl, std::string("https://example.org/fixture-gpu"));
        const Ceiling& dram = d.ceilings.memory.at(MemoryLevel::dram);
        QCOMPARE(dram.value, 4.5e11);
        QCOMPARE(str(dram.provenance.kind), QStringLiteral("measured"));
        QCOMPARE(dram.provenance.tool, std::string("roofscope-probe 0.1.0"));
        QCOMPARE(dram.provenance.method, std::string("triad, 1 GiB"));
        QCOMPARE(dram.provenance.clockMHz, 1410.0);
        QCOMPARE(dram.provenance.samples, 30);
        QCOMPARE(dram.provenance.spread, 0.02);
        QCOMPARE(d.ceilings.links.at(Link::p2p).value, 3.0e11);

        QCOMPARE(s.datasets.size(), std::size_t(1));
        const DatasetContext& c = s.datasets[0].context;
        QCOMPARE(c.deviceId, std::string("fixture-gpu"));
        QCOMPARE(c.rank, 1);
        QCOMPARE(c.worldSize, 2);
        QCOMPARE(c.stack.framework, std::string("PyTorch 2.2.0"));
        QCOMPARE(c.stack.other.at("image"), std::string("pytorch:24.01"));
        QCOMPARE(c.tags, (std::vector<std::string>{"fixture", "v1"}));
        QCOMPARE(c.repeat, 1);
        const auto& records = s.datasets[0].records;
        QCOMPARE(records.size(), std::size_t(2));
        QCOMPARE(str(records[0].category), QStringLiteral("gemm"));
        QCOMPARE(str(records[0].phase), QStringLiteral("backward"));
        QCOMPARE(records[0].stream, 13);
        QCOMPARE(str(records[0].precision), QStringLiteral("fp16"));
        QVERIFY(records[0].usesTensorUnits);
        QCOMPARE(records[0].count, std::int64_t(4));
        QVERIFY(records[0].flops == Measure::estimated(6.0e12));
        QVERIFY(records[0].timeS == Measure::measured(0.05));
        QVERIFY(records[0].bytes.at(MemoryLevel::dram) == Measure::measured(2.0e9));
        QVERIFY(records[0].bytes.at(MemoryLevel::l2) == Measure::estimated(3.0e9));
        QCOMPARE(str(records[1].collective.value()), QStringLiteral("all_gather"));
        QCOMPARE(records[1].groupSize, 2);
        QVERIFY(records[1].commBytes.at(Link::p2p) == Measure::measured(1.0e8));
        QVERIFY(!records[1].flops.known());
        QCOMPARE(str(s.view.view), QStringLiteral("hierarchical"));
        QCOMPARE(str(s.view.colorBy), QStringLiteral("category"));
        QCOMPARE(str(s.view.precision), QStringLiteral("fp16"));
        QCOMPARE(str(s.view.memoryLevel), QStringLiteral("l2"));
        QCOMPARE(str(s.view.link), QStringLiteral("p2p"));
        QCOMPARE(s.view.logX, true);
        QCOMPARE(s.view.logY, false);
        QCOMPARE(s.view.xMax, 1000.0);
        QVERIFY(s.view.selection == (std::vector<RecordRef>{{0, 1}}));
    }

    void unknownKeysAreIgnored() {
        // A minor addition in a later version must not make this build refuse the file.
        const Session s = richSession();
        Json doc = Json::parse(serializeSession(s));
        doc["written_by"] = "roofscope 0.2.0";
        doc["future_section"] = {{"a", {1, 2, 3}}, {"b", nullptr}};
        doc["devices"][0]["tdp_w"] = 700;
        doc["devices"][0]["compute"][0]["boost"] = true;
        doc["devices"][0]["compute"][0]["provenance"]["driver"] = "550";
        doc["devices"][1]["memory"][0]["capacity_bytes"] = 1e11;
        doc["datasets"][0]["checksum"] = "abc";
        doc["datasets"][0]["context"]["hostname"] = "node-17";
        doc["datasets"][0]["context"]["stack"]["python"] = "3.11";
        doc["datasets"][0]["records"][0]["shapes"] = {{8192, 8192}, {8192, 8192}};
        doc["datasets"][0]["records"][0]["time_s"]["stddev"] = 1e-5;
        doc["view"]["theme"] = "dark";
        doc["view"]["selection"][0]["highlight"] = "#ff0000";
        const auto parsed = parseSession(doc.dump(), "future.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == s);
    }

    void aliasesAreAcceptedAndWrittenCanonically() {
        const auto parsed = parseSession(
            R"({"format": "roofscope-session", "version": 1, "devices": [], "datasets": [
                 {"context": {}, "records": [{"name": "k", "category": "matmul", "phase": "bwd",
                   "precision": "c10::Half", "bytes": {"HBM": {"value": 1, "origin": "measured"}},
                   "collective": "allreduce"}]}]})",
            "alias");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        const OpRecord& r = parsed.value().datasets[0].records[0];
        QCOMPARE(str(r.category), QStringLiteral("gemm"));
        QCOMPARE(str(r.phase), QStringLiteral("backward"));
        QCOMPARE(str(r.precision), QStringLiteral("fp16"));
        QVERIFY(r.bytes.at(MemoryLevel::dram) == Measure::measured(1));
        const Json doc = Json::parse(serializeSession(parsed.value()));
        QCOMPARE(doc["datasets"][0]["records"][0]["bytes"].begin().key(), std::string("dram"));
        QCOMPARE(doc["datasets"][0]["records"][0]["collective"].get<std::string>(),
                 std::string("all_reduce"));
    }

    void byteOrderMarkIsAccepted() {
        // Editors on Windows save UTF-8 with a BOM.
        const std::string text = "\xEF\xBB\xBF" + serializeSession(richSession());
        const auto parsed = parseSession(text, "bom.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == richSession());
    }

    void invalidUtf8InAStringNeverThrows() {
        // File names on Linux are bytes; a source path need not be UTF-8. Serializing must not
        // throw (core's public functions never do) and must give a readable document.
        Session s = richSession();
        s.datasets[0].context.sources.push_back(std::string("/data/caf\xE9/trace.json"));
        s.datasets[0].records[0].name = std::string("kernel\xFF\xFE");
        std::string text;
        try {
            text = serializeSession(s);
        } catch (...) {
            QFAIL("serializeSession threw on invalid UTF-8");
        }
        const auto parsed = parseSession(text, "utf8.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(parsed.value().datasets[0].context.sources.size(), std::size_t(3));
        QVERIFY(parsed.value().datasets[0].context.sources[2].starts_with("/data/caf"));
        QVERIFY(parsed.value().datasets[0].records[0].name.starts_with("kernel"));
        QVERIFY(parsed.value().datasets[1] == s.datasets[1]);
    }

    void roundTripThroughFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("run.roofscope")).toStdString();
        const Session s = richSession();
        const Status written = writeSessionFile(path, s);
        QVERIFY2(written.ok(), written.ok() ? "" : written.error().toString().c_str());
        const auto read = readSessionFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == s);
        const auto bytes = readTextFile(path);
        QVERIFY(bytes.ok());
        QCOMPARE(bytes.value(), serializeSession(s));
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }

    void writeReplacesAnExistingFile() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("run.roofscope"));
        const std::string path = qpath.toStdString();
        {
            QFile old(qpath);
            QVERIFY(old.open(QIODevice::WriteOnly));
            old.write(QByteArray(200000, 'x')); // longer than the new content
        }
        Session first = richSession();
        QVERIFY(writeSessionFile(path, first).ok());
        Session second = richSession();
        second.datasets.pop_back();
        second.view.selection = {{0, 0}};
        second.devices[0].name = "renamed";
        QVERIFY(writeSessionFile(path, second).ok());
        const auto read = readSessionFile(path);
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        QVERIFY(read.value() == second);
        QCOMPARE(QFileInfo(qpath).size(), qint64(serializeSession(second).size()));
        // No temporary file is left beside it.
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }

    void writeIntoAMissingFolderFails() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path =
            dir.filePath(QStringLiteral("no/such/folder/run.roofscope")).toStdString();
        Status written;
        try {
            written = writeSessionFile(path, richSession());
        } catch (...) {
            QFAIL("writeSessionFile threw");
        }
        QVERIFY(!written.ok());
        QCOMPARE(written.error().where.file, path);
        const QString text = errorText(written.error());
        QVERIFY2(text.startsWith(QString::fromStdString(path) + ": "), qPrintable(text));
        QVERIFY2(text.contains(QStringLiteral("No such file or directory")), qPrintable(text));
        QCOMPARE(entriesOf(dir.path()), QStringList{});
    }

    void writeOverADirectoryFails() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("taken.roofscope")));
        const std::string path = dir.filePath(QStringLiteral("taken.roofscope")).toStdString();
        const Status written = writeSessionFile(path, richSession());
        QVERIFY(!written.ok());
        QCOMPARE(written.error().where.file, path);
        QVERIFY(errorText(written.error()).contains(QStringLiteral("cannot replace")));
        // The temporary file was removed again.
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("taken.roofscope")});
    }

    void writtenFileHonoursTheUmask_data() {
        QTest::addColumn<int>("mask");
        QTest::addColumn<int>("expectedMode");
        QTest::newRow("022") << 022 << 0644;
        QTest::newRow("002") << 002 << 0664;
        QTest::newRow("077") << 077 << 0600;
    }
    void writtenFileHonoursTheUmask() {
        QFETCH(int, mask);
        QFETCH(int, expectedMode);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const std::string path = dir.filePath(QStringLiteral("perm.roofscope")).toStdString();
        const mode_t previous = ::umask(static_cast<mode_t>(mask));
        const Status written = writeSessionFile(path, richSession());
        ::umask(previous);
        QVERIFY(written.ok());
        struct stat st {};
        QCOMPARE(::stat(path.c_str(), &st), 0);
        QCOMPARE(int(st.st_mode & 07777), expectedMode);
    }

    void readFailures_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("missing file") << "does-not-exist.roofscope"
                                      << "cannot open: No such file or directory";
        QTest::newRow("a directory") << "folder.roofscope"
                                     << "is a directory, not a file";
    }
    void readFailures() {
        QFETCH(QString, name);
        QFETCH(QString, fragment);
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        QVERIFY(QDir(dir.path()).mkdir(QStringLiteral("folder.roofscope")));
        const std::string path = dir.filePath(name).toStdString();
        const auto read = readSessionFile(path);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, path);
        QCOMPARE(read.error().where.line, std::int64_t(0));
        QCOMPARE(errorText(read.error()),
                 QString::fromStdString(path) + QStringLiteral(": ") + fragment);
    }

    void oversizedDocumentIsRefused() {
        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("big.roofscope"));
        QFile f(qpath);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(QByteArray(1000, ' '));
        f.close();
        const auto read = readTextFile(qpath.toStdString(), 999);
        QVERIFY(!read.ok());
        QCOMPARE(read.error().where.file, qpath.toStdString());
        QVERIFY(errorText(read.error())
                    .contains(QStringLiteral("file is 1000 bytes, more than the 999 bytes")));
        QVERIFY(readTextFile(qpath.toStdString(), 1000).ok());
    }

    // Every row: a document, the expected position (line and column, -1 for "any, > 0"), the
    // expected JSON pointer ("" when there is none) and fragments the message must contain.
    void corruptDocuments_data() {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QStringList>("fragments");

        // Syntax: positions are line:column.
        QTest::newRow("empty file") << QByteArray() << 0 << 0 << ""
                                    << QStringList{"file is empty, expected a session document"};
        QTest::newRow("whitespace only")
            << QByteArray(" \n\t  \r\n\n") << 0 << 0 << ""
            << QStringList{"file is empty, expected a session document"};
        QTest::newRow("stray comma on line 3")
            << QByteArray("{\n  \"format\": \"roofscope-session\",\n  \"version\": 1,,\n"
                          "  \"devices\": [],\n  \"datasets\": []\n}\n")
            << 3 << 16 << "" << QStringList{"invalid JSON", "unexpected ','"};
        QTest::newRow("trailing comma in object")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1,\n\"devices\": [], "
                          "\"datasets\": [],}")
            << 2 << 31 << "" << QStringList{"invalid JSON", "unexpected '}'"};
        QTest::newRow("NaN literal")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1,\n"
                          "\"devices\": [], \"datasets\": [{\"context\": {}, \"records\": [\n"
                          "  {\"name\": \"k\", \"flops\": {\"value\": NaN}}]}]}")
            << 3 << 36 << "" << QStringList{"invalid JSON", "invalid literal"};
        QTest::newRow("single quotes") << QByteArray("{'format': 'roofscope-session'}") << 1 << 2
                                       << "" << QStringList{"invalid JSON"};
        QTest::newRow("text after the document")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1, \"devices\": [], "
                          "\"datasets\": []}\n\nx")
            << 3 << 1 << "" << QStringList{"invalid JSON", "expected end of input"};
        QTest::newRow("invalid UTF-8 in a string")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1,\n"
                          "\"devices\": [], \"datasets\": [{\"context\": {\"label\": \"a\xFF\"}, "
                          "\"records\": []}]}")
            << 2 << 53 << "" << QStringList{"invalid JSON", "UTF-8"};
        QTest::newRow("unterminated string")
            << QByteArray("{\"format\": \"roofscope-session\", \"version\": 1, \"devices\": [], "
                          "\"datasets\": [{\"context\": {\"label\": \"run")
            << 1 << -1 << "" << QStringList{"invalid JSON"};

        // Kind and version of the document.
        QTest::newRow("root is an array")
            << QByteArray("[]") << 0 << 0 << "/" << QStringList{"expected an object, found array"};
        QTest::newRow("root is a string") << QByteArray("\"roofscope-session\"") << 0 << 0 << "/"
                                          << QStringList{"expected an object, found string"};
        QTest::newRow("missing format")
            << patched("/format", "") << 0 << 0 << "/format" << QStringList{"missing"};
        QTest::newRow("format is a number") << patched("/format", "1") << 0 << 0 << "/format"
                                            << QStringList{"expected a string, found number"};
        QTest::newRow("ceilings document read as a session")
            << QByteArray("{\"format\": \"roofscope-ceilings\", \"version\": 1, \"devices\": []}")
            << 0 << 0 << "/format"
            << QStringList{"this is a 'roofscope-ceilings' document, not a session "
                           "('roofscope-session')"};
        QTest::newRow("someone else's JSON")
            << QByteArray("{\"format\": \"chrome-trace\", \"traceEvents\": []}") << 0 << 0
            << "/format" << QStringList{"this is a 'chrome-trace' document, not a session"};
        QTest::newRow("newer version")
            << patched("/version", "99") << 0 << 0 << "/version"
            << QStringList{"newer", "version 99", "reads up to version 1", "upgrade"};
        QTest::newRow("version 0")
            << patched("/version", "0") << 0 << 0 << "/version" << QStringList{"invalid version 0"};
        QTest::newRow("negative version") << patched("/version", "-2") << 0 << 0 << "/version"
                                          << QStringList{"invalid version -2"};
        QTest::newRow("version as a string") << patched("/version", "\"1\"") << 0 << 0 << "/version"
                                             << QStringList{"expected an integer, found string"};
        QTest::newRow("fractional version") << patched("/version", "1.5") << 0 << 0 << "/version"
                                            << QStringList{"expected an integer, found number"};
        QTest::newRow("missing version")
            << patched("/version", "") << 0 << 0 << "/version" << QStringList{"missing"};

        // Structure.
        QTest::newRow("missing devices")
            << patched("/devices", "") << 0 << 0 << "/devices" << QStringList{"missing"};
        QTest::newRow("devices is an object") << patched("/devices", "{}") << 0 << 0 << "/devices"
                                              << QStringList{"expected an array, found object"};
        QTest::newRow("missing records") << patched("/datasets/1/records", "") << 0 << 0
                                         << "/datasets/1/records" << QStringList{"missing"};
        QTest::newRow("record is a number")
            << patched("/datasets/0/records/2", "5") << 0 << 0 << "/datasets/0/records/2"
            << QStringList{"expected an object, found number"};
        QTest::newRow("missing context") << patched("/datasets/0/context", "") << 0 << 0
                                         << "/datasets/0/context" << QStringList{"missing"};
        QTest::newRow("record without a name")
            << patched("/datasets/0/records/1/name", "") << 0 << 0 << "/datasets/0/records/1/name"
            << QStringList{"missing"};

        // Wrong types.
        QTest::newRow("time is a string")
            << patched("/datasets/0/records/1/time_s/value", "\"fast\"") << 0 << 0
            << "/datasets/0/records/1/time_s/value"
            << QStringList{"expected a number, found string"};
        QTest::newRow("number as a string")
            << patched("/devices/1/memory/0/bytes_per_s", "\"4.6e11\"") << 0 << 0
            << "/devices/1/memory/0/bytes_per_s" << QStringList{"expected a number, found string"};
        QTest::newRow("measure is a bare number")
            << patched("/datasets/0/records/0/flops", "1e12") << 0 << 0
            << "/datasets/0/records/0/flops" << QStringList{"expected an object, found number"};
        QTest::newRow("tensor_units is a string")
            << patched("/datasets/0/records/0/tensor_units", "\"true\"") << 0 << 0
            << "/datasets/0/records/0/tensor_units"
            << QStringList{"expected true or false, found string"};
        QTest::newRow("rank is fractional")
            << patched("/datasets/0/records/0/rank", "1.5") << 0 << 0
            << "/datasets/0/records/0/rank" << QStringList{"expected an integer, found number"};
        QTest::newRow("tag is a number")
            << patched("/datasets/0/context/tags/1", "7") << 0 << 0 << "/datasets/0/context/tags/1"
            << QStringList{"expected a string"};
        QTest::newRow("stack entry is a number")
            << patched("/datasets/0/context/stack/other/container", "24") << 0 << 0
            << "/datasets/0/context/stack/other/container" << QStringList{"expected a string"};
        QTest::newRow("key with a slash is escaped in the path")
            << patched("/datasets/0/context/stack/other/a~1b", "null") << 0 << 0
            << "/datasets/0/context/stack/other/a~1b" << QStringList{"expected a string"};
        QTest::newRow("log_x is a string")
            << patched("/view/log_x", "\"yes\"") << 0 << 0 << "/view/log_x"
            << QStringList{"expected true or false, found string"};
        QTest::newRow("range has three numbers")
            << patched("/view/range", "[1, 2, 3]") << 0 << 0 << "/view/range"
            << QStringList{"expected [x_min, x_max, y_min, y_max]"};
        QTest::newRow("range item is a string")
            << patched("/view/range/2", "\"auto\"") << 0 << 0 << "/view/range/2"
            << QStringList{"expected a number"};

        // Values out of range.
        QTest::newRow("negative time")
            << patched("/datasets/0/records/1/time_s/value", "-1e-3") << 0 << 0
            << "/datasets/0/records/1/time_s/value" << QStringList{"must not be negative"};
        QTest::newRow("negative bytes")
            << patched("/datasets/0/records/0/bytes/l2/value", "-8") << 0 << 0
            << "/datasets/0/records/0/bytes/l2/value" << QStringList{"must not be negative"};
        QTest::newRow("negative ceiling")
            << patched("/devices/0/compute/1/flops_per_s", "-9.895e14") << 0 << 0
            << "/devices/0/compute/1/flops_per_s" << QStringList{"a ceiling must be positive"};
        QTest::newRow("zero ceiling")
            << patched("/devices/1/links/0/bytes_per_s", "0") << 0 << 0
            << "/devices/1/links/0/bytes_per_s" << QStringList{"a ceiling must be positive"};
        QTest::newRow("negative clock")
            << patched("/devices/0/compute/0/provenance/clock_mhz", "-1") << 0 << 0
            << "/devices/0/compute/0/provenance/clock_mhz" << QStringList{"must not be negative"};
        QTest::newRow("negative samples")
            << patched("/devices/0/compute/0/provenance/samples", "-25") << 0 << 0
            << "/devices/0/compute/0/provenance/samples" << QStringList{"must not be negative"};
        // A number beyond a double is refused by the JSON layer, at its position (the column of
        // the token's last character, as for every token error), never read as inf.
        QTest::newRow("1e999 overflows")
            << QByteArray("{\"format\": \"roofscope-session\",\n \"version\": 1e999}") << 2 << 17
            << "" << QStringList{"invalid JSON: number overflow parsing '1e999'"};
        QTest::newRow("1e999 flops overflow")
            << patched("/datasets/0/records/0/flops/value", "1e999") << -1 << -1 << ""
            << QStringList{"invalid JSON: number overflow parsing '1e999'"};
        QTest::newRow("-1e999 time overflow")
            << patched("/datasets/0/records/0/time_s/value", "-1e999") << -1 << -1 << ""
            << QStringList{"number overflow parsing '-1e999'"};
        QTest::newRow("1e999 ceiling overflow")
            << patched("/devices/0/memory/1/bytes_per_s", "1e999") << -1 << -1 << ""
            << QStringList{"number overflow parsing '1e999'"};
        QTest::newRow("1e999 in the view range")
            << patched("/view/range/1", "1e999") << -1 << -1 << ""
            << QStringList{"number overflow parsing '1e999'"};
        QTest::newRow("negative record rank")
            << patched("/datasets/0/records/0/rank", "-3") << 0 << 0 << "/datasets/0/records/0/rank"
            << QStringList{"must not be negative"};
        QTest::newRow("negative stream")
            << patched("/datasets/0/records/0/stream", "-5") << 0 << 0
            << "/datasets/0/records/0/stream" << QStringList{"must not be negative"};
        QTest::newRow("negative repeat")
            << patched("/datasets/0/context/repeat", "-1") << 0 << 0 << "/datasets/0/context/repeat"
            << QStringList{"must not be negative"};
        QTest::newRow("count 0") << patched("/datasets/0/records/0/count", "0") << 0 << 0
                                 << "/datasets/0/records/0/count"
                                 << QStringList{"must be at least 1"};
        QTest::newRow("negative group size")
            << patched("/datasets/0/records/1/group_size", "-8") << 0 << 0
            << "/datasets/0/records/1/group_size" << QStringList{"must not be negative"};
        QTest::newRow("rank beyond int")
            << patched("/datasets/0/records/0/rank", "4294967299") << 0 << 0
            << "/datasets/0/records/0/rank" << QStringList{"integer out of range"};
        QTest::newRow("world size beyond int")
            << patched("/datasets/0/context/world_size", "4294967304") << 0 << 0
            << "/datasets/0/context/world_size" << QStringList{"integer out of range"};
        QTest::newRow("integer beyond int64")
            << patched("/datasets/0/records/0/count", "18446744073709551615") << 0 << 0
            << "/datasets/0/records/0/count" << QStringList{"integer out of range"};
        QTest::newRow("rank equals world size")
            << patched("/datasets/0/context/rank", "8") << 0 << 0 << "/datasets/0/context"
            << QStringList{"rank 8 does not fit world size 8"};
        QTest::newRow("negative rank")
            << patched("/datasets/0/context/rank", "-1") << 0 << 0 << "/datasets/0/context"
            << QStringList{"rank -1 does not fit world size 8"};
        QTest::newRow("world size 0")
            << patched("/datasets/1/context/world_size", "0") << 0 << 0 << "/datasets/1/context"
            << QStringList{"rank 0 does not fit world size 0"};

        // Vocabularies.
        QTest::newRow("unknown precision")
            << patched("/devices/0/compute/1/precision", "\"fp17\"") << 0 << 0
            << "/devices/0/compute/1/precision"
            << QStringList{"unknown value 'fp17' (expected one of: fp64, fp32, tf32, fp16, bf16, "
                           "fp8, int8, other)"};
        QTest::newRow("unknown device kind")
            << patched("/devices/1/kind", "\"quantum\"") << 0 << 0 << "/devices/1/kind"
            << QStringList{"unknown value 'quantum' (expected one of: gpu, cpu, fpga, asic, tpu, "
                           "ndp)"};
        QTest::newRow("unknown category")
            << patched("/datasets/0/records/0/category", "\"banana\"") << 0 << 0
            << "/datasets/0/records/0/category"
            << QStringList{"unknown value 'banana'", "gemm, conv, attention", "collective, other"};
        QTest::newRow("unknown origin")
            << patched("/datasets/0/records/0/flops/origin", "\"guessed\"") << 0 << 0
            << "/datasets/0/records/0/flops/origin"
            << QStringList{"unknown value 'guessed' (expected one of: measured, estimated, "
                           "absent)"};
        QTest::newRow("absent written out")
            << patched("/datasets/0/records/0/flops/origin", "\"absent\"") << 0 << 0
            << "/datasets/0/records/0/flops/origin"
            << QStringList{"an absent quantity is written by leaving its key out"};
        QTest::newRow("unknown memory level key")
            << patched("/datasets/0/records/0/bytes/l7", R"({"value": 1, "origin": "measured"})")
            << 0 << 0 << "/datasets/0/records/0/bytes/l7" << QStringList{"unknown key 'l7'"};
        QTest::newRow("unknown link key")
            << patched("/datasets/0/records/1/comm_bytes/carrier_pigeon",
                       R"({"value": 1, "origin": "measured"})")
            << 0 << 0 << "/datasets/0/records/1/comm_bytes/carrier_pigeon"
            << QStringList{"unknown key 'carrier_pigeon'"};
        QTest::newRow("unknown collective")
            << patched("/datasets/0/records/1/collective", "\"gossip\"") << 0 << 0
            << "/datasets/0/records/1/collective"
            << QStringList{"unknown value 'gossip'", "all_reduce, reduce_scatter"};
        QTest::newRow("unknown view")
            << patched("/view/view", "\"3d\"") << 0 << 0 << "/view/view"
            << QStringList{"unknown value '3d' (expected one of: roofline, hierarchical, "
                           "md_roofline, time_based, comparison, placement, cost)"};
        QTest::newRow("unknown provenance kind")
            << patched("/devices/1/compute/0/provenance/kind", "\"rumour\"") << 0 << 0
            << "/devices/1/compute/0/provenance/kind"
            << QStringList{"unknown value 'rumour' (expected one of: spec, measured)"};

        // Devices.
        QTest::newRow("duplicate device id")
            << patched("/devices/1/id", "\"test-gpu-a\"") << 0 << 0 << "/devices/1/id"
            << QStringList{"device id 'test-gpu-a' appears twice"};
        QTest::newRow("invalid device id")
            << patched("/devices/0/id", "\"Test GPU\"") << 0 << 0 << "/devices/0/id"
            << QStringList{"'Test GPU' is not a valid id"};
        QTest::newRow("spec ceiling without source_url")
            << patched("/devices/0/compute/1/provenance/source_url", "") << 0 << 0
            << "/devices/0/compute/1/provenance/source_url"
            << QStringList{"a spec ceiling needs the URL of its source"};
        QTest::newRow("measured ceiling without tool")
            << patched("/devices/0/compute/0/provenance/tool", "") << 0 << 0
            << "/devices/0/compute/0/provenance"
            << QStringList{"a measured ceiling needs the tool and the method"};
        QTest::newRow("measured ceiling without method")
            << patched("/devices/0/links/1/provenance/method", "") << 0 << 0
            << "/devices/0/links/1/provenance"
            << QStringList{"a measured ceiling needs the tool and the method"};
        QTest::newRow("ceiling without provenance")
            << patched("/devices/1/memory/1/provenance", "") << 0 << 0
            << "/devices/1/memory/1/provenance" << QStringList{"missing"};
        QTest::newRow("two fp32 vector ceilings")
            << patched("/devices/0/compute/1/precision", "\"fp32\"")
                   .replace("\"tensor\"", "\"vector\"")
            << 0 << 0 << "/devices/0/compute/1" << QStringList{"a second fp32 vector ceiling"};
        QTest::newRow("two dram ceilings")
            << patched("/devices/0/memory/0/level", "\"dram\"") << 0 << 0 << "/devices/0/memory/1"
            << QStringList{"a second dram ceiling"};

        // Selection.
        QTest::newRow("selection beyond the records")
            << patched("/view/selection/1/record", "1") << 0 << 0 << "/view/selection/1"
            << QStringList{"selection refers to a record that does not exist"};
        QTest::newRow("selection beyond the datasets")
            << patched("/view/selection/0/dataset", "2") << 0 << 0 << "/view/selection/0"
            << QStringList{"selection refers to a record that does not exist"};
        QTest::newRow("negative selection")
            << patched("/view/selection/2/record", "-1") << 0 << 0 << "/view/selection/2"
            << QStringList{"selection refers to a record that does not exist"};
        QTest::newRow("selection is an object")
            << patched("/view/selection", "{}") << 0 << 0 << "/view/selection"
            << QStringList{"expected an array"};
    }

    void corruptDocuments() {
        QFETCH(QByteArray, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QStringList, fragments);
        const auto parsed = parseSession(std::string_view(text.constData(), text.size()), kFile);
        QVERIFY(!parsed.ok());
        testing::checkDocumentError(parsed.error(), kFile, line, column, path, fragments);
    }

    void truncatedDocument_data() {
        QTest::addColumn<double>("fraction");
        QTest::newRow("first byte") << 0.0;
        QTest::newRow("a tenth") << 0.1;
        QTest::newRow("half") << 0.5;
        QTest::newRow("three quarters") << 0.75;
        QTest::newRow("all but the closing brace") << 1.0;
    }
    void truncatedDocument() {
        QFETCH(double, fraction);
        std::string text = serializeSession(richSession());
        // Cut after the last "}" for the last row, elsewhere at the fraction.
        const std::size_t cut = fraction >= 1.0
                                    ? text.rfind('}')
                                    : std::max<std::size_t>(1, std::size_t(fraction * text.size()));
        text.resize(cut);
        const auto parsed = parseSession(text, kFile);
        QVERIFY(!parsed.ok());
        const Error& e = parsed.error();
        QVERIFY2(errorText(e).contains(QStringLiteral("invalid JSON")), e.toString().c_str());
        // The parser stops at the end of the text: that is the position reported.
        const auto lines = std::count(text.begin(), text.end(), '\n');
        QCOMPARE(e.where.line, std::int64_t(lines + 1));
        QVERIFY(e.where.column > 0);
        QVERIFY2(errorText(e).startsWith(QStringLiteral("%1:%2:%3: ")
                                             .arg(QString::fromUtf8(kFile))
                                             .arg(e.where.line)
                                             .arg(e.where.column)),
                 e.toString().c_str());
    }

    void nestingLimit_data() {
        QTest::addColumn<int>("depth");
        QTest::addColumn<bool>("refused");
        QTest::newRow("at the limit") << json::kMaxNesting << false;
        QTest::newRow("one beyond") << json::kMaxNesting + 1 << true;
        QTest::newRow("10000 brackets") << 10000 << true;
        QTest::newRow("a million brackets") << 1000000 << true;
    }
    void nestingLimit() {
        QFETCH(int, depth);
        QFETCH(bool, refused);
        const std::string text(static_cast<std::size_t>(depth), '[');
        const auto parsed = parseSession(text, kFile);
        QVERIFY(!parsed.ok());
        const Error& e = parsed.error();
        if (refused) {
            QCOMPARE(errorText(e), QStringLiteral("%1:1:%2: nesting deeper than %3 levels")
                                       .arg(QString::fromUtf8(kFile))
                                       .arg(json::kMaxNesting + 1)
                                       .arg(json::kMaxNesting));
        } else {
            QVERIFY2(!errorText(e).contains(QStringLiteral("nesting")), e.toString().c_str());
            QVERIFY2(errorText(e).contains(QStringLiteral("invalid JSON")), e.toString().c_str());
        }
    }

    void bracketsInsideStringsAreNotNesting() {
        Session s = richSession();
        s.datasets[0].context.label = std::string(5000, '[') + "\\\"{" + std::string(300, '{');
        s.datasets[0].records[0].name = "\"[[[[" + std::string(400, '[');
        const auto parsed = parseSession(serializeSession(s), kFile);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == s);
    }

    void deeplyNestedUnknownKeyIsRefused() {
        // Deep nesting hidden in an ignored key is still refused before parsing.
        Json doc = Json::parse(serializeSession(richSession()));
        doc["extra"] = "@@";
        std::string text = doc.dump();
        const std::string deep = std::string(300, '[') + std::string(300, ']');
        text.replace(text.find("\"@@\""), 4, deep);
        const auto parsed = parseSession(text, kFile);
        QVERIFY(!parsed.ok());
        QVERIFY2(errorText(parsed.error()).contains(QStringLiteral("nesting deeper than 256")),
                 parsed.error().toString().c_str());
        QCOMPARE(parsed.error().where.line, std::int64_t(1));
    }

    void ceilingsFileReadAsSessionSaysWhatItIs() {
        const std::string path = ROOFSCOPE_TEST_DATA "/ceilings-v1.json";
        const auto read = readSessionFile(path);
        QVERIFY(!read.ok());
        QCOMPARE(errorText(read.error()),
                 QString::fromStdString(path) +
                     QStringLiteral(": at /format: this is a 'roofscope-ceilings' document, not a "
                                    "session ('roofscope-session')"));
    }
};

QTEST_APPLESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
