// Collective bandwidth as nccl-tests defines it: algbw = S / t, busbw = algbw x factor(n) with
// factor 2(n-1)/n for all-reduce, (n-1)/n for reduce-scatter, all-gather and all-to-all, 1 for
// broadcast, reduce and point-to-point. Checked against every collective and group size, and
// against rows printed by a real nccl-tests run.
#include "core/collectives.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>
#include <limits>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Collective)

class TestCollectives : public QObject {
    Q_OBJECT

  private slots:
    void factor_data() {
        QTest::addColumn<Collective>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("expected");

        // 2(n-1)/n: n=1 0; 2 2/2=1; 3 4/3; 4 6/4=1.5; 8 14/8=1.75; 16 30/16=1.875;
        // 128 254/128=1.984375
        const int ranks[] = {1, 2, 3, 4, 8, 16, 128};
        const double allReduce[] = {0.0, 1.0, 4.0 / 3.0, 1.5, 1.75, 1.875, 1.984375};
        // (n-1)/n: 0, 0.5, 2/3, 0.75, 0.875, 0.9375, 0.9921875
        const double nMinusOneOverN[] = {0.0, 0.5, 2.0 / 3.0, 0.75, 0.875, 0.9375, 0.9921875};

        struct Family {
            Collective collective;
            const char* name;
            const double* factors; // nullptr: 1 for every n
        };
        const Family families[] = {
            {Collective::all_reduce, "all_reduce", allReduce},
            {Collective::reduce_scatter, "reduce_scatter", nMinusOneOverN},
            {Collective::all_gather, "all_gather", nMinusOneOverN},
            {Collective::all_to_all, "all_to_all", nMinusOneOverN},
            {Collective::broadcast, "broadcast", nullptr},
            {Collective::reduce, "reduce", nullptr},
            {Collective::send_recv, "send_recv", nullptr},
        };
        for (const auto& family : families)
            for (std::size_t i = 0; i < std::size(ranks); ++i)
                QTest::addRow("%s n=%d", family.name, ranks[i])
                    << family.collective << ranks[i] << (family.factors ? family.factors[i] : 1.0);
    }
    void factor() {
        QFETCH(Collective, collective);
        QFETCH(int, ranks);
        QFETCH(double, expected);
        const auto f = busBandwidthFactor(collective, ranks);
        QVERIFY2(f.ok(), f.ok() ? "" : f.error().message.c_str());
        CHECK_NEAR(f.value(), expected);
    }

    void factorCoversEveryCollective() {
        // A new collective needs its factor (and a row above).
        QCOMPARE(enumNames<Collective>().size(), std::size_t(7));
        for (const auto& entry : enumNames<Collective>())
            QVERIFY(busBandwidthFactor(entry.value, 8).ok());
    }

    void factorRefusesNoRanks_data() {
        QTest::addColumn<Collective>("collective");
        QTest::addColumn<int>("ranks");
        for (const auto& entry : enumNames<Collective>()) {
            QTest::addRow("%s n=0", entry.name.data()) << entry.value << 0;
            QTest::addRow("%s n=-1", entry.name.data()) << entry.value << -1;
        }
    }
    void factorRefusesNoRanks() {
        QFETCH(Collective, collective);
        QFETCH(int, ranks);
        const auto f = busBandwidthFactor(collective, ranks);
        QVERIFY(!f.ok());
        QVERIFY(!f.error().message.empty());
    }

    void bandwidth_data() {
        QTest::addColumn<Collective>("collective");
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("timeS");
        QTest::addColumn<double>("linkPeak"); // NaN: none given
        QTest::addColumn<double>("algbw");
        QTest::addColumn<double>("busbw");
        QTest::addColumn<bool>("aboveLinkPeak");

        // 1e9 B in 0.01 s = 100 GB/s; all-reduce on 8: x 1.75 = 175 GB/s.
        QTest::newRow("all_reduce no peak")
            << Collective::all_reduce << 8 << 1e9 << 0.01 << kNaN << 100e9 << 175e9 << false;
        QTest::newRow("all_reduce below peak")
            << Collective::all_reduce << 8 << 1e9 << 0.01 << 200e9 << 100e9 << 175e9 << false;
        // Above the 150 GB/s link: flagged, and the value is kept, not clamped to 150.
        QTest::newRow("all_reduce above peak")
            << Collective::all_reduce << 8 << 1e9 << 0.01 << 150e9 << 100e9 << 175e9 << true;
        // Exactly at the peak is not above it.
        QTest::newRow("all_reduce at peak")
            << Collective::all_reduce << 8 << 1e9 << 0.01 << 175e9 << 100e9 << 175e9 << false;
        // all-gather on 4: 4e9 B (the gathered buffer) in 0.02 s = 200 GB/s, x 0.75 = 150.
        QTest::newRow("all_gather")
            << Collective::all_gather << 4 << 4e9 << 0.02 << 100e9 << 200e9 << 150e9 << true;
        // reduce-scatter on 2: 1e9 / 0.01 = 100 GB/s, x 0.5 = 50 GB/s.
        QTest::newRow("reduce_scatter")
            << Collective::reduce_scatter << 2 << 1e9 << 0.01 << 60e9 << 100e9 << 50e9 << false;
        // broadcast: factor 1, 5e8 / 0.005 = 100 GB/s.
        QTest::newRow("broadcast")
            << Collective::broadcast << 16 << 5e8 << 0.005 << kNaN << 100e9 << 100e9 << false;
        QTest::newRow("send_recv")
            << Collective::send_recv << 2 << 2.5e7 << 1e-3 << 20e9 << 25e9 << 25e9 << true;
        // A single rank moves nothing over the bus.
        QTest::newRow("one rank") << Collective::all_reduce << 1 << 1e9 << 0.01 << 1e9 << 100e9
                                  << 0.0 << false;
        QTest::newRow("zero bytes")
            << Collective::all_reduce << 8 << 0.0 << 0.01 << kNaN << 0.0 << 0.0 << false;
        // A peak of 0 means unknown: nothing is flagged.
        QTest::newRow("unknown peak")
            << Collective::all_reduce << 8 << 1e9 << 0.01 << 0.0 << 100e9 << 175e9 << false;
    }
    void bandwidth() {
        QFETCH(Collective, collective);
        QFETCH(int, ranks);
        QFETCH(double, bytes);
        QFETCH(double, timeS);
        QFETCH(double, linkPeak);
        QFETCH(double, algbw);
        QFETCH(double, busbw);
        QFETCH(bool, aboveLinkPeak);
        std::optional<double> peak;
        if (!std::isnan(linkPeak))
            peak = linkPeak;
        const auto bw = collectiveBandwidth(collective, ranks, bytes, timeS, peak);
        QVERIFY2(bw.ok(), bw.ok() ? "" : bw.error().message.c_str());
        CHECK_NEAR(bw.value().algBytesPerS, algbw);
        CHECK_NEAR(bw.value().busBytesPerS, busbw);
        QCOMPARE(bw.value().aboveLinkPeak, aboveLinkPeak);
    }

    void bandwidthErrors_data() {
        QTest::addColumn<int>("ranks");
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("timeS");
        QTest::newRow("no ranks") << 0 << 1e9 << 0.01;
        QTest::newRow("negative ranks") << -1 << 1e9 << 0.01;
        QTest::newRow("negative bytes") << 8 << -1.0 << 0.01;
        QTest::newRow("NaN bytes") << 8 << kNaN << 0.01;
        QTest::newRow("infinite bytes") << 8 << kInf << 0.01;
        QTest::newRow("zero time") << 8 << 1e9 << 0.0;
        QTest::newRow("negative time") << 8 << 1e9 << -0.01;
        QTest::newRow("NaN time") << 8 << 1e9 << kNaN;
        QTest::newRow("infinite time") << 8 << 1e9 << kInf;
    }
    void bandwidthErrors() {
        QFETCH(int, ranks);
        QFETCH(double, bytes);
        QFETCH(double, timeS);
        const auto bw = collectiveBandwidth(Collective::all_reduce, ranks, bytes, timeS);
        QVERIFY(!bw.ok());
        QVERIFY(!bw.error().message.empty());
    }

    // Rows of a real run:
    // /work/shared/samples/nccl-tests_all_reduce_perf_2x_p5.48xlarge_16xH100.txt
    // (aws-samples/awsome-distributed-training, micro-benchmarks/nccl-tests/README.md), all_reduce
    // over 16 H100 on two p5.48xlarge nodes, out-of-place columns: size (B), time (us),
    // algbw (GB/s), busbw (GB/s). nccl-tests prints with G = 1e9.
    void ncclTestsRows_data() {
        QTest::addColumn<double>("bytes");
        QTest::addColumn<double>("timeUs");
        QTest::addColumn<double>("timeHalfStepUs"); // half the last printed digit of the time
        QTest::addColumn<double>("algbwGBs");
        QTest::addColumn<double>("busbwGBs");
        //   134217728   33554432  float  sum  -1    870.3  154.22  289.16
        QTest::newRow("128 MiB") << 134217728.0 << 870.3 << 0.05 << 154.22 << 289.16;
        //  1073741824  268435456  float  sum  -1   4607.6  233.04  436.95
        QTest::newRow("1 GiB") << 1073741824.0 << 4607.6 << 0.05 << 233.04 << 436.95;
        //  8589934592 2147483648  float  sum  -1    33605  255.62  479.28
        QTest::newRow("8 GiB") << 8589934592.0 << 33605.0 << 0.5 << 255.62 << 479.28;
    }
    void ncclTestsRows() {
        QFETCH(double, bytes);
        QFETCH(double, timeUs);
        QFETCH(double, timeHalfStepUs);
        QFETCH(double, algbwGBs);
        QFETCH(double, busbwGBs);
        const auto bw = collectiveBandwidth(Collective::all_reduce, 16, bytes, timeUs * 1e-6);
        QVERIFY(bw.ok());
        const double alg = bw.value().algBytesPerS / 1e9;
        const double bus = bw.value().busBytesPerS / 1e9;
        // The printed rounding: bandwidths are printed to 0.005 GB/s, and the rounding of the
        // printed time moves the bandwidth by its relative half-step (x 1.875 for busbw).
        const double timeSlack = timeHalfStepUs / timeUs;
        const double algTolerance = 0.005 + algbwGBs * timeSlack;
        const double busTolerance = 0.005 + busbwGBs * timeSlack;
        QVERIFY2(std::fabs(alg - algbwGBs) <= algTolerance, describe(alg, algbwGBs));
        QVERIFY2(std::fabs(bus - busbwGBs) <= busTolerance, describe(bus, busbwGBs));
        // 16 ranks: busbw / algbw = 2 * 15 / 16 = 1.875 exactly.
        CHECK_NEAR(bw.value().busBytesPerS / bw.value().algBytesPerS, 1.875);
    }
};

QTEST_APPLESS_MAIN(TestCollectives)
#include "test_collectives.moc"
