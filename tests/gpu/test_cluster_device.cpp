// The cluster as one device (gpu/mpi/cluster_device.h): every compute and memory ceiling is the
// minimum over the ranks, its note names the straggler and the spread to the fastest rank, links
// come from rank 0, and the result, with every rank's devices, makes a valid ceilings file.
// Hand-made devices; no MPI needed.
#include "core/ceilings_file.h"
#include "gpu/mpi/cluster_device.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::probe;

using PerRank = std::vector<std::vector<Device>>;
Q_DECLARE_METATYPE(PerRank)

namespace {

constexpr ComputeKey kFp64{Precision::fp64, ComputeUnit::vector};
constexpr double kT = 1e12;

Ceiling measured(double value, const std::string& method = "probe run", std::string note = {}) {
    Ceiling c;
    c.value = value;
    c.provenance.kind = ProvenanceKind::measured;
    c.provenance.tool = "roofscope-probe 0.1.0";
    c.provenance.method = method;
    c.provenance.date = "2026-01-02";
    c.provenance.note = std::move(note);
    return c;
}

// A measured device with an fp64 vector rate and DRAM bandwidth (0 leaves the ceiling out).
Device device(DeviceKind kind, const std::string& host, double fp64, double dram) {
    Device d;
    d.kind = kind;
    d.id = kind == DeviceKind::gpu ? "nvidia-h100" : "amd-epyc";
    d.name = kind == DeviceKind::gpu ? "NVIDIA H100" : "AMD EPYC";
    d.vendor = kind == DeviceKind::gpu ? "NVIDIA" : "AMD";
    d.identity.host = host;
    if (fp64 > 0)
        d.ceilings.compute[kFp64] = measured(fp64);
    if (dram > 0)
        d.ceilings.memory[MemoryLevel::dram] = measured(dram);
    return d;
}
Device gpu(const std::string& host, double fp64, double dram) {
    return device(DeviceKind::gpu, host, fp64, dram);
}

std::vector<std::string> toStd(const QStringList& list) {
    std::vector<std::string> out;
    for (const auto& s : list)
        out.push_back(s.toStdString());
    return out;
}

} // namespace

class TestClusterDevice : public QObject {
    Q_OBJECT

  private slots:
    void clusterDevice_data() {
        QTest::addColumn<PerRank>("perRank");
        QTest::addColumn<QStringList>("nodes");
        QTest::addColumn<QString>("id");
        QTest::addColumn<QString>("name");
        QTest::addColumn<double>("fp64"); // 0: absent
        QTest::addColumn<double>("dram"); // 0: absent
        QTest::addColumn<QString>("fp64Note");
        QTest::addColumn<QStringList>("notesContain");

        QTest::addRow("two equal ranks on one node")
            << PerRank{{gpu("vm", 60 * kT, 3 * kT)}, {gpu("vm", 60 * kT, 3 * kT)}}
            << QStringList{"vm", "vm"} << "cluster-1-node-2-gpu"
            << "Cluster of 1 node × 2 devices (measured 2026-01-02)" << 60 * kT << 3 * kT
            << "min over 2 ranks on 1 node; all equal"
            << QStringList{"no straggler: all ranks equal in 2 ceilings",
                           "node vm: ranks 0-1, 2 × NVIDIA H100; fp64 vector 60.0 TFLOP/s, "
                           "dram 3.00 TB/s"};

        // 100, 100, 95, 88: the fourth rank, on b07, is 12 % below the first.
        QTest::addRow("straggler on b07 sets the ceiling")
            << PerRank{{gpu("", 100 * kT, 3.0 * kT)},
                       {gpu("", 100 * kT, 3.1 * kT)},
                       {gpu("", 95 * kT, 2.9 * kT)},
                       {gpu("", 88 * kT, 3.0 * kT)}}
            << QStringList{"b01", "b01", "b07", "b07"} << "cluster-2-nodes-4-gpu"
            << "Cluster of 2 nodes × 2 devices (measured 2026-01-02)" << 88 * kT << 2.9 * kT
            << "min over 4 ranks on 2 nodes; slowest: node b07 rank 3, 12 % below the fastest "
               "(node b01 rank 0)"
            << QStringList{"slowest node: b07 (slowest in 2 of 2 ceilings)",
                           "node b01: ranks 0-1, 2 × NVIDIA H100; fp64 vector 100 TFLOP/s, dram "
                           "3.00 TB/s",
                           "node b07: ranks 2-3, 2 × NVIDIA H100; fp64 vector 88.0 TFLOP/s, dram "
                           "2.90 TB/s"};

        QTest::addRow("a ceiling one rank lacks is left out")
            << PerRank{{gpu("a", 50 * kT, 3 * kT)}, {gpu("a", 40 * kT, 0)}} << QStringList{"a", "a"}
            << "cluster-1-node-2-gpu"
            << "Cluster of 1 node × 2 devices (measured 2026-01-02)" << 40 * kT << 0.0
            << "min over 2 ranks on 1 node; slowest: node a rank 1, 20 % below the fastest (node "
               "a rank 0)"
            << QStringList{"left out, not measured on every rank: dram (1 of 2 ranks)"};

        QTest::addRow("ranks with a host CPU and a GPU: the GPUs are the members")
            << PerRank{{device(DeviceKind::cpu, "a", 1 * kT, 0.2 * kT), gpu("a", 60 * kT, 3 * kT)},
                       {device(DeviceKind::cpu, "b", 1 * kT, 0.2 * kT), gpu("b", 55 * kT, 3 * kT)}}
            << QStringList{"a", "b"} << "cluster-2-nodes-2-gpu"
            << "Cluster of 2 nodes × 1 device (measured 2026-01-02)" << 55 * kT << 3 * kT
            << "min over 2 ranks on 2 nodes; slowest: node b rank 1, 8.3 % below the fastest (node "
               "a rank 0)"
            << QStringList{"slowest node: b (slowest in 1 of 2 ceilings)"};

        QTest::addRow("a rank without a GPU is left out and named")
            << PerRank{{gpu("a", 60 * kT, 3 * kT)}, {device(DeviceKind::cpu, "a", 1 * kT, 0)}}
            << QStringList{"a", "a"} << "cluster-1-node-1-gpu"
            << "Cluster of 1 node × 1 device (measured 2026-01-02)" << 60 * kT << 3 * kT
            << "one rank: node a rank 0" << QStringList{"without a gpu: rank 1"};

        QTest::addRow("CPU ranks, nodes from the device identity")
            << PerRank{{device(DeviceKind::cpu, "h1", 2 * kT, 0.3 * kT)},
                       {device(DeviceKind::cpu, "h2", 1 * kT, 0.3 * kT)}}
            << QStringList{} << "cluster-2-nodes-2-cpu"
            << "Cluster of 2 nodes × 1 device (measured 2026-01-02)" << 1 * kT << 0.3 * kT
            << "min over 2 ranks on 2 nodes; slowest: node h2 rank 1, 50 % below the fastest "
               "(node h1 rank 0)"
            << QStringList{"node h1: rank 0, 1 × AMD EPYC", "node h2: rank 1, 1 × AMD EPYC"};

        QTest::addRow("nodes holding different counts")
            << PerRank{{gpu("", 60 * kT, 3 * kT)},
                       {gpu("", 60 * kT, 3 * kT)},
                       {gpu("", 60 * kT, 3 * kT)}}
            << QStringList{"a", "a", "b"} << "cluster-2-nodes-3-gpu"
            << "Cluster of 2 nodes, 3 devices (measured 2026-01-02)" << 60 * kT << 3 * kT
            << "min over 3 ranks on 2 nodes; all equal" << QStringList{"node b: rank 2"};

        QTest::addRow("no ranks") << PerRank{} << QStringList{} << "cluster-0-nodes-0-gpu"
                                  << "Cluster of 0 nodes, 0 devices (measured 2026-01-02)" << 0.0
                                  << 0.0 << "" << QStringList{};
    }
    void clusterDevice() {
        QFETCH(PerRank, perRank);
        QFETCH(QStringList, nodes);
        QFETCH(QString, id);
        QFETCH(QString, name);
        QFETCH(double, fp64);
        QFETCH(double, dram);
        QFETCH(QString, fp64Note);
        QFETCH(QStringList, notesContain);

        const Device d = probe::clusterDevice(perRank, toStd(nodes), "2026-01-02");
        QCOMPARE(QString::fromStdString(d.id), id);
        QCOMPARE(QString::fromStdString(d.name), name);
        QCOMPARE(d.ceilings.compute.count(kFp64), std::size_t(fp64 > 0));
        if (fp64 > 0) {
            QCOMPARE(d.ceilings.compute.at(kFp64).value, fp64);
            QCOMPARE(QString::fromStdString(d.ceilings.compute.at(kFp64).provenance.note),
                     fp64Note);
        }
        QCOMPARE(d.ceilings.memory.count(MemoryLevel::dram), std::size_t(dram > 0));
        if (dram > 0)
            QCOMPARE(d.ceilings.memory.at(MemoryLevel::dram).value, dram);
        const QString notes = QString::fromStdString(d.notes);
        for (const auto& part : notesContain)
            QVERIFY2(notes.contains(part), qPrintable("notes: " + notes + "\nlack: " + part));
    }

    void keepsTheSlowestRanksProvenance() {
        Device fast = gpu("a", 60 * kT, 0), slow = gpu("b", 50 * kT, 0);
        slow.ceilings.compute[kFp64] = measured(50 * kT, "FMA chains on rank 1", "clock low");
        slow.ceilings.compute[kFp64].provenance.samples = 20;
        const Device d = probe::clusterDevice({{fast}, {slow}}, {"a", "b"}, "");
        const Provenance& p = d.ceilings.compute.at(kFp64).provenance;
        QCOMPARE(p.method, std::string("FMA chains on rank 1"));
        QCOMPARE(p.samples, 20);
        QVERIFY(p.kind == ProvenanceKind::measured);
        QVERIFY(p.note.ends_with("; clock low"));
        QCOMPARE(d.name, std::string("Cluster of 2 nodes × 1 device"));
        QCOMPARE(d.vendor, std::string("NVIDIA"));
    }

    void linksComeFromRankZero() {
        Device r0 = gpu("a", 60 * kT, 0), r1 = gpu("b", 60 * kT, 0);
        r0.ceilings.links[Link::inter_node] = measured(25e9, "ncclAllReduce");
        r0.ceilings.links[Link::pcie_h2d] = measured(50e9); // per device, not the cluster's
        r1.ceilings.links[Link::inter_node] = measured(30e9);
        const Device d = probe::clusterDevice({{r0}, {r1}}, {"a", "b"}, "");
        QCOMPARE(d.ceilings.links.size(), std::size_t(1));
        QCOMPARE(d.ceilings.links.at(Link::inter_node).value, 25e9);
        QCOMPARE(d.ceilings.links.at(Link::inter_node).provenance.method,
                 std::string("ncclAllReduce"));
    }

    void slowestNodeSummary_data() {
        QTest::addColumn<PerRank>("perRank");
        QTest::addColumn<QString>("expected");
        QTest::addRow("b slower in both")
            << PerRank{{gpu("a", 60 * kT, 3 * kT)}, {gpu("b", 50 * kT, 2 * kT)}}
            << "slowest node: b (slowest in 2 of 2 ceilings)";
        QTest::addRow("a tie goes to the lowest rank's node")
            << PerRank{{gpu("a", 60 * kT, 2 * kT)}, {gpu("b", 50 * kT, 3 * kT)}}
            << "slowest node: a (slowest in 1 of 2 ceilings)";
        QTest::addRow("nothing shared: empty")
            << PerRank{{gpu("a", 60 * kT, 0)}, {gpu("b", 0, 3 * kT)}} << "";
    }
    void slowestNodeSummary() {
        QFETCH(PerRank, perRank);
        QFETCH(QString, expected);
        QCOMPARE(QString::fromStdString(probe::slowestNodeSummary(perRank, {})), expected);
    }

    void nodesOfRanksReadsTheIdentity() {
        const PerRank perRank{
            {device(DeviceKind::cpu, "", 1, 0), gpu("h1", 1, 0)}, {}, {gpu("h2", 1, 0)}};
        QCOMPARE(nodesOfRanks(perRank), (std::vector<std::string>{"h1", "", "h2"}));
    }

    // Every rank's devices and the cluster in one ceilings file: ids must differ and be valid.
    void makesAValidCeilingsFile() {
        const PerRank perRank{{device(DeviceKind::cpu, "h1", 2 * kT, 0.3 * kT)},
                              {device(DeviceKind::cpu, "h1", 1.5 * kT, 0.3 * kT)}};
        std::vector<Device> all = rankDevices(perRank, {"h1", "h1"});
        QCOMPARE(all.size(), std::size_t(2));
        QCOMPARE(all[1].id, std::string("amd-epyc-rank1"));
        QCOMPARE(all[1].name, std::string("AMD EPYC (rank 1 on h1)"));
        all.push_back(probe::clusterDevice(perRank, {"h1", "h1"}, "2026-01-02"));
        const auto parsed = parseCeilings(serializeCeilings(all), "cluster.json");
        QVERIFY2(parsed.ok(), parsed.ok() ? "" : parsed.error().toString().c_str());
        QVERIFY(parsed.value() == all);
    }
};

QTEST_APPLESS_MAIN(TestClusterDevice)
#include "test_cluster_device.moc"
