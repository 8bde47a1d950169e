// Device placement what-if (after DLS): moving the optimizer to a CPU and embeddings to a second
// GPU, the link each transfer crosses (p2p between accelerators, PCIe with a CPU), a target that
// lacks a ceiling, a later move overriding an earlier one, and no moves at all. Devices have
// round ceilings; every step is worked out by hand in the comments.
#include "core/analysis/placement.h"
#include "tests/support/near_compare.h"
#include "tests/support/placement_fixture.h"

#include <QtTest>

#include <algorithm>

using namespace roofscope;
using namespace roofscope::testing;
using namespace roofscope::testing::placement;

using Moves = std::vector<PlacementMove>;
Q_DECLARE_METATYPE(Moves)
Q_DECLARE_METATYPE(roofscope::Link)

namespace {

PlacementPlan plan(const Session& s) {
    return planPlacement(s.datasets[0], s.devices, s.view.placement.moves, {});
}

double busyAfter(const PlacementPlan& p, const std::string& id) {
    const auto it = p.busyAfterS.find(id);
    return it == p.busyAfterS.end() ? 0 : it->second;
}

} // namespace

class TestPlacement : public QObject {
    Q_OBJECT

  private slots:
    void whatIf_data() {
        QTest::addColumn<Moves>("moves");
        QTest::addColumn<double>("newStep");
        QTest::addColumn<double>("transferS");
        QTest::addColumn<double>("gpu0After");
        QTest::addColumn<double>("gpu1After");
        QTest::addColumn<double>("cpuAfter");
        QTest::addColumn<int>("moved");
        QTest::addColumn<int>("unprojected");

        // Nothing moves: the new step is the old one, 52 ms.
        QTest::newRow("no moves") << Moves{} << 0.052 << 0.0 << 0.048 << 0.0 << 0.0 << 0 << 0;
        // adam on the CPU: t_F = 1e9 / 1e12 = 1 ms, t_M = 1e10 / 1e11 = 100 ms -> 100 ms. Its
        // 10 GB cross PCIe at min(h2d 25, d2h 20 GB/s of gpu0; the CPU has none) = 20 GB/s:
        // 0.5 s. gpu0 keeps 20 + 10 + 3 = 33 ms. New step 33 + 100 + 4 + 500 = 637 ms.
        QTest::newRow("optimizer to the CPU")
            << Moves{{Category::optimizer, "cpu"}} << 0.637 << 0.5 << 0.033 << 0.0 << 0.1 << 1 << 0;
        // embedding on gpu1: no FLOPs, t_M = 4e9 / 2e12 = 2 ms. Its 4 GB cross p2p at the slower
        // of 100 and 50 GB/s: 80 ms. gpu0 keeps 20 + 15 + 3 = 38 ms; 38 + 2 + 4 + 80 = 124 ms.
        QTest::newRow("embeddings to a second GPU") << Moves{{Category::embedding, "gpu1"}} << 0.124
                                                    << 0.08 << 0.038 << 0.002 << 0.0 << 1 << 0;
        // Both: gpu0 20 + 3 = 23 ms, gpu1 2, CPU 100, memcpy 4, transfers 500 + 80:
        // 709 ms.
        QTest::newRow("both") << Moves{{Category::optimizer, "cpu"}, {Category::embedding, "gpu1"}}
                              << 0.709 << 0.58 << 0.023 << 0.002 << 0.1 << 2 << 0;
        // The later move of the optimizer wins: as "optimizer to the CPU".
        QTest::newRow("later move wins")
            << Moves{{Category::optimizer, "gpu1"}, {Category::optimizer, "cpu"}} << 0.637 << 0.5
            << 0.033 << 0.0 << 0.1 << 1 << 0;
        // The ASIC has no fp32 ceiling for layer_norm's 1e8 FLOP: it stays on gpu0 at 3 ms.
        QTest::newRow("target lacks a ceiling")
            << Moves{{Category::norm, "asic"}} << 0.052 << 0.0 << 0.048 << 0.0 << 0.0 << 0 << 1;
        // A device the session does not know: the same.
        QTest::newRow("unknown target")
            << Moves{{Category::norm, "tpu-x"}} << 0.052 << 0.0 << 0.048 << 0.0 << 0.0 << 0 << 1;
        // Moving the gemm to where it already runs changes nothing and costs no transfer.
        QTest::newRow("onto its own device")
            << Moves{{Category::gemm, "gpu0"}} << 0.052 << 0.0 << 0.048 << 0.0 << 0.0 << 0 << 0;
        // A move of the copies is ignored: they are the run's own data movement.
        QTest::newRow("memcpy is not moved")
            << Moves{{Category::memcpy, "gpu1"}} << 0.052 << 0.0 << 0.048 << 0.0 << 0.0 << 0 << 0;
    }
    void whatIf() {
        QFETCH(Moves, moves);
        QFETCH(double, newStep);
        QFETCH(double, transferS);
        QFETCH(double, gpu0After);
        QFETCH(double, gpu1After);
        QFETCH(double, cpuAfter);
        QFETCH(int, moved);
        QFETCH(int, unprojected);
        const PlacementPlan p = plan(session(moves));
        CHECK_NEAR(p.oldStepS, 0.052);
        CHECK_NEAR(p.busyBeforeS.at("gpu0"), 0.048);
        CHECK_NEAR(p.memcpyS, 0.004);
        QVERIFY(qAbs(p.newStepS - newStep) < 1e-12);
        QVERIFY(qAbs(p.transferS - transferS) < 1e-12);
        QVERIFY(qAbs(busyAfter(p, "gpu0") - gpu0After) < 1e-12);
        QVERIFY(qAbs(busyAfter(p, "gpu1") - gpu1After) < 1e-12);
        QVERIFY(qAbs(busyAfter(p, "cpu") - cpuAfter) < 1e-12);
        QCOMPARE(p.moved, moved);
        QCOMPARE(p.unprojected, unprojected);
        // Never dropped: every record has its row.
        QCOMPARE(p.ops.size(), std::size_t(5));
        // Exactly the ops that stay behind are flagged.
        QCOMPARE(std::count_if(p.ops.begin(), p.ops.end(),
                               [](const PlacementOp& o) { return !o.error.empty(); }),
                 std::ptrdiff_t(unprojected));
    }

    void movedOp() {
        const PlacementPlan p = plan(session({{Category::optimizer, "cpu"}}));
        const PlacementOp& adam = p.ops[2];
        QVERIFY(adam.moved);
        QCOMPARE(adam.fromDevice, std::string("gpu0"));
        QCOMPARE(adam.toDevice, std::string("cpu"));
        CHECK_NEAR(*adam.predictedS, 0.1);
        CHECK_NEAR(adam.transferBytes, 1e10);
        QVERIFY(*adam.transferLink == Link::pcie_d2h);
        QCOMPARE(p.devices, (std::vector<std::string>{"gpu0", "cpu"}));

        const PlacementPlan stuck = plan(session({{Category::norm, "asic"}}));
        QVERIFY(!stuck.ops[4].moved);
        QCOMPARE(stuck.ops[4].toDevice, std::string("gpu0"));
        CHECK_NEAR(stuck.ops[4].newS, 0.003);
        QVERIFY(stuck.ops[4].error.find("APF") != std::string::npos);
    }

    void link_data() {
        QTest::addColumn<QString>("from");
        QTest::addColumn<QString>("to");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<Link>("link");
        QTest::addColumn<double>("bandwidth");
        // Two GPUs: p2p, the slower of 100 and 50 GB/s.
        QTest::newRow("gpu to gpu") << "gpu0"
                                    << "gpu1" << true << Link::p2p << 5e10;
        QTest::newRow("gpu to gpu, reversed") << "gpu1"
                                              << "gpu0" << true << Link::p2p << 5e10;
        // GPU and CPU: PCIe, the slower direction of gpu0 (d2h 20 GB/s).
        QTest::newRow("gpu to cpu") << "gpu0"
                                    << "cpu" << true << Link::pcie_d2h << 2e10;
        // Both directions of gpu1 are 30 GB/s: the first listed (h2d) is named.
        QTest::newRow("cpu to gpu") << "cpu"
                                    << "gpu1" << true << Link::pcie_h2d << 3e10;
        // An ASIC is an accelerator: p2p with a GPU (only gpu1 has one: 50 GB/s).
        QTest::newRow("asic to gpu") << "asic"
                                     << "gpu1" << true << Link::p2p << 5e10;
        QTest::newRow("cpu to asic") << "cpu"
                                     << "asic" << true << Link::pcie_h2d << 1.6e10;
        QTest::newRow("cpu to cpu") << "cpu"
                                    << "cpu2" << false << Link::p2p << 0.0;
    }
    void link() {
        QFETCH(QString, from);
        QFETCH(QString, to);
        QFETCH(bool, ok);
        QFETCH(Link, link);
        QFETCH(double, bandwidth);
        std::vector<Device> devices{gpu0(), gpu1(), cpu(), cpu("cpu2"), asic()};
        auto find = [&](const QString& id) {
            return *std::find_if(devices.begin(), devices.end(),
                                 [&](const Device& d) { return d.id == id.toStdString(); });
        };
        const auto l = transferLink(find(from), find(to));
        QCOMPARE(l.ok(), ok);
        if (!ok)
            return;
        QVERIFY2(l.value().first == link, toString(l.value().first).data());
        CHECK_NEAR(l.value().second, bandwidth);
    }

    void noLinkCeiling() {
        // Two accelerators without p2p ceilings: the transfer cannot be costed, the op stays.
        Session s = session({{Category::gemm, "asic2"}});
        Device bare = asic();
        bare.id = "asic2";
        s.devices.push_back(bare);
        s.datasets[0].context.deviceId = "asic";
        s.datasets[0].records.resize(1);
        const PlacementPlan p = plan(s);
        QCOMPARE(p.unprojected, 1);
        QVERIFY(p.ops[0].error.find("p2p") != std::string::npos);
    }

    void outcomes_data() {
        QTest::addColumn<Moves>("moves");
        QTest::addColumn<QStringList>("texts");
        // The fixture's step: one op each of gemm, embedding, optimizer and norm on gpu0, and a
        // memcpy.
        QTest::newRow("a category no op has")
            << Moves{{Category::attention, "cpu"}}
            << QStringList{"attention \u2192 Host CPU: 0 ops are attention in this step; nothing "
                           "moves."};
        QTest::newRow("moved") << Moves{{Category::optimizer, "cpu"}}
                               << QStringList{"optimizer \u2192 Host CPU: 1 of 1 optimizer op "
                                              "moved."};
        QTest::newRow("already there")
            << Moves{{Category::gemm, "gpu0"}}
            << QStringList{"gemm \u2192 GPU 0: its gemm op runs there already; nothing moves."};
        // The ASIC has no fp32 roof: the fp32 norm cannot be projected there.
        QTest::newRow("cannot be projected")
            << Moves{{Category::norm, "asic"}}
            << QStringList{"norm \u2192 Tensor ASIC: 0 of 1 norm op moved, 1 cannot be projected "
                           "and stays at its measured time."};
        QTest::newRow("a later move wins")
            << Moves{{Category::gemm, "cpu"}, {Category::gemm, "gpu1"}}
            << QStringList{"gemm \u2192 Host CPU: replaced by a later move of gemm.",
                           "gemm \u2192 GPU 1: 1 of 1 gemm op moved."};
        QTest::newRow("copies stay")
            << Moves{{Category::memcpy, "gpu1"}}
            << QStringList{"memcpy \u2192 GPU 1: ignored: copies are the run's own data movement "
                           "and stay where they are."};
    }
    void outcomes() {
        QFETCH(Moves, moves);
        QFETCH(QStringList, texts);
        const Session s = session(moves);
        const PlacementPlan p = plan(s);
        QCOMPARE(p.outcomes.size(), std::size_t(texts.size()));
        for (qsizetype i = 0; i < texts.size(); ++i) {
            const auto& o = p.outcomes[std::size_t(i)];
            const std::string target = s.findDevice(o.move.deviceId)->name;
            QCOMPARE(QString::fromStdString(outcomeText(o, target)), texts[i]);
        }
        // The table says each, after the step.
        const ViewTable t = placementTable(s);
        for (const QString& text : texts)
            QVERIFY(std::find(t.notes.begin(), t.notes.end(), "Move " + text.toStdString()) !=
                    t.notes.end());
    }

    void table() {
        Session s = session({{Category::optimizer, "cpu"}});
        const ViewTable t = placementTable(s);
        QCOMPARE(t.schema, std::string("roofscope.placement/1"));
        QCOMPARE(t.rows.size(), std::size_t(5));
        QCOMPARE(t.columns.size(), std::size_t(14));
        const auto& adam = t.rows[2];
        QCOMPARE(std::get<std::string>(adam[3]), std::string("cpu"));
        QCOMPARE(std::get<std::string>(adam[4]), std::string("predicted"));
        CHECK_NEAR(std::get<double>(adam[6]), 0.1);
        QCOMPARE(std::get<std::string>(adam[9]), std::string("pcie_d2h"));
        CHECK_NEAR(std::get<double>(adam[10]), 0.5);
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[0][6]));
        // Where the chart draws adam on the CPU: 1e9 FLOP / 1e10 B = 0.1 FLOP/B, 1e9 FLOP in its
        // predicted 100 ms = 10 GFLOP/s. The gemm stays, measured: 1e12 / 1e10 = 100 FLOP/B,
        // 1e12 in 20 ms = 50 TFLOP/s. The embedding has no FLOPs, so no point.
        CHECK_NEAR(std::get<double>(adam[11]), 0.1);
        CHECK_NEAR(std::get<double>(adam[12]), 1e10);
        CHECK_NEAR(std::get<double>(t.rows[0][11]), 100.0);
        CHECK_NEAR(std::get<double>(t.rows[0][12]), 5e13);
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[1][11]));
        QVERIFY(std::holds_alternative<std::monostate>(t.rows[1][12]));
        // 637 / 52 - 1 = +1125.0 %.
        QCOMPARE(t.notes.front(),
                 std::string("Dataset 'run': old step 52.0 ms (measured), new step "
                             "637 ms (predicted), +1125.0 %."));
        QVERIFY(std::any_of(t.notes.begin(), t.notes.end(), [](const std::string& n) {
            return n.find("upper bound") != std::string::npos;
        }));

        s.view.hiddenDatasets = {"run"};
        QVERIFY(placementTable(s).columns.empty());
    }
};

QTEST_APPLESS_MAIN(TestPlacement)
#include "test_placement.moc"
