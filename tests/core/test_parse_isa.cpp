// The trace parser's two instruction-set paths (core/import/parse_isa.h) read every fixture, every
// damaged input and every shared sample into the same events, field by field, and fail on bad
// input with the same message at the same byte; and the environment picks the path. (CTest also
// runs the importer's own suites a second time under ROOFSCOPE_ISA=baseline.)

#include "core/import/kineto/kineto_reader.h"
#include "core/import/parse_isa.h"
#include "tests/support/kineto_file_rows.h"
#include "tests/support/trace_events_digest.h"

#include <QtTest>

#include <string>

using namespace roofscope;

Q_DECLARE_METATYPE(std::string)

using roofscope::testing::digest;
using roofscope::testing::firstDifference;

namespace {

std::string readUnder(ParseIsa isa, const std::string& path, std::size_t chunk) {
    overrideParseIsa(isa);
    KinetoReadOptions options;
    options.chunkBytes = chunk;
    const std::string d = digest(readKinetoFile(path, options));
    overrideParseIsa(std::nullopt);
    return d;
}

std::string readTextUnder(ParseIsa isa, const std::string& text) {
    overrideParseIsa(isa);
    auto stream = memoryByteStream(text, "t.json");
    const std::string d = digest(readKineto(*stream, "t.json", {}));
    overrideParseIsa(std::nullopt);
    return d;
}

} // namespace

class TestParseIsa : public QObject {
    Q_OBJECT

  private slots:
    void environmentChoosesThePath() {
        const QByteArray wanted = qgetenv("ROOFSCOPE_ISA");
        const ParseIsa expected = wanted == "baseline" || !parseIsaAvailable(ParseIsa::avx2)
                                      ? ParseIsa::baseline
                                      : ParseIsa::avx2;
        QCOMPARE(parseIsaName(activeParseIsa()), parseIsaName(expected));
        QVERIFY(parseIsaAvailable(ParseIsa::baseline));
    }

    void overrideRefusesAnUnavailablePath() {
        if (parseIsaAvailable(ParseIsa::avx2))
            QSKIP("this CPU has the AVX2 path");
        QVERIFY(!overrideParseIsa(ParseIsa::avx2));
        QCOMPARE(parseIsaName(activeParseIsa()), std::string_view("baseline"));
    }

    void bothPathsReadTheSameEvents_data() { roofscope::testing::addEveryKinetoFileRow(); }
    void bothPathsReadTheSameEvents() {
        QFETCH(std::string, path);
        if (!parseIsaAvailable(ParseIsa::avx2))
            QSKIP("this CPU or build has no AVX2 path to compare with");
        // Small batches as well as one: a batch boundary must not move anything either.
        for (const std::size_t chunk : {std::size_t(4) << 10, std::size_t(16) << 20}) {
            const std::string baseline = readUnder(ParseIsa::baseline, path, chunk);
            const std::string avx2 = readUnder(ParseIsa::avx2, path, chunk);
            QVERIFY2(baseline.size() > 20, baseline.c_str());
            QVERIFY2(baseline == avx2, firstDifference(baseline, avx2).c_str());
        }
    }

    // Damage the two kernels see differently: strings (SIMD copy and unescape), numbers, and
    // where the structure breaks.
    void bothPathsFailAlike_data() {
        QTest::addColumn<std::string>("text");
        // Plain literals: moc misreads raw strings holding backslashes.
        const std::string head =
            "{\"traceEvents\":[{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\","
            "\"ts\":1,\"dur\":2,\"pid\":0,\"tid\":7,\"args\":{\"correlation\":5}},";
        QTest::newRow("truncated in a string")
            << head + "{\"ph\":\"X\",\"name\":\"abcdefghijklmnopqrstuvwxyz";
        QTest::newRow("bad escape") << head + "{\"ph\":\"X\",\"name\":\"a\\q\"}]}";
        QTest::newRow("control character in a string") << head + "{\"ph\":\"X\",\"name\":\"a\x01"
                                                                 "b\"}]}";
        QTest::newRow("number of the wrong type")
            << head + "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":1,\"dur\":2,"
                      "\"args\":{\"device\":\"x\"}}]}";
        QTest::newRow("bad number")
            << head + "{\"ph\":\"X\",\"cat\":\"kernel\",\"ts\":1e,\"dur\":2}]}";
        QTest::newRow("missing colon") << head + "{\"ph\" \"X\"}]}";
        QTest::newRow("escaped unicode name")
            << head + "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"\\u00e9\\ud83d\\ude00 long "
                      "enough to cross 32 bytes\",\"ts\":1,\"dur\":2}]}";
    }
    void bothPathsFailAlike() {
        QFETCH(std::string, text);
        if (!parseIsaAvailable(ParseIsa::avx2))
            QSKIP("this CPU or build has no AVX2 path to compare with");
        const std::string baseline = readTextUnder(ParseIsa::baseline, text);
        const std::string avx2 = readTextUnder(ParseIsa::avx2, text);
        QVERIFY2(baseline == avx2, firstDifference(baseline, avx2).c_str());
    }
};

QTEST_GUILESS_MAIN(TestParseIsa)
#include "test_parse_isa.moc"
