// Damaged and hostile Kineto traces, made here: truncated and corrupt gzip, a gzip bomb, binary
// garbage, and random byte flips. Each ends in an error naming the file and a byte offset, or in
// the partial trace with a warning; never a crash or a hang.

#include "core/import/kineto/kineto_reader.h"

#include "tests/support/gzip_test_support.h"

#include <QtTest>

#include <random>
#include <string>
#include <zlib.h>

using namespace roofscope;

using roofscope::testing::gzip;

namespace {

std::string fixture() {
    QFile f(QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/modern.json"));
    if (!f.open(QIODevice::ReadOnly))
        qFatal("missing fixture");
    return f.readAll().toStdString();
}

Result<TraceEvents> read(std::string bytes, const ByteStreamLimits& limits = {},
                         std::size_t chunk = 256) {
    auto stream = memoryByteStream(std::move(bytes), "d.json.gz", limits);
    KinetoReadOptions options;
    options.chunkBytes = chunk;
    return readKineto(*stream, "d.json.gz", options);
}

} // namespace

class TestKinetoDamaged : public QObject {
    Q_OBJECT

  private slots:
    void gzippedTraceReadsLikePlain() {
        auto plain = read(fixture());
        auto zipped = read(gzip(fixture()));
        QVERIFY(plain.ok() && zipped.ok());
        QCOMPARE(zipped.value().eventsSeen, plain.value().eventsSeen);
        QCOMPARE(zipped.value().gpu.size(), plain.value().gpu.size());
        QVERIFY(zipped.value().warnings.empty());
    }

    // Cut anywhere: the events before the cut survive with a warning naming the file, or there
    // is nothing to keep and the error says where the data ended.
    void truncatedGzip() {
        const std::string zipped = gzip(fixture());
        int partial = 0;
        for (std::size_t cut = 0; cut < zipped.size(); cut += 7) {
            auto r = read(zipped.substr(0, cut));
            if (r.ok()) {
                if (r.value().eventsSeen == 0)
                    continue;
                ++partial;
                QVERIFY(!r.value().warnings.empty());
                const std::string& w = r.value().warnings.back();
                QVERIFY2(w.find("d.json.gz") != std::string::npos, w.c_str());
            } else {
                QCOMPARE(r.error().where.file, std::string("d.json.gz"));
                QVERIFY(r.error().where.byteOffset >= 0);
            }
        }
        QVERIFY(partial > 0);
    }

    void corruptGzip() {
        std::string zipped = gzip(fixture());
        zipped[zipped.size() / 2] ^= 0x55;
        zipped[zipped.size() / 2 + 1] ^= 0x55;
        auto r = read(zipped);
        if (r.ok()) // damage after the last event: kept, with the gzip error as a warning
            QVERIFY(!r.value().warnings.empty());
        else
            QVERIFY2(r.error().where.byteOffset >= 0, r.error().toString().c_str());
    }

    void gzipBomb() {
        std::string bomb = "{\"traceEvents\": [";
        bomb.append(std::size_t(24) << 20, ' ');
        const std::string zipped = gzip(bomb + "]}");
        ByteStreamLimits limits;
        limits.maxRatio = 50;
        limits.ratioGraceBytes = std::size_t(1) << 20;
        auto r = read(zipped, limits, std::size_t(1) << 20);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("maxRatio") != std::string::npos,
                 r.error().toString().c_str());
        QCOMPARE(r.error().where.file, std::string("d.json.gz"));
    }

    void binaryGarbage_data() {
        QTest::addColumn<bool>("zipped");
        QTest::addColumn<bool>("insideEvents");
        QTest::newRow("plain") << false << false;
        QTest::newRow("gzipped") << true << false;
        QTest::newRow("inside traceEvents") << false << true;
        QTest::newRow("gzipped inside traceEvents") << true << true;
    }
    void binaryGarbage() {
        QFETCH(bool, zipped);
        QFETCH(bool, insideEvents);
        std::mt19937 random(42);
        std::string garbage(64 << 10, '\0');
        for (auto& c : garbage)
            c = static_cast<char>(random());
        if (insideEvents)
            garbage = "{\"traceEvents\": [{\"ph\": \"X\"}, " + garbage + "]}";
        else if (garbage[0] == '{' || garbage[0] == '[')
            garbage[0] = 'x';
        auto r = read(zipped ? gzip(garbage) : garbage);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().where.file, std::string("d.json.gz"));
        QVERIFY2(r.error().where.byteOffset >= 0, r.error().toString().c_str());
    }

    // A few hundred random byte flips: whatever the reader says, it says it without crashing,
    // and an error always has a position.
    void randomFlips() {
        const std::string text = fixture();
        std::mt19937 random(7);
        for (int round = 0; round < 400; ++round) {
            std::string damaged = text;
            const int flips = 1 + int(random() % 4);
            for (int i = 0; i < flips; ++i)
                damaged[random() % damaged.size()] = static_cast<char>(random());
            auto r = read(damaged, {}, 64 + random() % 300);
            if (!r.ok())
                QVERIFY2(r.error().where.byteOffset >= 0 && !r.error().message.empty(),
                         r.error().toString().c_str());
        }
    }
};

QTEST_APPLESS_MAIN(TestKinetoDamaged)
#include "test_kineto_damaged.moc"
