// `roofscope summarize` on a small Kineto trace (plain and gzipped) in table and JSON mode with
// hand-computed numbers: the three groupings, --top, --device, and damaged files. The other
// inputs (Nsight Compute, nccl-tests, the samples) are in test_cli_summarize_inputs.cpp.
#include "tests/support/summarize_runner.h"

#include <QFile>
#include <QtTest>

#include <zlib.h>

using summarize_test::near;
using summarize_test::Run;

namespace {

const QString kSmall = QStringLiteral(ROOFSCOPE_TEST_DATA "/kineto/summarize-small.json");

// The fixture by hand. addmm [[512],[141,512],[512,512]] fp32: 2*M*N*K FLOPs; bytes: bias,
// both matrices and the product once, 4 B each. The all-reduce: 1048576 floats over 4 ranks
// in 1 ms.
constexpr double kAddmm141Flops = 2.0 * 141 * 512 * 512; // 73,924,608
constexpr double kAddmm64Flops = 2.0 * 64 * 512 * 512;   // 33,554,432
constexpr double kAddmm141Bytes = 4.0 * (512 + 141 * 512 + 512 * 512 + 141 * 512);
constexpr double kAddmm64Bytes = 4.0 * (512 + 64 * 512 + 512 * 512 + 64 * 512);
constexpr double kGemmFlops = 2 * kAddmm141Flops + kAddmm64Flops;
constexpr double kGemmBytes = 2 * kAddmm141Bytes + kAddmm64Bytes;
constexpr double kAllReduceBytes = 1048576.0 * 4;
constexpr double kAllReduceAlgbw = kAllReduceBytes / 1e-3;
constexpr double kAllReduceBusbw = kAllReduceAlgbw * 2 * 3 / 4;
constexpr double kMemcpyBytes = 4e6;

// Gzips `from` into `to` with zlib, as `gzip` would.
bool gzipFile(const QString& from, const QString& to) {
    QFile in(from);
    if (!in.open(QIODevice::ReadOnly))
        return false;
    const QByteArray bytes = in.readAll();
    gzFile out = gzopen(QFile::encodeName(to).constData(), "wb9");
    if (!out)
        return false;
    const int written = gzwrite(out, bytes.constData(), static_cast<unsigned>(bytes.size()));
    return gzclose(out) == Z_OK && written == bytes.size();
}

bool writeFile(const QString& path, const QByteArray& bytes) {
    QFile f(path);
    return f.open(QIODevice::WriteOnly) && f.write(bytes) == bytes.size();
}

} // namespace

class TestCliSummarize : public QObject {
    Q_OBJECT

  private:
    summarize_test::Runner runner_;

    Run run(const QStringList& args) const { return runner_.run(args); }
    QJsonArray jsonDatasets(const QStringList& args) const { return runner_.jsonDatasets(args); }

    static QJsonObject recordNamed(const QJsonArray& records, const QString& name) {
        for (const auto& r : records)
            if (r.toObject().value(QStringLiteral("name")).toString() == name)
                return r.toObject();
        return {};
    }

  private slots:
    void initTestCase() { QVERIFY(runner_.valid()); }

    void help() {
        const Run r = run({QStringLiteral("--help")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.startsWith(QStringLiteral("Usage: roofscope summarize FILE...")));
        for (const char* option : {"--group G", "--device ID", "--top N", "--json"})
            QVERIFY2(r.out.contains(QLatin1String(option)), option);
    }

    void usageErrors_data() {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("expected");
        QTest::newRow("no file") << QStringList{} << "no file given";
        QTest::newRow("bad group")
            << QStringList{"--group", "layer", kSmall} << "--group needs kernel, op or launch";
        QTest::newRow("bad top") << QStringList{"--top", "-3", kSmall} << "--top needs a number";
        QTest::newRow("unknown option") << QStringList{"--fast", kSmall} << "unknown option";
        QTest::newRow("unknown device")
            << QStringList{"--device", "no-such-gpu", kSmall}
            << "unknown device 'no-such-gpu' (see 'roofscope devices' for the ids)";
    }
    void usageErrors() {
        QFETCH(QStringList, args);
        QFETCH(QString, expected);
        const Run r = run(args);
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 2);
        QVERIFY2(r.err.contains(expected), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }

    void smallTraceTable() {
        const Run r = run({kSmall});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 0);
        QCOMPARE(r.err, QString()); // the device is known: no warnings
        const QStringList expected{
            kSmall + ": Kineto trace, rank 1 of 4, NVIDIA A100-PG509-200 (nvidia-a100-sxm4-40gb)",
            "NCCL 2.18.3", "NAME (by kernel)",
            // 1 ms of 1.5 ms, communication-bound
            "ncclDevKernel_AllReduce_Sum_f32_RING_LL", "66.7%", "communication",
            // 181.4 MFLOP in 100 us = 1.81 TFLOP/s at 181.4 MFLOP / 4.57 MB = 39.7 FLOP/B
            "ampere_sgemm_128x64_tn", "1.81 TFLOP/s", "39.7 FLOP/B", "compute", "estimated",
            "total: 3 records, 1.50 ms", "all_reduce", "4.19 GB/s", "6.29 GB/s"};
        for (const QString& fragment : expected)
            QVERIFY2(r.out.contains(fragment), qPrintable(r.out + "\nlacks: " + fragment));
        // Longest first: the all-reduce, the copy, the GEMMs.
        const auto nccl = r.out.indexOf(QStringLiteral("ncclDevKernel"));
        const auto copy = r.out.indexOf(QStringLiteral("Memcpy HtoD"));
        const auto gemm = r.out.indexOf(QStringLiteral("ampere_sgemm"));
        QVERIFY(nccl < copy && copy < gemm);
    }

    void smallTraceJson() {
        const QJsonArray datasets = jsonDatasets({kSmall});
        QCOMPARE(datasets.size(), 1);
        const QJsonObject d = datasets[0].toObject();
        QCOMPARE(d.value("source").toString(), kSmall);
        QCOMPARE(d.value("device").toObject().value("id").toString(),
                 QStringLiteral("nvidia-a100-sxm4-40gb"));
        QCOMPARE(d.value("device").toObject().value("trace_name").toString(),
                 QStringLiteral("NVIDIA A100-PG509-200"));
        QCOMPARE(d.value("rank").toInt(), 1);
        QCOMPARE(d.value("world_size").toInt(), 4);
        QCOMPARE(d.value("stack").toObject().value("nccl").toString(), QStringLiteral("2.18.3"));
        const QJsonObject totals = d.value("totals").toObject();
        QVERIFY(near(totals.value("time_s").toDouble(), 1.5e-3));
        QVERIFY(near(totals.value("flops").toDouble(), kGemmFlops));
        QVERIFY(near(totals.value("bytes_dram").toDouble(), kGemmBytes + kMemcpyBytes));
        QVERIFY(near(totals.value("comm_bytes").toDouble(),
                     kAllReduceBytes * 1.5 + kMemcpyBytes)); // wire bytes 2(n-1)/n x S

        const QJsonArray records = d.value("records").toArray();
        QCOMPARE(records.size(), 3);
        const QJsonObject gemm = records[2].toObject();
        QCOMPARE(gemm.value("name").toString(), QStringLiteral("ampere_sgemm_128x64_tn"));
        QCOMPARE(gemm.value("category").toString(), QStringLiteral("gemm"));
        QCOMPARE(gemm.value("phase").toString(), QStringLiteral("forward"));
        QCOMPARE(gemm.value("precision").toString(), QStringLiteral("fp32"));
        QCOMPARE(gemm.value("count").toInt(), 3);
        QVERIFY(near(gemm.value("time_s").toDouble(), 100e-6));
        QVERIFY(near(gemm.value("flops").toDouble(), kGemmFlops));
        QCOMPARE(gemm.value("flops_origin").toString(), QStringLiteral("estimated"));
        QVERIFY(near(gemm.value("bytes").toObject().value("dram").toDouble(), kGemmBytes));
        QVERIFY(gemm.value("comm_bytes").isNull());
        QCOMPARE(gemm.value("bottleneck").toString(), QStringLiteral("compute"));

        const QJsonObject nccl = records[0].toObject();
        QCOMPARE(nccl.value("category").toString(), QStringLiteral("collective"));
        QCOMPARE(nccl.value("phase").toString(), QStringLiteral("communication"));
        QVERIFY(nccl.value("flops").isNull());
        QCOMPARE(nccl.value("flops_origin").toString(), QStringLiteral("absent"));
        QCOMPARE(nccl.value("bottleneck").toString(), QStringLiteral("communication"));
        QCOMPARE(records[1].toObject().value("category").toString(), QStringLiteral("memcpy"));

        const QJsonArray collectives = d.value("collectives").toArray();
        QCOMPARE(collectives.size(), 1);
        const QJsonObject c = collectives[0].toObject();
        QCOMPARE(c.value("op").toString(), QStringLiteral("all_reduce"));
        QCOMPARE(c.value("count").toInt(), 1);
        QCOMPARE(c.value("group_size").toInt(), 4);
        QVERIFY(near(c.value("bytes").toDouble(), kAllReduceBytes));
        QVERIFY(near(c.value("time_s").toDouble(), 1e-3));
        QVERIFY(near(c.value("algbw").toDouble(), kAllReduceAlgbw));
        QVERIFY(near(c.value("busbw").toDouble(), kAllReduceBusbw));
        QCOMPARE(d.value("warnings").toArray().size(), 0);
    }

    void groupings_data() {
        QTest::addColumn<QString>("group");
        QTest::addColumn<int>("records");
        QTest::addColumn<QString>("gemmName");
        QTest::addColumn<int>("gemmCount");
        QTest::addColumn<double>("gemmFlops");
        QTest::newRow("kernel") << "kernel" << 3 << "ampere_sgemm_128x64_tn" << 3 << kGemmFlops;
        QTest::newRow("op") << "op" << 4 << "aten::addmm [[512],[141,512],[512,512]]" << 2
                            << 2 * kAddmm141Flops;
        QTest::newRow("launch") << "launch" << 5 << "ampere_sgemm_128x64_tn" << 1 << kAddmm141Flops;
    }
    void groupings() {
        QFETCH(QString, group);
        QFETCH(int, records);
        QFETCH(QString, gemmName);
        QFETCH(int, gemmCount);
        QFETCH(double, gemmFlops);
        const QJsonArray datasets = jsonDatasets({"--group", group, kSmall});
        QCOMPARE(datasets.size(), 1);
        const QJsonArray list = datasets[0].toObject().value("records").toArray();
        QCOMPARE(list.size(), records);
        const QJsonObject gemm = recordNamed(list, gemmName);
        QCOMPARE(gemm.value("count").toInt(), gemmCount);
        QVERIFY(near(gemm.value("flops").toDouble(), gemmFlops));
        // Every grouping sums to the same totals.
        QVERIFY(near(datasets[0].toObject().value("totals").toObject().value("flops").toDouble(),
                     kGemmFlops));
        const Run table = run({"--group", group, kSmall});
        QCOMPARE(table.exitCode, 0);
        QVERIFY2(table.out.contains("NAME (by " + group + ")"), qPrintable(table.out));
    }

    void top() {
        const Run one = run({"--top", "1", "--group", "launch", kSmall});
        QCOMPARE(one.exitCode, 0);
        QVERIFY(one.out.contains(QStringLiteral("ncclDevKernel")));
        QVERIFY(!one.out.contains(QStringLiteral("ampere_sgemm")));
        QVERIFY2(one.out.contains(QStringLiteral("... 4 more (--top 0 shows all)")),
                 qPrintable(one.out));
        const Run all = run({"--top", "0", "--group", "launch", kSmall});
        QCOMPARE(all.out.count(QStringLiteral("ampere_sgemm")), 3);
        QVERIFY(!all.out.contains(QStringLiteral("more (--top 0")));
    }

    void deviceOverride() {
        const QJsonArray datasets = jsonDatasets({"--device", "nvidia-h100-sxm5-80gb", kSmall});
        QCOMPARE(datasets.size(), 1);
        const QJsonObject device = datasets[0].toObject().value("device").toObject();
        QCOMPARE(device.value("id").toString(), QStringLiteral("nvidia-h100-sxm5-80gb"));
        QCOMPARE(device.value("trace_name").toString(), QStringLiteral("NVIDIA A100-PG509-200"));
        const Run r = run({"--device", "nvidia-h100-sxm5-80gb", kSmall});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.out.contains(QStringLiteral("NVIDIA A100-PG509-200 (nvidia-h100-sxm5-80gb)")),
                 qPrintable(r.out));
    }

    // A device the catalog does not know leaves bottlenecks `none`, with a warning.
    void unknownTraceDevice() {
        QTemporaryDir dir;
        QFile in(kSmall);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QString path = dir.filePath(QStringLiteral("mystery.json"));
        QVERIFY(writeFile(path, in.readAll().replace("NVIDIA A100-PG509-200", "Mystery GPU 9000")));
        const Run r = run({path});
        QCOMPARE(r.exitCode, 0);
        QVERIFY2(r.err.startsWith("warning: " + path +
                                  ": device 'Mystery GPU 9000' is not in the "
                                  "catalog"),
                 qPrintable(r.err));
        QVERIFY(r.out.contains(QStringLiteral("Mystery GPU 9000 (not in the catalog)")));
        const QJsonArray datasets = jsonDatasets({path});
        const QJsonObject d = datasets[0].toObject();
        QVERIFY(d.value("device").toObject().value("id").isNull());
        for (const auto& record : d.value("records").toArray())
            QCOMPARE(record.toObject().value("bottleneck").toString(), QStringLiteral("none"));
        QCOMPARE(d.value("warnings").toArray().size(), 1);
    }

    void gzipped() {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("summarize-small.json.gz"));
        QVERIFY(gzipFile(kSmall, path));
        const QJsonArray plain = jsonDatasets({kSmall});
        const QJsonArray gz = jsonDatasets({path});
        QCOMPARE(gz.size(), 1);
        QJsonObject a = plain[0].toObject(), b = gz[0].toObject();
        QCOMPARE(b.value("source").toString(), path);
        a.remove("source");
        b.remove("source");
        QCOMPARE(a, b);
    }

    void damagedFiles_data() {
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected"); // after "roofscope summarize: <path>"
        QTest::newRow("invalid JSON")
            << QByteArray("{\"traceEvents\": [{\"ph\": \"X\", \"ts\": 1, \"dur\": }]}")
            << ": byte ";
        QTest::newRow("not a trace") << QByteArray("hello\n") << ": unrecognised file";
        QTest::newRow("session") << QByteArray("{\"format\": \"roofscope-session\"}")
                                 << ": Roofscope session: summarize reads Kineto traces";
    }
    void damagedFiles() {
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString bad = dir.filePath(QStringLiteral("bad.json"));
        QVERIFY(writeFile(bad, content));
        // The good file after the bad one is still summarized; the exit status says one failed.
        const Run r = run({bad, kSmall});
        QVERIFY(r.finished);
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith("roofscope summarize: " + bad + expected), qPrintable(r.err));
        QVERIFY(r.out.contains(kSmall + QStringLiteral(": Kineto trace")));
    }

    // A gzip cut short before any event is an error at a compressed byte offset.
    void truncatedGzip() {
        QTemporaryDir dir;
        const QString whole = dir.filePath(QStringLiteral("whole.json.gz"));
        QVERIFY(gzipFile(kSmall, whole));
        QFile in(whole);
        QVERIFY(in.open(QIODevice::ReadOnly));
        const QString cut = dir.filePath(QStringLiteral("cut.json.gz"));
        QVERIFY(writeFile(cut, in.read(200)));
        const Run r = run({cut});
        QCOMPARE(r.exitCode, 1);
        QVERIFY2(r.err.startsWith("roofscope summarize: " + cut + ": byte "), qPrintable(r.err));
        QCOMPARE(r.out, QString());
    }
};

QTEST_GUILESS_MAIN(TestCliSummarize)
#include "test_cli_summarize.moc"
