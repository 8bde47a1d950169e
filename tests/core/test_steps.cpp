// The timeline breakdown of a step (busy, computation, exposed communication and copies, idle)
// and the iteration over steps. Intervals are given in microseconds; every expected value is
// worked out in its row's comment.
#include "core/steps.h"
#include "tests/support/near_compare.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

struct Span {
    double startUs, endUs;
    GpuLane lane;
};

std::vector<GpuInterval> intervals(const std::vector<Span>& spans) {
    std::vector<GpuInterval> out;
    for (const Span& s : spans)
        out.push_back({static_cast<std::int64_t>(s.startUs * 1000),
                       static_cast<std::int64_t>(s.endUs * 1000), s.lane});
    return out;
}

constexpr GpuLane C = GpuLane::compute;
constexpr GpuLane N = GpuLane::communication;
constexpr GpuLane M = GpuLane::memcpy;

Step step(const std::string& name, double spanS, bool complete = true, int rank = 0) {
    Step s;
    s.name = name;
    s.rank = rank;
    s.complete = complete;
    s.launches = complete ? 1 : 0;
    s.gpu.spanS = spanS;
    return s;
}

} // namespace

Q_DECLARE_METATYPE(std::vector<Span>)

class TestSteps : public QObject {
    Q_OBJECT

  private slots:
    // Columns in microseconds: span, busy, kernel-time sum, computation, exposed communication,
    // exposed copies, idle.
    void breakdown_data() {
        QTest::addColumn<std::vector<Span>>("spans");
        QTest::addColumn<QList<double>>("expected");
        // Nothing: all zero.
        QTest::newRow("empty") << std::vector<Span>{} << QList<double>{0, 0, 0, 0, 0, 0, 0};
        // One kernel of 10: all of it compute.
        QTest::newRow("one kernel")
            << std::vector<Span>{{0, 10, C}} << QList<double>{10, 10, 10, 10, 0, 0, 0};
        // Two overlapping computes on two streams [0,10] and [5,8]: the union is 10, the sum 13.
        QTest::newRow("overlapping compute")
            << std::vector<Span>{{0, 10, C}, {5, 8, C}} << QList<double>{10, 10, 13, 10, 0, 0, 0};
        // An all-reduce [5,15] half hidden behind compute [0,10]: exposed 10..15 = 5.
        QTest::newRow("comm half hidden")
            << std::vector<Span>{{0, 10, C}, {5, 15, N}} << QList<double>{15, 15, 20, 10, 5, 0, 0};
        // DDP's overlap: communication [2,8] entirely inside backward [0,10]: nothing exposed.
        QTest::newRow("comm hidden")
            << std::vector<Span>{{0, 10, C}, {2, 8, N}} << QList<double>{10, 10, 16, 10, 0, 0, 0};
        // A copy [0,4] under an all-reduce [2,6], then compute [10,12]: compute 2, the
        // all-reduce exposed 4 (2..6), the copy exposed 2 (0..2, before the all-reduce), busy 8,
        // span 12, idle 4, kernel sum 4 + 4 + 2 = 10.
        QTest::newRow("copy under comm") << std::vector<Span>{{10, 12, C}, {2, 6, N}, {0, 4, M}}
                                         << QList<double>{12, 8, 10, 2, 4, 2, 4};
        // Gaps: [0,1] and [9,10] computes: span 10, busy 2, idle 8.
        QTest::newRow("idle gap") << std::vector<Span>{{9, 10, C}, {0, 1, C}}
                                  << QList<double>{10, 2, 2, 2, 0, 0, 8};
        // A zero-length kernel at 5 between [0,2] and [8,10]: it adds nothing but stays inside.
        QTest::newRow("zero length") << std::vector<Span>{{0, 2, C}, {5, 5, C}, {8, 10, C}}
                                     << QList<double>{10, 4, 4, 4, 0, 0, 6};
    }
    void breakdown() {
        QFETCH(std::vector<Span>, spans);
        QFETCH(QList<double>, expected);
        const auto list = intervals(spans);
        const TimelineBreakdown b = breakDown(list);
        const QList<double> got{b.spanS,        b.gpuBusyS,       b.kernelTimeS, b.computationS,
                                b.exposedCommS, b.exposedMemcpyS, b.idleS};
        for (qsizetype i = 0; i < got.size(); ++i)
            CHECK_NEAR(got[i], expected[i] * 1e-6);
        // The identity the breakdown promises.
        CHECK_NEAR(b.gpuBusyS, b.computationS + b.exposedCommS + b.exposedMemcpyS);
    }

    // Spans 50, 60, 55 ms: mean 55; deviations -5, 5, 0, s = sqrt(50 / 2) = 5, stderr 5 / sqrt 3
    // = 2.88675 ms. The incomplete fourth step is left out.
    void iterationMeanAndError() {
        const std::vector<Step> steps{step("ProfilerStep#1", 0.050), step("ProfilerStep#2", 0.060),
                                      step("ProfilerStep#3", 0.055),
                                      step("ProfilerStep#4", 0.001, false)};
        const Iteration it = iterationOf(steps);
        QCOMPARE(it.count, 3);
        QVERIFY(it.marked);
        CHECK_NEAR(it.meanS, 0.055);
        CHECK_NEAR(it.stderrS, 0.005 / std::sqrt(3.0));
        QCOMPARE(describeIteration(steps), std::string("55.0 ms \u00b1 2.89 ms, mean of 3 steps"));
    }

    // Two ranks ran steps 1 and 2 in 40/50 and 70/30 ms: each step lasts as long as its slowest
    // rank, 50 and 70 ms, mean 60 ms, stderr |70 - 50| / 2 = 10 ms.
    void iterationWaitsForSlowestRank() {
        const std::vector<Step> steps{
            step("ProfilerStep#1", 0.040, true, 0), step("ProfilerStep#2", 0.070, true, 0),
            step("ProfilerStep#1", 0.050, true, 1), step("ProfilerStep#2", 0.030, true, 1)};
        const Iteration it = iterationOf(steps);
        QCOMPARE(it.count, 2);
        CHECK_NEAR(it.meanS, 0.060);
        CHECK_NEAR(it.stderrS, 0.010);
    }

    // One step: its span, no error. No step marked: the whole trace, said so.
    void oneIteration() {
        const std::vector<Step> one{step("ProfilerStep#6", 0.0276)};
        const Iteration it = iterationOf(one);
        QCOMPARE(it.count, 1);
        QVERIFY(std::isnan(it.stderrS));
        QCOMPARE(describeIteration(one), std::string("27.6 ms, one step (ProfilerStep#6)"));
        Step whole = step("(whole trace)", 0.0276);
        whole.marked = false;
        const std::vector<Step> unmarked{whole};
        QVERIFY(!iterationOf(unmarked).marked);
        QCOMPARE(describeIteration(unmarked),
                 std::string("27.6 ms, the whole trace (it marks no steps)"));
        QCOMPARE(describeIteration({}), std::string());
        QCOMPARE(iterationOf({}).count, 0);
    }
};

QTEST_APPLESS_MAIN(TestSteps)
#include "test_steps.moc"
