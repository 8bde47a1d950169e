// The step timeline without a window (timeline_table.h): the step shown first, the key's times
// and the launches as a table. Times in microseconds; expected values worked out in the comments.
#include "core/import/kineto/timeline_table.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

constexpr const char* kNccl = "ncclKernel_AllReduce_RING_LL_Sum_float";

// Three steps whose GPU spans are 100, 300 and 200 us: the mean is 200, so step 3 is typical.
//   ProfilerStep#1  gemm_a [1200, 1300] stream 7
//   ProfilerStep#2  gemm_a [2100, 2400] stream 7
//   ProfilerStep#3  gemm_a [3100, 3150] stream 7, all-reduce [3120, 3300] stream 20,
//                   memcpy [3150, 3170] stream 7
MultiRankTrace threeSteps() {
    KinetoEventsBuilder b;
    b.annotation("ProfilerStep#1", 1000, 1000);
    b.annotation("ProfilerStep#2", 2000, 1000);
    b.annotation("ProfilerStep#3", 3000, 1000);
    b.runtime(1100, 5, -1, 1);
    b.kernel("gemm_a", 1200, 100, -1, 1);
    b.runtime(2050, 5, -1, 2);
    b.kernel("gemm_a", 2100, 300, -1, 2);
    b.runtime(3050, 5, -1, 3);
    b.kernel("gemm_a", 3100, 50, -1, 3);
    b.runtime(3060, 5, -1, 4);
    b.kernel(kNccl, 3120, 180, -1, 4, 0, 20);
    b.runtime(3070, 5, -1, 5);
    b.memcpy("Memcpy HtoD (Pageable -> Device)", 3150, 20, 1 << 20, -1, 5);
    MultiRankTrace t;
    t.ranks.push_back({"rank0.json", analyzeTrace(b.take())});
    return t;
}

int column(const ViewTable& t, const std::string& key) {
    for (std::size_t c = 0; c < t.columns.size(); ++c)
        if (t.columns[c].key == key)
            return static_cast<int>(c);
    return -1;
}

double number(const ViewTable& t, std::size_t row, const std::string& key) {
    const ViewCell& cell = t.rows[row][static_cast<std::size_t>(column(t, key))];
    return std::holds_alternative<double>(cell) ? std::get<double>(cell) : -1;
}

std::string text(const ViewTable& t, std::size_t row, const std::string& key) {
    const ViewCell& cell = t.rows[row][static_cast<std::size_t>(column(t, key))];
    return std::holds_alternative<std::string>(cell) ? std::get<std::string>(cell) : "";
}

} // namespace

class TestTimelineTable : public QObject {
    Q_OBJECT

  private slots:
    void typicalStepIsNearestTheMean() {
        QCOMPARE(QString::fromStdString(typicalTimelineStep(threeSteps())),
                 QStringLiteral("ProfilerStep#3"));
        // Without step markers the whole trace is the one step.
        KinetoEventsBuilder b;
        b.runtime(100, 5, -1, 1);
        b.kernel("gemm_a", 200, 10, -1, 1);
        MultiRankTrace t;
        t.ranks.push_back({"r.json", analyzeTrace(b.take())});
        QCOMPARE(QString::fromStdString(typicalTimelineStep(t)), QStringLiteral("(whole trace)"));
        QVERIFY(typicalTimelineStep(MultiRankTrace{}).empty());
    }

    // Step 3 from its first launch (3100): lane 0 (stream 7) gemm_a [0, 50], memcpy [50, 70];
    // lane 1 (stream 20) the all-reduce [20, 200].
    //   gemm_a: the all-reduce covers [20, 50] = 30 of 50 = 60 % communication.
    //   memcpy: covered by the all-reduce throughout: 100 % communication.
    //   all-reduce (180): gemm_a [20, 50] = 30 -> 16.7 % compute; memcpy 20 -> 11.1 % copies.
    void launchesAsRows() {
        const MultiRankTrace trace = threeSteps();
        Dataset d = mergedDataset(trace, Grouping::kernel, "");
        d.context.label = "run";
        const StepTimeline tl =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#3");
        const ViewTable t = timelineTable(tl, d, nullptr, ViewSettings{});
        QCOMPARE(QString::fromStdString(t.schema), QStringLiteral("roofscope.timeline/1"));
        QCOMPARE(t.rows.size(), std::size_t(3));
        QCOMPARE(QString::fromStdString(text(t, 0, "record")), QStringLiteral("gemm_a"));
        QCOMPARE(QString::fromStdString(text(t, 0, "lane")), QStringLiteral("GPU 0 · stream 7"));
        QCOMPARE(number(t, 0, "stream"), 7.0);
        CHECK_NEAR(number(t, 0, "duration_s"), 50e-6);
        CHECK_NEAR(number(t, 0, "beside_communication_pct"), 60);
        QCOMPARE(number(t, 0, "beside_compute_pct"), 0.0);

        QCOMPARE(QString::fromStdString(text(t, 1, "category")), QStringLiteral("memcpy"));
        QCOMPARE(QString::fromStdString(text(t, 1, "bottleneck")), QStringLiteral("memory"));
        CHECK_NEAR(number(t, 1, "start_s"), 50e-6);
        CHECK_NEAR(number(t, 1, "beside_communication_pct"), 100);

        QCOMPARE(QString::fromStdString(text(t, 2, "category")), QStringLiteral("collective"));
        QCOMPARE(QString::fromStdString(text(t, 2, "bottleneck")),
                 QStringLiteral("communication"));
        QCOMPARE(number(t, 2, "stream"), 20.0);
        CHECK_NEAR(number(t, 2, "start_s"), 20e-6);
        CHECK_NEAR(number(t, 2, "beside_compute_pct"), 100.0 * 30 / 180);
        CHECK_NEAR(number(t, 2, "beside_copies_pct"), 100.0 * 20 / 180);
        QCOMPARE(number(t, 2, "beside_communication_pct"), 0.0);

        QCOMPARE(t.notes.size(), std::size_t(2));
        QCOMPARE(QString::fromStdString(t.notes[0]),
                 QStringLiteral("ProfilerStep#3 of 'run': 3 launches on 2 lanes, span 200 µs"));
        // The key's order: collective 180, gemm 50, memcpy 20.
        QCOMPARE(QString::fromStdString(t.notes[1]),
                 QStringLiteral("launch time by category: collective 180 µs, gemm 50.0 µs, "
                                "memcpy 20.0 µs"));
    }

    void keyTimesMostFirst() {
        const MultiRankTrace trace = threeSteps();
        const Dataset d = mergedDataset(trace, Grouping::kernel, "");
        const StepTimeline tl =
            stepTimeline(trace, launchRecords(trace, Grouping::kernel), "ProfilerStep#3");
        const std::vector<int> keys =
            timelineKeys(tl, d, nullptr, ViewSettings{}, TimelineColoring::bottleneck);
        QCOMPARE(keys.size(), std::size_t(3));
        const auto times = timelineKeyTimes(tl, keys);
        QCOMPARE(QString::fromStdString(timelineKeyName(times.front().key,
                                                        TimelineColoring::bottleneck)),
                 QStringLiteral("communication"));
        CHECK_NEAR(times.front().seconds, 180e-6);
        // A record the dataset does not hold keys as unknown rather than reading past its end.
        const std::vector<int> none =
            timelineKeys(tl, Dataset{}, nullptr, ViewSettings{}, TimelineColoring::category);
        QVERIFY(std::all_of(none.begin(), none.end(), [](int k) { return k == -1; }));
        QCOMPARE(QString::fromStdString(timelineKeyName(-1, TimelineColoring::category)),
                 QStringLiteral("unknown"));
    }
};

QTEST_APPLESS_MAIN(TestTimelineTable)
#include "test_timeline_table.moc"
