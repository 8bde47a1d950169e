// Steps of a trace (kineto_analysis_steps.cpp): which launches belong to which ProfilerStep, the
// tail of a step that is not in the trace, the per-step breakdown and the iteration. Times in
// microseconds; expected values worked out in the comments.
#include "core/import/kineto/kineto_analysis.h"
#include "tests/support/kineto_events_builder.h"
#include "tests/support/near_compare.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

namespace {

constexpr const char* kNccl = "ncclKernel_AllReduce_RING_LL_Sum_float";

// ProfilerStep#2 runs on the CPU over [1000, 2000], ProfilerStep#3 over [2000, 3000] (thread
// 1/1). Launches, by their runtime call's start:
//   900 (before step 2: the tail of step 1, not traced) -> kernel [1005, 1055]     outside
//   1100                                               -> compute [1200, 1300]     step 2
//   1500 on thread 1/2 (autograd's)                    -> compute [1600, 1800]     step 2
//   1700                                               -> all-reduce [1650, 1950]  step 2
//   2100                                               -> compute [2200, 2300]     step 3
//   no CPU side, inside the GPU's ProfilerStep#3 [2150, 2900] -> compute [2400, 2410] step 3
TraceEvents twoSteps() {
    KinetoEventsBuilder b;
    b.annotation("ProfilerStep#2", 1000, 1000);
    b.annotation("ProfilerStep#3", 2000, 1000);
    b.gpuAnnotation("ProfilerStep#3", 2150, 750);
    b.runtime(900, 5, -1, 1);
    b.kernel("tail_of_step_1", 1005, 50, -1, 1);
    b.runtime(1100, 5, -1, 2);
    b.kernel("forward_kernel", 1200, 100, -1, 2);
    b.runtime(1500, 5, -1, 3, "1/2");
    b.kernel("backward_kernel", 1600, 200, -1, 3);
    b.runtime(1700, 5, -1, 4);
    b.kernel(kNccl, 1650, 300, -1, 4, 0, 20);
    b.runtime(2100, 5, -1, 5);
    b.kernel("next_step_kernel", 2200, 100, -1, 5);
    b.kernel("unlinked_kernel", 2400, 10);
    return b.take();
}

// An NCCL kernel whose launch the trace lost (no runtime event, no op) starting at 1500, inside
// ProfilerStep#1's CPU range [1000, 2000] and with no GPU annotation: it belongs to step 1; one
// at 500, before any step, belongs to none.
TraceEvents lostLaunches() {
    KinetoEventsBuilder b;
    b.annotation("ProfilerStep#1", 1000, 1000);
    b.kernel(kNccl, 1500, 100, 10, 105, 0, 20);
    b.kernel(kNccl, 500, 100, 11, 106, 0, 20);
    return b.take();
}

} // namespace

class TestKinetoAnalysisSteps : public QObject {
    Q_OBJECT

  private slots:
    void launchesBelongToTheirStep() {
        const TraceEvents events = twoSteps();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(6));
        std::map<std::string, int> stepOf;
        for (const Launch& l : a.launches)
            stepOf[l.name.str()] = l.step;
        QCOMPARE(stepOf["tail_of_step_1"], -1);
        QCOMPARE(stepOf["forward_kernel"], 0);
        QCOMPARE(stepOf["backward_kernel"], 0); // by CPU time, whatever its thread
        QCOMPARE(stepOf[kNccl], 0);
        QCOMPARE(stepOf["next_step_kernel"], 1);
        QCOMPARE(stepOf["unlinked_kernel"], 1); // by the GPU's ProfilerStep annotation
        for (const Launch& l : a.launches)
            QCOMPARE(l.record.outsideSteps, l.step < 0);
    }

    // Step 2: span 1200..1950 = 750; compute [1200,1300] and [1600,1800] = 300; the all-reduce
    // [1650,1950] is exposed over 1800..1950 = 150; busy 450, idle 300; kernel sum 100 + 200 +
    // 300 = 600. Step 3: [2200,2300] and [2400,2410]: span 210, busy 110, idle 100.
    void stepBreakdown() {
        const TraceEvents events = twoSteps();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.steps.size(), std::size_t(2));
        const Step& s2 = a.steps[0];
        QCOMPARE(s2.name, std::string("ProfilerStep#2"));
        QCOMPARE(s2.launches, std::int64_t(3));
        QVERIFY(s2.complete && s2.marked);
        CHECK_NEAR(s2.gpu.spanS, 750e-6);
        CHECK_NEAR(s2.gpu.gpuBusyS, 450e-6);
        CHECK_NEAR(s2.gpu.kernelTimeS, 600e-6);
        CHECK_NEAR(s2.gpu.computationS, 300e-6);
        CHECK_NEAR(s2.gpu.exposedCommS, 150e-6);
        CHECK_NEAR(s2.gpu.exposedMemcpyS, 0);
        CHECK_NEAR(s2.gpu.idleS, 300e-6);
        const Step& s3 = a.steps[1];
        QCOMPARE(s3.name, std::string("ProfilerStep#3"));
        QCOMPARE(s3.launches, std::int64_t(2));
        CHECK_NEAR(s3.gpu.spanS, 210e-6);
        CHECK_NEAR(s3.gpu.gpuBusyS, 110e-6);
        CHECK_NEAR(s3.gpu.idleS, 100e-6);
    }

    // One launch of 50 us outside, said in one warning that names the first step; the iteration
    // is the mean of 750 and 210 us = 480 us, stderr |750 - 210| / 2 = 270 us.
    void tailIsKeptOut() {
        const TraceEvents events = twoSteps();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.outside.launches, std::int64_t(1));
        CHECK_NEAR(a.outside.timeS, 50e-6);
        QCOMPARE(a.outside.firstStep, std::string("ProfilerStep#2"));
        bool warned = false;
        for (const auto& w : a.warnings)
            if (w.find("1 launches, 50.0 \u00b5s of GPU time, belong to no traced step") == 0 &&
                w.find("launched before ProfilerStep#2") != std::string::npos)
                warned = true;
        QVERIFY2(warned, "no warning about the launch outside the steps");
        const Iteration it = iterationOf(a.steps);
        QCOMPARE(it.count, 2);
        CHECK_NEAR(it.meanS, 480e-6);
        CHECK_NEAR(it.stderrS, 270e-6);
    }

    // Grouped by kernel, the outside launch is a record of its own, flagged; so is a launch of
    // the same kernel inside a step (two records, not one).
    void outsideRecordsStayApart() {
        KinetoEventsBuilder b;
        b.annotation("ProfilerStep#7", 1000, 1000);
        b.runtime(900, 5, -1, 1);
        b.kernel("same_kernel", 1000, 40, -1, 1);
        b.runtime(1100, 5, -1, 2);
        b.kernel("same_kernel", 1200, 60, -1, 2);
        const TraceEvents events = b.take();
        const auto records = groupLaunches(analyzeTrace(events).launches, Grouping::kernel);
        QCOMPARE(records.size(), std::size_t(2));
        QVERIFY(records[0].outsideSteps);
        QCOMPARE(records[0].name, std::string("same_kernel [outside steps]"));
        CHECK_NEAR(records[0].timeS.value, 40e-6);
        QCOMPARE(records[1].name, std::string("same_kernel"));
        QVERIFY(!records[1].outsideSteps);
        CHECK_NEAR(records[1].timeS.value, 60e-6);
    }

    void lostLaunchByItsStart() {
        const TraceEvents events = lostLaunches();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        QCOMPARE(a.launches[0].step, -1); // at 500
        QCOMPARE(a.launches[1].step, 0);  // at 1500
        QCOMPARE(a.steps[0].launches, std::int64_t(1));
        CHECK_NEAR(a.steps[0].gpu.exposedCommS, 100e-6);
    }

    // A trace without ProfilerStep#N takes annotations named like steps ("step 7", "iteration
    // 8": NVTX ranges a script pushed, as Nsight Systems exports them); a name that only starts
    // like one ("step_size 3e-4", "stepper") or an op named so is not a step. Launches at 1100
    // and 2100 (runtime calls) fall in "step 7" [1000, 2000] and "Iteration_8" [2000, 3000].
    void rangesNamedLikeSteps_data() {
        QTest::addColumn<QString>("first");
        QTest::addColumn<QString>("second");
        QTest::addColumn<int>("steps"); // 1: unmarked, the whole trace
        QTest::newRow("step and iteration") << "step 7"
                                            << "Iteration_8" << 2;
        QTest::newRow("train_step with #") << "train_step#7"
                                           << "TRAIN_STEP#8" << 2;
        QTest::newRow("step:N") << "Step:7"
                                << "step: 8" << 2;
        QTest::newRow("not a number after the word") << "step_size 3e-4"
                                                     << "stepper" << 1;
        QTest::newRow("words after the number") << "step 7 forward"
                                                << "iter 8 done" << 1;
    }
    void rangesNamedLikeSteps() {
        QFETCH(QString, first);
        QFETCH(QString, second);
        QFETCH(int, steps);
        KinetoEventsBuilder b;
        b.annotation(first.toStdString(), 1000, 1000);
        b.annotation(second.toStdString(), 2000, 1000);
        b.runtime(1100, 5, -1, 1);
        b.kernel("a", 1200, 100, -1, 1);
        b.runtime(2100, 5, -1, 2);
        b.kernel("b", 2200, 100, -1, 2);
        const KinetoAnalysis a = analyzeTrace(b.take());
        QCOMPARE(int(a.steps.size()), steps);
        if (steps == 1) {
            QVERIFY(!a.steps[0].marked);
            return;
        }
        QCOMPARE(QString::fromStdString(a.steps[0].name), first);
        QCOMPARE(QString::fromStdString(a.steps[1].name), second);
        QCOMPARE(a.steps[0].launches, std::int64_t(1));
        QCOMPARE(a.steps[1].launches, std::int64_t(1));
    }

    // ProfilerStep#N stays the authority: a user's "step 1" range inside it is not a step.
    void profilerStepsWinOverNamedRanges() {
        KinetoEventsBuilder b;
        b.annotation("ProfilerStep#2", 1000, 1000);
        b.annotation("step 1", 1050, 400);
        b.runtime(1100, 5, -1, 1);
        b.kernel("a", 1200, 100, -1, 1);
        const KinetoAnalysis a = analyzeTrace(b.take());
        QCOMPARE(a.steps.size(), std::size_t(1));
        QCOMPARE(a.steps[0].name, std::string("ProfilerStep#2"));
    }

    // No ProfilerStep anywhere: one unmarked step over every launch, no warning (Step::marked
    // says it).
    void withoutStepsTheTraceIsOneIteration() {
        KinetoEventsBuilder b;
        b.kernel("k", 100, 10);
        b.kernel("k", 200, 30);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.steps.size(), std::size_t(1));
        QVERIFY(!a.steps[0].marked);
        QCOMPARE(a.steps[0].launches, std::int64_t(2));
        CHECK_NEAR(a.steps[0].gpu.spanS, 130e-6);
        CHECK_NEAR(a.steps[0].gpu.gpuBusyS, 40e-6);
        QCOMPARE(a.outside.launches, std::int64_t(0));
        QVERIFY(a.warnings.empty());
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisSteps)
#include "test_kineto_analysis_steps.moc"
