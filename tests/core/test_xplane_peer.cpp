// Roofscope's figures on the two JAX XPlane samples against a peer's: TraceLens (AMD-AGI/TraceLens
// @ 171dd74721ca1ec45709e5805b68ae1f65e27811, MIT), which ships both files in its tests. Where the
// peer's figures come from:
//   - the conv3d sample: the perf-report CSVs TraceLens commits beside it
//     (tests/traces/mi300/jax_conv_minimal_perf_report_csvs/: gpu_timeline.csv,
//     kernel_launchers.csv, kernel_launchers_summary.csv, op_conv.csv, df_xla_perf.csv), and
//     the figures its tests/test_jax_conv_analysis.py asserts;
//   - the attention sample, which TraceLens tests for its categories only
//     (tests/test_jax_te_fused_attn_categorization.py): TraceLens' own code run on the file
//     (JaxProfileProcessor.process_line on the HLO instructions, JaxTraceToTree.
//     _categorize_gpu_kernel_ops, JaxTreePerfAnalyzer.get_event_perf_model_name /
//     get_event_metadata / compute_perf_metrics, JaxGPUEventAnalyser), with xprof's two
//     conversions, which TraceLens calls to read an .xplane.pb and which Debian does not package,
//     replaced by a reading of the same file (kernel events from the GPU planes, HLO text rendered
//     from the `Hlo Proto` stat): tools/peer/tracelens_jax_reference.py, whose stand-in
//     reproduces every figure of the conv3d CSVs above.
// File and line references below are to that TraceLens commit. Where the two tools disagree, the
// row says which is right, by a count of its own from the HLO shapes (protoc --decode=xla.HloProto
// of the program's `Hlo Proto` stat), and expects that count.
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/xplane_reader.h"

#include <QFile>
#include <QtTest>

#include <algorithm>
#include <cmath>
#include <optional>

using namespace roofscope;

namespace {

const QString kSamples = QStringLiteral(ROOFSCOPE_SAMPLES);
const QString kConv = QStringLiteral("xplane_jax06_mi300x_conv3d_legacy.xplane.pb");
const QString kAttention = QStringLiteral("xplane_jax_te_fused_attn.xplane.pb");

bool near(double a, double b, double rel = 1e-9) {
    return std::abs(a - b) <= rel * std::max(std::abs(a), std::abs(b));
}

} // namespace

class TestXplanePeer : public QObject {
    Q_OBJECT

    // Loads a sample, or says why the row cannot run.
    static std::optional<MultiRankTrace> load(const QString& file, QString* skip) {
        if (!xplaneSupported()) {
            *skip = QStringLiteral("this build has no protobuf");
            return std::nullopt;
        }
        const QString path = kSamples + QLatin1Char('/') + file;
        if (!QFile::exists(path)) {
            *skip = QStringLiteral("../shared/samples is not present");
            return std::nullopt;
        }
        auto loaded = loadKinetoRanks({path.toStdString()});
        if (!loaded.ok()) {
            *skip = QString::fromStdString(loaded.error().toString());
            return std::nullopt;
        }
        return std::move(loaded.value());
    }

  private slots:
    // GPU timeline per GPU: TraceLens' JaxGPUEventAnalyser (get_df_gpu_timeline) against the
    // whole-trace step of each GPU. Conv3d: gpu_timeline.csv, TraceLens' pid 8 (/device:GPU:7,
    // the 25 kernels) computation = busy 3.586493 ms, total 15.761301 ms; pid 1 (/device:GPU:0,
    // 53 device-to-device copies only) exposed memcpy = busy 0.889028 ms, total 27.867728 ms;
    // tests/test_jax_conv_analysis.py asserts the two busy times. Attention: TraceLens'
    // analyser on GPU 0's 150 kernels: computation = busy 12.133127 ms (the sum of durations,
    // 12.133585 ms, counts 0.458 us of overlap twice), total 12.956751 ms.
    void gpuTimeline_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<int>("gpu");
        QTest::addColumn<double>("computationMs");
        QTest::addColumn<double>("memcpyMs");
        QTest::addColumn<double>("busyMs");
        QTest::addColumn<double>("totalMs");
        QTest::newRow("conv3d GPU 7") << kConv << 7 << 3.586493 << 0.0 << 3.586493 << 15.761301;
        QTest::newRow("conv3d GPU 0") << kConv << 0 << 0.0 << 0.889028 << 0.889028 << 27.867728;
        QTest::newRow("attention GPU 0")
            << kAttention << 0 << 12.133127 << 0.0 << 12.133127 << 12.956751;
    }

    void gpuTimeline() {
        QFETCH(QString, file);
        QFETCH(int, gpu);
        QFETCH(double, computationMs);
        QFETCH(double, memcpyMs);
        QFETCH(double, busyMs);
        QFETCH(double, totalMs);
        QString skip;
        const auto trace = load(file, &skip);
        if (!trace)
            QSKIP(qPrintable(skip));
        int seen = 0;
        for (const LoadedTrace& r : trace->ranks) {
            if (r.analysis.context.rank != gpu)
                continue;
            QCOMPARE(r.analysis.steps.size(), std::size_t(1)); // no step markers: whole trace
            const TimelineBreakdown& t = r.analysis.steps[0].gpu;
            QVERIFY2(near(t.computationS * 1e3, computationMs),
                     qPrintable(QString::number(t.computationS * 1e3, 'g', 12)));
            QVERIFY2(near(t.exposedMemcpyS * 1e3, memcpyMs),
                     qPrintable(QString::number(t.exposedMemcpyS * 1e3, 'g', 12)));
            QVERIFY2(near(t.gpuBusyS * 1e3, busyMs),
                     qPrintable(QString::number(t.gpuBusyS * 1e3, 'g', 12)));
            QVERIFY2(near(t.spanS * 1e3, totalMs),
                     qPrintable(QString::number(t.spanS * 1e3, 'g', 12)));
            ++seen;
        }
        QCOMPARE(seen, 1);
    }

    // Kernel time and launches per (XLA op, kernel), and the category each tool gives. The
    // peer's time is the sum of the kernels' durations (JaxTreePerfAnalyzer.get_kernel_launchers
    // takes each kernel's `dur`); its category comes from JaxTraceToTree.
    // _categorize_gpu_kernel_ops (Trace2Tree/trace_to_tree.py:447-501): the kernel name, then the
    // hlo_op, matched against TraceEventUtils.JaxOpKeys (util.py:569-600: GEMM "Cijk", "gemm";
    // FA BWD "FmhaBwd"; FA FWD "FmhaFwd"; Conv "conv_", "conv.", "conv-"; TE
    // "transformer_engine", "te_fused_attn"), else "Uncategorized Events/XLA". Conv3d times:
    // kernel_launchers_summary.csv; attention times: TraceLens' figures from the file.
    void kernels_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("kernel"); // a prefix of the kernel name
        QTest::addColumn<int>("launches");
        QTest::addColumn<double>("timeUs");
        QTest::addColumn<int>("category");
        // Peer "Uncategorized Events/XLA"; Roofscope memory: an XLA fusion that only
        // transposes (agreed: no arithmetic; TraceLens has no data-movement class).
        QTest::newRow("conv3d input_transpose_fusion")
            << kConv << "input_transpose_fusion"
            << "input_transpose_fusion" << 5 << 1950.960 << int(Category::memory);
        // Peer Conv (the kernel name says GEMM, hlo_op cudnn-conv.1.0 says Conv, and the hlo_op
        // wins); Roofscope conv. Agreed.
        QTest::newRow("conv3d cudnn-conv GEMM")
            << kConv << "cudnn-conv.1.0"
            << "Cijk_Ailk_Bljk_BBS_BH_MT256x128x64" << 5 << 1458.753 << int(Category::conv);
        // Peer Conv (by hlo_op); Roofscope memory, a helper of the convolution (its im2col
        // gathers the input; the GEMM does the arithmetic). A difference of convention.
        QTest::newRow("conv3d cudnn-conv Im3d2Col")
            << kConv << "cudnn-conv.1.0"
            << "Im3d2Col" << 5 << 81.079 << int(Category::memory);
        QTest::newRow("conv3d input_transpose_fusion.1")
            << kConv << "input_transpose_fusion.1"
            << "input_transpose_fusion_1" << 5 << 69.261 << int(Category::memory);
        QTest::newRow("conv3d loop_transpose_fusion")
            << kConv << "loop_transpose_fusion"
            << "loop_transpose_fusion" << 5 << 26.440 << int(Category::memory);
        // Peer FA BWD / FA FWD (kernel name; an FA name is kept over the TE hlo_op);
        // Roofscope attention. Agreed.
        QTest::newRow("attention backward .18 dq/dk/dv")
            << kAttention << "te_fused_attn_backward_ffi.18"
            << "void ck_tile::kentry<ck_tile::gfx950_t, 1, ck_tile::FmhaBwdDQDKDVKernel" << 5
            << 2144.298 << int(Category::attention);
        QTest::newRow("attention forward .10")
            << kAttention << "te_fused_attn_forward_ffi.10"
            << "void ck_tile::kentry<ck_tile::gfx950_t, 2, ck_tile::FmhaFwdKernel" << 5 << 1060.249
            << int(Category::attention);
        // Peer TE (the fills have no category of their own; their hlo_op says te_fused_attn,
        // the regression TraceLens' issue #422 fixed); Roofscope attention. Agreed.
        QTest::newRow("attention backward .12 fills")
            << kAttention << "te_fused_attn_backward_ffi.12"
            << "__amd_rocclr_fillBufferAligned" << 10 << 83.241 << int(Category::attention);
        QTest::newRow("attention forward .15 rng state")
            << kAttention << "te_fused_attn_forward_ffi.15"
            << "transformer_engine::fused_attn_rocm::populate_rng_state_kernel" << 5 << 25.0
            << int(Category::attention);
        // Peer GEMM (kernel name "gemm", "Cijk"); Roofscope gemm. Agreed.
        QTest::newRow("attention gemm_fusion_dot")
            << kAttention << "gemm_fusion_dot"
            << "gemm_fusion_dot.kd" << 5 << 857.328 << int(Category::gemm);
        QTest::newRow("attention cublas custom-call.1")
            << kAttention << "custom-call.1"
            << "Cijk_Alik_Bljk_BBS_BH_Bias_HA_S_SAV" << 5 << 584.605 << int(Category::gemm);
        // Peer "Uncategorized Events/XLA"; Roofscope reduction / elementwise. TraceLens has no
        // class for XLA's reduce and elementwise fusions.
        QTest::newRow("attention loop_reduce_fusion.1")
            << kAttention << "loop_reduce_fusion.1"
            << "loop_reduce_fusion_1.kd" << 5 << 178.321 << int(Category::reduction);
        QTest::newRow("attention wrapped_convert")
            << kAttention << "wrapped_convert"
            << "wrapped_convert.kd" << 5 << 19.161 << int(Category::elementwise);
    }

    void kernels() {
        QFETCH(QString, file);
        QFETCH(QString, op);
        QFETCH(QString, kernel);
        QFETCH(int, launches);
        QFETCH(double, timeUs);
        QFETCH(int, category);
        QString skip;
        const auto trace = load(file, &skip);
        if (!trace)
            QSKIP(qPrintable(skip));
        int seen = 0;
        double sumUs = 0;
        for (const LoadedTrace& r : trace->ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString() || !l.name.starts_with(kernel.toStdString()))
                    continue;
                ++seen;
                sumUs += l.record.timeS.value * 1e6;
                QCOMPARE(int(l.record.category), category);
            }
        QCOMPARE(seen, launches);
        QVERIFY2(near(sumUs, timeUs), qPrintable(QString::number(sumUs, 'g', 12)));
    }

    // FLOPs and DRAM bytes per execution of an XLA op, summed over its launches (its kernels
    // share the op's FLOPs; helpers carry none). TraceLens models only custom calls
    // (JaxTreePerfAnalyzer.get_event_perf_model_name, TreePerf/tree_perf.py:3170-3210:
    // target containing "matmul" / "cublas" with a GEMM kernel -> jax_gemm,
    // te_fused_attn_forward_ffi / _backward_ffi -> jax_te_fused_attn, __cudnn$convForward with a
    // Conv kernel -> jax_conv; anything else, fusions included, "rest" without FLOPs), and gives
    // every kernel of a call the call's whole figures (compute_perf_metrics, :3609).
    void estimates_data() {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("executions");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes");
        // jit_forward_3d_conv(15) `cudnn-conv.1.0` (__cudnn$convForward): x bf16 [1,16,32,60,104],
        // w bf16 [5120,16,1,2,2], y bf16 [1,5120,34,31,53] (+ u8[7150336] workspace); window
        // 1x2x2, stride 1x2x2, padding 1 on each side of each dimension.
        // Peer: 2,288,107,520 FLOP and 578,416,648 B per kernel, on both the Im3d2Col and the
        // GEMM kernel (op_conv.csv GFLOPS 2.28810752, Data Moved 551.6211 MiB;
        // test_jax_conv_analysis.py asserts both). Wrong: parse_conv_metadata takes the filter
        // as operand 1's dimensions after the first two, (1,2,2) (tree_perf.py:3307), so
        // CONV.flops_func's 2 x prod(w[1:]) (perf_model.py:949-958) is 2 x 2 x 2 = 8 per output
        // element instead of 2 x C_in x 1 x 2 x 2 = 128 (16x low), and CONV.bytes_func
        // (:979-994) reads 4 filter elements instead of 327,680.
        // Count: taps inside the input per spatial dimension 32 (depth, outputs 1..32 of 34),
        // 60, 104 (stride = window: each input position once): 2 x 5120 x 16 x 32 x 60 x 104 =
        // 32,715,571,200 FLOP (XLA's convention; the dense 2 x 286,013,440 outputs x 64, what
        // TraceLens' formula would give with the whole filter, is 36,609,720,320, the padding
        // taps included). Bytes (3,194,880 + 327,680 + 286,013,440) x 2 = 579,072,000.
        QTest::newRow("conv3d cudnn-conv.1.0")
            << kConv << "cudnn-conv.1.0" << 5 << 32715571200.0 << 579072000.0;
        // `input_transpose_fusion`: bf16 [1,5120,34,31,53] -> bf16 [55862,5120]. Peer: no
        // model ("rest"); its df_xla_perf.csv gives total_input_bytes 572,026,880, the operand
        // only. Count: 0 FLOP; read + write 2 x 286,013,440 x 2 = 1,144,053,760 B.
        QTest::newRow("conv3d input_transpose_fusion")
            << kConv << "input_transpose_fusion" << 5 << 0.0 << 1144053760.0;
        // jit_loss_fn(17) `custom-call.1` (__cublas$gemm): bf16 [4096,6144] x [2048,6144],
        // contracting 1 / 1 -> bf16 [4096,2048] (+ s8 workspace). Peer: jax_gemm with M 2048,
        // N 4096, K 6144 (JaxProfileProcessor.process_gemm_ops, util.py:409, from
        // backend_config's contracting dimensions), GEMM.flops_func 2MNK (perf_model.py:85) =
        // 103,079,215,104 and bytes_func (MK + KN + MN) x 2 (:103) = 92,274,688. Agreed.
        QTest::newRow("attention cublas custom-call.1")
            << kAttention << "custom-call.1" << 5 << 103079215104.0 << 92274688.0;
        // `gemm_fusion_dot.6` (Triton GEMM fusion): dot.19 of bf16 [4,1024,2048] and
        // [6144,4,1024], batch 0 / 1, contracting 1 / 2 -> f32 [4,2048,6144]. Peer: none (a
        // fusion, "rest"; its kernel is still GEMM by name): the five GEMM fusions, 3.63 of the
        // run's 12.13 ms, have no FLOPs in TraceLens. Count: 2 x 4 x 2048 x 6144 x 1024 =
        // 103,079,215,104; bytes 8,388,608 x 2 + 25,165,824 x 2 + 50,331,648 x 4 = 268,435,456.
        QTest::newRow("attention gemm_fusion_dot.6")
            << kAttention << "gemm_fusion_dot.6" << 5 << 103079215104.0 << 268435456.0;
        // `te_fused_attn_forward_ffi.10`: qkv bf16 [2,2048,3,16,128] (BS3HD, backend_config
        // qkv_layout = 5), bias/seqlen operands bf16[0], seed u32[2], cu_seqlens s32[3] twice ->
        // (o bf16 [2,2048,16,128], softmax stats f32 [2,16,2048,1], rng state u32[2,4], u8[1]);
        // mask_type = 2 (NVTE_CAUSAL_MASK, top-left), b 2, h 16, s 2048, d 128.
        // Peer: fails (once its kernels carry the HLO, which TraceLens pins xprof 2.20.1 for).
        // parse_te_fused_attn_metadata takes the first three operands as q, k, v
        // (tree_perf.py:3335), here [2,2048,3,16,128], [0], [0], and extract_sdpa_cfg
        // (perf_model.py:2221) indexes [0] as BSHD: IndexError, which build_df_perf_metrics
        // re-raises (tree_perf.py:3746), ending the JAX perf report. Its model would also have
        // been non-causal: jax_te_fused_attn sets "causal": False and reads nothing of
        // backend_config (perf_model.py:4164), so 4 b h s^2 d = 68,719,476,736, twice the work.
        // Count: scores in the causal triangle b h s (s + 1) / 2 = 32 x 2,098,176, each
        // 2 d_qk + 2 d_v = 512 FLOP: 34,376,515,584 (TraceLens' SDPA.flops_func halving, s^2 /
        // 2, would say 34,359,738,368). Bytes: qkv 50,331,648 + o 16,777,216 + stats 262,144 +
        // rng state 32 + seed 8 + cu_seqlens 2 x 12 = 67,371,072 (SDPA.bytes_func, q k v o
        // only, would say 67,108,864).
        QTest::newRow("attention forward .10")
            << kAttention << "te_fused_attn_forward_ffi.10" << 5 << 34376515584.0 << 67371072.0;
        // `te_fused_attn_backward_ffi.12`: qkv, o, do (bf16 [2,2048,16,128] each but qkv),
        // stats, rng state, cu_seqlens twice -> (dqkv bf16 [2,2048,3,16,128], three bf16[0],
        // u8[33816576] workspace). Peer: the same IndexError. Its backward model
        // (SDPA.flops_bwd_func, perf_model.py:1837, flash_impl) counts 5 products per score:
        // recomputed q k^T, dv, dp, dq, dk. Count: per causal score 3 x 2 d_qk + 2 x 2 d_v =
        // 1280 FLOP: 32 x 2,098,176 x 1280 = 85,941,288,960. Bytes: qkv 50,331,648 + o and do
        // 2 x 16,777,216 + stats 262,144 + rng 32 + cu_seqlens 24 + dqkv 50,331,648 =
        // 134,479,928 (SDPA.bytes_bwd_func, :1874, q k v do dq dk dv only: 117,440,512).
        QTest::newRow("attention backward .12")
            << kAttention << "te_fused_attn_backward_ffi.12" << 5 << 85941288960.0 << 134479928.0;
    }

    void estimates() {
        QFETCH(QString, file);
        QFETCH(QString, op);
        QFETCH(int, executions);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        QString skip;
        const auto trace = load(file, &skip);
        if (!trace)
            QSKIP(qPrintable(skip));
        double sumFlops = 0, sumBytes = 0;
        int launches = 0, withFlops = 0;
        for (const LoadedTrace& r : trace->ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString())
                    continue;
                ++launches;
                if (l.record.flops.known()) {
                    ++withFlops;
                    sumFlops += l.record.flops.value;
                }
                if (const auto dram = l.record.bytesAt(MemoryLevel::dram))
                    sumBytes += *dram;
            }
        QVERIFY(launches >= executions);
        QVERIFY(withFlops > 0);
        QVERIFY2(near(sumFlops, executions * flops),
                 qPrintable(QString::number(sumFlops / executions, 'g', 15)));
        QVERIFY2(near(sumBytes, executions * bytes),
                 qPrintable(QString::number(sumBytes / executions, 'g', 15)));
    }
};

QTEST_GUILESS_MAIN(TestXplanePeer)
#include "test_xplane_peer.moc"
