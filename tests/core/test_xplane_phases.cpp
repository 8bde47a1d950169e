// Training phases of XLA ops from JAX's name stack (hloPhase, core/import/xplane/hlo_cost.h): the
// autodiff's forward pass runs under jvp(...), its backward under transpose(jvp(...)). The
// sample rows' name stacks were read off protoc's decoding of the TE sample's jit_loss_fn(17)
// `Hlo Proto` (each instruction's metadata.op_name).
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/xplane_reader.h"

#include <QFile>
#include <QtTest>

using namespace roofscope;

namespace {

const QString kTe = QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax_te_fused_attn.xplane.pb");
const QString kConv =
    QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax06_mi300x_conv3d_legacy.xplane.pb");

} // namespace

class TestXplanePhases : public QObject {
    Q_OBJECT

  private slots:
    void nameStacks_data() {
        QTest::addColumn<QString>("opName");
        QTest::addColumn<int>("phase");
        const int forward = int(Phase::forward), backward = int(Phase::backward),
                  unknown = int(Phase::unknown);
        QTest::newRow("jvp") << "jit(loss_fn)/jvp()/te_fused_attn_forward_ffi" << forward;
        QTest::newRow("jvp of an einsum") << "jit(loss_fn)/jvp(bsd,de->bse)/dot_general" << forward;
        QTest::newRow("transpose of the jvp")
            << "jit(loss_fn)/transpose(jvp(bsd,de->bse))/dot_general" << backward;
        QTest::newRow("recomputation in the backward")
            << "jit(train)/transpose(jvp(remat(block)))/dot_general" << backward;
        QTest::newRow("not differentiated")
            << "jit(forward_3d_conv)/jit(main)/conv_general_dilated" << unknown;
        QTest::newRow("an optimizer update") << "jit(train_step)/jit(main)/mul" << unknown;
        QTest::newRow("a user scope named transpose") << "jit(f)/transpose/dot_general" << unknown;
        QTest::newRow("no metadata") << "" << unknown;
    }

    void nameStacks() {
        QFETCH(QString, opName);
        QFETCH(int, phase);
        QCOMPARE(int(hloPhase(opName.toStdString())), phase);
    }

    // The TE sample's ops through the reader and the analysis: every launch of the op takes the
    // phase its name stack says; ops without metadata, and the conv3d's undifferentiated
    // program, keep the phase the rest of the analysis finds (none here: no step, no
    // annotation).
    void sampleOps_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("phase");
        const int forward = int(Phase::forward), backward = int(Phase::backward),
                  unknown = int(Phase::unknown);
        QTest::newRow("gemm_fusion_dot") << kTe << "gemm_fusion_dot" << forward;
        QTest::newRow("gemm_fusion_dot.3") << kTe << "gemm_fusion_dot.3" << forward;
        QTest::newRow("gemm_fusion_dot.1") << kTe << "gemm_fusion_dot.1" << backward;
        QTest::newRow("gemm_fusion_dot.6") << kTe << "gemm_fusion_dot.6" << backward;
        QTest::newRow("custom-call.1 (cuBLAS)") << kTe << "custom-call.1" << backward;
        QTest::newRow("wrapped_convert") << kTe << "wrapped_convert" << forward;
        QTest::newRow("attention forward") << kTe << "te_fused_attn_forward_ffi.10" << forward;
        QTest::newRow("attention backward") << kTe << "te_fused_attn_backward_ffi.12" << backward;
        QTest::newRow("loop_reduce_fusion.1 (no metadata)")
            << kTe << "loop_reduce_fusion.1" << unknown;
        QTest::newRow("conv3d's convolution") << kConv << "cudnn-conv.1.0" << unknown;
    }

    void sampleOps() {
        QFETCH(QString, file);
        QFETCH(QString, op);
        QFETCH(int, phase);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        if (!QFile::exists(file))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({file.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        int seen = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString())
                    continue;
                ++seen;
                QCOMPARE(int(l.record.phase), phase);
            }
        QVERIFY(seen > 0);
    }
};

QTEST_GUILESS_MAIN(TestXplanePhases)
#include "test_xplane_phases.moc"
