// analyzeTrace's copies and collectives: memcpy/memset bytes and links by direction, collective
// args on the kernel or on its record_param_comms op, wire bytes and the node heuristic, kernels
// recognised by name only, and summarizeCollectives' algbw/busbw. Collectives derived from
// record_param_comms' shapes are in test_kineto_analysis_comm_derived.
// Expected numbers are worked out by hand next to each case.
#include "core/import/kineto/kineto_analysis.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

CollectiveArgs args(std::string name, std::int64_t in, std::int64_t out, std::string dtype,
                    int groupSize) {
    CollectiveArgs a;
    a.name = std::move(name);
    a.inNelems = in;
    a.outNelems = out;
    a.dtype = std::move(dtype);
    a.groupSize = groupSize;
    return a;
}

// -1 when the key is missing, -2 when it is there but not measured.
template <class Key, std::size_t N> double measuredAt(const InlineMeasures<Key, N>& m, Key key) {
    const auto found = m.find(key);
    return !found ? -1 : found->origin == Origin::measured ? found->value : -2;
}
double measuredOn(const InlineMeasures<Link, 1>& m, Link link) {
    return measuredAt(m, link);
}

} // namespace

class TestKinetoAnalysisComm : public QObject {
    Q_OBJECT

  private slots:
    // 4,000 B copies; dram bytes, and the link carrying them (-1: none).
    void copies_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<bool>("isMemset");
        QTest::addColumn<double>("dram");
        QTest::addColumn<double>("host");
        QTest::addColumn<int>("link");
        QTest::addColumn<double>("linkBytes");
        QTest::newRow("HtoD pinned") << "Memcpy HtoD (Pinned -> Device)" << false << 4000.0 << -1.0
                                     << int(Link::pcie_h2d) << 4000.0;
        QTest::newRow("HtoD pageable legacy") << "Memcpy HtoD (Pageable -> Device)" << false
                                              << 4000.0 << -1.0 << int(Link::pcie_h2d) << 4000.0;
        QTest::newRow("DtoH") << "Memcpy DtoH (Device -> Pinned)" << false << 4000.0 << -1.0
                              << int(Link::pcie_d2h) << 4000.0;
        // Read and written: 2 x 4,000.
        QTest::newRow("DtoD") << "Memcpy DtoD (Device -> Device)" << false << 8000.0 << -1.0 << -1
                              << 0.0;
        QTest::newRow("PtoP") << "Memcpy PtoP (Device -> Device)" << false << 4000.0 << -1.0
                              << int(Link::p2p) << 4000.0;
        QTest::newRow("Peer") << "Memcpy Peer (Device -> Device)" << false << 4000.0 << -1.0
                              << int(Link::p2p) << 4000.0;
        QTest::newRow("ROCm CopyHostToDevice")
            << "CopyHostToDevice" << false << 4000.0 << -1.0 << int(Link::pcie_h2d) << 4000.0;
        QTest::newRow("HtoH") << "Memcpy HtoH (Pinned -> Pinned)" << false << -1.0 << 8000.0 << -1
                              << 0.0;
        QTest::newRow("memset") << "Memset (Device)" << true << 4000.0 << -1.0 << -1 << 0.0;
    }
    void copies() {
        QFETCH(QString, name);
        QFETCH(bool, isMemset);
        QFETCH(double, dram);
        QFETCH(double, host);
        QFETCH(int, link);
        QFETCH(double, linkBytes);
        KinetoEventsBuilder b;
        const auto copy = b.op("aten::copy_", 0, 50, 9);
        (void)copy;
        if (isMemset)
            b.memset(name.toStdString(), 100, 5.088, 4000);
        else
            b.memcpy(name.toStdString(), 100, 5.088, 4000, 9);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.category == Category::memcpy);
        QVERIFY(r.precision == Precision::other);
        QVERIFY(!r.flops.known());
        CHECK_NEAR(r.timeS.value, 5.088e-6);
        QCOMPARE(measuredAt(r.bytes, MemoryLevel::dram), dram);
        QCOMPARE(measuredAt(r.bytes, MemoryLevel::host), host);
        QCOMPARE(r.commBytes.size(), std::size_t(link < 0 ? 0 : 1));
        if (link >= 0)
            QCOMPARE(measuredOn(r.commBytes, static_cast<Link>(link)), linkBytes);
        if (!isMemset)
            QCOMPARE(a.launches[0].opName.str(), std::string("aten::copy_"));
    }

    // A copy without "bytes" keeps its time and category, nothing else.
    void copyWithoutBytes() {
        KinetoEventsBuilder b;
        b.memcpy("Memcpy HtoD (Pinned -> Device)", 100, 2, -1);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QVERIFY(a.launches[0].record.category == Category::memcpy);
        QVERIFY(a.launches[0].record.bytes.empty());
        QVERIFY(a.launches[0].record.commBytes.empty());
    }

    // "Collective name" spellings onto Collective; wire bytes for 1000 Float over 4 ranks
    // (all on one 8-GPU node): S x factor = 4,000 x 1.5 for all_reduce; all_gather S = out =
    // 16,000 x 0.75 = 12,000; reduce_scatter S = in = 16,000 x 0.75; all_to_all 4,000 x 0.75;
    // broadcast, reduce and send/recv 4,000 x 1.
    void collectiveNames_data() {
        QTest::addColumn<QString>("name");
        QTest::addColumn<int>("collective");
        QTest::addColumn<qint64>("in");
        QTest::addColumn<qint64>("out");
        QTest::addColumn<double>("wire");
        const auto row = [](const char* name, Collective c, qint64 in, qint64 out, double wire) {
            QTest::newRow(name) << name << int(c) << in << out << wire;
        };
        row("allreduce", Collective::all_reduce, 1000, 1000, 6000);
        row("all_reduce", Collective::all_reduce, 1000, 1000, 6000);
        row("broadcast", Collective::broadcast, 1000, 1000, 4000);
        row("reduce", Collective::reduce, 1000, 1000, 4000);
        for (const char* name : {"_allgather_base", "allgather", "all_gather",
                                 "allgather_into_tensor_coalesced", "all_gather_into_tensor"})
            row(name, Collective::all_gather, 1000, 4000, 12000);
        for (const char* name : {"reduce_scatter", "_reduce_scatter_base",
                                 "reduce_scatter_tensor_coalesced", "reduce_scatter_tensor"})
            row(name, Collective::reduce_scatter, 4000, 1000, 12000);
        for (const char* name : {"all_to_all", "all_to_allv", "alltoall", "alltoall_base"})
            row(name, Collective::all_to_all, 1000, 1000, 3000);
        for (const char* name : {"send", "recv", "sendrecv"})
            row(name, Collective::send_recv, 1000, 1000, 4000);
    }
    void collectiveNames() {
        QFETCH(QString, name);
        QFETCH(int, collective);
        QFETCH(qint64, in);
        QFETCH(qint64, out);
        QFETCH(double, wire);
        KinetoEventsBuilder b;
        b.setDevices(8);
        const auto k = b.kernel("ncclDevKernel_Generic", 100, 10, 5);
        b.gpuCollective(k, args(name.toStdString(), in, out, "Float", 4));
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.collective.has_value());
        QCOMPARE(int(*r.collective), collective);
        QVERIFY(r.category == Category::collective);
        QVERIFY(r.phase == Phase::communication);
        QCOMPARE(r.groupSize, 4);
        QCOMPARE(measuredOn(r.commBytes, Link::intra_node), wire);
        QVERIFY(a.warnings.empty());
    }

    // formats.md 1.7, the A100 DDP sample: all_reduce of 6,637,568 Float over 2 ranks in
    // 2,636.669 us. S = 26,550,272 B, factor 2(2-1)/2 = 1, so wire bytes = S; algbw =
    // 26,550,272 / 2.636669e-3 s = 10.0696 GB/s = busbw. The args sit on record_param_comms,
    // the op the NCCL kernel links to.
    void a100AllReduce() {
        KinetoEventsBuilder b;
        b.setDevices(2);
        b.events().meta.distributed.rank = 0;
        b.events().meta.distributed.worldSize = 2;
        const auto op = b.op("record_param_comms", 0, 30, 41);
        b.cpuCollective(op, args("allreduce", 6637568, 6637568, "Float", 2));
        for (int call = 0; call < 2; ++call)
            b.kernel("ncclKernel_AllReduce_RING_LL_Sum_float", 100 + 5000 * call, 2636.669, 41);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        const Launch& l = a.launches[0];
        QVERIFY(l.record.collective == Collective::all_reduce);
        QCOMPARE(l.record.groupSize, 2);
        CHECK_NEAR(l.messageBytes, 26550272.0);
        QCOMPARE(measuredOn(l.record.commBytes, Link::intra_node), 26550272.0);
        QVERIFY(l.opName.empty()); // collectives group by kernel name, not by record_param_comms

        const auto summary = summarizeCollectives(a.launches);
        QCOMPARE(summary.size(), std::size_t(1));
        QVERIFY(summary[0].op == Collective::all_reduce);
        QCOMPARE(summary[0].groupSize, 2);
        QCOMPARE(summary[0].count, std::int64_t(2));
        CHECK_NEAR(summary[0].bytes, 2 * 26550272.0);
        CHECK_NEAR(summary[0].timeS, 2 * 2636.669e-6);
        QVERIFY(std::fabs(summary[0].algbwBytesPerS - 10.0696e9) < 0.0001e9);
        CHECK_NEAR(summary[0].busbwBytesPerS, summary[0].algbwBytesPerS);
    }

    // Group size from the args, else the world size; intra-node while the group fits the GPUs
    // listed in deviceProperties (8 here), inter-node beyond. all_reduce of 1000 Float: wire
    // 4,000 x 2(n-1)/n: n = 8 -> 7,000; n = 16 -> 7,500.
    void nodeHeuristic_data() {
        QTest::addColumn<int>("groupSize");
        QTest::addColumn<int>("worldSize");
        QTest::addColumn<int>("expectedGroup");
        QTest::addColumn<int>("link");
        QTest::addColumn<double>("wire");
        QTest::newRow("8 of 8, intra") << 8 << 16 << 8 << int(Link::intra_node) << 7000.0;
        QTest::newRow("16 > 8, inter") << 16 << 16 << 16 << int(Link::inter_node) << 7500.0;
        QTest::newRow("world size 16") << 0 << 16 << 16 << int(Link::inter_node) << 7500.0;
        QTest::newRow("world size 8") << 0 << 8 << 8 << int(Link::intra_node) << 7000.0;
    }
    void nodeHeuristic() {
        QFETCH(int, groupSize);
        QFETCH(int, worldSize);
        QFETCH(int, expectedGroup);
        QFETCH(int, link);
        QFETCH(double, wire);
        KinetoEventsBuilder b;
        b.setDevices(8);
        b.events().meta.distributed.worldSize = worldSize;
        const auto k = b.kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL", 100, 10);
        b.gpuCollective(k, args("allreduce", 1000, 1000, "Float", groupSize));
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const LaunchRecord& r = a.launches[0].record;
        QCOMPARE(r.groupSize, expectedGroup);
        QCOMPARE(r.commBytes.size(), std::size_t(1));
        QCOMPARE(measuredOn(r.commBytes, static_cast<Link>(link)), wire);
    }

    // Kernels without collective args, recognised by name: communication, collective from the
    // name, no bytes. -1: communication without a known collective.
    void nameOnly_data() {
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<int>("collective");
        QTest::newRow("AllReduce")
            << "ncclDevKernel_AllReduce_Sum_f32_RING_LL" << int(Collective::all_reduce);
        QTest::newRow("legacy AllReduce")
            << "ncclKernel_AllReduce_RING_LL_Sum_float" << int(Collective::all_reduce);
        QTest::newRow("AllGather")
            << "ncclDevKernel_AllGather_RING_LL" << int(Collective::all_gather);
        QTest::newRow("ReduceScatter")
            << "ncclDevKernel_ReduceScatter_Sum_bf16_RING_LL" << int(Collective::reduce_scatter);
        QTest::newRow("Broadcast")
            << "ncclDevKernel_Broadcast_RING_LL" << int(Collective::broadcast);
        QTest::newRow("Reduce") << "ncclDevKernel_Reduce_Sum_f32_RING_LL"
                                << int(Collective::reduce);
        QTest::newRow("SendRecv") << "ncclDevKernel_SendRecv" << int(Collective::send_recv);
        QTest::newRow("custom SendRecv") << "my_SendRecv_kernel" << int(Collective::send_recv);
        QTest::newRow("multimem") << "multimem_all_reduce_kernel" << int(Collective::all_reduce);
        QTest::newRow("demangled with void")
            << "void ncclDevKernel_AllGather_RING_LL(ncclDevComm*, unsigned long, ncclWork*)"
            << int(Collective::all_gather);
        QTest::newRow("generic") << "ncclDevKernel_Generic" << -1;
    }
    void nameOnly() {
        QFETCH(QString, kernel);
        QFETCH(int, collective);
        KinetoEventsBuilder b;
        b.kernel(kernel.toStdString(), 100, 10);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.category == Category::collective);
        QVERIFY(r.phase == Phase::communication);
        QVERIFY(r.commBytes.empty());
        QCOMPARE(r.collective.has_value(), collective >= 0);
        if (collective >= 0)
            QCOMPARE(int(*r.collective), collective);
        QCOMPARE(a.launches[0].messageBytes, -1.0);
        QVERIFY(summarizeCollectives(a.launches).empty());
    }

    // Ordinary kernels are not communication, even when linked to an op without args.
    void notCommunication() {
        KinetoEventsBuilder b;
        b.op("aten::add", 0, 10, 3);
        b.kernel("vectorized_elementwise_kernel", 100, 10, 3);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QVERIFY(a.launches[0].record.category != Category::collective);
        QVERIFY(!a.launches[0].record.collective);
    }

    // Unknown collective names and unknown dtypes: one warning each with a count.
    void collectiveWarnings() {
        KinetoEventsBuilder b;
        for (int i = 0; i < 3; ++i) {
            const auto k = b.kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL", 100 + 50 * i, 10);
            b.gpuCollective(k, args("allreduce", 1000, 1000, "NoSuchType", 2));
            const auto g = b.kernel("ncclDevKernel_Generic", 120 + 50 * i, 10);
            b.gpuCollective(g, args("barrier", 1, 1, "Float", 2));
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.warnings.size(), std::size_t(2));
        for (const std::string& w : a.warnings)
            QVERIFY2(w.find("(3 launches)") != std::string::npos, w.c_str());
        for (const Launch& l : a.launches) {
            QVERIFY(l.record.category == Category::collective);
            QVERIFY(l.record.commBytes.empty());
        }
        QVERIFY(a.launches[0].record.collective == Collective::all_reduce);
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisComm)
#include "test_kineto_analysis_comm.moc"
