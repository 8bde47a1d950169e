// nccl-tests output: the real 16-rank all_reduce excerpt (when the sample is present), hand-made
// fixtures for each variant the text printer has (launcher prefixes, -C, -S, extra columns,
// N/A, %.1e), the -J document, and broken input with the exact place of the error.
#include "core/collectives.h"
#include "core/import/nccl_tests/nccl_tests.h"
#include "core/text_file.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>
#include <fstream>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

const std::string kData = ROOFSCOPE_TEST_DATA "/nccl/";

Result<NcclTestsRun> parseFile(const std::string& path) {
    const auto text = readTextFile(path);
    if (!text.ok())
        return text.error();
    return parseNcclTests(text.value(), path);
}

// busbw = algbw x factor(n) within the printed rounding: each column to 0.01 GB/s, or two
// significant digits when printed %.1e.
bool consistent(const NcclTestsTiming& t, double factor) {
    const double tolerance = 0.005e9 * (1 + factor) + 0.05 * t.busBytesPerS;
    return std::fabs(t.algBytesPerS * factor - t.busBytesPerS) <= tolerance;
}

} // namespace

class TestNcclTests : public QObject {
    Q_OBJECT

  private slots:
    void realSample() {
        const std::string path =
            ROOFSCOPE_SAMPLES "/nccl-tests_all_reduce_perf_2x_p5.48xlarge_16xH100.txt";
        if (!std::ifstream(path))
            QSKIP("sample nccl-tests_all_reduce_perf_2x_p5.48xlarge_16xH100.txt absent");
        const auto run = parseFile(path);
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QCOMPARE(r.rows.size(), std::size_t(32));
        // The excerpt has neither a "Collective test starting" line nor "# Rank" lines: the
        // collective comes from the file name, 16 ranks from busbw / algbw, hosts stay unknown.
        QVERIFY(r.collective == Collective::all_reduce);
        QCOMPARE(r.ranks, 16);
        QVERIFY(r.ranksInferred);
        QVERIFY(r.hosts.empty());
        QVERIFY(!ncclLinkKind(r).has_value());
        QCOMPARE(r.rows.front().sizeBytes, std::int64_t(8));
        QCOMPARE(r.rows.back().sizeBytes, std::int64_t(17179869184));
        QCOMPARE(r.rows.back().count, std::int64_t(4294967296));
        QCOMPARE(r.rows.back().type, std::string("float"));
        QCOMPARE(r.rows.back().root, -1);
        CHECK_NEAR(r.rows.back().outOfPlace.timeS, 66132e-6);
        CHECK_NEAR(r.rows.back().inPlace.busBytesPerS, 487.26e9);
        QCOMPARE(r.rows.back().line, 34);
        const double factor = busBandwidthFactor(Collective::all_reduce, 16).value();
        for (const auto& row : r.rows) {
            QVERIFY2(consistent(row.outOfPlace, factor), std::to_string(row.line).c_str());
            QVERIFY2(consistent(row.inPlace, factor), std::to_string(row.line).c_str());
            QCOMPARE(row.outOfPlace.wrong, std::optional<std::int64_t>(0));
        }
        const auto ceiling = ncclBusBandwidthCeiling(r, path);
        QVERIFY(ceiling.ok());
        CHECK_NEAR(ceiling.value().value, 487.09e9);
        QVERIFY(ceiling.value().provenance.kind == ProvenanceKind::measured);
        QCOMPARE(ceiling.value().provenance.tool, std::string("nccl-tests unknown"));
        QCOMPARE(ceiling.value().provenance.method,
                 std::string("all_reduce_perf out-of-place, peak busbw over 8 B..16 GiB, 16 ranks "
                             "(inferred from busbw/algbw)"));
        QCOMPARE(ceiling.value().provenance.samples, 32);
        // Knowing the job ran on two nodes (the sample's README says so) makes it inter-node.
        auto placed = r;
        placed.hosts = {"p5-0", "p5-1"};
        QVERIFY(ncclLinkKind(placed) == Link::inter_node);
    }

    void plainSingleNode() {
        const auto run = parseFile(kData + "plain_single_node.txt");
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QVERIFY(r.collective == Collective::all_reduce);
        QCOMPARE(r.version, std::string("2.13.8"));
        QCOMPARE(r.ranks, 4);
        QVERIFY(!r.ranksInferred);
        QCOMPARE(r.hosts, std::vector<std::string>{"node-a"});
        QCOMPARE(r.devices, std::vector<std::string>{"NVIDIA H100 80GB HBM3"});
        QVERIFY(ncclLinkKind(r) == Link::intra_node);
        QCOMPARE(r.rows.size(), std::size_t(3));
        const auto& row = r.rows[0];
        QCOMPARE(row.sizeBytes, std::int64_t(1048576));
        QCOMPARE(row.count, std::int64_t(262144));
        QCOMPARE(row.redop, std::string("sum"));
        CHECK_NEAR(row.outOfPlace.timeS, 20e-6);
        CHECK_NEAR(row.outOfPlace.algBytesPerS, 52.43e9);
        CHECK_NEAR(row.outOfPlace.busBytesPerS, 78.64e9);
        CHECK_NEAR(row.inPlace.timeS, 19.5e-6);
        CHECK_NEAR(row.inPlace.busBytesPerS, 80.66e9);
        QVERIFY(r.avgBusBytesPerS.has_value());
        CHECK_NEAR(*r.avgBusBytesPerS, 124.357e9);
        for (const auto& each : r.rows)
            QVERIFY(consistent(each.outOfPlace, 1.5) && consistent(each.inPlace, 1.5));
        const auto ceiling = ncclBusBandwidthCeiling(r, "plain");
        QVERIFY(ceiling.ok());
        CHECK_NEAR(ceiling.value().value, 167.77e9);
        QCOMPARE(ceiling.value().provenance.tool, std::string("nccl-tests 2.13.8"));
        QCOMPARE(ceiling.value().provenance.method,
                 std::string("all_reduce_perf out-of-place, peak busbw over 1 MiB..16 MiB, 4 "
                             "ranks on 1 host"));
        QCOMPARE(ceiling.value().provenance.samples, 3);
    }

    void openMpiPrefixesAndNoise() {
        const auto run = parseFile(kData + "openmpi_two_nodes.txt");
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QCOMPARE(r.ranks, 4);
        QCOMPARE(r.hosts, (std::vector<std::string>{"node-a", "node-b"}));
        QVERIFY(ncclLinkKind(r) == Link::inter_node);
        QCOMPARE(r.rows.size(), std::size_t(3));
        QCOMPARE(r.rows[1].line, 16); // after the NCCL INFO line, which is skipped
        CHECK_NEAR(r.rows[2].inPlace.algBytesPerS, 111.11e9);
        QVERIFY(ncclBusBandwidthCeiling(r, "x").value().provenance.method.ends_with(
            "4 ranks on 2 hosts"));
    }

    void cputimeTimestampAndExtraColumns() {
        const auto run = parseFile(kData + "cputime_timestamp_extra.txt");
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QVERIFY(r.collective == Collective::reduce_scatter);
        QCOMPARE(r.rows.size(), std::size_t(2));
        const auto& row = r.rows[0];
        CHECK_NEAR(row.outOfPlace.timeS, 30e-6);
        CHECK_NEAR(row.outOfPlace.algBytesPerS, 34.95e9);
        CHECK_NEAR(row.outOfPlace.busBytesPerS, 17.48e9);
        CHECK_NEAR(row.inPlace.timeS, 31e-6);
        CHECK_NEAR(row.inPlace.algBytesPerS, 33.83e9);
        CHECK_NEAR(row.inPlace.busBytesPerS, 16.91e9);
        QCOMPARE(row.inPlace.wrong, std::optional<std::int64_t>(0));
        for (const auto& each : r.rows)
            QVERIFY(consistent(each.outOfPlace, 0.5) && consistent(each.inPlace, 0.5));
    }

    void allGatherWithNotAvailableAndExponents() {
        const auto run = parseFile(kData + "all_gather_na_exp.txt");
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QVERIFY(r.collective == Collective::all_gather);
        QCOMPARE(r.ranks, 8);
        QCOMPARE(r.rows.size(), std::size_t(2));
        QCOMPARE(r.rows[0].type, std::string("half"));
        QVERIFY(!r.rows[0].outOfPlace.wrong.has_value());
        QVERIFY(!r.rows[1].inPlace.wrong.has_value());
        const auto& big = r.rows[1];
        QCOMPARE(big.sizeBytes, std::int64_t(68719476736));
        CHECK_NEAR(big.outOfPlace.timeS, 25.0); // printed 2.5e+07 us
        CHECK_NEAR(big.inPlace.timeS, 24.0);
        CHECK_NEAR(big.outOfPlace.algBytesPerS, 2.75e9);
        // (n-1)/n = 7/8 for all_gather on 8 ranks.
        const double factor = busBandwidthFactor(Collective::all_gather, 8).value();
        CHECK_NEAR(factor, 0.875);
        for (const auto& each : r.rows)
            QVERIFY(consistent(each.outOfPlace, factor) && consistent(each.inPlace, factor));
        QVERIFY(!consistent(r.rows[0].outOfPlace, 2 * factor)); // the check can fail
    }

    void jsonDocument() {
        const auto run = parseFile(kData + "all_reduce.json");
        QVERIFY2(run.ok(), run.ok() ? "" : run.error().toString().c_str());
        const auto& r = run.value();
        QVERIFY(r.collective == Collective::all_reduce);
        QCOMPARE(r.ranks, 2);
        QCOMPARE(r.hosts, (std::vector<std::string>{"node-a", "node-b"}));
        QCOMPARE(r.devices, std::vector<std::string>{"NVIDIA H100 80GB HBM3"});
        QVERIFY(ncclLinkKind(r) == Link::inter_node);
        QCOMPARE(r.rows.size(), std::size_t(2));
        QCOMPARE(r.rows[0].root, -1); // "    -1" in the document
        QCOMPARE(r.rows[0].count, std::int64_t(262144));
        CHECK_NEAR(r.rows[0].outOfPlace.timeS, 20e-6);
        CHECK_NEAR(r.rows[0].outOfPlace.algBytesPerS, 52.4288e9);
        CHECK_NEAR(r.rows[1].inPlace.busBytesPerS, 85.598041e9);
        QCOMPARE(r.rows[0].inPlace.wrong, std::optional<std::int64_t>(0));
        QVERIFY(!r.rows[1].outOfPlace.wrong.has_value()); // null
        CHECK_NEAR(*r.avgBusBytesPerS, 68.921512e9);
        CHECK_NEAR(ncclBusBandwidthCeiling(r, "j").value().value, 83.88608e9);
    }

    void errors_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<int>("line");
        QTest::addColumn<int>("column");
        QTest::addColumn<QString>("path");
        QTest::addColumn<QString>("message");
        const QString head = "# size count type redop root time algbw busbw #wrong time algbw "
                             "busbw #wrong\n#  (B) (elements) (us) (GB/s) (GB/s) (us) (GB/s) "
                             "(GB/s)\n";
        QTest::newRow("empty") << "  \n\n"
                               << 0 << 0 << ""
                               << "file is empty";
        QTest::newRow("garbage") << "hello\n42 is not a row without a header\n"
                                 << 0 << 0 << ""
                                 << "no nccl-tests results";
        QTest::newRow("header only") << head + "# Out of bounds values : 0 OK\n"
                                     << 0 << 0 << ""
                                     << "no data rows after the column header on line 1";
        QTest::newRow("truncated row")
            << head + "8 2 float sum -1 9.5 0.00 0.00 0 9.5 0.00 0.00 0\n16 4 float sum -1 9.6" << 4
            << 22 << ""
            << "malformed row: expected 13 columns";
        QTest::newRow("too many columns")
            << head + "8 2 float sum -1 9.5 0.00 0.00 0 9.5 0.00 0.00 0 7\n"
            << 3 << 50 << ""
            << "malformed row: expected 13 columns";
        QTest::newRow("bad time") << head + "0: 8 2 float sum -1 9.x 0.00 0.00 0 9.5 0.0 0.0 0\n"
                                  << 3 << 21 << ""
                                  << "expected a non-negative number for time";
        QTest::newRow("bad wrong") << head + "8 2 float sum -1 9.5 0.00 0.00 0 9.5 0.0 0.0 x\n"
                                   << 3 << 46 << ""
                                   << "expected an integer #wrong";
        QTest::newRow("json syntax") << "{\"results\": [\n  {\"size\": 8,,}]}" << 2 << 14 << ""
                                     << "invalid JSON";
        QTest::newRow("json missing count")
            << "{\"results\":[{\"size\":8}]}" << 0 << 0 << "/results/0/count"
            << "missing";
        QTest::newRow("json no rows") << "{\"results\":[]}" << 0 << 0 << "/results"
                                      << "no data rows";
        QTest::newRow("json null half")
            << "{\"results\":[{\"size\":8,\"count\":2,\"out_of_place\":null}]}" << 0 << 0
            << "/results/0/out_of_place"
            << "expected an object";
        QTest::newRow("json array is not nccl-tests") << "[1]" << 0 << 0 << ""
                                                      << "no nccl-tests results";
    }
    void errors() {
        QFETCH(QString, text);
        QFETCH(int, line);
        QFETCH(int, column);
        QFETCH(QString, path);
        QFETCH(QString, message);
        const std::string bytes = text.toStdString();
        const auto run = parseNcclTests(bytes, "bad.txt");
        QVERIFY(!run.ok());
        const auto& error = run.error();
        QVERIFY2(error.message.find(message.toStdString()) != std::string::npos,
                 error.toString().c_str());
        QCOMPARE(error.where.file, std::string("bad.txt"));
        QCOMPARE(error.where.line, std::int64_t(line));
        QCOMPARE(error.where.column, std::int64_t(column));
        QCOMPARE(error.where.path, path.toStdString());
    }

    void everyPrefixOfAFixtureIsSafe() {
        // Truncation anywhere gives a run or an error, never a crash.
        const auto text = readTextFile(kData + "all_reduce.json");
        QVERIFY(text.ok());
        for (std::size_t n = 0; n <= text.value().size(); n += 7)
            (void)parseNcclTests(std::string_view(text.value()).substr(0, n), "cut.json");
        const auto plain = readTextFile(kData + "openmpi_two_nodes.txt");
        QVERIFY(plain.ok());
        for (std::size_t n = 0; n <= plain.value().size(); n += 3)
            (void)parseNcclTests(std::string_view(plain.value()).substr(0, n), "cut.txt");
    }
};

QTEST_APPLESS_MAIN(TestNcclTests)
#include "test_nccl_tests.moc"
