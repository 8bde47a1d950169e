// The session reader on damaged documents: a clear error with file and position for every kind
// of damage a file can suffer, and nesting that cannot exhaust the stack.
#include "core/json_fields.h"
#include "tests/support/document_test_support.h"
#include "tests/support/session_fixture.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestSessionFileErrors : public QObject {
    Q_OBJECT

  private slots:
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
            << QStringList{"newer", "version 99", "reads up to version 2", "upgrade"};
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
                           "fp8, int8, fp4, other)"};
        QTest::newRow("unknown device kind")
            << patched("/devices/1/kind", "\"quantum\"") << 0 << 0 << "/devices/1/kind"
            << QStringList{"unknown value 'quantum' (expected one of: gpu, cpu, fpga, asic, tpu, "
                           "ndp)"};
        QTest::newRow("unknown category")
            << patched("/datasets/0/records/0/category", "\"banana\"") << 0 << 0
            << "/datasets/0/records/0/category"
            << QStringList{"unknown value 'banana'", "gemm, conv, attention",
                           "collective, memory, other"};
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
                           "md_roofline, time_based, comparison, placement, cost, matrix)"};
        QTest::newRow("unknown cluster rule")
            << patched("/view/md/cluster_rule", "\"median\"") << 0 << 0 << "/view/md/cluster_rule"
            << QStringList{"unknown value 'median' (expected one of: slowest, mean)"};
        QTest::newRow("md_rank below -1")
            << patched("/view/md/rank", "-2") << 0 << 0 << "/view/md/rank"
            << QStringList{"expected -1 (all ranks) or a rank"};
        QTest::newRow("move to a device not in the session")
            << patched("/view/placement/moves/1/device", "\"tpu-v9\"") << 0 << 0
            << "/view/placement/moves/1/device"
            << QStringList{"device 'tpu-v9' is not in the session"};
        QTest::newRow("move of an unknown category")
            << patched("/view/placement/moves/0/category", "\"io\"") << 0 << 0
            << "/view/placement/moves/0/category" << QStringList{"unknown value 'io'"};
        QTest::newRow("moves is an object")
            << patched("/view/placement/moves", "{}") << 0 << 0 << "/view/placement/moves"
            << QStringList{"expected an array"};
        QTest::newRow("price of a device not in the session")
            << patched("/prices/tpu-v9", "1.5") << 0 << 0 << "/prices/tpu-v9"
            << QStringList{"device 'tpu-v9' is not in the session"};
        QTest::newRow("negative price") << patched("/prices/test-gpu-a", "-1") << 0 << 0
                                        << "/prices/test-gpu-a" << QStringList{"negative"};
        QTest::newRow("prices is an array")
            << patched("/prices", "[]") << 0 << 0 << "/prices" << QStringList{"expected an object"};
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
        const std::size_t cut =
            fraction >= 1.0 ? text.rfind('}')
                            : std::max<std::size_t>(1, std::size_t(fraction * double(text.size())));
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

QTEST_APPLESS_MAIN(TestSessionFileErrors)
#include "test_session_file_errors.moc"
