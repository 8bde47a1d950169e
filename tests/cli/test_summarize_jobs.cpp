// How many files `summarize` reads at once and the ordered run that keeps its output the same
// whatever that number: the job count worked out per row, the uncompressed size a gzip trailer
// gives, and runOrdered's emits in order while the work runs side by side.
#include "app/summarize_jobs.h"

#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

#include <atomic>
#include <chrono>
#include <fstream>
#include <mutex>
#include <thread>

using namespace roofscope::app;

Q_DECLARE_METATYPE(std::vector<std::uint64_t>)

namespace {

constexpr std::uint64_t GB = 1'000'000'000;

} // namespace

class TestSummarizeJobs : public QObject {
    Q_OBJECT

  private slots:
    void jobs_data() {
        QTest::addColumn<std::size_t>("requested");
        QTest::addColumn<std::size_t>("cores");
        QTest::addColumn<std::uint64_t>("available");
        QTest::addColumn<std::vector<std::uint64_t>>("peaks");
        QTest::addColumn<std::size_t>("jobs");
        // One per core when memory allows: 4 x 1 GB in half of 64 GB.
        QTest::newRow("cores") << std::size_t(0) << std::size_t(4) << 64 * GB
                               << std::vector<std::uint64_t>(8, GB) << std::size_t(4);
        // Never more jobs than files.
        QTest::newRow("few files") << std::size_t(0) << std::size_t(16) << 64 * GB
                                   << std::vector<std::uint64_t>{GB, GB} << std::size_t(2);
        // Half of 10 GB is 5 GB: the two largest (3 + 2 GB) fit, a third (+1 GB) does not.
        QTest::newRow("memory") << std::size_t(0) << std::size_t(8) << 10 * GB
                                << std::vector<std::uint64_t>{GB, 3 * GB, GB, 2 * GB}
                                << std::size_t(2);
        // A file larger than half the memory still gets read, alone.
        QTest::newRow("one huge file") << std::size_t(0) << std::size_t(8) << 10 * GB
                                       << std::vector<std::uint64_t>{9 * GB, GB} << std::size_t(1);
        // Unknown memory: one per core.
        QTest::newRow("memory unknown")
            << std::size_t(0) << std::size_t(2) << std::uint64_t(0)
            << std::vector<std::uint64_t>(5, 100 * GB) << std::size_t(2);
        // --jobs wins over memory and cores, not over the number of files.
        QTest::newRow("requested") << std::size_t(3) << std::size_t(1) << GB
                                   << std::vector<std::uint64_t>(5, 100 * GB) << std::size_t(3);
        QTest::newRow("requested, few files") << std::size_t(6) << std::size_t(1) << GB
                                              << std::vector<std::uint64_t>{1, 2} << std::size_t(2);
        QTest::newRow("no files") << std::size_t(0) << std::size_t(8) << GB
                                  << std::vector<std::uint64_t>{} << std::size_t(1);
        // hardware_concurrency may say 0.
        QTest::newRow("cores unknown") << std::size_t(0) << std::size_t(0) << GB
                                       << std::vector<std::uint64_t>{1, 2} << std::size_t(1);
    }
    void jobs() {
        QFETCH(std::size_t, requested);
        QFETCH(std::size_t, cores);
        QFETCH(std::uint64_t, available);
        QFETCH(std::vector<std::uint64_t>, peaks);
        QFETCH(std::size_t, jobs);
        QCOMPARE(summarizeJobs(requested, cores, available, peaks), jobs);
    }

    void peakIsNineTenths() {
        QCOMPARE(summaryPeakBytes(0), std::uint64_t(0));
        QCOMPARE(summaryPeakBytes(10), std::uint64_t(9));
        QCOMPARE(summaryPeakBytes(11), std::uint64_t(10)); // 9.9 rounded up
        QCOMPARE(summaryPeakBytes(4 * GB), std::uint64_t(3'600'000'000));
    }

    void uncompressedSize() {
        QTemporaryDir dir;
        const std::string plain = dir.filePath(QStringLiteral("t.json")).toStdString();
        const std::string zipped = plain + ".gz";
        const std::string text(100'000, 'x');
        std::ofstream(plain, std::ios::binary) << text;
        gzFile gz = gzopen(zipped.c_str(), "wb");
        QVERIFY(gz);
        QCOMPARE(gzwrite(gz, text.data(), unsigned(text.size())), int(text.size()));
        QCOMPARE(gzclose(gz), Z_OK);
        QCOMPARE(uncompressedBytes(plain), std::uint64_t(100'000));
        // From the trailer's ISIZE, not the ~200 compressed bytes.
        QCOMPARE(uncompressedBytes(zipped), std::uint64_t(100'000));
        QCOMPARE(uncompressedBytes(dir.filePath(QStringLiteral("none")).toStdString()),
                 std::uint64_t(0));
        // A gzip header on a file too short for a trailer: 10x its size.
        const std::string stub = plain + ".stub.gz";
        std::ofstream(stub, std::ios::binary) << std::string("\x1f\x8b\x08\x00", 4);
        QCOMPARE(uncompressedBytes(stub), std::uint64_t(40));
    }

    void runOrderedEmitsInOrder_data() {
        QTest::addColumn<std::size_t>("jobs");
        QTest::newRow("one after another") << std::size_t(1);
        QTest::newRow("side by side") << std::size_t(3);
        QTest::newRow("more jobs than work") << std::size_t(20);
    }
    void runOrderedEmitsInOrder() {
        QFETCH(std::size_t, jobs);
        const std::size_t n = 12;
        std::vector<int> done(n, 0);
        std::vector<std::size_t> emitted;
        std::atomic<int> running{0}, most{0};
        const auto caller = std::this_thread::get_id();
        bool emitOnCaller = true;
        runOrdered(
            n, jobs,
            [&](std::size_t i) {
                const int now = ++running;
                int seen = most.load();
                while (now > seen && !most.compare_exchange_weak(seen, now)) {
                }
                // The early files take longest, so later ones finish first.
                std::this_thread::sleep_for(std::chrono::milliseconds(i < 3 ? 30 : 1));
                done[i] = 1;
                --running;
            },
            [&](std::size_t i) {
                emitOnCaller = emitOnCaller && std::this_thread::get_id() == caller;
                QVERIFY(done[i]); // never before its work ended
                emitted.push_back(i);
            });
        std::vector<std::size_t> order(n);
        for (std::size_t i = 0; i < n; ++i)
            order[i] = i;
        QCOMPARE(emitted, order);
        QVERIFY(emitOnCaller);
        QVERIFY(most.load() <= int(std::min(jobs, n)));
        if (jobs > 1)
            QVERIFY2(most.load() > 1, "the work never ran side by side");
    }
};

QTEST_MAIN(TestSummarizeJobs)
#include "test_summarize_jobs.moc"
