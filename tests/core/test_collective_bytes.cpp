// collectiveBytes: the message size S as nccl-tests defines it and the per-rank wire bytes
// S·busBandwidthFactor, for every collective with n = 1, 2 and 8, plus dtype names and errors.
// Expected numbers are worked out by hand in each row's comment.
#include "core/estimate/collective_bytes.h"

#include <QtTest>

using namespace roofscope;

class TestCollectiveBytes : public QObject {
    Q_OBJECT

  private slots:
    void sizes_data() {
        QTest::addColumn<QString>("collective");
        QTest::addColumn<qint64>("inNelems");
        QTest::addColumn<qint64>("outNelems");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("messageBytes");
        QTest::addColumn<double>("wireBytes");
        // all_reduce: S = in = 1000·4 = 4,000; factor 2(n-1)/n = 0, 1, 1.75.
        QTest::newRow("all_reduce n=1")
            << "all_reduce" << 1000ll << 1000ll << "Float" << 1 << 4000.0 << 0.0;
        QTest::newRow("all_reduce n=2")
            << "all_reduce" << 1000ll << 1000ll << "Float" << 2 << 4000.0 << 4000.0;
        QTest::newRow("all_reduce n=8")
            << "all_reduce" << 1000ll << 1000ll << "Float" << 8 << 4000.0 << 7000.0;
        // all_gather: S = out = 1000·n·4; factor (n-1)/n: n=1 4,000·0 = 0; n=2 8,000·0.5 =
        // 4,000; n=8 32,000·0.875 = 28,000.
        QTest::newRow("all_gather n=1")
            << "all_gather" << 1000ll << 1000ll << "Float" << 1 << 4000.0 << 0.0;
        QTest::newRow("all_gather n=2")
            << "all_gather" << 1000ll << 2000ll << "Float" << 2 << 8000.0 << 4000.0;
        QTest::newRow("all_gather n=8")
            << "all_gather" << 1000ll << 8000ll << "Float" << 8 << 32000.0 << 28000.0;
        // reduce_scatter: S = in = 1000·n·4, the full buffer; same factors as all_gather.
        QTest::newRow("reduce_scatter n=1")
            << "reduce_scatter" << 1000ll << 1000ll << "Float" << 1 << 4000.0 << 0.0;
        QTest::newRow("reduce_scatter n=2")
            << "reduce_scatter" << 2000ll << 1000ll << "Float" << 2 << 8000.0 << 4000.0;
        QTest::newRow("reduce_scatter n=8")
            << "reduce_scatter" << 8000ll << 1000ll << "Float" << 8 << 32000.0 << 28000.0;
        // all_to_all: S = in = 4,000; factor (n-1)/n: 0, 2,000, 3,500.
        QTest::newRow("all_to_all n=1")
            << "all_to_all" << 1000ll << 1000ll << "Float" << 1 << 4000.0 << 0.0;
        QTest::newRow("all_to_all n=2")
            << "all_to_all" << 1000ll << 1000ll << "Float" << 2 << 4000.0 << 2000.0;
        QTest::newRow("all_to_all n=8")
            << "all_to_all" << 1000ll << 1000ll << "Float" << 8 << 4000.0 << 3500.0;
        // broadcast, reduce, send_recv: S = in = 4,000, factor 1 for every n.
        for (const char* c : {"broadcast", "reduce", "send_recv"})
            for (int n : {1, 2, 8})
                QTest::newRow((std::string(c) + " n=" + std::to_string(n)).c_str())
                    << c << 1000ll << 1000ll << "Float" << n << 4000.0 << 4000.0;
        // formats.md §1.7: A100 all_reduce of 6,637,568 floats over 2 ranks: S = 26,550,272,
        // factor 1.
        QTest::newRow("formats.md allreduce")
            << "all_reduce" << 6637568ll << 6637568ll << "Float" << 2 << 26550272.0 << 26550272.0;
        // ws128 sample _allgather_base of int8: out 1,073,741,824 elements over 64 ranks:
        // S = 1,073,741,824 B; wire S·63/64 = 1,056,964,608.
        QTest::newRow("ws128 allgather int8")
            << "all_gather" << 16777216ll << 1073741824ll << "signed char" << 64 << 1073741824.0
            << 1056964608.0;
        // Only one side recorded: all_gather S = in·n = 1000·4·4 = 16,000, wire ·3/4 = 12,000;
        // reduce_scatter S = out·n likewise; send_recv S = out = 4,000.
        QTest::newRow("all_gather in only")
            << "all_gather" << 1000ll << 0ll << "Float" << 4 << 16000.0 << 12000.0;
        QTest::newRow("reduce_scatter out only")
            << "reduce_scatter" << 0ll << 1000ll << "Float" << 4 << 16000.0 << 12000.0;
        QTest::newRow("recv out only")
            << "send_recv" << 0ll << 1000ll << "Float" << 2 << 4000.0 << 4000.0;
        QTest::newRow("empty message") << "all_reduce" << 0ll << 0ll << "Float" << 8 << 0.0 << 0.0;
        // bf16 all_reduce 1,000 elements, 8 ranks: S 2,000, wire 3,500.
        QTest::newRow("bf16") << "all_reduce" << 1000ll << 1000ll << "BFloat16" << 8 << 2000.0
                              << 3500.0;
    }
    void sizes() {
        QFETCH(QString, collective);
        QFETCH(qint64, inNelems);
        QFETCH(qint64, outNelems);
        QFETCH(QString, dtype);
        QFETCH(int, ranks);
        QFETCH(double, messageBytes);
        QFETCH(double, wireBytes);
        const auto c = parseEnum<Collective>(collective.toStdString());
        QVERIFY(c.has_value());
        const auto r = collectiveBytes(*c, inNelems, outNelems, dtype.toStdString(), ranks);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
        QCOMPARE(r.value().messageBytes, messageBytes);
        QCOMPARE(r.value().wireBytesPerRank, wireBytes);
    }

    void dtypes_data() {
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("bytes");
        QTest::newRow("Float") << "Float" << 4;
        QTest::newRow("BFloat16") << "BFloat16" << 2;
        QTest::newRow("Half") << "Half" << 2;
        QTest::newRow("Double") << "Double" << 8;
        QTest::newRow("Int") << "Int" << 4;
        QTest::newRow("Long") << "Long" << 8;
        QTest::newRow("Byte") << "Byte" << 1;
        QTest::newRow("Bool") << "Bool" << 1;
        QTest::newRow("Short") << "Short" << 2;
        QTest::newRow("Float8_e4m3fn") << "Float8_e4m3fn" << 1;
        QTest::newRow("nccl-tests half") << "half" << 2;
        QTest::newRow("nccl-tests int8") << "int8" << 1;
        QTest::newRow("nccl-tests uint64") << "uint64" << 8;
        QTest::newRow("nccl-tests bfloat16") << "bfloat16" << 2;
        QTest::newRow("profiler c10::Half") << "c10::Half" << 2;
        QTest::newRow("profiler long int") << "long int" << 8;
        QTest::newRow("torch name") << "torch.float32" << 4;
        QTest::newRow("unknown") << "Quaternion" << 0;
        QTest::newRow("empty") << "" << 0;
    }
    void dtypes() {
        QFETCH(QString, dtype);
        QFETCH(int, bytes);
        const auto b = collectiveDtypeBytes(dtype.toStdString());
        QCOMPARE(b.value_or(0), bytes);
    }

    void busFactorReported() {
        const auto r = collectiveBytes(Collective::all_reduce, 10, 10, "Half", 4);
        QVERIFY(r.ok());
        QCOMPARE(r.value().busFactor, 1.5); // 2·3/4
        QCOMPARE(r.value().elementBytes, 2);
    }

    void errors_data() {
        QTest::addColumn<qint64>("inNelems");
        QTest::addColumn<qint64>("outNelems");
        QTest::addColumn<QString>("dtype");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<QString>("message");
        QTest::newRow("negative in") << -1ll << 10ll << "Float" << 2 << "negative";
        QTest::newRow("negative out") << 10ll << -5ll << "Float" << 2 << "negative";
        QTest::newRow("unknown dtype")
            << 10ll << 10ll << "Quaternion" << 2 << "unknown dtype 'Quaternion'";
        QTest::newRow("no ranks") << 10ll << 10ll << "Float" << 0 << "at least one rank";
        QTest::newRow("too large") << (qint64(1) << 61) << 0ll << "Double" << 2 << "beyond 2^62";
    }
    void errors() {
        QFETCH(qint64, inNelems);
        QFETCH(qint64, outNelems);
        QFETCH(QString, dtype);
        QFETCH(int, ranks);
        QFETCH(QString, message);
        const auto r = collectiveBytes(Collective::all_reduce, inNelems, outNelems,
                                       dtype.toStdString(), ranks);
        QVERIFY(!r.ok());
        const QString text = QString::fromStdString(r.error().message);
        QVERIFY2(text.contains(message), qPrintable(text));
    }
};

QTEST_APPLESS_MAIN(TestCollectiveBytes)
#include "test_collective_bytes.moc"
