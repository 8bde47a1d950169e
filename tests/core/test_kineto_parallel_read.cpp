// The reader's batches parsed on worker threads (core/import/kineto/kineto_parallel_batches.h)
// give the events of the serial reader field by field, ids included, whatever the number of
// threads and the batch size; and bad input fails alike: the same message at the same byte, the
// same warnings with the same first offsets, the same partial trace when the data ends early.

#include "core/import/kineto/kineto_reader.h"
#include "tests/support/kineto_file_rows.h"
#include "tests/support/trace_events_digest.h"

#include <QFile>
#include <QTemporaryDir>
#include <QtTest>

#include <string>

using namespace roofscope;
using roofscope::testing::digest;
using roofscope::testing::firstDifference;

Q_DECLARE_METATYPE(std::string)

namespace {

Result<TraceEvents> read(const std::string& text, unsigned threads, std::size_t chunk,
                         std::uint64_t maxEvents = std::uint64_t(1) << 31, bool inPlace = true) {
    auto stream = memoryByteStream(text, "p.json");
    KinetoReadOptions options;
    options.chunkBytes = chunk;
    options.threads = threads;
    options.maxEvents = maxEvents;
    options.inPlace = inPlace;
    return readKineto(*stream, "p.json", options);
}

// A trace of `steps` training steps whose names, threads, shapes and collectives vary, so that
// every batch brings strings and shapes that earlier batches have and some they have not; and
// events the reader skips (a string ts, a negative dur, a non-object) in the first and in later
// batches, so that the warnings' first offsets must come from the right batch.
// `separator` goes between events: with none but the ',', a batch parsed in place would begin
// on the byte where the one before it ends.
std::string generated(int steps, const std::string& separator = ",\n") {
    std::string t = "{\"schemaVersion\": 1, \"traceEvents\": [\n";
    int corr = 1;
    auto add = [&](const std::string& e) {
        t += (corr > 1 ? separator : "") + e;
        ++corr;
    };
    for (int s = 0; s < steps; ++s) {
        const std::string ts = std::to_string(1000 * s);
        const std::string tid = std::to_string(1 + s % 3);
        const std::string dim = std::to_string(64 + 64 * (s % 7));
        add("{\"ph\":\"X\",\"cat\":\"user_annotation\",\"name\":\"ProfilerStep#" +
            std::to_string(s) + "\",\"pid\":1,\"tid\":" + tid + ",\"ts\":" + ts + ",\"dur\":900}");
        add("{\"ph\":\"X\",\"cat\":\"cpu_op\",\"name\":\"aten::mm\",\"pid\":1,\"tid\":" + tid +
            ",\"ts\":" + ts + ".5,\"dur\":50,\"args\":{\"External id\":" + std::to_string(corr) +
            ",\"Input Dims\":[[" + dim + ",128],[128," + dim +
            "]],\"Input type\":[\"float\",\"float\"],\"Concrete Inputs\":[\"\",\"\"]}}");
        add("{\"ph\":\"X\",\"cat\":\"cuda_runtime\",\"name\":\"cudaLaunchKernel\",\"pid\":1,"
            "\"tid\":" +
            tid + ",\"ts\":" + ts +
            ".7,\"dur\":5,\"args\":{\"correlation\":" + std::to_string(corr) + "}}");
        add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"gemm_kernel_" + std::to_string(s % 11) +
            "\",\"pid\":0,\"tid\":\"stream 7\",\"ts\":" + ts +
            ".9,\"dur\":40,\"args\":{"
            "\"device\":0,\"stream\":7,\"correlation\":" +
            std::to_string(corr - 1) + "}}");
        if (s % 5 == 2)
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"ncclKernel_AllReduce\",\"pid\":0,"
                "\"tid\":8,\"ts\":" +
                ts +
                ",\"dur\":30,\"args\":{\"Collective name\":"
                "\"allreduce\",\"In msg nelems\":" +
                std::to_string(1024 * (s + 1)) +
                ",\"Out msg nelems\":1024,\"dtype\":\"Float\",\"Group size\":2}}");
        if (s % 17 == 3)
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"bad\",\"ts\":\"x\",\"dur\":1}");
        if (s % 23 == 4)
            add("{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"neg\",\"ts\":1,\"dur\":-1}");
        if (s % 29 == 5)
            add("[1]");
        if (s % 13 == 6)
            add("{\"ph\":\"i\",\"cat\":\"kernel\",\"name\":\"instant\",\"ts\":1}");
    }
    t += "\n], \"distributedInfo\": {\"rank\": 1, \"world_size\": 2}}\n";
    return t;
}

const std::string& bigText() {
    static const std::string text = generated(600);
    return text;
}

// The serial reader through the buffer is the reference; parsed in place or copied, on one
// thread or many, the events must be its.
void compareThreads(const std::string& text, std::size_t chunk) {
    const std::uint64_t noLimit = std::uint64_t(1) << 31;
    const auto serial = read(text, 1, chunk, noLimit, false);
    const std::string want = digest(serial);
    for (const bool inPlace : {false, true}) {
        for (const unsigned threads : {1u, 2u, 3u, 8u}) {
            if (threads == 1 && !inPlace)
                continue;
            const auto parallel = read(text, threads, chunk, noLimit, inPlace);
            const std::string got = digest(parallel);
            QVERIFY2(got == want, (std::to_string(threads) + " threads, " +
                                   (inPlace ? "in place, " : "through the buffer, ") +
                                   firstDifference(want, got, "serial", "parallel"))
                                      .c_str());
            if (parallel.ok() && serial.ok())
                QCOMPARE(parallel.value().meta.distributed.rank,
                         serial.value().meta.distributed.rank);
        }
    }
}

} // namespace

class TestKinetoParallelRead : public QObject {
    Q_OBJECT

  private slots:
    // The generated trace is many batches: they really were parsed on the workers.
    void workersParseALargeTrace() {
        const auto r = read(bigText(), 3, 4096);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r.value().parseThreads, 3u);
        QVERIFY(r.value().gpu.size() > 600);
        QCOMPARE(r.value().warnings.size(), std::size_t(3)); // the three kinds of skip
        const auto one = read(bigText(), 1, 4096);
        QCOMPARE(one.value().parseThreads, 0u);
        // A trace of one batch is parsed where it is read.
        QCOMPARE(read(bigText(), 3, std::size_t(16) << 20).value().parseThreads, 0u);
    }

    void sameEventsAtEveryBatchSize_data() {
        QTest::addColumn<int>("chunk");
        for (const int chunk : {64, 300, 1000, 4096, 65536})
            QTest::addRow("chunk %d", chunk) << chunk;
    }
    void sameEventsAtEveryBatchSize() {
        QFETCH(int, chunk);
        compareThreads(bigText(), static_cast<std::size_t>(chunk));
    }

    // Events with no blank between them, and with blanks on both sides of the ','.
    void sameEventsWhateverTheSeparator_data() {
        QTest::addColumn<std::string>("separator");
        QTest::addColumn<int>("chunk");
        for (const int chunk : {300, 4096})
            for (const char* separator : {",", " ,\r\n ", "\n,"})
                QTest::addRow("\"%s\", chunk %d",
                              QByteArray(separator).toPercentEncoding().constData(), chunk)
                    << std::string(separator) << chunk;
    }
    void sameEventsWhateverTheSeparator() {
        QFETCH(std::string, separator);
        QFETCH(int, chunk);
        compareThreads(generated(200, separator), static_cast<std::size_t>(chunk));
    }

    // A ';' between two events: an error at its byte whichever way the text is read. (Its words
    // depend on where the batch was cut: "expected ',' or ']'" when the ';' follows a batch, the
    // JSON parser's when it falls inside one, as a larger window makes it.)
    void errorBetweenEventsAtItsByte_data() {
        QTest::addColumn<int>("chunk");
        for (const int chunk : {300, 4096, 65536})
            QTest::addRow("chunk %d", chunk) << chunk;
    }
    void errorBetweenEventsAtItsByte() {
        QFETCH(int, chunk);
        const std::string text = generated(50, "\n;");
        const auto at = static_cast<std::int64_t>(text.find(';'));
        for (const bool inPlace : {false, true})
            for (const unsigned threads : {1u, 3u}) {
                const auto r = read(text, threads, static_cast<std::size_t>(chunk),
                                    std::uint64_t(1) << 31, inPlace);
                QVERIFY(!r.ok());
                QCOMPARE(r.error().where.byteOffset, at);
            }
    }

    void sameEventsOfEveryFixtureAndSample_data() { roofscope::testing::addEveryKinetoFileRow(); }
    void sameEventsOfEveryFixtureAndSample() {
        QFETCH(std::string, path);
        for (const std::size_t chunk : {std::size_t(512), std::size_t(64) << 10}) {
            KinetoReadOptions options;
            options.chunkBytes = chunk;
            options.threads = 1;
            options.inPlace = false;
            const std::string want = digest(readKinetoFile(path, options));
            for (const bool inPlace : {false, true}) {
                options.inPlace = inPlace;
                for (const unsigned threads : {1u, 4u}) {
                    options.threads = threads;
                    const std::string got = digest(readKinetoFile(path, options));
                    QVERIFY2(got == want,
                             firstDifference(want, got, "serial",
                                             inPlace ? "in place" : "through the buffer")
                                 .c_str());
                }
            }
        }
    }

    // Invalid JSON in a batch past the first few, with later batches queued behind it: the
    // error of the serial reader (message and byte), not one from a later batch.
    void errorInALateBatch_data() {
        QTest::addColumn<int>("at");
        for (const int at : {10, 50, 90})
            QTest::addRow("at %d%%", at) << at;
    }
    void errorInALateBatch() {
        QFETCH(int, at);
        std::string text = bigText();
        const std::size_t pos = text.find("\"dur\":40", text.size() * std::size_t(at) / 100);
        QVERIFY(pos != std::string::npos);
        text.replace(pos, 8, "\"dur\"::4");
        const auto serial = read(text, 1, 2048);
        QVERIFY(!serial.ok());
        QVERIFY(serial.error().where.byteOffset > 0);
        compareThreads(text, 2048);
    }

    // Cut anywhere: the same partial trace and the same "ends early" warning.
    void truncatedAnywhere() {
        const std::string& text = bigText();
        for (std::size_t cut = 1000; cut < text.size(); cut += text.size() / 37) {
            compareThreads(text.substr(0, cut), 1500);
            if (QTest::currentTestFailed())
                QFAIL(qPrintable(QString("cut at %1").arg(cut)));
        }
    }

    // The event limit fails at the batch that crosses it, as the serial reader does.
    void eventLimit() {
        const auto serial = read(bigText(), 1, 2048, 1000);
        QVERIFY(!serial.ok());
        QVERIFY(serial.error().message.find("more than 1000") != std::string::npos);
        const auto parallel = read(bigText(), 4, 2048, 1000);
        QVERIFY(!parallel.ok());
        QCOMPARE(parallel.error().toString(), serial.error().toString());
    }

    // A mapped file cut short while it is read (a profiler writing it again): an error that
    // says so, not a crash, and no trace made of the zeros past its new end.
    void fileShrinkingWhileRead_data() {
        QTest::addColumn<unsigned>("threads");
        QTest::newRow("one thread") << 1u;
        QTest::newRow("three threads") << 3u;
    }
    void fileShrinkingWhileRead() {
        QFETCH(unsigned, threads);
        QTemporaryDir dir;
        const QString path = dir.filePath("shrinks.json");
        {
            QFile f(path);
            QVERIFY(f.open(QIODevice::WriteOnly));
            f.write(bigText().data(), static_cast<qint64>(bigText().size()));
        }
        KinetoReadOptions options;
        options.chunkBytes = 2048;
        options.threads = threads;
        bool cut = false;
        options.progress = [&](std::uint64_t, std::int64_t) {
            if (!cut)
                cut = QFile::resize(path, 100);
            return true;
        };
        const auto r = readKinetoFile(path.toStdString(), options);
        QVERIFY(cut);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("shrank while it was read") != std::string::npos,
                 r.error().toString().c_str());
        QCOMPARE(r.error().where.file, path.toStdString());
    }

    void cancelStopsTheWorkers() {
        auto stream = memoryByteStream(bigText(), "p.json");
        KinetoReadOptions options;
        options.chunkBytes = 2048;
        options.threads = 4;
        int calls = 0;
        options.progress = [&](std::uint64_t, std::int64_t) { return ++calls < 5; };
        const auto r = readKineto(*stream, "p.json", options);
        QVERIFY(!r.ok());
        QCOMPARE(r.error().message, std::string("cancelled"));
        QCOMPARE(calls, 5);
    }
};

QTEST_GUILESS_MAIN(TestKinetoParallelRead)
#include "test_kineto_parallel_read.moc"
