// The pieces of `summarize` across MPI ranks that need no launcher: which rank reads which file,
// the outcome bytes that travel to rank 0, the JSON rebuilt there, and what the environment says
// of a launch.
#include "app/cmd_summarize.h"
#include "app/mpi_module.h"
#include "app/summarize_ranks.h"
#include "core/catalog_loader.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::app;

Q_DECLARE_METATYPE(std::vector<std::uint64_t>)
Q_DECLARE_METATYPE(std::vector<int>)

namespace {

void clearLaunchVariables() {
    for (const char* v :
         {"OMPI_COMM_WORLD_SIZE", "OMPI_COMM_WORLD_RANK", "PMI_SIZE", "PMI_RANK", "PMIX_RANK"})
        qunsetenv(v);
}

} // namespace

class TestSummarizeRanks : public QObject {
    Q_OBJECT

  private slots:
    void assignFiles_data() {
        QTest::addColumn<std::vector<std::uint64_t>>("sizes");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<std::vector<int>>("owner");
        // One rank reads everything.
        QTest::newRow("one rank") << std::vector<std::uint64_t>{5, 9, 1} << 1
                                  << std::vector<int>{0, 0, 0};
        // 9 -> rank 0 (loads 9,0); 5 -> rank 1 (9,5); 1 -> rank 1 (9,6).
        QTest::newRow("largest first")
            << std::vector<std::uint64_t>{5, 9, 1} << 2 << std::vector<int>{1, 0, 1};
        // Equal sizes keep the command line's order and go round the ranks: 0,1,2,0.
        QTest::newRow("ties") << std::vector<std::uint64_t>{4, 4, 4, 4} << 3
                              << std::vector<int>{0, 1, 2, 0};
        // Unmeasured files (0 bytes) count as 1 each: 8 -> rank 0 (loads 8,0); each 0 then goes
        // to the lighter rank 1: (8,1), (8,2), (8,3).
        QTest::newRow("unmeasured files")
            << std::vector<std::uint64_t>{0, 8, 0, 0} << 2 << std::vector<int>{1, 0, 1, 1};
        // More ranks than files: the rest read nothing.
        QTest::newRow("idle ranks")
            << std::vector<std::uint64_t>{3, 7} << 4 << std::vector<int>{1, 0};
        QTest::newRow("no files") << std::vector<std::uint64_t>{} << 2 << std::vector<int>{};
    }
    void assignFiles() {
        QFETCH(std::vector<std::uint64_t>, sizes);
        QFETCH(int, ranks);
        QFETCH(std::vector<int>, owner);
        QCOMPARE(app::assignFiles(sizes, ranks), owner);
    }

    void outcomesTravelWhole() {
        std::string bytes;
        const std::vector<FileOutcome> sent{
            {3, false, "table\n", "warning: x\n"},
            {0, true, "", "roofscope summarize: a.json: not found\n"},
            {7, false, std::string("\0binary\xff", 8), ""}};
        for (const auto& o : sent)
            encodeOutcome(o, bytes);
        const auto got = decodeOutcomes(bytes);
        QVERIFY2(got.ok(), got.ok() ? "" : got.error().toString().c_str());
        QCOMPARE(got.value().size(), sent.size());
        for (std::size_t i = 0; i < sent.size(); ++i) {
            QCOMPARE(got.value()[i].index, sent[i].index);
            QCOMPARE(got.value()[i].failed, sent[i].failed);
            QCOMPARE(got.value()[i].out, sent[i].out);
            QCOMPARE(got.value()[i].err, sent[i].err);
        }
        QVERIFY(decodeOutcomes("").value().empty());
    }

    void damagedBytesSayWhere_data() {
        QTest::addColumn<int>("cut");
        // One outcome of 8 + 8 + (8 + 2) + (8 + 0) = 34 bytes, cut at each kind of field.
        QTest::newRow("in the index") << 5;
        QTest::newRow("in the flag") << 12;
        QTest::newRow("in a length") << 20;
        QTest::newRow("in a text") << 25;
        QTest::newRow("before the last length") << 26;
    }
    void damagedBytesSayWhere() {
        QFETCH(int, cut);
        std::string bytes;
        encodeOutcome({1, false, "ab", ""}, bytes);
        QCOMPARE(bytes.size(), std::size_t(34));
        const auto got = decodeOutcomes(std::string_view(bytes).substr(0, std::size_t(cut)));
        QVERIFY(!got.ok());
        QVERIFY2(got.error().message.find("at byte 0 of " + std::to_string(cut)) !=
                     std::string::npos,
                 got.error().message.c_str());
    }

    // Rank 0 rebuilds the document from the ranks' compact entries: the same bytes as the single
    // process's summaryJson, on fixtures (and the samples when present) of each input kind.
    void jsonRebuiltFromEntriesIsTheSame_data() {
        QTest::addColumn<QString>("path");
        QTest::addColumn<int>("grouping");
        const QString data = QStringLiteral(ROOFSCOPE_TEST_DATA);
        const QString samples = QStringLiteral(ROOFSCOPE_SAMPLES);
        for (const QString& f :
             {data + "/kineto/modern.json", data + "/kineto/rocm.json",
              samples + "/kineto_a100_ddp_rank0of2_nccl.json.gz",
              samples + "/kineto_mi300_Falconsai_nsfw_image_detection__1016002.json.gz",
              samples + "/ncu_v100_gene_dgdxy_rank1_dram+dpflops.csv"}) {
            if (!QFile::exists(f))
                continue;
            for (const Grouping g : {Grouping::kernel, Grouping::op, Grouping::launch})
                QTest::newRow(qPrintable(QFileInfo(f).fileName() + " " +
                                         QString::fromStdString(std::string(groupingName(g)))))
                    << f << int(g);
        }
    }
    void jsonRebuiltFromEntriesIsTheSame() {
        QFETCH(QString, path);
        QFETCH(int, grouping);
        const Catalog catalog = loadCatalog(nullptr);
        SummaryOptions options;
        options.grouping = static_cast<Grouping>(grouping);
        auto summary = summarizeInput(path.toStdString(), catalog, options);
        QVERIFY2(summary.ok(), summary.ok() ? "" : summary.error().toString().c_str());
        std::vector<FileSummary> both;
        both.push_back(summary.value());
        both.push_back(std::move(summary).value());
        const std::string entry = summaryDatasetJson(both.front());
        const auto rebuilt = summaryJsonOfDatasets({entry, entry}, options.grouping);
        QVERIFY(rebuilt.ok());
        QVERIFY(rebuilt.value() == summaryJson(both, options.grouping));
    }

    void entryThatIsNotJsonIsAnError() {
        const auto r = summaryJsonOfDatasets({"{}", "{cut"}, Grouping::kernel);
        QVERIFY(!r.ok());
        QVERIFY2(r.error().message.find("summary 2 of 2") != std::string::npos,
                 r.error().message.c_str());
    }

    void launchFromEnvironment_data() {
        QTest::addColumn<QStringList>("variables"); // NAME=VALUE
        QTest::addColumn<bool>("launched");
        QTest::addColumn<int>("rank");
        QTest::addColumn<int>("size");
        QTest::newRow("none") << QStringList{} << false << 0 << 0;
        QTest::newRow("Open MPI, 4 ranks")
            << QStringList{"OMPI_COMM_WORLD_SIZE=4", "OMPI_COMM_WORLD_RANK=3"} << true << 3 << 4;
        QTest::newRow("Open MPI, one rank: a plain run")
            << QStringList{"OMPI_COMM_WORLD_SIZE=1", "OMPI_COMM_WORLD_RANK=0"} << false << 0 << 0;
        QTest::newRow("Hydra or PMI-2")
            << QStringList{"PMI_SIZE=2", "PMI_RANK=1"} << true << 1 << 2;
        QTest::newRow("PMIx: the size comes from MPI")
            << QStringList{"PMIX_RANK=5"} << true << 5 << -1;
        QTest::newRow("not a number")
            << QStringList{"OMPI_COMM_WORLD_SIZE=many"} << false << 0 << 0;
    }
    void launchFromEnvironment() {
        QFETCH(QStringList, variables);
        QFETCH(bool, launched);
        QFETCH(int, rank);
        QFETCH(int, size);
        clearLaunchVariables();
        for (const QString& v : variables) {
            const auto parts = v.split('=');
            qputenv(parts[0].toLatin1().constData(), parts[1].toLatin1());
        }
        const auto launch = mpiLaunch();
        clearLaunchVariables();
        QCOMPARE(launch.has_value(), launched);
        if (launch) {
            QCOMPARE(launch->rank, rank);
            QCOMPARE(launch->size, size);
        }
    }
};

QTEST_GUILESS_MAIN(TestSummarizeRanks)
#include "test_summarize_ranks.moc"
