// The session document (*.roofscope): exact round trips of every field, stable text and
// forward-compatible reading. On disk: test_session_file_io.cpp; damaged documents:
// test_session_file_errors.cpp; steps: test_session_steps.cpp.
#include "core/json_fields.h"
#include "tests/support/session_fixture.h"

#include <QtTest>

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

    // Version 2 keeps each view's settings in its group of "view"; a version 1 file has them
    // flat in "view" and reads into the same groups. A version 2 file's flat keys are unknown
    // keys, ignored like any other.
    void viewGroupsOfEitherVersion_data() {
        QTest::addColumn<QString>("view");
        QTest::addColumn<int>("version");
        QTest::addColumn<bool>("grouped");
        const QString flat = "\"compare_baseline\": \"a\", \"compare_target\": \"b\", "
                             "\"project_device\": \"d\", \"md_rank\": 3, "
                             "\"cluster_rule\": \"mean\", "
                             "\"moves\": [{\"category\": \"gemm\", \"device\": \"d\"}]";
        const QString groups =
            "\"compare\": {\"baseline\": \"a\", \"target\": \"b\", \"project_device\": "
            "\"d\"}, \"md\": {\"rank\": 3, \"cluster_rule\": \"mean\"}, \"placement\": "
            "{\"moves\": [{\"category\": \"gemm\", \"device\": \"d\"}]}";
        QTest::newRow("version 1, flat") << flat << 1 << true;
        QTest::newRow("version 2, groups") << groups << 2 << true;
        QTest::newRow("version 2 ignores flat keys") << flat << 2 << false;
        QTest::newRow("version 1 ignores groups") << groups << 1 << false;
    }
    void viewGroupsOfEitherVersion() {
        QFETCH(QString, view);
        QFETCH(int, version);
        QFETCH(bool, grouped);
        const std::string text =
            "{\"format\": \"roofscope-session\", \"version\": " + std::to_string(version) +
            ", \"devices\": [{\"id\": \"d\", \"name\": \"D\", \"kind\": \"gpu\", \"compute\": [], "
            "\"memory\": []}], "
            "\"datasets\": [], \"view\": {" +
            view.toStdString() + "}}";
        int read = 0;
        const auto parsed = parseSession(text, "groups", &read);
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QCOMPARE(read, version);
        ViewSettings expected;
        if (grouped) {
            expected.compare = {"a", "b", "d"};
            expected.md = {3, ClusterRule::mean};
            expected.placement.moves = {{Category::gemm, "d"}};
        }
        const ViewSettings& v = parsed.value().view;
        QCOMPARE(v.compare.baseline, expected.compare.baseline);
        QCOMPARE(v.compare.projectDevice, expected.compare.projectDevice);
        QCOMPARE(v.md.rank, expected.md.rank);
        QVERIFY(v == expected);
        // Written back, the groups are where version 2 keeps them.
        const Json doc = Json::parse(serializeSession(parsed.value()));
        QCOMPARE(doc["view"]["md"]["rank"].get<int>(), expected.md.rank);
        QCOMPARE(doc["view"]["compare"]["target"].get<std::string>(), expected.compare.target);
        QCOMPARE(doc["view"]["placement"]["moves"].size(), expected.placement.moves.size());
        QVERIFY(!doc["view"].contains("md_rank"));
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
};

QTEST_APPLESS_MAIN(TestSessionFile)
#include "test_session_file.moc"
