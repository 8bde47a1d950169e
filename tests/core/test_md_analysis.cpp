// The MD-Roofline view's analysis of a dataset: which communication plane applies to each op
// (ops exactly at the A ridge included), the bottleneck, the iteration by phase, the straggler
// among four ranks, cluster ceilings by the slowest or the mean rank, a single rank against its
// own device, ops that do not communicate and ops without a bound, and the table (the iteration
// and its phases as points: test_md_aggregates.cpp). Devices have round ceilings so that every
// number is worked out by hand in the comments.
#include "core/analysis/md_analysis.h"
#include "tests/support/md_fixture.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::testing::md;

Q_DECLARE_METATYPE(roofscope::Bottleneck)
Q_DECLARE_METATYPE(roofscope::MdPlane)
Q_DECLARE_METATYPE(roofscope::ClusterRule)

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
        // An fp64 op (gpu-a has no fp64 ceiling) and a collective whose bytes crossed inter_node
        // (no such link) keep their error and are counted; the gemm is bounded.
        Session s = oneDevice({op("gemm", 1e12, 1e9, 0, 0.02), op("dgemm", 1e9, 1e6, 0, 0.01),
                               op("allreduce", 0, 0, 1e9, 0.01, Phase::communication)});
        s.datasets[0].records[1].precision = Precision::fp64;
        s.datasets[0].records[1].usesTensorUnits = false;
        s.datasets[0].records[2].commBytes = {{Link::inter_node, Measure::measured(1e9)}};
        const MdAnalysis md = analyse(s);
        QCOMPARE(md.unbounded, 2);
        QVERIFY(md.ops[0].bound.has_value());
        QVERIFY(!md.ops[1].bound);
        QVERIFY(md.ops[1].error.find("APF") != std::string::npos);
        QVERIFY(!md.ops[2].bound);
        QVERIFY(md.ops[2].error.find("no inter_node ceiling") != std::string::npos);
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
    }

    // Two kernels without FLOPs or bytes (a trace without shapes) and a collective without a
    // message size are unknown work: no bound, kept out of the bound and the efficiency, summed
    // by reason. Known: gemm 1e12 FLOP, 1e9 B, 20 ms -> t_F 10 ms; bound 10 ms, efficiency 50 %.
    // Unknown: 3 + 2 ms without shapes, 5 ms of collective; 10 of the 30 ms of kernel time.
    void unknownWork() {
        const std::string noShapes =
            "the trace recorded no input shapes: profile with record_shapes=True";
        OpRecord a = op("elementwise", 0, 0, 0, 0.003), b = op("norm", 0, 0, 0, 0.002);
        a.flopsNote = b.flopsNote = noShapes;
        OpRecord sync = op("ncclAllReduce", 0, 0, 0, 0.005, Phase::communication);
        sync.collective = Collective::all_reduce;
        Session s = oneDevice({op("gemm", 1e12, 1e9, 0, 0.02), a, b, sync});
        const MdAnalysis md = analyse(s);
        const IterationBound& it = md.ranks[0].iteration;
        CHECK_NEAR(it.measuredS, 0.02);
        CHECK_NEAR(it.boundS, 0.01);
        CHECK_NEAR(it.unknownS, 0.01);
        QCOMPARE(it.unknownOps, 3);
        QCOMPARE(it.unbounded, 0); // unknown work is not a missing ceiling
        QCOMPARE(it.unknown.size(), std::size_t(2));
        QCOMPARE(it.unknown[0].reason, noShapes); // 5 ms, then the collective's 5 ms
        QCOMPARE(it.unknown[0].ops, 2);
        CHECK_NEAR(it.unknown[1].seconds, 0.005);
        CHECK_NEAR(it.phases.at(Phase::forward).unknownS, 0.005);
        QVERIFY(!md.ops[1].bound);
        QVERIFY(md.ops[1].error.find("its work is unknown") != std::string::npos);
        // The iteration as one point: the gemm alone, 3 ops left out.
        const MdAggregate& iteration = md.aggregates.front();
        QCOMPARE(iteration.opCount, 1);
        QCOMPARE(iteration.unknownOps, 3);
        CHECK_NEAR(*iteration.bound->efficiency, 0.5);
        const ViewTable t = mdTable(s);
        const auto noted = [&](const std::string& part) {
            return std::any_of(t.notes.begin(), t.notes.end(), [&](const std::string& n) {
                return n.find(part) != std::string::npos;
            });
        };
        QVERIFY(noted("the ops whose work is known: measured 20.0 ms, bound 10.0 ms (efficiency "
                      "50.0 %)"));
        QVERIFY(noted("Unknown work: 10.0 ms of the 30.0 ms of kernel time in a step (33.3 %), 3 "
                      "op(s), not bounded: " +
                      noShapes + " (5.00 ms, 2 op(s))"));
        QVERIFY(noted("over the 1 op(s) whose work is known (3 left out)"));
        QVERIFY(!noted("have no bound and are left out")); // said once, as unknown work
    }

    // Two complete steps of rank 0 (span 40 and 60 ms) and an incomplete one: the mean step is
    // 50 ms, compute (20 + 40) / 2 = 30, exposed communication (4 + 8) / 2 = 6 ms. The gradient
    // sync records hold 15 ms per step: 9 ms hidden behind compute.
    void stepOverlap() {
        Session s = oneDevice({op("gemm", 1e12, 1e9, 0, 0.02),
                               op("allreduce", 0, 0, 1e9, 0.015, Phase::communication)});
        int steps = 0;
        const auto step = [&steps](double span, double compute, double exposed, bool complete) {
            Step st;
            st.name = "ProfilerStep#" + std::to_string(++steps);
            st.complete = complete;
            st.gpu.spanS = span;
            st.gpu.computationS = compute;
            st.gpu.exposedCommS = exposed;
            st.gpu.idleS = span - compute - exposed;
            return st;
        };
        s.datasets[0].steps = {step(0.04, 0.02, 0.004, true), step(0.06, 0.04, 0.008, true),
                               step(0.5, 0.1, 0.1, false)};
        // Two steps: the records hold the sum over both, the analysis one step (30 / 2 ms).
        s.datasets[0].records[1].timeS = Measure::measured(0.03);
        const MdAnalysis md = analyse(s);
        QVERIFY(md.ranks[0].overlap.has_value());
        const MdStepOverlap& o = *md.ranks[0].overlap;
        QCOMPARE(o.steps, 2);
        CHECK_NEAR(o.spanS, 0.05);
        CHECK_NEAR(o.computeS, 0.03);
        CHECK_NEAR(o.exposedCommS, 0.006);
        CHECK_NEAR(o.commS, 0.015);
        CHECK_NEAR(o.hiddenCommS, 0.009);
        const ViewTable t = mdTable(s);
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("Step (mean of 2): span 50.0 ms = compute 30.0 ms + exposed "
                                 "communication 6.00 ms") &&
                   n.find("communication 15.0 ms, of which 9.00 ms (60.0 %) hidden behind compute "
                          "and 6.00 ms exposed (12.0 % of the step)") != std::string::npos;
        }));
        // Without steps there is no overlap to say.
        s.datasets[0].steps.clear();
        QVERIFY(!analyse(s).ranks[0].overlap);
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
            return n.starts_with("APB by the link the bytes crossed: intra_node 100 GB/s (spec, "
                                 "https://example.com/a-link");
        }));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.starts_with("Iteration: measured 21.0 ms, bound 11.0 ms (efficiency 52.4 %); "
                                 "forward");
        }));

        s.view.hiddenDatasets = {"hidden run", "run"};
        const ViewTable none = mdTable(s);
        QVERIFY(none.columns.empty());
        QVERIFY(none.rows.empty());
    }
};

QTEST_APPLESS_MAIN(TestMdAnalysis)
#include "test_md_analysis.moc"
