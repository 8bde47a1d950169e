// The structure scanner that cuts traceEvents into batches: strings, escapes and brackets across
// 64-byte blocks and across calls, and the two kinds of ends it reports.

#include "core/import/json_structure_scanner.h"
#include "core/import/kineto/kineto_time.h"

#include <QtTest>

#include <string>

using roofscope::detail::JsonStructureScanner;
using roofscope::detail::microsToNanos;

Q_DECLARE_METATYPE(std::string)

namespace {
constexpr auto npos = JsonStructureScanner::npos;

// Positions just after each value that closes at depth 0, found one call per value.
std::vector<std::size_t> valueEnds(const std::string& text) {
    std::vector<std::size_t> ends;
    JsonStructureScanner scanner;
    std::size_t at = 0;
    while (at < text.size()) {
        const auto found = scanner.scan(text.data() + at, text.size() - at, true);
        if (found.lastValueEnd == npos)
            break;
        at += found.lastValueEnd;
        ends.push_back(at);
    }
    return ends;
}
void addValueEnds(bool avx2) {
    const char* isa = avx2 ? "avx2 if present" : "sse2";
    QTest::addRow("two objects (%s)", isa)
        << std::string("{},{}") << std::vector<std::size_t>{2, 5} << avx2;
    QTest::addRow("nested (%s)", isa)
        << std::string("{\"a\":[1,{\"b\":[]}]} ,[]") << std::vector<std::size_t>{18, 22} << avx2;
    QTest::addRow("brackets in strings (%s)", isa)
        << std::string("{\"n\":\"}]{[\"},{}") << std::vector<std::size_t>{12, 15} << avx2;
    QTest::addRow("escaped quote (%s)", isa)
        << std::string("{\"n\":\"a\\\"}\"},{}") << std::vector<std::size_t>{12, 15} << avx2;
    QTest::addRow("escaped backslash before quote (%s)", isa)
        << std::string("{\"n\":\"a\\\\\"},{}") << std::vector<std::size_t>{11, 14} << avx2;
    QTest::addRow("three backslashes (%s)", isa)
        << std::string("{\"n\":\"\\\\\\\"}\"}") << std::vector<std::size_t>{13} << avx2;
    std::string longString =
        "{\"n\":\"" + std::string(150, 'x') + "}\\\"" + std::string(70, '{') + "\"}";
    QTest::addRow("long string across blocks (%s)", isa)
        << longString + ",{}" << std::vector<std::size_t>{longString.size(), longString.size() + 3}
        << avx2;
    std::string escapeAtBoundary(63, ' ');
    escapeAtBoundary = "{\"" + std::string(61, 'y') + "\\\"}\"}";
    QTest::addRow("escape at a block boundary (%s)", isa)
        << escapeAtBoundary << std::vector<std::size_t>{escapeAtBoundary.size()} << avx2;
}

// The scanner's contract written byte by byte, with nothing shared with its block code: what
// scan(data, n, false) returns for a scanner fresh from reset().
JsonStructureScanner::Found referenceScan(const std::string& text) {
    JsonStructureScanner::Found found;
    std::int64_t depth = 0;
    bool inString = false, escaped = false;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (inString) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
        } else if (c == '{' || c == '[') {
            ++depth;
        } else if (c == '}' || c == ']') {
            if (--depth < 0) {
                found.containerEnd = i;
                return found;
            }
            if (depth == 0)
                found.lastValueEnd = i + 1;
        }
    }
    return found;
}

// Trace-like values: objects of arrays of arrays (Kineto's "Input Dims") to a depth of 5, strings
// that hold brackets, quotes and backslashes. Deterministic for a seed.
class ValueMaker {
  public:
    explicit ValueMaker(std::uint32_t seed) : state_(seed * 2654435761u + 1) {}
    std::string value(int depth) {
        std::string out;
        add(out, depth);
        return out;
    }

  private:
    std::uint32_t next(std::uint32_t below) {
        state_ = state_ * 1664525u + 1013904223u;
        return (state_ >> 8) % below;
    }
    void addString(std::string& out) {
        static const char pieces[][4] = {"a", "}", "]", "{[", "\\\"", "\\\\", " ", "x,"};
        out += '"';
        for (std::uint32_t n = next(12); n > 0; --n)
            out += pieces[next(8)];
        out += '"';
    }
    void add(std::string& out, int depth) {
        const std::uint32_t kind = depth <= 0 ? next(2) : next(5);
        if (kind == 0) {
            out += std::to_string(next(100000));
        } else if (kind == 1) {
            addString(out);
        } else if (kind == 2 || kind == 3) {
            out += '{';
            for (std::uint32_t n = next(6), i = 0; i < n; ++i) {
                out += i ? ", " : "";
                addString(out);
                out += ": ";
                add(out, depth - 1);
            }
            out += '}';
        } else {
            out += '[';
            for (std::uint32_t n = next(5), i = 0; i < n; ++i) {
                out += i ? "," : "";
                add(out, depth - 1);
            }
            out += ']';
        }
    }
    std::uint32_t state_;
};

} // namespace

class TestJsonStructureScanner : public QObject {
    Q_OBJECT

  private slots:
    void valueEnds_data() {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<std::vector<std::size_t>>("ends");
        QTest::addColumn<bool>("avx2");
        addValueEnds(true);
        addValueEnds(false);
    }
    void valueEnds() {
        QFETCH(std::string, text);
        QFETCH(std::vector<std::size_t>, ends);
        QFETCH(bool, avx2);
        JsonStructureScanner::allowAvx2(avx2);
        const auto found = ::valueEnds(text);
        JsonStructureScanner::allowAvx2(true);
        QCOMPARE(found, ends);
    }

    // The state carries across calls: cutting the text anywhere gives the same answers.
    void splitAnywhere_data() {
        QTest::addColumn<bool>("avx2");
        QTest::newRow("avx2 if present") << true;
        QTest::newRow("sse2") << false;
    }
    void splitAnywhere() {
        QFETCH(bool, avx2);
        JsonStructureScanner::allowAvx2(avx2);
        auto restore = qScopeGuard([] { JsonStructureScanner::allowAvx2(true); });
        const std::string text = "{\"a\":\"x\\\\\\\"]}\",\"b\":[{\"c\":\"" + std::string(90, '}') +
                                 "\"}]},{\"d\":\"\\\\\"}]";
        JsonStructureScanner whole;
        const auto expected = whole.scan(text.data(), text.size(), false);
        QVERIFY(expected.containerEnd == text.size() - 1);
        QVERIFY(expected.lastValueEnd == text.size() - 1);
        for (std::size_t cut = 0; cut <= text.size(); ++cut) {
            JsonStructureScanner scanner;
            const auto first = scanner.scan(text.data(), cut, false);
            QVERIFY(first.containerEnd == npos || cut == text.size());
            if (cut == text.size())
                continue;
            const auto second = scanner.scan(text.data() + cut, text.size() - cut, false);
            QCOMPARE(second.containerEnd + cut, expected.containerEnd);
        }
    }

    // Generated trace-like arrays, cut at many places (as a window ends mid-event), against the
    // byte-by-byte reference, on both block classifiers and prefix-XORs.
    void agreesWithReference_data() {
        QTest::addColumn<bool>("avx2");
        QTest::newRow("avx2 if present") << true;
        QTest::newRow("sse2") << false;
    }
    void agreesWithReference() {
        QFETCH(bool, avx2);
        JsonStructureScanner::allowAvx2(avx2);
        auto restore = qScopeGuard([] { JsonStructureScanner::allowAvx2(true); });
        int compared = 0;
        for (std::uint32_t seed = 1; seed <= 40; ++seed) {
            ValueMaker make(seed);
            std::string text;
            for (int i = 0; i < 30; ++i)
                text += (i ? ",\n  " : "") + make.value(5);
            text += "] ,\"after\": [1]";
            for (std::size_t cut = 1; cut <= text.size(); cut += 1 + seed % 97) {
                const std::string part = text.substr(0, cut);
                JsonStructureScanner scanner;
                const auto found = scanner.scan(part.data(), part.size(), false);
                const auto expected = referenceScan(part);
                if (found.lastValueEnd != expected.lastValueEnd ||
                    found.containerEnd != expected.containerEnd)
                    QFAIL(qPrintable(QString("seed %1, first %2 bytes: value end %3 (expected %4), "
                                             "container end %5 (expected %6)")
                                         .arg(seed)
                                         .arg(cut)
                                         .arg(qint64(found.lastValueEnd))
                                         .arg(qint64(expected.lastValueEnd))
                                         .arg(qint64(found.containerEnd))
                                         .arg(qint64(expected.containerEnd))));
                ++compared;
            }
            // The whole array ends at its ']': the generator made what it meant to.
            QVERIFY(referenceScan(text).containerEnd == text.find("] ,\"after\""));
        }
        QVERIFY(compared > 1000);
    }

    void containerEnd() {
        JsonStructureScanner scanner;
        const std::string text = "{\"a\":1}, {\"b\":\"]\"}]  ,\"after\"";
        const auto found = scanner.scan(text.data(), text.size(), false);
        QCOMPARE(found.lastValueEnd, std::size_t(18));
        QCOMPARE(found.containerEnd, std::size_t(18));
        QCOMPARE(scanner.depth(), std::int64_t(0));
    }

    void microseconds_data() {
        QTest::addColumn<QString>("token");
        QTest::addColumn<qint64>("ns");
        QTest::addColumn<bool>("valid");
        QTest::addRow("integer") << "12" << qint64(12000) << true;
        QTest::addRow("three decimals") << "12.345" << qint64(12345) << true;
        QTest::addRow("one decimal") << "0.5" << qint64(500) << true;
        QTest::addRow("rounded fourth decimal") << "1.0005" << qint64(1001) << true;
        QTest::addRow("epoch microseconds")
            << "1682725898236567" << qint64(1682725898236567000) << true;
        QTest::addRow("epoch with decimals")
            << "1623142623531625.123" << qint64(1623142623531625123) << true;
        QTest::addRow("negative") << "-2.5" << qint64(-2500) << true;
        QTest::addRow("exponent") << "1.5e3" << qint64(1500000) << true;
        QTest::addRow("trailing blank") << "7 \n" << qint64(7000) << true;
        QTest::addRow("too large") << "1e300" << qint64(0) << false;
        QTest::addRow("seventeen digits") << "12345678901234567" << qint64(0) << false;
        QTest::addRow("text") << "abc" << qint64(0) << false;
        QTest::addRow("string") << "\"1\"" << qint64(0) << false;
        QTest::addRow("dot without digits") << "12." << qint64(0) << false;
        QTest::addRow("empty") << "" << qint64(0) << false;
        QTest::addRow("NaN") << "NaN" << qint64(0) << false;
    }
    void microseconds() {
        QFETCH(QString, token);
        QFETCH(qint64, ns);
        QFETCH(bool, valid);
        const auto r = microsToNanos(token.toStdString());
        QCOMPARE(r.has_value(), valid);
        if (valid)
            QCOMPARE(qint64(*r), ns);
    }
};

QTEST_APPLESS_MAIN(TestJsonStructureScanner)
#include "test_json_structure_scanner.moc"
