// readKinetoFile's cuts at line breaks (KinetoReadOptions::speculativeCuts): the events,
// warnings and errors are those of a read with every cut scanned, whether the cuts hold (one
// event per line) or not (events over several lines, a list of objects after traceEvents, damage
// in the middle), and a read whose cuts did not hold was read again exactly once.

#include "core/import/kineto/kineto_reader.h"
#include "tests/support/trace_events_digest.h"

#include <QtTest>

#include <string>
#include <utility>
#include <vector>

using namespace roofscope;
using roofscope::testing::digest;
using roofscope::testing::firstDifference;

Q_DECLARE_METATYPE(std::string)

namespace {

// One iteration's events, each on its own line as Kineto writes them: an op with shapes, its
// launch, a flow, a kernel with CUPTI args, a python function. `inner` entries in the kernel's
// args are written one per line (a list of objects), as no profiler writes them.
std::string events(int iterations, int inner) {
    std::string s;
    for (int i = 0; i < iterations; ++i) {
        const std::string id = std::to_string(i + 1), ts = std::to_string(1000 + 100 * i);
        if (i > 0)
            s += ",\n";
        s += "  {\"ph\": \"X\", \"cat\": \"cpu_op\", \"name\": \"aten::addmm\", \"pid\": 1, "
             "\"tid\": 1, \"ts\": " +
             ts + ", \"dur\": 50, \"args\": {\"External id\": " + id +
             ", \"Input Dims\": [[512], [141, 512], [512, 512]], \"Input type\": [\"float\", "
             "\"float\", \"float\"]}},\n";
        s += "  {\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", "
             "\"pid\": 1, \"tid\": 1, \"ts\": " +
             ts + ".5, \"dur\": 4, \"args\": {\"External id\": " + id + ", \"correlation\": " + id +
             "}},\n";
        s += "  {\"ph\": \"s\", \"id\": " + id + ", \"pid\": 1, \"tid\": 1, \"ts\": " + ts +
             ", \"cat\": \"ac2g\", \"name\": \"ac2g\"},\n";
        s += "  {\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm_" + std::to_string(i % 7) +
             "\", \"pid\": 0, \"tid\": 7, \"ts\": " + ts +
             "0, \"dur\": 40, \"args\": {\"device\": 0, "
             "\"stream\": 7, \"correlation\": " +
             id + ", \"External id\": " + id;
        if (inner > 0) {
            s += ", \"blocks\": [\n";
            for (int k = 0; k < inner; ++k)
                s += std::string(k ? ",\n" : "") + "    {\"x\": " + std::to_string(k) + "}";
            s += "\n  ]";
        }
        s += "}},\n";
        s += "  {\"ph\": \"X\", \"cat\": \"python_function\", \"name\": \"model.py(" + id +
             "): forward\", \"pid\": 1, \"tid\": 1, \"ts\": " + ts + ", \"dur\": 60}";
    }
    return s;
}

std::string trace(const std::string& eventText, const std::string& after = "") {
    return "{\n  \"schemaVersion\": 1,\n  \"traceEvents\": [\n" + eventText + "\n  ]" + after +
           "\n}\n";
}

// A list of objects after traceEvents, one per line, `n` long.
std::string listAfter(int n) {
    std::string s = ",\n  \"notes\": [\n";
    for (int i = 0; i < n; ++i)
        s += std::string(i ? ",\n" : "") + "    {\"note\": " + std::to_string(i) + "}";
    return s + "\n  ]";
}

// The progress a read reported, in order, as (done, total).
using Progress = std::vector<std::pair<std::uint64_t, std::int64_t>>;

std::string readWith(const QString& path, bool speculative, std::size_t chunk,
                     Progress* progress = nullptr) {
    KinetoReadOptions options;
    options.chunkBytes = chunk; // many batches from a small file
    options.threads = 3;
    options.speculativeCuts = speculative;
    if (progress)
        options.progress = [progress](std::uint64_t done, std::int64_t total) {
            progress->emplace_back(done, total);
            return true;
        };
    return digest(readKinetoFile(path.toStdString(), options));
}

} // namespace

class TestKinetoUnscannedCuts : public QObject {
    Q_OBJECT

  private slots:
    void sameAsScanned_data() {
        QTest::addColumn<std::string>("text");
        QTest::addColumn<bool>("reread"); // at some batch size
        QTest::newRow("one event per line") << trace(events(300, 0)) << false;
        // The kernels' lists put most line breaks inside events: cuts there fail their batch.
        QTest::newRow("events over several lines") << trace(events(300, 40)) << true;
        // Past traceEvents' end: the batch that holds it would end inside the list.
        QTest::newRow("a list after traceEvents") << trace(events(300, 0), listAfter(4000)) << true;
        QTest::newRow("a short list after traceEvents")
            << trace(events(300, 0), listAfter(3)) << false;
        // Damage in the structure, halfway: a stray ';' between two events, an array without its
        // first '[' in one.
        std::string stray = trace(events(300, 0));
        stray.insert(stray.find("},\n  {", stray.size() / 2) + 2, ";");
        QTest::newRow("stray ';' between events") << stray << true;
        std::string bracket = trace(events(300, 0));
        bracket.erase(bracket.find("[[512]", bracket.size() / 2), 1);
        QTest::newRow("a '[' missing in an event") << bracket << true;
        std::string truncated = trace(events(300, 0));
        truncated.resize(truncated.size() * 3 / 4);
        // Its cuts hold, but it ends early: a read with anything to say is read again.
        QTest::newRow("truncated") << truncated << true;
        QTest::newRow("compact, no line breaks") << std::string("{\"traceEvents\":[") + [] {
            std::string s;
            for (int i = 0; i < 2000; ++i)
                s += std::string(i ? "," : "") +
                     "{\"ph\":\"X\",\"cat\":\"kernel\",\"name\":\"k\",\"ts\":" + std::to_string(i) +
                     ",\"dur\":1}";
            return s;
        }() + "]}" << false;
    }
    void sameAsScanned() {
        QFETCH(std::string, text);
        QFETCH(bool, reread);
        QTemporaryFile file;
        QVERIFY(file.open());
        QCOMPARE(file.write(text.data(), qint64(text.size())), qint64(text.size()));
        file.close();
        // Batch sizes that are no multiple of the events' period, so that some cuts fall inside
        // the lists where those rows have them.
        std::uint64_t rereads = 0;
        for (const std::size_t chunk : {4096, 5000, 6100, 7300, 9999}) {
            const std::string scanned = readWith(file.fileName(), false, chunk);
            const std::uint64_t before = detail::kinetoRereads();
            Progress progress;
            const std::string cut = readWith(file.fileName(), true, chunk, &progress);
            const std::uint64_t again = detail::kinetoRereads() - before;
            QVERIFY(again <= 1); // read again at most once
            // Read again or not, the progress only moves forward, within the file.
            QVERIFY(!progress.empty());
            for (std::size_t i = 0; i < progress.size(); ++i) {
                QCOMPARE(progress[i].second, qint64(text.size()));
                QVERIFY(progress[i].first <= text.size());
                QVERIFY2(i == 0 || progress[i].first >= progress[i - 1].first,
                         qPrintable(QStringLiteral("%1 after %2")
                                        .arg(progress[i].first)
                                        .arg(progress[i - 1].first)));
            }
            rereads += again;
            QVERIFY2(scanned.size() > 20, scanned.c_str());
            QVERIFY2(cut == scanned, firstDifference(scanned, cut).c_str());
        }
        QCOMPARE(rereads > 0, reread);
    }
};

QTEST_GUILESS_MAIN(TestKinetoUnscannedCuts)
#include "test_kineto_unscanned_cuts.moc"
