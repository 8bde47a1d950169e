// The session document (*.roofscope): exact round trips of every field, stable text, atomic
// writes and forward-compatible reading. Damaged documents: test_session_file_errors.cpp.
#include "json_fields.h"
#include "session_fixture.h"
#include "text_file.h"

#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <sys/stat.h>

using namespace roofscope;
using namespace roofscope::testing;

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
        QCOMPARE(enumText(p.datasets[0].records[1].collective.value()),
                 QStringLiteral("all_reduce"));
        QCOMPARE(p.datasets[0].records[1].groupSize, 8);
        QCOMPARE(enumText(p.datasets[0].records[1].commBytes.at(Link::inter_node).origin),
                 QStringLiteral("measured"));
        QCOMPARE(enumText(p.datasets[0].records[2].flops.origin), QStringLiteral("absent"));
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

    void datasetColourRoundTripsAndIsOptional() {
        Session s = richSession();
        s.datasets[0].context.color = "#1a2B3c";
        s.view.hiddenDatasets = {s.datasets[0].context.label};
        const std::string text = serializeSession(s);
        const Json doc = Json::parse(text);
        QCOMPARE(doc["datasets"][0]["context"]["color"].get<std::string>(), std::string("#1a2B3c"));
        // Without a colour the key stays out, so version-1 readers see what they always saw.
        QVERIFY(!doc["datasets"][1]["context"].contains("color"));
        const auto parsed = parseSession(text, "colour.roofscope");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == s);
    }

    void aMalformedColourIsAnErrorWithItsPath_data() {
        QTest::addColumn<QString>("color");
        QTest::newRow("name") << "red";
        QTest::newRow("short") << "#abc";
        QTest::newRow("not hex") << "#12345g";
    }

    void aMalformedColourIsAnErrorWithItsPath() {
        QFETCH(QString, color);
        Json doc = Json::parse(serializeSession(richSession()));
        doc["datasets"][1]["context"]["color"] = color.toStdString();
        const auto parsed = parseSession(doc.dump(), "colour.roofscope");
        QVERIFY(!parsed.ok());
        QVERIFY2(parsed.error().toString().find("/datasets/1/context/color") != std::string::npos,
                 parsed.error().toString().c_str());
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
        QCOMPARE(enumText(d.kind), QStringLiteral("gpu"));
        QCOMPARE(d.aliases, std::vector<std::string>{"Fixture GPU 16GB"});
        const Ceiling& tensor = d.ceilings.compute.at({Precision::fp16, ComputeUnit::tensor});
        QCOMPARE(tensor.value, 1.25e14);
        QCOMPARE(enumText(tensor.provenance.kind), QStringLiteral("spec"));
        QCOMPARE(tensor.provenance.sourceUrl, std::string("https://example.org/fixture-gpu"));
        const Ceiling& dram = d.ceilings.memory.at(MemoryLevel::dram);
        QCOMPARE(dram.value, 4.5e11);
        QCOMPARE(enumText(dram.provenance.kind), QStringLiteral("measured"));
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
        QCOMPARE(enumText(records[0].category), QStringLiteral("gemm"));
        QCOMPARE(enumText(records[0].phase), QStringLiteral("backward"));
        QCOMPARE(records[0].stream, 13);
        QCOMPARE(enumText(records[0].precision), QStringLiteral("fp16"));
        QVERIFY(records[0].usesTensorUnits);
        QCOMPARE(records[0].count, std::int64_t(4));
        QVERIFY(records[0].flops == Measure::estimated(6.0e12));
        QVERIFY(records[0].timeS == Measure::measured(0.05));
        QVERIFY(records[0].bytes.at(MemoryLevel::dram) == Measure::measured(2.0e9));
        QVERIFY(records[0].bytes.at(MemoryLevel::l2) == Measure::estimated(3.0e9));
        QCOMPARE(enumText(records[1].collective.value()), QStringLiteral("all_gather"));
        QCOMPARE(records[1].groupSize, 2);
        QVERIFY(records[1].commBytes.at(Link::p2p) == Measure::measured(1.0e8));
        QVERIFY(!records[1].flops.known());
        QCOMPARE(enumText(s.view.view), QStringLiteral("hierarchical"));
        QCOMPARE(enumText(s.view.colorBy), QStringLiteral("category"));
        QVERIFY(s.view.pointStyle == PointStyle::automatic); // absent in version 1 files
        QCOMPARE(enumText(s.view.precision), QStringLiteral("fp16"));
        QCOMPARE(enumText(s.view.memoryLevel), QStringLiteral("l2"));
        QCOMPARE(enumText(s.view.link), QStringLiteral("p2p"));
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
        QCOMPARE(enumText(r.category), QStringLiteral("gemm"));
        QCOMPARE(enumText(r.phase), QStringLiteral("backward"));
        QCOMPARE(enumText(r.precision), QStringLiteral("fp16"));
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
                                     << "is a directory, not a regular file";
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

    // The writer refuses what the reader would refuse, so a save can never replace a good file
    // with one that does not open again.
    void aSessionTheReaderWouldRefuseIsNotWritten_data() {
        QTest::addColumn<QString>("damage");
        QTest::addColumn<QString>("pointer");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("rank beyond the world size") << "rank"
                                                    << "/datasets/0/context"
                                                    << "rank 9 does not fit world size 8";
        QTest::newRow("spec ceiling without its source")
            << "source"
            << "/devices/0/compute/1/provenance/source_url"
            << "a spec ceiling needs the URL of its source";
        QTest::newRow("record launched zero times") << "count"
                                                    << "/datasets/0/records/0/count"
                                                    << "must be at least 1";
        QTest::newRow("selection of a record that is gone")
            << "selection"
            << "/view/selection/0"
            << "selection refers to a record that does not exist";
    }
    void aSessionTheReaderWouldRefuseIsNotWritten() {
        QFETCH(QString, damage);
        QFETCH(QString, pointer);
        QFETCH(QString, fragment);
        Session bad = richSession();
        if (damage == QLatin1String("rank"))
            bad.datasets[0].context.rank = 9;
        else if (damage == QLatin1String("source"))
            bad.devices[0]
                .ceilings.compute[{Precision::fp16, ComputeUnit::tensor}]
                .provenance.sourceUrl.clear();
        else if (damage == QLatin1String("count"))
            bad.datasets[0].records[0].count = 0;
        else
            bad.view.selection = {{1, 5}};

        QTemporaryDir dir;
        QVERIFY(dir.isValid());
        const QString qpath = dir.filePath(QStringLiteral("run.roofscope"));
        const std::string path = qpath.toStdString();
        QVERIFY(writeSessionFile(path, richSession()).ok());
        const std::string good = serializeSession(richSession());

        const Status written = writeSessionFile(path, bad);
        QVERIFY(!written.ok());
        const Error& e = written.error();
        QCOMPARE(e.where.file, path);
        QCOMPARE(QString::fromStdString(e.where.path), pointer);
        // Nothing was written, so a line in it would point nowhere.
        QCOMPARE(e.where.line, std::int64_t(0));
        const QString text = errorText(e);
        QVERIFY2(text.contains(QStringLiteral("not saved, because it would not open again")),
                 qPrintable(text));
        QVERIFY2(text.contains(fragment), qPrintable(text));
        // The good file is untouched and nothing is left beside it.
        const auto kept = readTextFile(path);
        QVERIFY(kept.ok());
        QVERIFY(kept.value() == good);
        QCOMPARE(entriesOf(dir.path()), QStringList{QStringLiteral("run.roofscope")});
    }
};

QTEST_APPLESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
