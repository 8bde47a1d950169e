// The MD-Roofline view's analysis of a dataset: which communication plane applies to each op
// (ops exactly at the A ridge included), the bottleneck, the iteration by phase, the straggler
// among four ranks, cluster ceilings by the slowest or the mean rank, a single rank against its
// own device, ops that do not communicate and ops without a bound, the iteration and its phases
// as aggregate points, and the table. Devices have
// round ceilings so that every number is worked out by hand in the comments.
#include "analysis/md_analysis.h"
#include "near_compare.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::testing;

Q_DECLARE_METATYPE(roofscope::Bottleneck)
Q_DECLARE_METATYPE(roofscope::MdPlane)
Q_DECLARE_METATYPE(roofscope::ClusterRule)

namespace {

Ceiling ceiling(double value, std::string url = {}) {
    Ceiling c;
    c.value = value;
    c.provenance.sourceUrl = std::move(url);
    return c;
}

// gpu-a: fp16 tensor APF 100 TFLOP/s, fp32 vector 10 TFLOP/s, APM 1 TB/s, APB 100 GB/s.
// Ridges (fp16 tensor): A = 1e14 / 1e12 = 100 FLOP/B, O = 1e11 / 1e12 = 0.1, C = 1e11 / 1e14 =
// 1e-3 B/FLOP.
Device gpuA() {
    Device d;
    d.id = "gpu-a";
    d.name = "GPU A";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(1e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(1e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(1e12);
    d.ceilings.links[Link::intra_node] = ceiling(1e11, "https://example.com/a-link");
    return d;
}

// gpu-b: twice the compute, three times the memory and link bandwidth of gpu-a, and an L2.
Device gpuB() {
    Device d;
    d.id = "gpu-b";
    d.name = "GPU B";
    d.ceilings.compute[{Precision::fp16, ComputeUnit::tensor}] = ceiling(2e14);
    d.ceilings.compute[{Precision::fp32, ComputeUnit::vector}] = ceiling(2e13);
    d.ceilings.memory[MemoryLevel::dram] = ceiling(3e12);
    d.ceilings.memory[MemoryLevel::l2] = ceiling(1e13);
    d.ceilings.links[Link::intra_node] = ceiling(3e11, "https://example.com/b-link");
    return d;
}

// An fp16 tensor op; zero quantities are left absent, a negative time means "not measured".
OpRecord op(std::string name, double flops, double memory, double comm, double timeS,
            Phase phase = Phase::forward, int rank = 0) {
    OpRecord r;
    r.name = std::move(name);
    r.category = comm > 0 && flops == 0 ? Category::collective : Category::gemm;
    r.phase = phase;
    r.rank = rank;
    r.precision = Precision::fp16;
    r.usesTensorUnits = true;
    if (flops > 0)
        r.flops = Measure::measured(flops);
    if (memory > 0)
        r.bytes[MemoryLevel::dram] = Measure::measured(memory);
    if (comm > 0)
        r.commBytes[Link::intra_node] = Measure::measured(comm);
    if (timeS >= 0)
        r.timeS = Measure::measured(timeS);
    return r;
}

Session oneDevice(std::vector<OpRecord> records) {
    Session s;
    s.devices = {gpuA()};
    Dataset d;
    d.context.label = "run";
    d.context.deviceId = "gpu-a";
    d.records = std::move(records);
    s.datasets = {d};
    return s;
}

MdAnalysis analyse(const Session& s) {
    auto md = analyseMd(s, 0);
    if (!md)
        qFatal("analyseMd failed: %s", md.error().message.c_str());
    return md.value();
}

// Ranks 0 and 1 on gpu-b, rank 2 on gpu-a; each rank runs one forward op of 1 TFLOP, 1 GB,
// no communication, 10 ms.
Session threeRanks(ClusterRule rule, int shownRank) {
    Session s;
    s.devices = {gpuA(), gpuB()};
    s.view.clusterRule = rule;
    s.view.mdRank = shownRank;
    Dataset d;
    d.context.label = "cluster";
    d.context.deviceId = "gpu-b";
    for (int rank = 0; rank < 3; ++rank) {
        OpRecord r = op("gemm", 1e12, 1e9, 0, 0.01, Phase::forward, rank);
        if (rank == 2)
            r.deviceId = "gpu-a";
        d.records.push_back(r);
    }
    s.datasets = {d};
    return s;
}

// A GEMM (forward), an fp32 elementwise op (backward) and an all-reduce (gradient sync) on gpu-a:
//   gemm       F 1e12, M 1e9,  P 0,   20 ms: t_F = 1e12 / 1e14 = 0.01, t_M = 1e-3
//   relu fp32  F 1e9,  M 2e9 (or `reluBytes`), P 0, 4 ms: t_F = 1e9 / 1e13 = 1e-4, t_M = 2e-3
//   allreduce  F 0,    M 0,    P 1e9, 15 ms: t_P = 1e9 / 1e11 = 0.01
Session gemmReluAllreduce(double reluBytes = 2e9) {
    OpRecord relu = op("relu", 1e9, reluBytes, 0, 4e-3, Phase::backward);
    relu.category = Category::elementwise;
    relu.precision = Precision::fp32;
    relu.usesTensorUnits = false;
    return oneDevice({op("gemm", 1e12, 1e9, 0, 0.02, Phase::forward), relu,
                      op("allreduce", 0, 0, 1e9, 0.015, Phase::communication)});
}

std::size_t columnOf(const ViewTable& t, const std::string& key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            return c;
    qFatal("no column %s", key.c_str());
}

} // namespace

class TestMdAnalysis : public QObject {
    Q_OBJECT

  private slots:
    void planes_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("a");
        QTest::addColumn<double>("o");
        QTest::addColumn<double>("c");
        QTest::addColumn<MdPlane>("plane");

        // A = 1e9 / 1e8 = 10 < ridge 100: the O plane; O = 1e7 / 1e8 = 0.1, C = 1e7 / 1e9 = 0.01.
        QTest::newRow("left of the ridge")
            << 1e9 << 1e8 << 1e7 << 10.0 << 0.1 << 0.01 << MdPlane::o;
        // A = 1e11 / 1e9 = 100 exactly at the ridge: the C premise (A >= ridge) holds.
        QTest::newRow("at the ridge") << 1e11 << 1e9 << 1e8 << 100.0 << 0.1 << 1e-3 << MdPlane::c;
        // A = 1e12 / 1e9 = 1000: C plane, C = 1e8 / 1e12 = 1e-4.
        QTest::newRow("right of the ridge")
            << 1e12 << 1e9 << 1e8 << 1000.0 << 0.1 << 1e-4 << MdPlane::c;
        // No FLOPs: A = 0, left of any ridge; C = P / 0 = +inf.
        QTest::newRow("no flops") << 0.0 << 1e9 << 1e6 << 0.0 << 1e-3 << kInf << MdPlane::o;
        // No memory bytes: A = +inf, right of the ridge; O = +inf.
        QTest::newRow("no memory") << 1e9 << 0.0 << 1e6 << kInf << kInf << 1e-3 << MdPlane::c;
        // P = 0: O = C = 0, nothing to draw in the communication planes; the premise still
        // follows A = 1.
        QTest::newRow("no communication") << 1e9 << 1e9 << 0.0 << 1.0 << 0.0 << 0.0 << MdPlane::o;
    }
    void planes() {
        QFETCH(double, flops);
        QFETCH(double, memory);
        QFETCH(double, comm);
        QFETCH(double, a);
        QFETCH(double, o);
        QFETCH(double, c);
        QFETCH(MdPlane, plane);
        const MdAnalysis md = analyse(oneDevice({op("x", flops, memory, comm, 0.01)}));
        QCOMPARE(md.ops.size(), std::size_t(1));
        const MdPlanes& p = md.ops[0].planes;
        CHECK_NEAR(p.a, a);
        CHECK_NEAR(p.o, o);
        CHECK_NEAR(p.c, c);
        QVERIFY(p.commPlane == plane);
        CHECK_NEAR(p.ridgeA, 100.0);
        CHECK_NEAR(p.ridgeO, 0.1);
        CHECK_NEAR(p.ridgeC, 1e-3);
        QCOMPARE(md.anyCommunication, comm > 0);
    }

    void bottleneck_data() {
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("memory");
        QTest::addColumn<double>("comm");
        QTest::addColumn<double>("measured");
        QTest::addColumn<double>("boundS");
        QTest::addColumn<Bottleneck>("bottleneck");
        QTest::addColumn<double>("efficiency");

        // t_F = 1e12 / 1e14 = 0.01, t_M = 1e9 / 1e12 = 1e-3, t_P = 1e8 / 1e11 = 1e-3;
        // 0.01 / 0.02 = 0.5.
        QTest::newRow("compute") << 1e12 << 1e9 << 1e8 << 0.02 << 0.01 << Bottleneck::compute
                                 << 0.5;
        // t_F = 1e-5, t_M = 1e10 / 1e12 = 0.01, t_P = 1e-3; 0.01 / 0.0125 = 0.8.
        QTest::newRow("memory") << 1e9 << 1e10 << 1e8 << 0.0125 << 0.01 << Bottleneck::memory
                                << 0.8;
        // t_F = 1e-5, t_M = 1e-4, t_P = 1e9 / 1e11 = 0.01; 0.01 / 0.04 = 0.25.
        QTest::newRow("communication")
            << 1e9 << 1e8 << 1e9 << 0.04 << 0.01 << Bottleneck::communication << 0.25;
        // At the A ridge t_F = 1e11 / 1e14 = t_M = 1e9 / 1e12 = 1e-3: the tie goes to compute.
        QTest::newRow("tie at the ridge")
            << 1e11 << 1e9 << 0.0 << 2e-3 << 1e-3 << Bottleneck::compute << 0.5;
        // P = 0: t_P = 0; t_M = 1e-3 > t_F = 1e-5.
        QTest::newRow("no communication")
            << 1e9 << 1e9 << 0.0 << 1e-3 << 1e-3 << Bottleneck::memory << 1.0;
    }
    void bottleneck() {
        QFETCH(double, flops);
        QFETCH(double, memory);
        QFETCH(double, comm);
        QFETCH(double, measured);
        QFETCH(double, boundS);
        QFETCH(Bottleneck, bottleneck);
        QFETCH(double, efficiency);
        const MdAnalysis md = analyse(oneDevice({op("x", flops, memory, comm, measured)}));
        QVERIFY(md.ops[0].bound.has_value());
        CHECK_NEAR(md.ops[0].bound->boundS, boundS);
        QVERIFY2(md.ops[0].bound->bottleneck == bottleneck,
                 toString(md.ops[0].bound->bottleneck).data());
        CHECK_NEAR(*md.ops[0].bound->efficiency, efficiency);
        QCOMPARE(md.unbounded, 0);
    }

    void phaseSplit() {
        // forward: 1 TFLOP -> bound 0.01, measured 0.02; backward: 2 TFLOP -> 0.02, measured
        // 0.03, plus an elementwise 1 GB -> 1e-3, measured 2e-3; gradient sync: 1 GB at
        // 100 GB/s -> 0.01, measured 0.015; optimizer: 2 GB -> 2e-3, measured 5e-3.
        const MdAnalysis md = analyse(oneDevice({
            op("fwd", 1e12, 0, 0, 0.02, Phase::forward),
            op("bwd", 2e12, 0, 0, 0.03, Phase::backward),
            op("bwd_relu", 0, 1e9, 0, 2e-3, Phase::backward),
            op("allreduce", 0, 0, 1e9, 0.015, Phase::communication),
            op("adam", 0, 2e9, 0, 5e-3, Phase::optimizer),
        }));
        QCOMPARE(md.ranks.size(), std::size_t(1));
        const auto& phases = md.ranks[0].iteration.phases;
        CHECK_NEAR(phases.at(Phase::forward).measuredS, 0.02);
        CHECK_NEAR(phases.at(Phase::forward).boundS, 0.01);
        CHECK_NEAR(phases.at(Phase::backward).measuredS, 0.032);
        CHECK_NEAR(phases.at(Phase::backward).boundS, 0.021);
        CHECK_NEAR(phases.at(Phase::communication).measuredS, 0.015);
        CHECK_NEAR(phases.at(Phase::communication).boundS, 0.01);
        CHECK_NEAR(phases.at(Phase::optimizer).boundS, 2e-3);
        // 0.02 + 0.032 + 0.015 + 0.005 = 0.072; 0.01 + 0.021 + 0.01 + 0.002 = 0.043.
        CHECK_NEAR(md.ranks[0].iteration.measuredS, 0.072);
        CHECK_NEAR(md.ranks[0].iteration.boundS, 0.043);
        QVERIFY(!md.straggler); // one rank: nobody to wait for
        // The collective has P but neither F nor M: no point in any plane, yet it communicates.
        QVERIFY(md.anyCommunication);
    }

    void straggler() {
        // Four ranks with measured totals 1.0, 1.2, 1.1 and 1.5 s (two ops each). The median of
        // {1.0, 1.1, 1.2, 1.5} is (1.1 + 1.2) / 2 = 1.15; rank 3 is 1.5 / 1.15 - 1 = 30.43 %
        // slower.
        const double totals[] = {1.0, 1.2, 1.1, 1.5};
        std::vector<OpRecord> records;
        for (int rank = 0; rank < 4; ++rank) {
            records.push_back(op("fwd", 1e12, 0, 0, totals[rank] * 0.25, Phase::forward, rank));
            records.push_back(op("bwd", 2e12, 0, 0, totals[rank] * 0.75, Phase::backward, rank));
        }
        const Session s = oneDevice(records);
        const MdAnalysis md = analyse(s);
        QCOMPARE(md.ranks.size(), std::size_t(4));
        QVERIFY(!md.cluster); // one device for all: its own ceilings
        QCOMPARE(md.ops.size(), std::size_t(8));
        QVERIFY(md.straggler.has_value());
        QCOMPARE(md.straggler->rank, 3);
        CHECK_NEAR(md.straggler->measuredS, 1.5);
        CHECK_NEAR(md.straggler->medianS, 1.15);
        CHECK_NEAR(md.straggler->slowerFraction, 1.5 / 1.15 - 1);
        const ViewTable t = mdTable(s);
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("Straggler: rank 3") && n.find("30.4 %") != std::string::npos;
        }));
    }

    void median() {
        CHECK_NEAR(medianOf({}), 0.0);
        CHECK_NEAR(medianOf({3.0}), 3.0);
        CHECK_NEAR(medianOf({3.0, 1.0, 2.0}), 2.0);
        CHECK_NEAR(medianOf({4.0, 1.0, 2.0, 3.0}), 2.5);
    }

    void cluster_data() {
        QTest::addColumn<ClusterRule>("rule");
        QTest::addColumn<double>("apf");
        QTest::addColumn<double>("apm");
        QTest::addColumn<double>("apb");
        QTest::addColumn<double>("boundS");

        // Slowest: gpu-a's 1e14, 1e12, 1e11; t_F = 1e12 / 1e14 = 0.01 (t_M = 1e-3).
        QTest::newRow("slowest") << ClusterRule::slowest << 1e14 << 1e12 << 1e11 << 0.01;
        // Mean over ranks (gpu-b twice, gpu-a once): APF (2 * 2e14 + 1e14) / 3 = 5e14 / 3,
        // APM (2 * 3e12 + 1e12) / 3 = 7e12 / 3, APB (2 * 3e11 + 1e11) / 3 = 7e11 / 3;
        // t_F = 1e12 / (5e14 / 3) = 6e-3.
        QTest::newRow("mean") << ClusterRule::mean << 5e14 / 3 << 7e12 / 3 << 7e11 / 3 << 6e-3;
    }
    void cluster() {
        QFETCH(ClusterRule, rule);
        QFETCH(double, apf);
        QFETCH(double, apm);
        QFETCH(double, apb);
        QFETCH(double, boundS);
        const MdAnalysis md = analyse(threeRanks(rule, -1));
        QVERIFY(md.cluster);
        CHECK_NEAR(md.ceilings.computeFor(Precision::fp16, true)->value, apf);
        CHECK_NEAR(md.ceilings.memoryFor(MemoryLevel::dram)->value, apm);
        CHECK_NEAR(md.ceilings.linkFor(Link::intra_node)->value, apb);
        // gpu-a has no L2 ceiling: neither has the cluster.
        QVERIFY(!md.ceilings.memoryFor(MemoryLevel::l2));
        QCOMPARE(md.ops.size(), std::size_t(3));
        for (const auto& o : md.ops)
            CHECK_NEAR(o.bound->boundS, boundS);
        for (const auto& r : md.ranks)
            CHECK_NEAR(r.iteration.boundS, boundS);
    }

    void singleRank_data() {
        QTest::addColumn<int>("rank");
        QTest::addColumn<double>("boundS");
        QTest::addColumn<QString>("source");
        // Rank 0 on gpu-b: 1e12 / 2e14 = 5e-3; rank 2 on gpu-a: 1e12 / 1e14 = 0.01.
        QTest::newRow("rank 0") << 0 << 5e-3 << "GPU B (rank 0's own device)";
        QTest::newRow("rank 2") << 2 << 0.01 << "GPU A (rank 2's own device)";
    }
    void singleRank() {
        QFETCH(int, rank);
        QFETCH(double, boundS);
        QFETCH(QString, source);
        const MdAnalysis md = analyse(threeRanks(ClusterRule::slowest, rank));
        QVERIFY(!md.cluster);
        QCOMPARE(md.shownRank, rank);
        QCOMPARE(QString::fromStdString(md.ceilingsSource), source);
        QCOMPARE(md.ops.size(), std::size_t(1));
        QCOMPARE(md.ops[0].record, rank);
        CHECK_NEAR(md.ops[0].bound->boundS, boundS);
        // Every rank is still summed (each on its own device), so the straggler is named.
        QCOMPARE(md.ranks.size(), std::size_t(3));
        QVERIFY(md.straggler.has_value());
    }

    void missingRank() {
        const auto md = analyseMd(threeRanks(ClusterRule::slowest, 7), 0);
        QVERIFY(!md);
        QVERIFY(md.error().message.find("rank 7") != std::string::npos);
        QVERIFY(!analyseMd(threeRanks(ClusterRule::slowest, -1), 1));
        const ViewTable t = mdTable(threeRanks(ClusterRule::slowest, 7));
        QVERIFY(t.rows.empty());
        QCOMPARE(t.notes.size(), std::size_t(1));
    }

    void withoutBound() {
        // An fp64 op (gpu-a has no fp64 ceiling) and a collective over inter_node (no such link)
        // keep their error and are counted; the gemm is bounded.
        Session s = oneDevice({op("gemm", 1e12, 1e9, 0, 0.02), op("dgemm", 1e9, 1e6, 0, 0.01),
                               op("allreduce", 0, 0, 1e9, 0.01, Phase::communication)});
        s.datasets[0].records[1].precision = Precision::fp64;
        s.datasets[0].records[1].usesTensorUnits = false;
        s.view.link = Link::inter_node;
        const MdAnalysis md = analyse(s);
        QCOMPARE(md.unbounded, 2);
        QVERIFY(md.ops[0].bound.has_value());
        QVERIFY(!md.ops[1].bound);
        QVERIFY(md.ops[1].error.find("APF") != std::string::npos);
        QVERIFY(!md.ops[2].bound);
        QVERIFY(md.ops[2].error.find("APB") != std::string::npos);
        QCOMPARE(md.ranks[0].iteration.unbounded, 2);
        CHECK_NEAR(md.ranks[0].iteration.boundS, 0.01);

        const ViewTable t = mdTable(s);
        QCOMPARE(t.rows.size(), std::size_t(5)); // 3 ops, the iteration and its forward phase
        const auto column = [&t](const std::string& key) {
            for (std::size_t c = 0; c < t.columns.size(); ++c)
                if (t.columns[c].key == key)
                    return c;
            qFatal("no column %s", key.c_str());
        };
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[1][column("bound_s")]));
        QVERIFY(std::holds_alternative<std::string>(t.rows[1][column("no_bound")]));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("2 of 3 ops have no bound");
        }));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(),
                            [](const std::string& n) { return n.starts_with("APB: none"); }));
    }

    void unknownDevice() {
        Session s = oneDevice({op("gemm", 1e12, 1e9, 0, 0.02)});
        s.datasets[0].context.deviceId = "nowhere";
        const MdAnalysis md = analyse(s);
        QCOMPARE(md.unbounded, 1);
        QVERIFY(md.ops[0].error.find("'nowhere' is not in the session") != std::string::npos);
    }

    void table() {
        // One op: F 1e12, M 1e9, P 1e8 on gpu-a (bound 0.01 s, compute, measured 0.02 s).
        Session s = oneDevice({op("gemm", 1e12, 1e9, 1e8, 0.02, Phase::backward)});
        Dataset hidden = s.datasets[0];
        hidden.context.label = "hidden run";
        s.datasets.insert(s.datasets.begin(), hidden);
        s.view.hiddenDatasets = {"hidden run"};
        s.datasets[1].records.push_back(op("relu", 0, 1e9, 0, 1e-3));
        const ViewTable t = mdTable(s);
        QCOMPARE(t.schema, std::string("roofscope.md/1"));
        QCOMPARE(t.columns.size(), std::size_t(20));
        QCOMPARE(t.rows.size(), std::size_t(5)); // two records, the iteration, its two phases
        const auto& row = t.rows[0];
        QCOMPARE(std::get<std::string>(row[0]), std::string("gemm"));
        QCOMPARE(std::get<std::string>(row[2]), std::string("backward"));
        CHECK_NEAR(std::get<double>(row[4]), 1e12);
        CHECK_NEAR(std::get<double>(row[7]), 1000.0); // A
        QCOMPARE(std::get<std::string>(row[10]), std::string("C"));
        CHECK_NEAR(std::get<double>(row[14]), 0.01);
        CHECK_NEAR(std::get<double>(row[15]), 0.02);
        QCOMPARE(std::get<std::string>(row[16]), std::string("compute"));
        CHECK_NEAR(std::get<double>(row[17]), 0.5);
        // relu has no FLOPs: C = P / F undefined (0 / 0) is an empty cell.
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[1][9]));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("APB 100 GB/s from the intra_node link of GPU A: spec, "
                                 "https://example.com/a-link");
        }));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("Iteration: measured 21.0 ms, bound 11.0 ms; forward");
        }));

        s.view.hiddenDatasets = {"hidden run", "run"};
        const ViewTable none = mdTable(s);
        QVERIFY(none.columns.empty());
        QVERIFY(none.rows.empty());
    }

    void iterationAggregate() {
        const MdAnalysis md = analyse(gemmReluAllreduce());
        // The iteration, then forward and backward; the gradient sync alone gets no point.
        QCOMPARE(md.aggregates.size(), std::size_t(3));
        const MdAggregate& it = md.aggregates[0];
        QVERIFY(it.kind == MdAggregateKind::iteration);
        QCOMPARE(it.label, std::string("iteration (rank 0)"));
        QCOMPARE(it.rank, 0);
        QCOMPARE(it.opCount, 3);
        // F = 1e12 + 1e9 = 1.001e12, M = 1e9 + 2e9 = 3e9, P = 1e9, time 20 + 4 + 15 = 39 ms.
        CHECK_NEAR(it.work.flops, 1.001e12);
        CHECK_NEAR(it.work.memoryBytes, 3e9);
        CHECK_NEAR(it.work.commBytes, 1e9);
        CHECK_NEAR(*it.measuredS, 0.039);
        // APF = F / (sum of F_i / APF_i) = 1.001e12 / (0.01 + 1e-4) = 9.9109e13; APM, APB gpu-a's.
        CHECK_NEAR(it.ceilings.apfFlopsPerS, 1.001e12 / 0.0101);
        CHECK_NEAR(it.ceilings.apmBytesPerS, 1e12);
        CHECK_NEAR(it.ceilings.apbBytesPerS, 1e11);
        // A = 1.001e12 / 3e9 = 333.7, O = 1e9 / 3e9 = 0.333, C = 1e9 / 1.001e12 = 9.99e-4.
        CHECK_NEAR(it.planes.a, 1.001e12 / 3e9);
        CHECK_NEAR(it.planes.o, 1.0 / 3);
        CHECK_NEAR(it.planes.c, 1e9 / 1.001e12);
        // Ridge A = 9.9109e13 / 1e12 = 99.1 <= 333.7: the C plane applies. Ridge C = 1e11 /
        // 9.9109e13 = 1.009e-3, ridge O = 1e11 / 1e12 = 0.1.
        CHECK_NEAR(it.planes.ridgeA, 1.001e12 / 0.0101 / 1e12);
        CHECK_NEAR(it.planes.ridgeC, 1e11 / (1.001e12 / 0.0101));
        CHECK_NEAR(it.planes.ridgeO, 0.1);
        QVERIFY(it.planes.commPlane == MdPlane::c);
        // t_F = 0.0101 (the ops' sum), t_M = 3e9 / 1e12 = 3e-3, t_P = 0.01: compute-bound at
        // 0.0101 s, efficiency 0.0101 / 0.039 = 25.9 %.
        QVERIFY(it.bound.has_value());
        CHECK_NEAR(it.bound->computeS, 0.0101);
        CHECK_NEAR(it.bound->memoryS, 3e-3);
        CHECK_NEAR(it.bound->commS, 0.01);
        CHECK_NEAR(it.bound->boundS, 0.0101);
        QVERIFY(it.bound->bottleneck == Bottleneck::compute);
        CHECK_NEAR(*it.bound->efficiency, 0.0101 / 0.039);
        QVERIFY(it.error.empty());

        // forward = the gemm: A 1000 (C plane), no communication (O = C = 0), bound 0.01 of
        // 0.02 s.
        const MdAggregate& fwd = md.aggregates[1];
        QVERIFY(fwd.kind == MdAggregateKind::phase && fwd.phase == Phase::forward);
        QCOMPARE(fwd.label, std::string("forward (rank 0)"));
        CHECK_NEAR(fwd.planes.a, 1000.0);
        CHECK_NEAR(fwd.planes.o, 0.0);
        QVERIFY(fwd.planes.commPlane == MdPlane::c);
        QVERIFY(fwd.bound->bottleneck == Bottleneck::compute);
        CHECK_NEAR(*fwd.bound->efficiency, 0.5);
        // backward = the fp32 relu: APF 1e13, A = 0.5 < ridge 10: the O plane; memory-bound,
        // 2e-3 of 4 ms.
        const MdAggregate& bwd = md.aggregates[2];
        QVERIFY(bwd.phase == Phase::backward);
        CHECK_NEAR(bwd.ceilings.apfFlopsPerS, 1e13);
        CHECK_NEAR(bwd.planes.a, 0.5);
        QVERIFY(bwd.planes.commPlane == MdPlane::o);
        QVERIFY(bwd.bound->bottleneck == Bottleneck::memory);
        CHECK_NEAR(bwd.bound->boundS, 2e-3);
        CHECK_NEAR(*bwd.bound->efficiency, 0.5);
    }

    void aggregatePremise() {
        // relu with 2e10 B: M = 2.1e10, A = 1.001e12 / 2.1e10 = 47.7 < ridge 99.1: the O plane;
        // O = 1e9 / 2.1e10 = 0.0476; t_M = 0.021 > t_F = 0.0101: memory-bound.
        const MdAnalysis md = analyse(gemmReluAllreduce(2e10));
        const MdAggregate& it = md.aggregates[0];
        CHECK_NEAR(it.planes.a, 1.001e12 / 2.1e10);
        CHECK_NEAR(it.planes.o, 1e9 / 2.1e10);
        QVERIFY(it.planes.commPlane == MdPlane::o);
        QVERIFY(it.bound->bottleneck == Bottleneck::memory);
        CHECK_NEAR(it.bound->boundS, 0.021);
        // One phase only: the iteration alone, no duplicate phase point.
        const MdAnalysis single = analyse(oneDevice({op("gemm", 1e12, 1e9, 0, 0.02)}));
        QCOMPARE(single.aggregates.size(), std::size_t(1));
        // An op without a time: the sums have no measured time, hence no efficiency.
        Session untimed = gemmReluAllreduce();
        untimed.datasets[0].records[1].timeS = {};
        const MdAggregate u = analyse(untimed).aggregates[0];
        QVERIFY(!u.measuredS);
        QVERIFY(u.bound && !u.bound->efficiency);
    }

    void aggregatePerRank() {
        // Three ranks, one gemm each (bound 0.01 s against the slowest, gpu-a): one iteration
        // point per rank, no phase points (one phase).
        const MdAnalysis all = analyse(threeRanks(ClusterRule::slowest, -1));
        QCOMPARE(all.aggregates.size(), std::size_t(3));
        for (int rank = 0; rank < 3; ++rank) {
            const MdAggregate& a = all.aggregates[static_cast<std::size_t>(rank)];
            QVERIFY(a.kind == MdAggregateKind::iteration);
            QCOMPARE(a.rank, rank);
            QCOMPARE(a.label, "iteration (rank " + std::to_string(rank) + ")");
            CHECK_NEAR(a.bound->boundS, 0.01); // the cluster's APF 1e14
        }
        // Rank 0 alone, against its own gpu-b: 1e12 / 2e14 = 5e-3.
        const MdAnalysis one = analyse(threeRanks(ClusterRule::slowest, 0));
        QCOMPARE(one.aggregates.size(), std::size_t(1));
        QCOMPARE(one.aggregates[0].rank, 0);
        CHECK_NEAR(one.aggregates[0].bound->boundS, 5e-3);
    }

    void aggregateWithoutBound() {
        // An fp64 op on gpu-a (no fp64 ceiling): the iteration has no APF, hence no bound.
        Session s = gemmReluAllreduce();
        s.datasets[0].records[0].precision = Precision::fp64;
        s.datasets[0].records[0].usesTensorUnits = false;
        const MdAnalysis md = analyse(s);
        QVERIFY(!md.aggregates[0].bound);
        QVERIFY(md.aggregates[0].error.find("'gemm'") != std::string::npos);
        QVERIFY(md.aggregates[0].error.find("APF") != std::string::npos);
        // Its coordinates are still there.
        CHECK_NEAR(md.aggregates[0].planes.o, 1.0 / 3);
    }

    void aggregateTable() {
        const ViewTable t = mdTable(gemmReluAllreduce());
        QCOMPARE(t.columns.back().key, std::string("kind"));
        QCOMPARE(t.rows.size(), std::size_t(6)); // 3 ops, iteration, forward, backward
        const std::size_t kind = columnOf(t, "kind");
        QCOMPARE(kind, std::size_t(19)); // after the columns consumers already know
        QCOMPARE(std::get<std::string>(t.rows[0][kind]), std::string("op"));
        QCOMPARE(std::get<std::string>(t.rows[2][kind]), std::string("op"));
        const auto& it = t.rows[3];
        QCOMPARE(std::get<std::string>(it[kind]), std::string("iteration"));
        QCOMPARE(std::get<std::string>(it[columnOf(t, "name")]), std::string("iteration (rank 0)"));
        QCOMPARE(std::get<std::string>(it[columnOf(t, "phase")]), std::string("all"));
        CHECK_NEAR(std::get<double>(it[columnOf(t, "flops")]), 1.001e12);
        CHECK_NEAR(std::get<double>(it[columnOf(t, "comm_bytes")]), 1e9);
        CHECK_NEAR(std::get<double>(it[columnOf(t, "o")]), 1.0 / 3);
        QCOMPARE(std::get<std::string>(it[columnOf(t, "comm_plane")]), std::string("C"));
        CHECK_NEAR(std::get<double>(it[columnOf(t, "bound_s")]), 0.0101);
        CHECK_NEAR(std::get<double>(it[columnOf(t, "measured_s")]), 0.039);
        QCOMPARE(std::get<std::string>(it[columnOf(t, "bottleneck")]), std::string("compute"));
        QCOMPARE(std::get<std::string>(t.rows[4][kind]), std::string("phase"));
        QCOMPARE(std::get<std::string>(t.rows[4][columnOf(t, "phase")]), std::string("forward"));
        QCOMPARE(std::get<std::string>(t.rows[5][columnOf(t, "name")]),
                 std::string("backward (rank 0)"));
        for (const auto& row : t.rows)
            QCOMPARE(row.size(), t.columns.size());
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("Iteration (rank 0) as one point: A 334 FLOP/B, O 0.333 B/B, "
                                 "C 0.000999 B/FLOP (C plane), bound 10.1 ms, compute-bound, "
                                 "efficiency 25.9 %");
        }));
    }
};

QTEST_APPLESS_MAIN(TestMdAnalysis)
#include "test_md_analysis.moc"
