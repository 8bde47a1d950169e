// The pieces of the CPU probe that do not need a quiet machine: the working-set plan for
// topologies the tests do not run on, names and slugs, the kernels against their analytic
// results on every ISA this CPU supports, and the thread team's error paths.
#include "gpu/cpu/cpu_topology.h"
#include "gpu/cpu/fma_kernel.h"
#include "gpu/cpu/simd_isa.h"
#include "gpu/cpu/team_sampler.h"
#include "gpu/cpu/triad_kernel.h"
#include "gpu/cpu/triad_plan.h"

#include <QtTest>

#include <sched.h>

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <vector>

using namespace roofscope;
using namespace roofscope::probe;

Q_DECLARE_METATYPE(roofscope::probe::CpuTopology)
Q_DECLARE_METATYPE(roofscope::probe::SimdIsa)
Q_DECLARE_METATYPE(roofscope::probe::Size)

namespace {

constexpr std::uint64_t KiB = 1024, MiB = 1024 * KiB, GiB = 1024 * MiB;

CpuTopology topology(int cores, int smt, CacheInfo l1, CacheInfo l2, CacheInfo l3,
                     std::uint64_t available = 64 * GiB) {
    CpuTopology t;
    for (int cpu = 0; cpu < cores * smt; ++cpu)
        t.cpus.push_back(cpu);
    for (int core = 0; core < cores; ++core)
        t.coreCpus.push_back(core);
    t.l1d = l1;
    t.l2 = l2;
    t.l3 = l3;
    t.modelName = "Test CPU";
    t.availableBytes = available;
    return t;
}

double triadBytes(std::size_t elements) {
    return kTriadBytesPerElement * static_cast<double>(elements);
}

const TriadPoint* levelPoint(const TriadPlan& plan, MemoryLevel level) {
    for (const auto& p : plan.points)
        if (p.level == level)
            return &p;
    return nullptr;
}

bool mentions(const std::vector<std::string>& warnings, const char* word) {
    return std::any_of(warnings.begin(), warnings.end(),
                       [&](const std::string& w) { return w.find(word) != std::string::npos; });
}

std::vector<SimdIsa> supportedIsas() {
    std::vector<SimdIsa> isas;
    for (SimdIsa isa :
         {SimdIsa::avx512, SimdIsa::avx2, SimdIsa::sse2, SimdIsa::neon, SimdIsa::scalar})
        if (simdSupported(isa))
            isas.push_back(isa);
    return isas;
}

} // namespace

class TestCpuProbeParts : public QObject {
    Q_OBJECT

  private slots:
    void plan_data() {
        QTest::addColumn<CpuTopology>("topology");
        QTest::addColumn<Size>("size");
        QTest::addColumn<bool>("hasL3");
        QTest::addColumn<QString>("warning"); // a word one warning must contain; empty: none
        const CpuTopology epyc = topology(96, 2, {32 * KiB, 2}, {1 * MiB, 2}, {32 * MiB, 16});
        const CpuTopology sysconfOnly = topology(2, 1, {48 * KiB, 0}, {1 * MiB, 0}, {508 * MiB, 0});
        const CpuTopology noL3 = topology(4, 1, {64 * KiB, 1}, {4 * MiB, 4}, {});
        const CpuTopology unknown = topology(1, 1, {}, {}, {});
        const CpuTopology smallRam =
            topology(8, 1, {32 * KiB, 1}, {1 * MiB, 1}, {64 * MiB, 8}, 300 * MiB);
        QTest::newRow("epyc normal") << epyc << Size::normal << true << QString();
        QTest::newRow("epyc quick") << epyc << Size::quick << true << QString("quick");
        QTest::newRow("epyc thorough") << epyc << Size::thorough << true << QString();
        QTest::newRow("sysconf normal") << sysconfOnly << Size::normal << true << QString();
        QTest::newRow("sysconf quick") << sysconfOnly << Size::quick << false << QString("L3");
        QTest::newRow("no L3") << noL3 << Size::normal << false << QString();
        QTest::newRow("unknown caches") << unknown << Size::quick << false << QString("unknown");
        QTest::newRow("little free memory")
            << smallRam << Size::normal << true << QString("capped");
    }
    void plan() {
        QFETCH(CpuTopology, topology);
        QFETCH(Size, size);
        QFETCH(bool, hasL3);
        QFETCH(QString, warning);
        const TriadPlan plan = planTriad(topology, size);
        const double threads = static_cast<double>(topology.coreCpus.size());

        const TriadPoint* l1 = levelPoint(plan, MemoryLevel::l1);
        const TriadPoint* l2 = levelPoint(plan, MemoryLevel::l2);
        const TriadPoint* l3 = levelPoint(plan, MemoryLevel::l3);
        const TriadPoint* dram = levelPoint(plan, MemoryLevel::dram);
        QVERIFY(l1 && l2 && dram);
        QCOMPARE(l3 != nullptr, hasL3);
        // Levels first and in order, then the sweep, so that a time limit keeps the ceilings.
        QVERIFY(plan.points[0].level == MemoryLevel::l1);
        QVERIFY(plan.points[1].level == MemoryLevel::l2);
        QVERIFY(l1->perThread < l2->perThread);
        QVERIFY(l2->perThread < dram->perThread);
        if (l3) {
            QVERIFY(l2->single < l3->single);
            QVERIFY(l3->single < dram->single);
        }
        for (const auto& p : plan.points) {
            QVERIFY(p.perThread > 0 && p.perThread % kTriadBlock == 0);
            QVERIFY(p.single > 0 && p.single % kTriadBlock == 0);
        }
        // Half of L1d per thread: the three arrays fit in L1 with room to spare.
        if (topology.l1d.bytes)
            QVERIFY(triadBytes(l1->perThread) <= 0.5 * static_cast<double>(topology.l1d.bytes));
        // DRAM: beyond every last-level cache together unless a warning says otherwise.
        const double dramBytes = triadBytes(dram->perThread) * threads;
        const double llc = static_cast<double>(topology.lastLevelBytes());
        if (!mentions(plan.warnings, "less than 4x"))
            QVERIFY(dramBytes >= 3.9 * llc);
        QVERIFY(triadBytes(dram->single) >= 0.99 * dramBytes);
        if (topology.availableBytes)
            QVERIFY(dramBytes <= 0.5 * static_cast<double>(topology.availableBytes));
        QVERIFY(plan.samples >= 5);
        QVERIFY(plan.minSampleS > 0);
        if (warning.isEmpty())
            QVERIFY2(plan.warnings.empty(),
                     plan.warnings.empty() ? "" : plan.warnings.front().c_str());
        else
            QVERIFY(mentions(plan.warnings, warning.toStdString().c_str()));
        if (size == Size::quick)
            QCOMPARE(plan.points.size(), std::size_t(hasL3 ? 4 : 3));
        else
            QVERIFY(plan.points.size() > std::size_t(hasL3 ? 4 : 3));
    }

    void slug_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("slug");
        QTest::newRow("amd") << "AMD EPYC 9654 96-Core Processor"
                             << "amd-epyc-9654-96-core-processor";
        QTest::newRow("intel") << "Intel(R) Xeon(R) Gold 6338 CPU @ 2.00GHz"
                               << "intel-xeon-gold-6338-cpu";
        QTest::newRow("short") << "AMD EPYC"
                               << "amd-epyc";
        QTest::newRow("arm") << "ARM CPU part 0xd4f"
                             << "arm-cpu-part-0xd4f";
        QTest::newRow("punctuation only") << " (TM) ##"
                                          << "cpu";
    }
    void slug() {
        QFETCH(QString, name);
        QFETCH(QString, slug);
        QCOMPARE(QString::fromStdString(cpuSlug(name.toStdString())), slug);
    }

    void sizeSuffix_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<qulonglong>("bytes");
        QTest::newRow("K") << "48K" << qulonglong(48 * 1024);
        QTest::newRow("M") << "32M" << qulonglong(32ull << 20);
        QTest::newRow("plain") << "4096" << qulonglong(4096);
        QTest::newRow("empty") << "" << qulonglong(0);
    }
    void sizeSuffix() {
        QFETCH(QString, text);
        QFETCH(qulonglong, bytes);
        QCOMPARE(qulonglong(parseSizeWithSuffix(text.toStdString())), bytes);
    }

    void hostTopology() {
        const CpuTopology t = readCpuTopology();
        QVERIFY(!t.cpus.empty());
        QVERIFY(!t.coreCpus.empty() && t.coreCpus.size() <= t.cpus.size());
        QVERIFY(!t.modelName.empty());
        QVERIFY(t.memoryBytes > 0);
        QVERIFY(simdSupported(detectSimd()));
    }

    void triadKernel_data() {
        QTest::addColumn<SimdIsa>("isa");
        for (SimdIsa isa : supportedIsas())
            QTest::newRow(simdName(isa).c_str()) << isa;
    }
    void triadKernel() {
        QFETCH(SimdIsa, isa);
        const std::size_t n = 5 * kTriadBlock;
        std::vector<double> a(n + 1, -1.0), b(n, 2.0), c(n, 0.5);
        for (std::size_t i = 0; i < n; ++i)
            b[i] = static_cast<double>(i);
        triadRepeat(isa, a.data(), b.data(), c.data(), 3.0, n, 3);
        for (std::size_t i = 0; i < n; ++i)
            QCOMPARE(a[i], static_cast<double>(i) + 1.5);
        QCOMPARE(a[n], -1.0); // nothing written past the end
    }

    void fmaKernel_data() {
        QTest::addColumn<SimdIsa>("isa");
        QTest::addColumn<bool>("fp64");
        QTest::addColumn<quint64>("iterations");
        for (SimdIsa isa : supportedIsas())
            for (bool fp64 : {true, false})
                for (quint64 iterations : {0ull, 1ull, 7ull, 5000ull})
                    QTest::addRow("%s %s %llu", simdName(isa).c_str(), fp64 ? "fp64" : "fp32",
                                  static_cast<unsigned long long>(iterations))
                        << isa << fp64 << iterations;
    }
    void fmaKernel() {
        QFETCH(SimdIsa, isa);
        QFETCH(bool, fp64);
        QFETCH(quint64, iterations);
        const double got = fp64 ? fmaChainsF64(isa, iterations) : fmaChainsF32(isa, iterations);
        const double expected = fmaExpectedSum(isa, fp64, iterations);
        QVERIFY2(std::abs(got - expected) <= (fp64 ? 1e-12 : 1e-5) * expected,
                 qPrintable(QStringLiteral("%1 vs %2").arg(got).arg(expected)));
        const FmaShape shape = fmaShape(isa, fp64);
        QCOMPARE(shape.lanes, isa == SimdIsa::scalar ? 1 : simdBytes(isa) / (fp64 ? 8 : 4));
        QVERIFY(shape.chains >= 8);
    }

    void teamRunsEveryThreadPinned() {
        const CpuTopology t = readCpuTopology();
        std::vector<std::atomic<std::uint64_t>> reps(t.coreCpus.size());
        std::vector<int> where(t.coreCpus.size(), -1);
        TeamWork work;
        work.setup = [&](int thread) -> Status {
            where[static_cast<std::size_t>(thread)] = sched_getcpu();
            return {};
        };
        work.work = [&](int thread, std::uint64_t n) { reps[std::size_t(thread)] += n; };
        SamplingPlan plan;
        plan.samples = 3;
        plan.minSampleS = 0.0001;
        std::vector<int> progress;
        plan.onSample = [&](int done, int planned) {
            QCOMPARE(planned, 3);
            progress.push_back(done);
        };
        auto r = sampleTeam(t.coreCpus, work, plan);
        QVERIFY2(r.ok(), r.ok() ? "" : r.error().toString().c_str());
        QCOMPARE(r.value().secondsPerRep.size(), std::size_t(3));
        QVERIFY(r.value().reps >= 1);
        QCOMPARE(progress, (std::vector<int>{1, 2, 3}));
        if (r.value().pinned)
            for (std::size_t i = 0; i < where.size(); ++i)
                QCOMPARE(where[i], t.coreCpus[i]);
        for (auto& n : reps) // warm-up, calibration and the samples all ran on every thread
            QVERIFY(n.load() >= 3 + r.value().reps);
    }

    void teamReturnsErrors_data() {
        QTest::addColumn<bool>("inSetup");
        QTest::newRow("setup") << true;
        QTest::newRow("verify") << false;
    }
    void teamReturnsErrors() {
        QFETCH(bool, inSetup);
        const std::vector<int> cpus = readCpuTopology().coreCpus;
        const int failing = static_cast<int>(cpus.size()) - 1;
        std::atomic<int> worked{0};
        TeamWork work;
        const auto fail = [&](int thread) -> Status {
            if (thread == failing)
                return makeError("thread " + std::to_string(thread) + " could not");
            return {};
        };
        if (inSetup)
            work.setup = fail;
        else
            work.verify = fail;
        work.work = [&](int, std::uint64_t) { ++worked; };
        SamplingPlan plan;
        plan.samples = 2;
        plan.minSampleS = 0.0001;
        auto r = sampleTeam(cpus, work, plan);
        QVERIFY(!r.ok());
        QVERIFY(r.error().message.find("could not") != std::string::npos);
        if (inSetup)
            QCOMPARE(worked.load(), 0);
    }

    void teamStopsWhenCancelled() {
        TeamWork work;
        work.work = [](int, std::uint64_t) {};
        SamplingPlan plan;
        plan.samples = 1000;
        plan.minSampleS = 0.001;
        int calls = 0;
        plan.cancelled = [&] { return ++calls > 3; };
        auto r = sampleTeam(readCpuTopology().coreCpus, work, plan);
        QVERIFY(r.ok());
        QVERIFY(r.value().cancelled);
        QVERIFY(r.value().secondsPerRep.size() < 10);
    }

    void emptyTeamIsAnError() {
        TeamWork work;
        work.work = [](int, std::uint64_t) {};
        QVERIFY(!sampleTeam({}, work, SamplingPlan{}).ok());
    }
};

QTEST_APPLESS_MAIN(TestCpuProbeParts)
#include "test_cpu_probe_parts.moc"
