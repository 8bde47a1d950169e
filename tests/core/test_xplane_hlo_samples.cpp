// The HLO cost model on the shared JAX samples (core/import/xplane/hlo_cost.h): the costs of
// named instructions and the join of their kernels, each figure worked out from protoc's
// decoding of the file's `Hlo Proto` stat (`protoc --decode=xla.HloProto hlo.proto`, the shapes
// read off by hand; see the comments there).
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/xplane_reader.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

const QString kSamples = QStringLiteral(ROOFSCOPE_SAMPLES);

} // namespace

class TestXplaneHloSamples : public QObject {
    Q_OBJECT

  private slots:
    // The samples' joined ops: the costs of the instructions named below, each worked out from
    // `protoc --decode=xla.HloProto` of the program's `Hlo Proto` stat.
    void samples_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("programs");
        QTest::addColumn<QString>("op");
        QTest::addColumn<bool>("known");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        // jit_forward_3d_conv(15), `cudnn-conv.1.0` = __cudnn$convForward: x bf16
        // [1,16,32,60,104], w bf16 [5120,16,1,2,2], y bf16 [1,5120,34,31,53] (and u8[7150336]
        // scratch); window 1x2x2, stride 1x2x2, padding 1 on both sides of each dimension.
        // Taps inside the input: depth 32 (outputs 1..32 of 34), height 1 + 29x2 + 1 = 60, width
        // 1 + 51x2 + 1 = 104: 32 x 60 x 104 = 199680 (each input position once, as stride =
        // window). FLOPs 2 x 1 x 5120 x 16 x 199680 = 32,715,571,200 (the dense 2 x outputs x
        // kernel volume x C_in, 2 x 286,013,440 x 4 x 16 = 36,609,720,320, counts the padding).
        // Bytes 3,194,880 x 2 + 327,680 x 2 + 286,013,440 x 2 = 579,072,000.
        QTest::newRow("conv3d cudnn-conv.1.0")
            << QStringLiteral("xplane_jax06_mi300x_conv3d_legacy.xplane.pb") << 8
            << QStringLiteral("cudnn-conv.1.0") << true << 32715571200.0 << 579072000.0;
        // jit_loss_fn(17), `gemm_fusion_dot` (Triton GEMM fusion): dot.16 of bf16 [4096,2,1024]
        // and [2,1024,6144], batch dims 1 / 0, contracting 2 / 1 -> f32 [2,4096,6144]:
        // 2 x 50,331,648 x 1024 = 103,079,215,104 FLOP; bytes 8,388,608 x 2 + 12,582,912 x 2 +
        // 50,331,648 x 4 = 243,269,632.
        QTest::newRow("te gemm_fusion_dot")
            << QStringLiteral("xplane_jax_te_fused_attn.xplane.pb") << 9
            << QStringLiteral("gemm_fusion_dot") << true << 103079215104.0 << 243269632.0;
        // `custom-call.1` = __cublas$gemm: bf16 [4096,6144] and [2048,6144] -> ([4096,2048],
        // s8 scratch): K = 6144, 2 x 8,388,608 x 6144 = 103,079,215,104; bytes (25,165,824 +
        // 12,582,912 + 8,388,608) x 2 = 92,274,688.
        QTest::newRow("te cublas custom-call.1")
            << QStringLiteral("xplane_jax_te_fused_attn.xplane.pb") << 9
            << QStringLiteral("custom-call.1") << true << 103079215104.0 << 92274688.0;
    }

    void samples() {
        QFETCH(QString, file);
        QFETCH(int, programs);
        QFETCH(QString, op);
        QFETCH(bool, known);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const QString path = kSamples + QLatin1Char('/') + file;
        if (!QFile::exists(path))
            QSKIP("../shared/samples is not present");
        const auto read = readXplane(path.toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneProfile& p = read.value();
        QCOMPARE(int(p.programs.size()), programs);
        for (const XlaProgram& program : p.programs) {
            QVERIFY2(program.hasHlo, program.name.c_str());
            QVERIFY2(program.problem.empty(), program.problem.c_str());
        }
        std::size_t joined = 0;
        for (const XplaneDevice& d : p.devices)
            for (std::size_t i = 0; i < d.opCost.size(); ++i) {
                if (d.opCost[i] == kNoIndex ||
                    d.events.strings.text(d.events.cpu[i].name) != op.toStdString())
                    continue;
                const HloCost& c = p.hloCosts[d.opCost[i]];
                QCOMPARE(c.flopsKnown, known);
                QCOMPARE(c.flops, flops);
                QCOMPARE(c.bytes, bytes);
                ++joined;
            }
        QVERIFY2(joined > 0, "no execution of the op was joined to its instruction");
    }

    // Through the analysis: the kernels of each execution of the op share its FLOPs (in
    // proportion to their times), so the op's launches sum to a whole number of executions of
    // the instruction's FLOPs (figures of samples_data()), every share estimated and saying it
    // came from the HLO cost model. Executions counted in protoc's decoding: 5 Cijk_ GEMM
    // kernels on the conv3d's GPU 7 (the convolution's GEMM; its im2col is a helper) and on the
    // attention run's GPU 0 (custom-call.1); 25 gemm_fusion_dot* kernels there for the five GEMM
    // fusions.
    void recordsCarryTheEstimate_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("op");
        QTest::addColumn<double>("flops");
        QTest::addColumn<int>("executions");
        QTest::newRow("conv3d cudnn-conv.1.0")
            << QStringLiteral("xplane_jax06_mi300x_conv3d_legacy.xplane.pb")
            << QStringLiteral("cudnn-conv.1.0") << 32715571200.0 << 5;
        QTest::newRow("te gemm_fusion_dot")
            << QStringLiteral("xplane_jax_te_fused_attn.xplane.pb")
            << QStringLiteral("gemm_fusion_dot") << 103079215104.0 << 5;
        QTest::newRow("te custom-call.1") << QStringLiteral("xplane_jax_te_fused_attn.xplane.pb")
                                          << QStringLiteral("custom-call.1") << 103079215104.0 << 5;
    }

    void recordsCarryTheEstimate() {
        QFETCH(QString, file);
        QFETCH(QString, op);
        QFETCH(double, flops);
        QFETCH(int, executions);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const QString path = kSamples + QLatin1Char('/') + file;
        if (!QFile::exists(path))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({path.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        double sum = 0;
        int carrying = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString() || !l.record.flops.known())
                    continue;
                QVERIFY(l.record.flops.origin == Origin::estimated);
                QVERIFY(l.record.bytes.at(MemoryLevel::dram).origin == Origin::estimated);
                QVERIFY2(l.formula.str().find("HLO cost model") != std::string::npos,
                         l.formula.str().c_str());
                sum += l.record.flops.value;
                ++carrying;
            }
        QVERIFY(carrying > 0);
        QVERIFY2(std::abs(sum / flops - executions) < 1e-9,
                 qPrintable(QString::number(sum / flops, 'g', 12)));
    }

    // An XLA fusion that only moves data is an op of its own whose kernel's name says
    // "transpose", as the layout transforms that help a cuDNN convolution do: it is no helper,
    // as no other kernel of its call carries its bytes. Shapes decoded with protoc from the
    // conv3d's jit_forward_3d_conv(15) module: `input_transpose_fusion` reads bf16
    // [1,5120,34,31,53] (get-tuple-element.1.0) and writes bf16 [55862,5120], 286,013,440
    // elements each: 2 x 286,013,440 x 2 = 1,144,053,760 B per execution;
    // `loop_transpose_fusion` reads the weights bf16 [5120,16,1,2,2] and writes bf16
    // [5120,16,4], 327,680 elements each: 1,310,720 B. Five executions of each.
    void dataMovingFusionsCarryTheirBytes_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<double>("bytes");
        QTest::newRow("input_transpose_fusion")
            << QStringLiteral("input_transpose_fusion") << 5 * 1144053760.0;
        QTest::newRow("loop_transpose_fusion")
            << QStringLiteral("loop_transpose_fusion") << 5 * 1310720.0;
    }

    void dataMovingFusionsCarryTheirBytes() {
        QFETCH(QString, op);
        QFETCH(double, bytes);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        const QString path =
            kSamples + QStringLiteral("/xplane_jax06_mi300x_conv3d_legacy.xplane.pb");
        if (!QFile::exists(path))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({path.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        double sum = 0;
        int launches = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString())
                    continue;
                ++launches;
                QVERIFY(!l.helper);
                QVERIFY(l.noFlops == NoFlopsReason::none);
                const auto dram = l.record.bytesAt(MemoryLevel::dram);
                QVERIFY(dram.has_value());
                sum += *dram;
            }
        QCOMPARE(launches, 5);
        QCOMPARE(sum, bytes);
    }
};

QTEST_GUILESS_MAIN(TestXplaneHloSamples)
#include "test_xplane_hlo_samples.moc"
