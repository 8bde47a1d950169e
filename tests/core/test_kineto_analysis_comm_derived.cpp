// analyzeTrace's collectives of older traces, derived from record_param_comms' shapes and
// nccl:<collective> annotations when the kernel carries no collective args: message and wire
// bytes, the group, args outranking the derivation, and the warnings. Expected numbers are worked
// out by hand next to each case.
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
// -1 when the link is missing, -2 when it is there but not measured.
double measuredOn(const InlineMeasures<Link, 1>& m, Link link) {
    const auto found = m.find(link);
    return !found ? -1 : found->origin == Origin::measured ? found->value : -2;
}

} // namespace

class TestKinetoAnalysisCommDerived : public QObject {
    Q_OBJECT

  private slots:
    // Older traces (the ws128 sample, formats.md 1.4/1.7): record_param_comms carries only
    // "Input Dims" / "Input type", a nccl:<collective> annotation sits inside it, and the NCCL
    // kernel links to them through its runtime launch (its External id matches no op). World
    // size 128 over 8-GPU nodes: inter-node. The message is the first tensor of
    // record_param_comms, else of the annotation; the group the world size (default process
    // group). Worked values:
    //   all_to_all   419,430,400 x 1 B (unsigned char) = 419,430,400 B, the per-rank input;
    //                wire S x 127/128 = 3,276,800 x 127 = 416,153,600 B
    //   all_reduce   TensorList on record_param_comms, [[19618307]] float on nccl:all_reduce:
    //                S = 78,473,228 B; wire S x 2 x 127/128 = 155,720,311.8125 B
    //   send         [[1024, 256]] bf16 = 524,288 B; factor 1
    //   no annotation, ncclKernel_SendRecv: send_recv from the kernel name, [[1000]] float
    //                = 4,000 B, factor 1
    //   _all_gather_base, annotation only, [[16777216]] signed char: all_gather knows only the
    //                input, S = 16,777,216 x 128 = 2,147,483,648 B; wire x 127/128 =
    //                2,130,706,432 B
    //   annotation inside record_param_comms but ended before the launch: found as the one
    //                following it on the thread, same as the first row
    void derivedFromShapes_data() {
        QTest::addColumn<bool>("withRecord");
        QTest::addColumn<QString>("recordDims");
        QTest::addColumn<QString>("recordTypes");
        QTest::addColumn<QString>("annotation"); // "" for none
        QTest::addColumn<QString>("annotationDims");
        QTest::addColumn<QString>("annotationTypes");
        QTest::addColumn<bool>("annotationEncloses"); // the launch, else ends before it
        QTest::addColumn<int>("collective");
        QTest::addColumn<double>("message");
        QTest::addColumn<double>("wire");
        const QString scalars = R"(, "Scalar", "Scalar", "Scalar", "", "", ""])";
        const QString empties = ", [], [], [], [], [], []]";
        QTest::newRow("all_to_all") << true << "[[419430400]" + empties
                                    << R"(["unsigned char")" + scalars << "nccl:all_to_all"
                                    << "[[419430400]]"
                                    << R"(["unsigned char"])" << true << int(Collective::all_to_all)
                                    << 419430400.0 << 416153600.0;
        QTest::newRow("all_reduce of a TensorList")
            << true << "[[]" + empties << R"(["TensorList")" + scalars << "nccl:all_reduce"
            << "[[19618307]]"
            << R"(["float"])" << true << int(Collective::all_reduce) << 78473228.0
            << 155720311.8125;
        QTest::newRow("send") << true << "[[1024, 256]" + empties << R"(["c10::BFloat16")" + scalars
                              << "nccl:send"
                              << ""
                              << "" << true << int(Collective::send_recv) << 524288.0 << 524288.0;
        QTest::newRow("kernel name")
            << true << "[[1000]" + empties << R"(["float")" + scalars << ""
            << ""
            << "" << true << int(Collective::send_recv) << 4000.0 << 4000.0;
        QTest::newRow("_all_gather_base, annotation only")
            << false << ""
            << ""
            << "nccl:_all_gather_base"
            << "[[16777216]]"
            << R"(["signed char"])" << true << int(Collective::all_gather) << 2147483648.0
            << 2130706432.0;
        QTest::newRow("annotation before the launch")
            << true << "[[419430400]" + empties << R"(["unsigned char")" + scalars
            << "nccl:all_to_all"
            << ""
            << "" << false << int(Collective::all_to_all) << 419430400.0 << 416153600.0;
    }
    void derivedFromShapes() {
        QFETCH(bool, withRecord);
        QFETCH(QString, recordDims);
        QFETCH(QString, recordTypes);
        QFETCH(QString, annotation);
        QFETCH(QString, annotationDims);
        QFETCH(QString, annotationTypes);
        QFETCH(bool, annotationEncloses);
        QFETCH(int, collective);
        QFETCH(double, message);
        QFETCH(double, wire);
        KinetoEventsBuilder b;
        b.setDevices(8);
        b.events().meta.distributed.rank = 0;
        b.events().meta.distributed.worldSize = 128;
        // The c10d op around it all has shapes of its own, which are not the message.
        b.op("c10d::alltoall_base_", 0, 300, 72027);
        if (withRecord) {
            const auto record = b.op("record_param_comms", 10, 280, 72028);
            b.shapes(record, recordDims.toStdString(), recordTypes.toStdString());
        }
        if (!annotation.isEmpty()) {
            const auto note =
                b.annotation(annotation.toStdString(), 20, annotationEncloses ? 250 : 100);
            if (!annotationDims.isEmpty())
                b.shapes(note, annotationDims.toStdString(), annotationTypes.toStdString());
        }
        b.runtime(150, 13, 6939149, 6939149);
        b.kernel("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t(ncclDevComm*, unsigned long, "
                 "ncclWork*)",
                 200, 62783, 6939149, 6939149, 0, 84);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        const Launch& l = a.launches[0];
        const LaunchRecord& r = l.record;
        QVERIFY(r.category == Category::collective);
        QVERIFY(r.phase == Phase::communication);
        QVERIFY(r.collective.has_value());
        QCOMPARE(int(*r.collective), collective);
        QCOMPARE(r.groupSize, 128);
        QCOMPARE(l.messageBytes, message);
        QCOMPARE(r.commBytes.size(), std::size_t(1));
        QCOMPARE(measuredOn(r.commBytes, Link::inter_node), wire);
        QVERIFY2(a.warnings.empty(), a.warnings.empty() ? "" : a.warnings[0].c_str());

        // algbw = S / 62.783 ms; busbw = algbw x wire / S, the factor of the collective over
        // 128 ranks ((n-1)/n = 0.9921875 for all_to_all: 6.6806 GB/s -> 6.6284 GB/s).
        const auto summary = summarizeCollectives(a.launches);
        QCOMPARE(summary.size(), std::size_t(1));
        QCOMPARE(int(summary[0].op), collective);
        QCOMPARE(summary[0].groupSize, 128);
        QCOMPARE(summary[0].count, std::int64_t(1));
        CHECK_NEAR(summary[0].algbwBytesPerS, message / 62783e-6);
        CHECK_NEAR(summary[0].busbwBytesPerS, wire / 62783e-6);
    }

    // The sample's all_to_all: 419,430,400 B in 62,783 us over 128 ranks: algbw 6.6806 GB/s,
    // busbw x 127/128 = 6.6284 GB/s; two calls of it sum bytes and time (algbw unchanged).
    void derivedAllToAllBusbw() {
        KinetoEventsBuilder b;
        b.events().meta.distributed.worldSize = 128;
        for (int call = 0; call < 2; ++call) {
            const double t0 = 100000.0 * call;
            const auto record = b.op("record_param_comms", t0, 220, 72028 + call);
            b.shapes(record, "[[419430400], [], [], [], [], [], []]",
                     R"(["unsigned char", "Scalar", "Scalar", "Scalar", "", "", ""])");
            b.annotation("nccl:all_to_all", t0 + 19, 194);
            b.runtime(t0 + 144, 13, 900 + call, 900 + call);
            b.kernel("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t", t0 + 200, 62783, 900 + call,
                     900 + call);
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const auto summary = summarizeCollectives(a.launches);
        QCOMPARE(summary.size(), std::size_t(1));
        QVERIFY(summary[0].op == Collective::all_to_all);
        QCOMPARE(summary[0].groupSize, 128);
        QCOMPARE(summary[0].count, std::int64_t(2));
        CHECK_NEAR(summary[0].bytes, 2 * 419430400.0);
        CHECK_NEAR(summary[0].timeS, 2 * 62783e-6);
        QVERIFY(std::fabs(summary[0].algbwBytesPerS - 6.6806e9) < 0.0001e9);
        QVERIFY(std::fabs(summary[0].busbwBytesPerS - 6.6284e9) < 0.0001e9);
        CHECK_NEAR(summary[0].busbwBytesPerS, summary[0].algbwBytesPerS * 127.0 / 128.0);
    }

    // An all-gather inside c10d::_allgather_base_ whose output [1,073,741,824] is 64x its input
    // [16,777,216] (signed char) runs on a 64-rank sub-group of the 128-rank job: S = 16,777,216
    // x 64 = 1,073,741,824 B, busbw factor 63/64. Without the c10d op, the default group's 128
    // (S = 2,147,483,648 B, factor 127/128).
    void derivedAllGatherGroup_data() {
        QTest::addColumn<bool>("c10d");
        QTest::addColumn<int>("group");
        QTest::addColumn<double>("bytes");
        QTest::newRow("from the c10d op") << true << 64 << 1073741824.0;
        QTest::newRow("default group") << false << 128 << 2147483648.0;
    }
    void derivedAllGatherGroup() {
        QFETCH(bool, c10d);
        QFETCH(int, group);
        QFETCH(double, bytes);
        KinetoEventsBuilder b;
        b.events().meta.distributed.worldSize = 128;
        if (c10d) {
            const auto op = b.op("c10d::_allgather_base_", 0, 179, 132206);
            b.shapes(op, "[[1073741824], [16777216], []]", R"(["signed char", "signed char", ""])");
        }
        const auto annotation = b.annotation("nccl:_all_gather_base", 36, 135);
        b.shapes(annotation, "[[16777216]]", R"(["signed char"])");
        b.runtime(100, 13, 900, 900);
        b.kernel("ncclKernel_SendRecv_RING_SIMPLE_Sum_int8_t", 200, 50000, 900, 900);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const auto summary = summarizeCollectives(a.launches);
        QCOMPARE(summary.size(), std::size_t(1));
        QVERIFY(summary[0].op == Collective::all_gather);
        QCOMPARE(summary[0].groupSize, group);
        CHECK_NEAR(summary[0].bytes, bytes);
        CHECK_NEAR(summary[0].busbwBytesPerS, summary[0].algbwBytesPerS * (group - 1) / group);
    }

    // Args on the kernel win over shapes and annotations: all_reduce of 1000 Float over 4,
    // wire 4,000 x 1.5 = 6,000 B, although nccl:all_to_all and [[5]] sit around the launch.
    void argsOutrankDerived() {
        KinetoEventsBuilder b;
        b.setDevices(8);
        b.events().meta.distributed.worldSize = 128;
        const auto record = b.op("record_param_comms", 0, 300, 1);
        b.shapes(record, "[[5]]", R"(["float"])");
        b.annotation("nccl:all_to_all", 10, 280);
        b.runtime(150, 13, 77, 77);
        const auto k = b.kernel("ncclDevKernel_SendRecv", 200, 10, 77, 77);
        b.gpuCollective(k, args("allreduce", 1000, 1000, "Float", 4));
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        const LaunchRecord& r = a.launches[0].record;
        QVERIFY(r.collective == Collective::all_reduce);
        QCOMPARE(r.groupSize, 4);
        QCOMPARE(measuredOn(r.commBytes, Link::intra_node), 6000.0);
        QVERIFY(a.warnings.empty());
    }

    // What cannot be derived is one warning per problem with its count (3 launches each), and
    // the launches stay communication without bytes; the collective is still the annotation's
    // when only the size is missing. Without a world size the group is 1 (and warned about):
    // all_to_all of 4,000 B over 1 rank puts 4,000 x 0 = 0 B on the wire.
    void derivedWarnings_data() {
        QTest::addColumn<QString>("recordDims");
        QTest::addColumn<QString>("recordTypes");
        QTest::addColumn<QString>("annotation");
        QTest::addColumn<QString>("kernel");
        QTest::addColumn<bool>("worldSize");
        QTest::addColumn<int>("collective"); // -1: none
        QTest::addColumn<double>("message"); // -1: unknown
        QTest::addColumn<QString>("warning");
        QTest::newRow("no tensor") << "[[], []]"
                                   << R"(["TensorList", "Scalar"])"
                                   << "nccl:all_reduce"
                                   << "ncclKernel_SendRecv" << true << int(Collective::all_reduce)
                                   << -1.0 << "records its tensor";
        QTest::newRow("unknown collective")
            << "[[1000]]"
            << R"(["float"])"
            << "nccl:barrier"
            << "ncclKernel_SendRecv" << true << int(Collective::send_recv) << -1.0
            << "\"barrier\" is not one Roofscope knows";
        QTest::newRow("no collective anywhere")
            << "[[1000]]"
            << R"(["float"])"
            << ""
            << "ncclDevKernel_Generic" << true << -1 << -1.0 << "names no collective";
        QTest::newRow("no world size")
            << "[[1000]]"
            << R"(["float"])"
            << "nccl:all_to_all"
            << "ncclKernel_SendRecv" << false << int(Collective::all_to_all) << 4000.0
            << "group size taken as 1";
    }
    void derivedWarnings() {
        QFETCH(QString, recordDims);
        QFETCH(QString, recordTypes);
        QFETCH(QString, annotation);
        QFETCH(QString, kernel);
        QFETCH(bool, worldSize);
        QFETCH(int, collective);
        QFETCH(double, message);
        QFETCH(QString, warning);
        KinetoEventsBuilder b;
        if (worldSize)
            b.events().meta.distributed.worldSize = 16;
        for (int call = 0; call < 3; ++call) {
            const double t0 = 1000.0 * call;
            const auto record = b.op("record_param_comms", t0, 300, 10 + call);
            b.shapes(record, recordDims.toStdString(), recordTypes.toStdString());
            if (!annotation.isEmpty())
                b.annotation(annotation.toStdString(), t0 + 10, 280);
            b.runtime(t0 + 150, 13, 100 + call, 100 + call);
            b.kernel(kernel.toStdString(), t0 + 200, 10, 100 + call, 100 + call);
        }
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.warnings.size(), std::size_t(1));
        QVERIFY2(a.warnings[0].find(warning.toStdString()) != std::string::npos,
                 a.warnings[0].c_str());
        QVERIFY2(a.warnings[0].find("(3 launches)") != std::string::npos, a.warnings[0].c_str());
        for (const Launch& l : a.launches) {
            QVERIFY(l.record.category == Category::collective);
            QCOMPARE(l.record.collective.has_value(), collective >= 0);
            if (collective >= 0)
                QCOMPARE(int(*l.record.collective), collective);
            QCOMPARE(l.messageBytes, message);
            if (message < 0)
                QVERIFY(l.record.commBytes.empty());
        }
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisCommDerived)
#include "test_kineto_analysis_comm_derived.moc"
