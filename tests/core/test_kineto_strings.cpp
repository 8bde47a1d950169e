// Strings in trace events are read as JSON means them: a string without an escape is taken as
// written (a view into the batch), one with escapes is unescaped, whatever the field (name, cat,
// ph, a string tid, collective args), and blanks after the closing quote are not part of it; keys
// with escapes are compared unescaped.
// Each row's expected text is the JSON string decoded by hand.

#include "core/import/kineto/kineto_reader.h"

#include <QtTest>

#include <string>

using namespace roofscope;

Q_DECLARE_METATYPE(std::string)

namespace {

Result<TraceEvents> readText(const std::string& text) {
    auto stream = memoryByteStream(text, "t.json");
    return readKineto(*stream, "t.json", {});
}

} // namespace

class TestKinetoStrings : public QObject {
    Q_OBJECT

  private slots:
    // One kernel event whose fields are spelled as in `fields`; the kernel's name, stream and
    // collective name as read. Plain literals: moc misreads raw strings holding backslashes.
    void kernelFields_data() {
        QTest::addColumn<std::string>("fields");
        QTest::addColumn<std::string>("name");
        QTest::addColumn<int>("stream");
        QTest::addColumn<std::string>("collective");
        const std::string base = "\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,\"dur\":2,\"pid\":0,";
        QTest::newRow("plain") << base + "\"tid\":7,\"name\":\"gemm\"" << std::string("gemm") << 7
                               << std::string();
        QTest::newRow("blanks after the name")
            << base + "\"tid\":7,\"name\":\"gemm\"   \n ,\"args\":{}" << std::string("gemm") << 7
            << std::string();
        QTest::newRow("name last, blanks before the brace")
            << base + "\"tid\":7,\"name\":\"gemm\"\t " << std::string("gemm") << 7 << std::string();
        // "a\"b\\c" is a"b\c.
        QTest::newRow("escaped quote and backslash")
            << base + "\"tid\":7,\"name\":\"a\\\"b\\\\c\"" << std::string("a\"b\\c") << 7
            << std::string();
        // \u00e9 is U+00E9, two bytes in UTF-8; \ud83d\ude00 a surrogate pair, four bytes.
        QTest::newRow("unicode escapes")
            << base + "\"tid\":7,\"name\":\"caf\\u00e9 \\ud83d\\ude00\""
            << std::string("caf\xc3\xa9 \xf0\x9f\x98\x80") << 7 << std::string();
        QTest::newRow("UTF-8 as written") << base + "\"tid\":7,\"name\":\"caf\xc3\xa9\""
                                          << std::string("caf\xc3\xa9") << 7 << std::string();
        QTest::newRow("empty name")
            << base + "\"tid\":7,\"name\":\"\"" << std::string() << 7 << std::string();
        // "stream \u0039" is "stream 9": the legacy GPU tid.
        QTest::newRow("escaped string tid") << base + "\"tid\":\"stream \\u0039\",\"name\":\"k\""
                                            << std::string("k") << 9 << std::string();
        QTest::newRow("collective name escaped")
            << base +
                   "\"tid\":7,\"name\":\"nccl\",\"args\":{\"Collective name\":\"all\\u005freduce\"}"
            << std::string("nccl") << 7 << std::string("all_reduce");
        QTest::newRow("collective name plain")
            << base + "\"tid\":7,\"name\":\"nccl\",\"args\":{\"Collective name\":\"allreduce\" }"
            << std::string("nccl") << 7 << std::string("allreduce");
    }
    void kernelFields() {
        QFETCH(std::string, fields);
        QFETCH(std::string, name);
        QFETCH(int, stream);
        QFETCH(std::string, collective);
        auto r = readText("{\"traceEvents\": [{" + fields + "}]}");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QCOMPARE(t.gpu.size(), std::size_t(1));
        QCOMPARE(t.strings.text(t.gpu[0].name), name);
        QCOMPARE(t.gpu[0].stream, stream);
        if (collective.empty()) {
            QCOMPARE(t.gpu[0].collective, kNoIndex);
        } else {
            QVERIFY(t.gpu[0].collective < t.collectives.size());
            QCOMPARE(t.collectives[t.gpu[0].collective].name, collective);
        }
    }

    // Keys with escapes are compared unescaped, the escape early or past the first 16 bytes:
    // "n\u0061me" is name, "Process Group Descr\u0069ption" Process Group Description.
    void escapedKeys() {
        auto r = readText("{\"traceEvents\": [{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1,"
                          "\"dur\":2,\"n\\u0061me\":\"k\",\"args\":{\"Collective name\":"
                          "\"allreduce\",\"Process Group Descr\\u0069ption\":\"tp\"}}]}");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        const TraceEvents& t = r.value();
        QCOMPARE(t.gpu.size(), std::size_t(1));
        QCOMPARE(t.strings.text(t.gpu[0].name), std::string("k"));
        QVERIFY(t.gpu[0].collective < t.collectives.size());
        QCOMPARE(t.collectives[t.gpu[0].collective].processGroup, std::string("tp"));
    }

    // Category and phase written with escapes mean what they spell: "ker\u006eel" is a kernel,
    // "\u0058" an X; a category that only looks like one once unescaped wrongly is not.
    void escapedCategoryAndPhase_data() {
        QTest::addColumn<std::string>("cat");
        QTest::addColumn<std::string>("ph");
        QTest::addColumn<int>("kernels");
        QTest::newRow("escaped cat") << std::string("ker\\u006eel") << std::string("X") << 1;
        QTest::newRow("escaped ph") << std::string("kernel") << std::string("\\u0058") << 1;
        QTest::newRow("escaped slash is not kernel")
            << std::string("ker\\/nel") << std::string("X") << 0;
        QTest::newRow("phase i") << std::string("kernel") << std::string("\\u0069") << 0;
    }
    void escapedCategoryAndPhase() {
        QFETCH(std::string, cat);
        QFETCH(std::string, ph);
        QFETCH(int, kernels);
        auto r = readText("{\"traceEvents\": [{\"ph\":\"" + ph + "\",\"cat\":\"" + cat +
                          "\",\"name\":\"k\",\"ts\":1,\"dur\":2}]}");
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(int(r.value().gpu.size()), kernels);
    }
};

QTEST_APPLESS_MAIN(TestKinetoStrings)
#include "test_kineto_strings.moc"
