// analyzeTrace's phases: the chain of ranges around the launching op (annotations and ops on its
// thread), the GPU-projected annotations for unlinked kernels, and the ProfilerStep default.
#include "core/import/kineto/kineto_analysis.h"
#include "tests/support/kineto_events_builder.h"

#include <QtTest>

using namespace roofscope;
using namespace roofscope::testing;

class TestKinetoAnalysisPhase : public QObject {
    Q_OBJECT

  private slots:
    // chain: outermost to innermost, "a:" annotation, "o:" op; each range nests in the previous
    // one; the kernel links to the last. stepElsewhere adds a ProfilerStep# on another thread.
    void chain_data() {
        QTest::addColumn<QString>("chain");
        QTest::addColumn<bool>("stepElsewhere");
        QTest::addColumn<int>("phase");
        const auto row = [](const char* tag, const char* chain, bool step, Phase p) {
            QTest::newRow(tag) << chain << step << int(p);
        };
        row("step forward", "a:ProfilerStep#3|o:aten::linear|o:aten::addmm", false, Phase::forward);
        row("module forward", "a:nn.Module: Linear_0|o:aten::addmm", false, Phase::forward);
        row("dotted forward", "a:MyModel.forward|o:aten::addmm", false, Phase::forward);
        row("evaluate_function",
            "o:autograd::engine::evaluate_function: AddmmBackward0|o:AddmmBackward0|o:aten::mm",
            false, Phase::backward);
        row("Backward op only", "o:AddmmBackward0|o:aten::mm", false, Phase::backward);
        row("backward annotation", "a:ProfilerStep#3|a:## backward ##|o:aten::mm", false,
            Phase::backward);
        row("aten backward op", "o:aten::convolution_backward", false, Phase::backward);
        row("optimizer step", "a:ProfilerStep#3|a:Optimizer.step#AdamW.step|o:aten::add_", false,
            Phase::optimizer);
        row("zero_grad", "a:Optimizer.zero_grad#SGD.zero_grad|o:aten::zero_", false,
            Phase::optimizer);
        row("fused adam", "a:ProfilerStep#3|o:aten::_fused_adamw_", false, Phase::optimizer);
        row("foreach", "o:aten::_foreach_add_", false, Phase::optimizer);
        row("sgd", "o:aten::_fused_sgd_", false, Phase::optimizer);
        // Backward outranks optimizer ops (gradient hooks), Optimizer.step outranks backward.
        row("foreach in backward",
            "o:autograd::engine::evaluate_function: MulBackward0|o:aten::_foreach_mul_", false,
            Phase::backward);
        row("backward inside Optimizer.step", "a:Optimizer.step#LBFGS.step|o:MulBackward0", false,
            Phase::optimizer);
        row("plain op, no step anywhere", "o:aten::addmm", false, Phase::unknown);
        row("plain op, step on another thread", "o:aten::addmm", true, Phase::forward);
    }
    void chain() {
        QFETCH(QString, chain);
        QFETCH(bool, stepElsewhere);
        QFETCH(int, phase);
        KinetoEventsBuilder b;
        const QStringList parts = chain.split('|');
        double ts = 0, dur = 1000;
        std::int64_t id = 0;
        for (const QString& part : parts) {
            const std::string name = part.mid(2).toStdString();
            if (part.startsWith("a:"))
                b.annotation(name, ts, dur);
            else
                b.op(name, ts, dur, ++id);
            ts += 10;
            dur -= 20;
        }
        if (stepElsewhere)
            b.annotation("ProfilerStep#9", 0, 5000, "1/99");
        b.kernel("some_kernel", 2000, 10, id);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(1));
        QCOMPARE(int(a.launches[0].record.phase), phase);
    }

    // Unlinked kernels take the gpuAnnotations enclosing them on their device, whatever the
    // stream: ## backward ## inside ProfilerStep#2 on device `annotated`. A device numbered in
    // the billions takes the link's other sort (a table by device would be that large).
    void gpuAnnotations_data() {
        QTest::addColumn<double>("ts");
        QTest::addColumn<int>("annotated");
        QTest::addColumn<int>("device");
        QTest::addColumn<int>("phase");
        for (const int d : {0, 2000000000}) {
            const QByteArray on = d ? " (device 2e9)" : "";
            QTest::newRow("in backward" + on) << 600.0 << d << d << int(Phase::backward);
            QTest::newRow("in step only" + on) << 200.0 << d << d << int(Phase::forward);
            QTest::newRow("after the step" + on) << 2000.0 << d << d << int(Phase::unknown);
            QTest::newRow("other device" + on) << 600.0 << d << d + 1 << int(Phase::unknown);
        }
    }
    void gpuAnnotations() {
        QFETCH(double, ts);
        QFETCH(int, annotated);
        QFETCH(int, device);
        QFETCH(int, phase);
        KinetoEventsBuilder b;
        b.gpuAnnotation("ProfilerStep#2", 100, 1000, annotated, 7);
        b.gpuAnnotation("## backward ##", 500, 400, annotated, 13);
        b.kernel("k", ts, 10, -1, -1, device, 20);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(int(a.launches[0].record.phase), phase);
    }

    // Collectives are communication wherever they run.
    void collectiveInOptimizer() {
        KinetoEventsBuilder b;
        b.annotation("Optimizer.step#Adam.step", 0, 1000);
        b.op("record_param_comms", 10, 100, 5);
        b.kernel("ncclDevKernel_AllReduce_Sum_f32_RING_LL", 200, 50, 5);
        b.op("aten::_fused_adam_", 300, 100, 6);
        b.kernel("fused_adam_kernel", 400, 50, 6);
        const TraceEvents events = b.take();
        const KinetoAnalysis a = analyzeTrace(events);
        QCOMPARE(a.launches.size(), std::size_t(2));
        QVERIFY(a.launches[0].record.phase == Phase::communication);
        QVERIFY(a.launches[1].record.phase == Phase::optimizer);
    }
};

QTEST_APPLESS_MAIN(TestKinetoAnalysisPhase)
#include "test_kineto_analysis_phase.moc"
