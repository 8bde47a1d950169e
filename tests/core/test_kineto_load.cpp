// Loading Kineto traces end to end (read, analyse, merge ranks) on the project's fixtures, with
// numbers computed by hand, and the progress and cancellation contract of TraceLoadOptions.

#include "core/import/kineto/kineto_load.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;
using roofscope::testing::near;

namespace {

std::string fixture(const char* name) {
    return std::string(ROOFSCOPE_TEST_DATA "/kineto/") + name;
}

const Launch* launchNamed(const KinetoAnalysis& a, std::string_view prefix) {
    const auto it = std::find_if(a.launches.begin(), a.launches.end(),
                                 [&](const Launch& l) { return l.name.starts_with(prefix); });
    return it == a.launches.end() ? nullptr : &*it;
}

} // namespace

class TestKinetoLoad : public QObject {
    Q_OBJECT

  private slots:
    void modernFixture() {
        auto loaded = loadKinetoTrace(fixture("modern.json"));
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().analysis;
        QCOMPARE(a.context.sources, std::vector<std::string>{fixture("modern.json")});
        QCOMPARE(a.context.rank, 1);
        QCOMPARE(a.context.worldSize, 2);
        QCOMPARE(a.deviceName, std::string("NVIDIA A100-PG509-200"));
        QCOMPARE(a.launches.size(), std::size_t(3));

        // The GEMM kernel carries aten::addmm's estimate: M=141, K=512, N=512.
        const Launch* gemm = launchNamed(a, "sgemm_");
        QVERIFY(gemm);
        QCOMPARE(gemm->opName.str(), std::string("aten::addmm"));
        QVERIFY(gemm->record.flops.origin == Origin::estimated);
        QVERIFY(near(gemm->record.flops.value, 2.0 * 141 * 512 * 512));
        QVERIFY(gemm->record.category == Category::gemm);
        QVERIFY(near(gemm->record.timeS.value, 40.5e-6));

        const Launch* copy = launchNamed(a, "Memcpy HtoD");
        QVERIFY(copy);
        QVERIFY(copy->record.category == Category::memcpy);
        QVERIFY(near(copy->record.commBytesOn(Link::pcie_h2d).value_or(0), 4000));

        // 6637568 floats in 2636.669 us over 2 ranks: algbw = busbw = 10.07 GB/s.
        const auto collectives = summarizeCollectives(a.launches);
        QCOMPARE(collectives.size(), std::size_t(1));
        QVERIFY(collectives[0].op == Collective::all_reduce);
        QVERIFY(near(collectives[0].algbwBytesPerS, 6637568.0 * 4 / 2636.669e-6, 1e-9));
        QVERIFY(near(collectives[0].busbwBytesPerS, collectives[0].algbwBytesPerS));
    }

    void rocmFixture() {
        auto loaded = loadKinetoTrace(fixture("rocm.json"));
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        const KinetoAnalysis& a = loaded.value().analysis;
        QCOMPARE(a.deviceName, std::string("AMD Instinct MI300X VF"));
        QCOMPARE(a.launches.size(), std::size_t(1));
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.precision == Precision::bf16);
        QVERIFY(near(r.flops.value, 2.0 * 64 * 128 * 256));
        QVERIFY(r.usesTensorUnits);
        QVERIFY(!a.context.stack.other.empty());
    }

    void progressAndCancel() {
        TraceLoadOptions options;
        options.chunkBytes = 256;
        std::vector<double> fractions;
        options.progress = [&](double f) {
            fractions.push_back(f);
            return true;
        };
        auto loaded =
            loadKinetoRanks({fixture("modern.json"), fixture("legacy2021.json")}, options);
        QVERIFY(loaded.ok());
        QVERIFY(!fractions.empty());
        QVERIFY(std::all_of(fractions.begin(), fractions.end(),
                            [](double f) { return f >= 0 && f <= 1; }));
        QCOMPARE(fractions.back(), 1.0); // both files read to their end

        std::atomic<bool> cancel{true};
        options.cancel = &cancel;
        auto cancelled = loadKinetoTrace(fixture("modern.json"), options);
        QVERIFY(!cancelled.ok());
        QCOMPARE(cancelled.error().message, std::string("cancelled"));
    }

    void ranksDisagree() {
        // The same file twice: both claim rank 1.
        auto loaded = loadKinetoRanks({fixture("modern.json"), fixture("modern.json")});
        QVERIFY(loaded.ok());
        QVERIFY(std::any_of(loaded.value().warnings.begin(), loaded.value().warnings.end(),
                            [](const std::string& w) {
                                return w.find("both say they are rank 1") != std::string::npos;
                            }));
    }

    void missingFileFails() {
        auto loaded = loadKinetoRanks({fixture("modern.json"), fixture("absent.json")});
        QVERIFY(!loaded.ok());
        QVERIFY(loaded.error().where.file.find("absent.json") != std::string::npos);
    }
};

QTEST_APPLESS_MAIN(TestKinetoLoad)
#include "test_kineto_load.moc"
