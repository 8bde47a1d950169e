// The step timeline (kineto_timeline.h): each launch of a step on its lane at its time since the
// rank's first launch of the step, linked to the record of the merged dataset that holds it, the
// slice under a time, and what ran beside a launch. Times in microseconds; expected values worked
// out in the comments.
#include "core/import/kineto/kineto_timeline.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <filesystem>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

constexpr const char* kNccl = "ncclKernel_AllReduce_RING_LL_Sum_float";

// ProfilerStep#1 on the CPU over [1000, 2000], ProfilerStep#2 over [2000, 3000]; every time
// shifted by `shift` (another rank's clock). Launches in start order:
//   gemm_a        [1200, 1300] stream 7    step 1   record 0 (by kernel)
//   all-reduce    [1250, 1450] stream 20   step 1   record 1
//   elementwise_b [1300, 1320] stream 7    step 1   record 2
//   gemm_a        [1320, 1420] stream 7    step 1   record 0
//   gemm_a        [2200, 2300] stream 7    step 2   record 0
KinetoAnalysis rankTrace(int rank, double shift) {
    KinetoEventsBuilder b;
    b.annotation("ProfilerStep#1", shift + 1000, 1000);
    b.annotation("ProfilerStep#2", shift + 2000, 1000);
    b.runtime(shift + 1100, 5, -1, 1);
    b.kernel("gemm_a", shift + 1200, 100, -1, 1);
    b.runtime(shift + 1150, 5, -1, 2);
    b.kernel("elementwise_b", shift + 1300, 20, -1, 2);
    b.runtime(shift + 1160, 5, -1, 3);
    b.kernel(kNccl, shift + 1250, 200, -1, 3, 0, 20);
    b.runtime(shift + 1170, 5, -1, 4);
    b.kernel("gemm_a", shift + 1320, 100, -1, 4);
    b.runtime(shift + 2100, 5, -1, 5);
    b.kernel("gemm_a", shift + 2200, 100, -1, 5);
    KinetoAnalysis a = analyzeTrace(b.take());
    a.context.rank = rank;
    a.context.worldSize = 2;
    for (Launch& l : a.launches)
        l.record.rank = rank;
    return a;
}

MultiRankTrace twoRanks() {
    MultiRankTrace t;
    t.ranks.push_back({"rank0.json", rankTrace(0, 0)});
    t.ranks.push_back({"rank1.json", rankTrace(1, 500000)});
    return t;
}

std::string sample(const char* name) {
    const auto path = std::filesystem::path(ROOFSCOPE_SAMPLES) / name;
    return std::filesystem::exists(path) ? path.string() : std::string();
}

} // namespace

Q_DECLARE_METATYPE(Grouping)

class TestKinetoTimeline : public QObject {
    Q_OBJECT

  private slots:
    // Rank 0's records 0-2 (gemm_a, the all-reduce, elementwise_b), rank 1's 3-5: the merged
    // dataset lists the ranks' records one after the other.
    void launchesNameTheirMergedRecord() {
        const MultiRankTrace trace = twoRanks();
        const LaunchRecords records = launchRecords(trace, Grouping::kernel);
        QCOMPARE(records.records, std::size_t(6));
        QVERIFY(records.ofRank[0] == (std::vector<std::uint32_t>{0, 1, 2, 0, 0}));
        QVERIFY(records.ofRank[1] == (std::vector<std::uint32_t>{3, 4, 5, 3, 3}));
        const Dataset merged = mergedDataset(trace, Grouping::kernel, "");
        QCOMPARE(merged.records.size(), records.records);
        QCOMPARE(merged.records[0].name, std::string("gemm_a"));
        QCOMPARE(merged.records[4].name, std::string(kNccl));
        QCOMPARE(merged.records[5].name, std::string("elementwise_b"));
        // By launch, each launch is its own record.
        const LaunchRecords byLaunch = launchRecords(trace, Grouping::launch);
        QVERIFY(byLaunch.ofRank[1] == (std::vector<std::uint32_t>{5, 6, 7, 8, 9}));
    }

    void stepsInOrder() {
        QVERIFY(timelineSteps(twoRanks()) ==
                (std::vector<std::string>{"ProfilerStep#1", "ProfilerStep#2"}));
    }

    // Each rank from its own first launch (1200 on rank 0, 501200 on rank 1): lanes (rank,
    // GPU, stream) (0,0,7), (0,0,20), (1,0,7), (1,0,20). Lane 0: [0,100] gemm_a, [100,120]
    // elementwise_b, [120,220] gemm_a; lane 1: [50,250] the all-reduce. Span 250.
    void stepOnLanes() {
        const MultiRankTrace trace = twoRanks();
        const StepTimeline t =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#1");
        QCOMPARE(t.lanes.size(), std::size_t(4));
        QVERIFY((t.lanes[1] == TimelineLane{0, 0, 20}));
        QVERIFY((t.lanes[2] == TimelineLane{1, 0, 7}));
        QCOMPARE(t.slices.size(), std::size_t(8));
        QVERIFY(near(t.spanS, 250e-6, 1e-9));
        const auto check = [&](std::size_t i, int lane, double start, double end, int record,
                               GpuLane kind) {
            const TimelineSlice& s = t.slices[i];
            QCOMPARE(s.lane, lane);
            QVERIFY2(near(s.startS, start * 1e-6, 1e-9), std::to_string(s.startS).c_str());
            QVERIFY(near(s.endS, end * 1e-6, 1e-9));
            QCOMPARE(s.record, record);
            QVERIFY(s.kind == kind);
        };
        check(0, 0, 0, 100, 0, GpuLane::compute);
        check(1, 0, 100, 120, 2, GpuLane::compute);
        check(2, 0, 120, 220, 0, GpuLane::compute);
        check(3, 1, 50, 250, 1, GpuLane::communication);
        check(4, 2, 0, 100, 3, GpuLane::compute);
        check(7, 3, 50, 250, 4, GpuLane::communication);
        QVERIFY((slicesOfRecord(t, 0) == std::vector<std::size_t>{0, 2}));
        QVERIFY(near(t.longestS[0], 100e-6, 1e-9));
        QCOMPARE(laneText(t, 3), std::string("rank 1 \u00b7 GPU 0 \u00b7 stream 20"));
        // Step 2: one launch per rank.
        const StepTimeline two =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#2");
        QCOMPARE(two.slices.size(), std::size_t(2));
        QVERIFY(near(two.spanS, 100e-6, 1e-9));
        QVERIFY(stepTimeline(trace, launchRecords(trace, Grouping::kernel), "nope").slices.empty());
    }

    void sliceUnderTime_data() {
        QTest::addColumn<double>("us");
        QTest::addColumn<double>("toleranceUs");
        QTest::addColumn<int>("expected"); // slice index, -1 for none
        QTest::newRow("inside the first") << 50.0 << 0.0 << 0;
        QTest::newRow("inside the short one") << 110.0 << 5.0 << 1;
        // 118 is inside slice 1 [100,120] and 2 before slice 2 [120,220]: the one holding it wins.
        QTest::newRow("inside beats near") << 118.0 << 5.0 << 1;
        // 230 is 10 after the last end (220): out of a 5 reach, within a 20 one.
        QTest::newRow("past the end, out of reach") << 230.0 << 5.0 << -1;
        QTest::newRow("past the end, within reach") << 230.0 << 20.0 << 2;
        QTest::newRow("before the first") << -3.0 << 5.0 << 0;
    }
    void sliceUnderTime() {
        QFETCH(double, us);
        QFETCH(double, toleranceUs);
        QFETCH(int, expected);
        const MultiRankTrace trace = twoRanks();
        const StepTimeline t =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#1");
        const auto got = sliceAt(t, 0, us * 1e-6, toleranceUs * 1e-6);
        QCOMPARE(got ? int(*got) : -1, expected);
        QVERIFY(!sliceAt(t, 9, us * 1e-6, 1));
    }

    // The all-reduce [50,250] beside compute [0,100], [100,120], [120,220] on rank 0: compute
    // covers [50,220] = 170 of its 200 = 85 %. The first gemm_a [0,100] beside the all-reduce's
    // [50,100] = 50 %. Rank 1's lanes do not count for rank 0.
    void whatRanBeside() {
        const MultiRankTrace trace = twoRanks();
        const Dataset merged = mergedDataset(trace, Grouping::kernel, "");
        const StepTimeline t =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#1");
        const std::string comm = describeSlice(t, 3, recordText(merged.records[1]));
        QVERIFY2(comm.find("beside it on other streams: compute 85 % of its time, "
                           "communication 0 %, copies 0 %") != std::string::npos,
                 comm.c_str());
        QVERIFY2(comm.find("200 \u00b5s at +50.0 \u00b5s in ProfilerStep#1") != std::string::npos,
                 comm.c_str());
        const std::string gemm = describeSlice(t, 0, recordText(merged.records[0]));
        QVERIFY2(gemm.find("compute 0 % of its time, communication 50 %") != std::string::npos,
                 gemm.c_str());
        QVERIFY2(gemm.rfind("gemm_a (", 0) == 0, gemm.c_str());
        const std::string step2 = describeSlice(
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#2"), 0, "");
        QVERIFY2(step2.find("nothing else ran beside it") != std::string::npos, step2.c_str());
    }

    // Records the timeline names must be those groupLaunches made: on a real trace, for every
    // grouping, each record holds as many launches as point to it, of its category and, by
    // kernel or launch, of its name.
    void realTraceLaunchesMatchRecords_data() {
        QTest::addColumn<Grouping>("grouping");
        QTest::newRow("launch") << Grouping::launch;
        QTest::newRow("kernel") << Grouping::kernel;
        QTest::newRow("op") << Grouping::op;
    }
    void realTraceLaunchesMatchRecords() {
        QFETCH(Grouping, grouping);
        const auto path =
            sample("kineto_h100_google_owlv2-large-patch14-ensemble__1016001.json.gz");
        if (path.empty())
            QSKIP("samples absent");
        auto loaded = loadKinetoRanks({path});
        QVERIFY(loaded.ok());
        const MultiRankTrace& trace = loaded.value();
        const Dataset merged = mergedDataset(trace, grouping, "");
        const LaunchRecords records = launchRecords(trace, grouping);
        QCOMPARE(records.records, merged.records.size());
        std::vector<std::int64_t> launches(merged.records.size(), 0);
        const auto& all = trace.ranks[0].analysis.launches;
        for (std::size_t k = 0; k < all.size(); ++k) {
            const OpRecord& r = merged.records[records.ofRank[0][k]];
            ++launches[records.ofRank[0][k]];
            QVERIFY(r.category == all[k].record.category);
            if (grouping != Grouping::op)
                QVERIFY(r.name.rfind(all[k].name.str(), 0) == 0);
        }
        for (std::size_t i = 0; i < merged.records.size(); ++i)
            QCOMPARE(launches[i], merged.records[i].count);
        // Its steps each have a timeline whose slices name records of the step.
        const auto steps = timelineSteps(trace);
        QVERIFY(!steps.empty());
        const StepTimeline t = stepTimeline(trace, records, steps.front());
        QVERIFY(!t.slices.empty());
        for (const TimelineSlice& s : t.slices)
            QVERIFY(s.record >= 0 && s.record < int(merged.records.size()));
    }

    void recordBottlenecks() {
        ViewSettings view;
        OpRecord copy;
        copy.category = Category::memcpy;
        QVERIFY(recordBottleneck(copy, nullptr, view) == Bottleneck::memory);
        OpRecord comm;
        comm.category = Category::collective;
        QVERIFY(recordBottleneck(comm, nullptr, view) == Bottleneck::communication);
        OpRecord unknown;
        unknown.category = Category::gemm; // no FLOPs, no time
        QVERIFY(recordBottleneck(unknown, nullptr, view) == Bottleneck::none);
    }
};

QTEST_APPLESS_MAIN(TestKinetoTimeline)
#include "test_kineto_timeline.moc"
