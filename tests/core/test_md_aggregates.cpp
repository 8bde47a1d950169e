// MD-Roofline's aggregates: the iteration and each phase of a rank as one point, F, M, P and
// time summed over its ops, in the plane its own premise picks, with its bound, bottleneck and
// efficiency; one iteration per rank; the aggregates' table rows and notes. Numbers are worked
// out by hand in the comments, on the fixture of md_fixture.h.
#include "tests/support/md_fixture.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::testing::md;

class TestMdAggregates : public QObject {
    Q_OBJECT

  private slots:
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

QTEST_APPLESS_MAIN(TestMdAggregates)
#include "test_md_aggregates.moc"
