// Byte streams: plain and gzip bytes come back exactly, whatever the read size; concatenated
// members are one stream; damaged gzip (truncated, corrupt, trailing junk) and gzip bombs fail
// with the file and the compressed offset; directories, FIFOs and devices are refused without
// blocking. Every case runs with each inflater the build has (zlib always, ISA-L when found).
// All gzip data is made here with zlib, so no binary fixture is committed.
#include "core/import/byte_stream.h"
#include "core/import/byte_stream_internal.h"

#include "tests/support/gzip_test_support.h"

#include <QtTest>

#include <optional>
#include <sys/stat.h>
#include <zlib.h>

using namespace roofscope;
using detail::InflateBackend;

Q_DECLARE_METATYPE(std::string)
Q_DECLARE_METATYPE(std::vector<std::string>)

using roofscope::testing::gzip;

namespace {

constexpr std::size_t kMiB = std::size_t(1) << 20;

// `zeros` zero bytes gzipped at level 9 without ever holding them: a gzip bomb (~1000x).
std::string gzipZeros(std::uint64_t zeros) {
    z_stream z{};
    if (deflateInit2(&z, 9, Z_DEFLATED, 31, 9, Z_DEFAULT_STRATEGY) != Z_OK)
        qFatal("deflateInit2 failed");
    const std::string block(kMiB, '\0');
    std::string out;
    char buffer[1 << 16];
    std::uint64_t left = zeros;
    int flush = Z_NO_FLUSH;
    do {
        if (z.avail_in == 0 && left > 0) {
            const std::size_t n = static_cast<std::size_t>(std::min<std::uint64_t>(left, kMiB));
            z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(block.data()));
            z.avail_in = static_cast<uInt>(n);
            left -= n;
        }
        flush = left == 0 ? Z_FINISH : Z_NO_FLUSH;
        z.next_out = reinterpret_cast<Bytef*>(buffer);
        z.avail_out = sizeof buffer;
        deflate(&z, flush);
        out.append(buffer, sizeof buffer - z.avail_out);
    } while (!(flush == Z_FINISH && z.avail_out != 0));
    deflateEnd(&z);
    return out;
}

// Deterministic trace-like text; `hexRun` adds hex noise so that the whole compresses only ~3x, so
// that a few MB of it spans several of the stream's 1 MiB input buffers.
std::string traceText(std::size_t bytes, bool hexRun = false) {
    std::string text = "{\"traceEvents\": [\n";
    std::uint64_t state = 0x9E3779B97F4A7C15ull;
    static const char* names[] = {"aten::mm", "aten::add_", "ncclKernel_AllReduce_RING_LL_Sum",
                                  "ampere_sgemm_128x64_tn", "cudaLaunchKernel"};
    while (text.size() < bytes) {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        text += "  {\"ph\": \"X\", \"name\": \"";
        text += names[state % 5];
        text += "\", \"ts\": " + std::to_string(state % 100000000) +
                ", \"dur\": " + std::to_string(state % 977) +
                ", \"args\": {\"External id\": " + std::to_string(state % 65536);
        if (hexRun) {
            text += ", \"id\": \"";
            for (int i = 0; i < 4; ++i) {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                char hex[20];
                std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(state));
                text += hex;
            }
            text += "\"";
        }
        text += "}},\n";
    }
    text.resize(bytes);
    return text;
}

struct ReadResult {
    std::string bytes;
    std::optional<Error> error;
    int calls = 0;
};

// Reads to the end (or the first error) in reads of `chunk` bytes; `keep` false only counts.
ReadResult readAll(ByteStream& stream, std::size_t chunk, bool keep = true) {
    ReadResult result;
    std::vector<char> buffer(chunk);
    for (;;) {
        ++result.calls;
        auto n = stream.read(buffer.data(), buffer.size());
        if (!n.ok()) {
            result.error = n.error();
            return result;
        }
        if (n.value() == 0)
            return result;
        if (n.value() > chunk)
            qFatal("read() returned more than asked");
        if (keep)
            result.bytes.append(buffer.data(), n.value());
    }
}

QString describe(const std::optional<Error>& error) {
    return error ? QString::fromStdString(error->toString()) : QStringLiteral("no error");
}

} // namespace

class TestByteStream : public QObject {
    Q_OBJECT

  private:
    QTemporaryDir dir_;
    std::string bomb_; // 200 MiB of zeros, gzipped once for both bomb tests

    InflateBackend backend() const {
        QFETCH_GLOBAL(bool, isal);
        return isal ? InflateBackend::isal : InflateBackend::zlib;
    }

    std::string writeFile(const QString& name, const std::string& bytes) {
        const QString path = dir_.filePath(name);
        QFile file(path);
        if (!file.open(QIODevice::WriteOnly) ||
            file.write(bytes.data(), qint64(bytes.size())) != qint64(bytes.size()))
            qFatal("cannot write a test file");
        return path.toStdString();
    }

    // The stream under test: from a file written here or from memory, by the `fromFile` flag.
    std::unique_ptr<ByteStream> open(const std::string& bytes, bool fromFile,
                                     const std::string& name, const ByteStreamLimits& limits = {}) {
        if (!fromFile)
            return detail::memoryByteStream(bytes, name, limits, backend());
        const std::string path = writeFile(QString::fromStdString(name), bytes);
        auto stream = detail::openByteStream(path, limits, backend());
        if (!stream.ok())
            qFatal("cannot open %s: %s", path.c_str(), stream.error().toString().c_str());
        return std::move(stream).value();
    }

    // The name errors must carry for a stream made by open().
    std::string expectedName(const std::string& name, bool fromFile) const {
        return fromFile ? dir_.filePath(QString::fromStdString(name)).toStdString() : name;
    }

  private slots:
    void initTestCase_data() {
        QTest::addColumn<bool>("isal");
        QTest::newRow("zlib") << false;
        QTest::newRow("isal") << true;
    }

    void initTestCase() {
        QVERIFY(dir_.isValid());
        bomb_ = gzipZeros(std::uint64_t(200) * kMiB);
        QVERIFY2(bomb_.size() < 1 * kMiB, "the bomb should compress about 1000x");
    }

    void init() {
        QFETCH_GLOBAL(bool, isal);
        if (isal && !detail::inflateBackendAvailable(InflateBackend::isal))
            QSKIP("this build has no ISA-L");
    }

    void roundTrip_data() {
        QTest::addColumn<std::string>("content");
        QTest::addColumn<std::string>("stored");
        QTest::addColumn<bool>("gzipped");
        QTest::addColumn<bool>("fromFile");
        QTest::addColumn<int>("chunk");

        const std::string small = traceText(1000);
        const std::string medium = traceText(100 * 1000);
        const std::string large = traceText(5 * kMiB, true); // ~2.5 MB gzipped: 3 input buffers
        struct Size {
            const char* name;
            const std::string* text;
            std::vector<int> chunks;
        };
        const Size sizes[] = {{"1000 B", &small, {1, 7, int(kMiB)}},
                              {"100 kB", &medium, {1, 7, int(kMiB)}},
                              {"5 MiB", &large, {4099, int(kMiB), int(16 * kMiB)}}};
        for (const Size& size : sizes) {
            const std::string gzipped = gzip(*size.text);
            for (int chunk : size.chunks)
                for (bool compress : {false, true})
                    for (bool fromFile : {false, true})
                        QTest::addRow("%s %s from %s, reads of %d", size.name,
                                      compress ? "gzip" : "plain", fromFile ? "file" : "memory",
                                      chunk)
                            << *size.text << (compress ? gzipped : *size.text) << compress
                            << fromFile << chunk;
        }
    }
    void roundTrip() {
        QFETCH(std::string, content);
        QFETCH(std::string, stored);
        QFETCH(bool, gzipped);
        QFETCH(bool, fromFile);
        QFETCH(int, chunk);

        auto stream = open(stored, fromFile, "trace.json");
        QCOMPARE(stream->compressed(), gzipped);
        QCOMPARE(stream->fileSize(), std::int64_t(stored.size()));
        QCOMPARE(stream->produced(), std::uint64_t(0));

        const ReadResult got = readAll(*stream, std::size_t(chunk));
        QVERIFY2(!got.error, qPrintable(describe(got.error)));
        QVERIFY(got.bytes == content); // QCOMPARE would print megabytes
        QCOMPARE(stream->produced(), std::uint64_t(content.size()));
        QCOMPARE(stream->fileOffset(), std::uint64_t(stored.size()));
        // The end stays the end.
        char byte;
        auto again = stream->read(&byte, 1);
        QVERIFY(again.ok());
        QCOMPARE(again.value(), std::size_t(0));
    }

    void progressIsMonotonic() {
        const std::string content = traceText(8 * kMiB, true);
        const std::string stored = gzip(content);
        QVERIFY2(stored.size() > 2 * kMiB, qPrintable(QString::number(stored.size())));
        auto stream = open(stored, true, "progress.json.gz");
        std::vector<char> buffer(256 * 1024);
        std::uint64_t last = 0;
        int moves = 0;
        for (;;) {
            auto n = stream->read(buffer.data(), buffer.size());
            QVERIFY(n.ok());
            if (n.value() == 0)
                break;
            QVERIFY(stream->fileOffset() >= last);
            QVERIFY(stream->fileOffset() <= std::uint64_t(stream->fileSize()));
            moves += stream->fileOffset() > last;
            last = stream->fileOffset();
        }
        QVERIFY2(moves >= 3, "progress should move with each input buffer");
        QCOMPARE(last, std::uint64_t(stored.size()));
    }

    void concatenatedMembers_data() {
        QTest::addColumn<std::vector<std::string>>("parts");
        QTest::addColumn<std::string>("padding");
        QTest::addColumn<int>("chunk");

        const std::vector<std::string> three = {traceText(3000), traceText(50000), traceText(7)};
        const std::vector<std::string> withEmpty = {traceText(100), "", traceText(200), ""};
        const std::vector<std::string> big = {traceText(3 * kMiB, true), traceText(40000)};
        for (int chunk : {7, int(kMiB)}) {
            QTest::addRow("three members, reads of %d", chunk) << three << std::string() << chunk;
            QTest::addRow("empty members, reads of %d", chunk)
                << withEmpty << std::string() << chunk;
            QTest::addRow("member across input buffers, reads of %d", chunk)
                << big << std::string() << chunk;
            QTest::addRow("zero padding after the last, reads of %d", chunk)
                << three << std::string(1000, '\0') << chunk;
            QTest::addRow("2 MiB of zero padding, reads of %d", chunk)
                << three << std::string(2 * kMiB, '\0') << chunk;
        }
    }
    void concatenatedMembers() {
        QFETCH(std::vector<std::string>, parts);
        QFETCH(std::string, padding);
        QFETCH(int, chunk);
        std::string stored, expected;
        for (const std::string& part : parts) {
            stored += gzip(part, part.size() % 2 ? 1 : 9);
            expected += part;
        }
        stored += padding;
        for (bool fromFile : {false, true}) {
            auto stream = open(stored, fromFile, "members.json.gz");
            const ReadResult got = readAll(*stream, std::size_t(chunk));
            QVERIFY2(!got.error, qPrintable(describe(got.error)));
            QVERIFY(got.bytes == expected);
            QCOMPARE(stream->fileOffset(), std::uint64_t(stored.size()));
        }
    }

    void emptyInputs_data() {
        QTest::addColumn<std::string>("stored");
        QTest::addColumn<bool>("gzipped");
        QTest::newRow("empty file") << std::string() << false;
        QTest::newRow("one byte") << std::string("\x1f") << false;
        QTest::newRow("empty gzip") << gzip("") << true;
        QTest::newRow("empty gzip, zero padded") << gzip("") + std::string(64, '\0') << true;
        QTest::newRow("two empty members") << gzip("") + gzip("") << true;
    }
    void emptyInputs() {
        QFETCH(std::string, stored);
        QFETCH(bool, gzipped);
        for (bool fromFile : {false, true}) {
            auto stream = open(stored, fromFile, "empty.json");
            QCOMPARE(stream->compressed(), gzipped);
            const ReadResult got = readAll(*stream, 7);
            QVERIFY2(!got.error, qPrintable(describe(got.error)));
            QCOMPARE(got.bytes, gzipped ? std::string() : stored);
            QCOMPARE(stream->fileOffset(), std::uint64_t(stored.size()));
        }
    }

    void truncated_data() {
        QTest::addColumn<std::string>("stored");
        QTest::addColumn<int>("chunk");
        const std::string whole = gzip(traceText(4 * kMiB, true));
        QVERIFY(whole.size() > kMiB + 1);
        const std::size_t size = whole.size();
        const std::pair<const char*, std::size_t> cuts[] = {
            {"magic only", 2},
            {"inside the header", 5},
            {"right after the header", 10},
            {"after the first input buffer", kMiB + 1},
            {"in the middle", size / 2},
            {"before the trailer", size - 8},
            {"inside the trailer", size - 3},
            {"last byte missing", size - 1}};
        for (const auto& [name, cut] : cuts)
            for (int chunk : {4099, int(kMiB)})
                QTest::addRow("%s, reads of %d", name, chunk) << whole.substr(0, cut) << chunk;
        QTest::addRow("second member cut") << gzip("first") + gzip("second").substr(0, 12) << 7;
        QTest::addRow("second member is one byte") << gzip("first") + "\x1f" << 7;
    }
    void truncated() {
        QFETCH(std::string, stored);
        QFETCH(int, chunk);
        for (bool fromFile : {false, true}) {
            auto stream = open(stored, fromFile, "cut.json.gz");
            const ReadResult got = readAll(*stream, std::size_t(chunk), false);
            QVERIFY2(got.error, "a truncated gzip must fail");
            QCOMPARE(got.error->message,
                     std::string("gzip data ends early: the file is truncated"));
            QCOMPARE(got.error->where.file, expectedName("cut.json.gz", fromFile));
            QCOMPARE(got.error->where.byteOffset, std::int64_t(stored.size()));
            // Failed stays failed.
            char byte;
            auto again = stream->read(&byte, 1);
            QVERIFY(!again.ok());
            QCOMPARE(again.error().message, got.error->message);
        }
    }

    void corrupt_data() {
        QTest::addColumn<std::string>("stored");
        QTest::addColumn<QString>("fragment");
        const std::string whole = gzip(traceText(400000));
        const std::size_t size = whole.size();
        auto flipped = [&](std::size_t at) {
            std::string bytes = whole;
            bytes[at] = char(bytes[at] ^ 0x5a);
            return bytes;
        };
        QTest::newRow("byte in the middle") << flipped(size / 2) << "corrupt gzip data";
        QTest::newRow("first deflate byte") << flipped(10) << "corrupt gzip data";
        QTest::newRow("compression method") << flipped(2) << "corrupt gzip data";
        QTest::newRow("CRC in the trailer") << flipped(size - 6) << "incorrect data check";
        QTest::newRow("length in the trailer") << flipped(size - 2) << "corrupt gzip data";
        std::string zeroedMiddle = whole;
        std::fill(zeroedMiddle.begin() + long(size / 3), zeroedMiddle.begin() + long(size / 3 + 64),
                  '\0');
        QTest::newRow("zeroed run in the middle") << zeroedMiddle << "corrupt gzip data";
        QTest::newRow("junk after the last member")
            << whole + "hello"
            << "unexpected data after the end of the gzip data";
        QTest::newRow("junk after zero padding") << whole + std::string(10, '\0') + "x"
                                                 << "unexpected data after the end";
        QTest::newRow("second member with a bad magic")
            << whole + "\x1f\x8c" + whole.substr(2) << "corrupt gzip data";
    }
    void corrupt() {
        QFETCH(std::string, stored);
        QFETCH(QString, fragment);
        for (bool fromFile : {false, true}) {
            auto stream = open(stored, fromFile, "bad.json.gz");
            const ReadResult got = readAll(*stream, 64 * 1024, false);
            QVERIFY2(got.error, "corrupt gzip must fail");
            QVERIFY2(QString::fromStdString(got.error->message).contains(fragment),
                     qPrintable(describe(got.error)));
            QCOMPARE(got.error->where.file, expectedName("bad.json.gz", fromFile));
            QVERIFY(got.error->where.byteOffset >= 0);
            QVERIFY(got.error->where.byteOffset <= std::int64_t(stored.size()));
        }
    }

    void gzipBombHitsTheRatioLimit() {
        for (bool fromFile : {false, true}) {
            auto stream = open(bomb_, fromFile, "bomb.json.gz");
            QElapsedTimer timer;
            timer.start();
            const ReadResult got = readAll(*stream, kMiB, false);
            QVERIFY2(got.error, "a gzip bomb must fail");
            QVERIFY2(QString::fromStdString(got.error->message).contains("maxRatio"),
                     qPrintable(describe(got.error)));
            QVERIFY2(QString::fromStdString(got.error->message).contains("200 times"),
                     qPrintable(describe(got.error)));
            QCOMPARE(got.error->where.file, expectedName("bomb.json.gz", fromFile));
            QVERIFY(got.error->where.byteOffset > 0);
            // Stopped soon after the grace output, not after the whole 200 MiB.
            QVERIFY2(stream->produced() <= ByteStreamLimits{}.ratioGraceBytes + 5 * kMiB,
                     qPrintable(QString::number(stream->produced())));
            QVERIFY2(timer.elapsed() < 5000, "the ratio limit should stop a bomb quickly");
        }
    }

    void outputLimit_data() {
        QTest::addColumn<std::string>("stored");
        QTest::addColumn<quint64>("maxOutput");
        QTest::addColumn<bool>("fails");
        const std::string text = traceText(10000);
        QTest::newRow("bomb, 1 MiB allowed") << bomb_ << quint64(kMiB) << true;
        QTest::newRow("gzip exactly at the limit") << gzip(text) << quint64(10000) << false;
        QTest::newRow("gzip one byte over") << gzip(text) << quint64(9999) << true;
        QTest::newRow("plain exactly at the limit") << text << quint64(10000) << false;
        QTest::newRow("plain one byte over") << text << quint64(9999) << true;
    }
    void outputLimit() {
        QFETCH(std::string, stored);
        QFETCH(quint64, maxOutput);
        QFETCH(bool, fails);
        ByteStreamLimits limits;
        limits.maxOutputBytes = maxOutput;
        limits.maxRatio = 1e9; // only the output limit is under test
        for (bool fromFile : {false, true}) {
            for (int chunk : {7, int(kMiB)}) {
                auto stream = open(stored, fromFile, "limit.json.gz", limits);
                const ReadResult got = readAll(*stream, std::size_t(chunk), false);
                QCOMPARE(bool(got.error), fails);
                if (!fails)
                    continue;
                QVERIFY2(QString::fromStdString(got.error->message).contains("maxOutputBytes"),
                         qPrintable(describe(got.error)));
                QVERIFY2(
                    QString::fromStdString(got.error->message).contains(QString::number(maxOutput)),
                    qPrintable(describe(got.error)));
                QCOMPARE(got.error->where.file, expectedName("limit.json.gz", fromFile));
                QVERIFY(stream->produced() <= maxOutput + std::uint64_t(chunk));
            }
        }
    }

    void refused_data() {
        QTest::addColumn<QString>("kind");
        QTest::addColumn<QString>("fragment");
        QTest::newRow("directory") << "directory"
                                   << "is a directory, not a regular file";
        QTest::newRow("FIFO") << "fifo"
                              << "is a FIFO (named pipe), not a regular file";
        QTest::newRow("character device") << "/dev/null"
                                          << "is a character device";
        QTest::newRow("missing file") << "missing"
                                      << "cannot open: No such file";
    }
    void refused() {
        QFETCH(QString, kind);
        QFETCH(QString, fragment);
        QString path = kind;
        if (kind == "directory") {
            path = dir_.filePath("a-directory.json");
            QVERIFY(QDir().mkpath(path));
        } else if (kind == "fifo") {
            path = dir_.filePath("a-fifo.json");
            QFile::remove(path);
            QCOMPARE(::mkfifo(QFile::encodeName(path).constData(), 0600), 0);
        } else if (kind == "missing") {
            path = dir_.filePath("does-not-exist.json");
        }
        // No writer ever opens the FIFO: a blocking open would hang here until the timeout.
        auto stream = detail::openByteStream(path.toStdString(), {}, backend());
        QVERIFY(!stream.ok());
        QVERIFY2(QString::fromStdString(stream.error().message).contains(fragment),
                 qPrintable(QString::fromStdString(stream.error().toString())));
        QCOMPARE(stream.error().where.file, path.toStdString());
    }

    void publicEntryPoints() {
        // The defaults pick a backend the build has, and read the same bytes.
        const std::string text = traceText(5000);
        auto memory = memoryByteStream(gzip(text), "memory.json.gz");
        const ReadResult fromMemory = readAll(*memory, 999);
        QVERIFY(!fromMemory.error);
        QVERIFY(fromMemory.bytes == text);
        const std::string path = writeFile("public.json.gz", gzip(text));
        auto file = openByteStream(path);
        QVERIFY(file.ok());
        const ReadResult fromFile = readAll(*file.value(), 999);
        QVERIFY(!fromFile.error);
        QVERIFY(fromFile.bytes == text);
    }
};

QTEST_GUILESS_MAIN(TestByteStream)
#include "test_byte_stream.moc"
