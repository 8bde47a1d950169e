// The trace parser's two instruction-set paths (core/import/parse_isa.h) read every fixture, every
// damaged input and every shared sample into the same events, field by field, and fail on bad
// input with the same message at the same byte; and the environment picks the path. (CTest also
// runs the importer's own suites a second time under ROOFSCOPE_ISA=baseline.)

#include "core/import/kineto/kineto_reader.h"
#include "core/import/parse_isa.h"

#include <QtTest>

#include <sstream>
#include <string>

using namespace roofscope;

Q_DECLARE_METATYPE(std::string)

namespace {

// Every field the parser fills, one line per event, names resolved: two reads agree when their
// digests are equal, and the first differing line says where they do not.
std::string digest(const Result<TraceEvents>& r) {
    std::ostringstream o;
    if (!r.ok()) {
        o << "error " << r.error().toString() << '\n';
        return o.str();
    }
    const TraceEvents& t = r.value();
    auto text = [&](std::uint32_t id) {
        return id == kNoIndex ? std::string("-") : t.strings.text(id);
    };
    o << "seen " << t.eventsSeen << " strings " << t.strings.size() << '\n';
    for (const auto& c : t.cpu)
        o << "cpu " << int(c.kind) << ' ' << text(c.name) << ' ' << text(c.thread) << ' ' << c.tsNs
          << ' ' << c.durNs << ' ' << c.externalId << ' ' << c.shapes << ' ' << c.collective << ' '
          << c.device << ' ' << c.stream << '\n';
    for (const auto& g : t.gpu)
        o << "gpu " << int(g.kind) << ' ' << text(g.name) << ' ' << g.tsNs << ' ' << g.durNs << ' '
          << g.device << ' ' << g.stream << ' ' << g.externalId << ' ' << g.correlation << ' '
          << g.bytes << ' ' << g.collective << '\n';
    for (const auto& rt : t.runtime)
        o << "runtime " << text(rt.name) << ' ' << text(rt.thread) << ' ' << rt.tsNs << ' '
          << rt.durNs << ' ' << rt.externalId << ' ' << rt.correlation << '\n';
    for (const auto& c : t.counters) {
        o << "counters " << text(c.name) << ' ' << c.tsNs << ' ' << c.durNs;
        for (const auto& row : c.instructions)
            for (double v : row)
                o << ' ' << v;
        o << '\n';
    }
    for (const auto& s : t.shapes)
        o << "shapes " << s.dims << " | " << s.types << " | " << s.concrete << '\n';
    for (const auto& c : t.collectives)
        o << "collective " << c.name << ' ' << c.inNelems << ' ' << c.outNelems << ' ' << c.dtype
          << ' ' << c.groupSize << ' ' << c.processGroup << '\n';
    for (const auto& w : t.warnings)
        o << "warning " << w << '\n';
    return o.str();
}

std::string firstDifference(const std::string& a, const std::string& b) {
    std::istringstream x(a), y(b);
    std::string l, m;
    for (int line = 1;; ++line) {
        const bool more = bool(std::getline(x, l)), moreB = bool(std::getline(y, m));
        if (!more && !moreB)
            return "no difference";
        if (l != m || more != moreB)
            return "line " + std::to_string(line) + ":\n  baseline: " + l + "\n  avx2:     " + m;
    }
}

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

void addFiles(const QString& dir, const QStringList& patterns) {
    const QDir d(dir);
    for (const QString& f : d.entryList(patterns, QDir::Files, QDir::Name))
        QTest::newRow(f.toUtf8().constData()) << d.filePath(f).toStdString();
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

    void bothPathsReadTheSameEvents_data() {
        QTest::addColumn<std::string>("path");
        addFiles(QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto"), {"*.json"});
        addFiles(QStringLiteral(ROOFSCOPE_TEST_DATA "/fuzz/kineto"), {"*"});
        addFiles(QStringLiteral(ROOFSCOPE_SAMPLES), {"kineto_*.json.gz"});
    }
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
