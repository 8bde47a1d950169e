// Transformer Engine's fused attention in XLA programs (core/import/xplane/hlo_te_attention.h):
// the FFI attribute dictionary its backend_config holds, the FLOPs from its sizes and mask, each
// row's figures worked out in its comment, and the shared TE sample, whose attributes and shapes
// were read off protoc's decoding of its jit_loss_fn(17) `Hlo Proto` (`protoc
// --decode=xla.HloProto hlo.proto`).
#include "core/import/kineto/kineto_load.h"
#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_te_attention.h"
#include "core/import/xplane/xplane_reader.h"

#include <QFile>
#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {

const QString kTe = QStringLiteral(ROOFSCOPE_SAMPLES "/xplane_jax_te_fused_attn.xplane.pb");

// The forward call's attributes in the sample, as XLA prints them.
const char* const kSampleAttributes =
    "{attn_heads = 16 : i64, bias_batch = 0 : i64, bias_heads = 0 : i64, bias_type = 0 : i64, "
    "deterministic = false, dropout_probability = 1.000000e-01 : f64, input_batch = 2 : i64, "
    "is_training = true, kv_max_seqlen = 2048 : i64, mask_type = 2 : i64, max_segments_per_seq = "
    "1 : i64, num_gqa_groups = 16 : i64, q_max_seqlen = 2048 : i64, qk_head_dim = 128 : i64, "
    "qkv_layout = 5 : i64, scaling_factor = 0.088388347648318433 : f64, v_head_dim = 128 : i64, "
    "window_size_left = -1 : i64, window_size_right = -1 : i64}";

HloInstruction call(const std::string& target, const std::string& attributes) {
    HloInstruction i;
    i.name = target + ".1";
    i.opcode = "custom-call";
    i.customCallTarget = target;
    i.backendConfig = attributes;
    HloShape out;
    out.elementType = hlo_type::bf16;
    out.dims = {2, 2048, 16, 128};
    i.shape.elementType = hlo_type::tuple;
    i.shape.tupleShapes = {out};
    return i;
}

std::string attrs(int batch, int heads, int sq, int sk, int d, int mask,
                  const std::string& more = "") {
    return "{attn_heads = " + std::to_string(heads) +
           " : i64, input_batch = " + std::to_string(batch) +
           " : i64, q_max_seqlen = " + std::to_string(sq) +
           " : i64, kv_max_seqlen = " + std::to_string(sk) +
           " : i64, qk_head_dim = " + std::to_string(d) +
           " : i64, v_head_dim = " + std::to_string(d) +
           " : i64, mask_type = " + std::to_string(mask) + " : i64" + more + "}";
}

} // namespace

class TestXplaneTeAttention : public QObject {
    Q_OBJECT

  private slots:
    void parsesAttributes_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("ok");
        QTest::addColumn<QString>("name");
        QTest::addColumn<QString>("value");
        QTest::newRow("sample: integer") << kSampleAttributes << true << "attn_heads"
                                         << "16";
        QTest::newRow("sample: float") << kSampleAttributes << true << "dropout_probability"
                                       << "1.000000e-01";
        QTest::newRow("sample: bool") << kSampleAttributes << true << "deterministic"
                                      << "false";
        QTest::newRow("sample: negative") << kSampleAttributes << true << "window_size_left"
                                          << "-1";
        // Commas and " : " inside an array or a string are not separators.
        QTest::newRow("array") << "{a = [1, 2] : tensor<2xi64>, c = 3 : i32}" << true << "a"
                               << "[1, 2]";
        QTest::newRow("string") << R"({b = "x, y : z", c = 3 : i32})" << true << "b"
                                << R"("x, y : z")";
        QTest::newRow("after a string") << R"({b = "x, y : z", c = 3 : i32})" << true << "c"
                                        << "3";
        QTest::newRow("empty dictionary") << "{}" << true << ""
                                          << "";
        QTest::newRow("no braces") << "attn_heads = 16 : i64" << false << ""
                                   << "";
        QTest::newRow("an entry without a value") << "{attn_heads 16}" << false << ""
                                                  << "";
        QTest::newRow("unbalanced") << "{a = [1, 2}" << false << ""
                                    << "";
        QTest::newRow("JSON, as cuBLAS calls hold") << R"({"alpha_real":1})" << false << ""
                                                    << "";
        QTest::newRow("an unterminated string") << "{b = \"x, c = 3 : i32}" << false << ""
                                                << "";
        QTest::newRow("a closer too many") << "{a = ]], b = 2}" << false << ""
                                           << "";
        QTest::newRow("escaped quote in a string")
            << "{b = \"say \\\"x, y\\\"\", c = 3 : i32}" << true << "c"
            << "3";
    }

    void parsesAttributes() {
        QFETCH(QString, text);
        QFETCH(bool, ok);
        QFETCH(QString, name);
        QFETCH(QString, value);
        const auto parsed = parseFfiAttributes(text.toStdString());
        QCOMPARE(parsed.has_value(), ok);
        if (!ok || name.isEmpty())
            return;
        const auto it = parsed->find(name.toStdString());
        QVERIFY2(it != parsed->end(), qPrintable(name));
        QCOMPARE(QString::fromStdString(it->second), value);
    }

    void flops_data() {
        QTest::addColumn<QString>("target");
        QTest::addColumn<QString>("attributes");
        QTest::addColumn<bool>("known");
        QTest::addColumn<double>("flops");
        QTest::addColumn<QString>("formulaPart");
        // The sample's forward call: b 2, h 16, s_q = s_k = 2048, d 128, mask 2 (causal, top
        // left): scores 2 x 2048 x 2049 / 2 = 4,196,352; 2 x 16 x 4,196,352 x (128 + 128) =
        // 34,376,515,584.
        QTest::newRow("sample forward, causal") << "te_fused_attn_forward_ffi" << kSampleAttributes
                                                << true << 34376515584.0 << "causal (top-left)";
        // Its backward: 2 x 16 x 4,196,352 x (3 x 128 + 2 x 128) = 85,941,288,960.
        QTest::newRow("sample backward, causal")
            << "te_fused_attn_backward_ffi" << kSampleAttributes << true << 85941288960.0
            << "3*d_qk + 2*d_v";
        // No mask: scores 2 x 2048 x 2048 = 8,388,608; 2 x 16 x 8,388,608 x 256 =
        // 68,719,476,736.
        QTest::newRow("no mask") << "te_fused_attn_forward_ffi"
                                 << QString::fromStdString(attrs(2, 16, 2048, 2048, 128, 0)) << true
                                 << 68719476736.0 << "b*s_q*s_k = 8388608";
        // One decoded token against 2048 keys, mask 4 (causal, bottom right): the token sees its
        // whole row, 2048 scores; 2 x 8 x 2048 x (64 + 64) = 4,194,304 (top left would give 1).
        QTest::newRow("bottom-right causal, decoding")
            << "te_fused_attn_forward_ffi" << QString::fromStdString(attrs(1, 8, 1, 2048, 64, 4))
            << true << 4194304.0 << "bottom-right";
        // Mask 3 (padding and causal, top left): the maximum lengths, said as an upper bound;
        // 2048 x 2049 / 2 = 2,098,176 scores; 2 x 1 x 2,098,176 x 128 = 537,133,056.
        QTest::newRow("padding causal")
            << "te_fused_attn_forward_ffi" << QString::fromStdString(attrs(1, 1, 2048, 2048, 64, 3))
            << true << 537133056.0 << "upper bound";
        // A sliding window is not discounted, and the formula says so: 1 x 128 x 128 = 16,384
        // scores; 2 x 1 x 16,384 x 128 = 4,194,304.
        QTest::newRow("sliding window")
            << "te_fused_attn_forward_ffi"
            << QString::fromStdString(attrs(1, 1, 128, 128, 64, 0, ", window_size_left = 32 : i64"))
            << true << 4194304.0 << "sliding window not discounted";
        // Older Transformer Engine: one head_dim (64) for Q, K and V; 16,384 scores, 4,194,304.
        QTest::newRow("head_dim only")
            << "te_fused_attn_forward_ffi"
            << "{attn_heads = 1 : i64, input_batch = 1 : i64, q_max_seqlen = 128 : i64, "
               "kv_max_seqlen = 128 : i64, head_dim = 64 : i64, mask_type = 0 : i64}"
            << true << 4194304.0 << "b*s_q*s_k = 16384";
        QTest::newRow("no heads") << "te_fused_attn_forward_ffi"
                                  << "{input_batch = 1 : i64, q_max_seqlen = 8 : i64, "
                                     "kv_max_seqlen = 8 : i64, qk_head_dim = 8 : i64}"
                                  << false << 0.0 << "attn_heads";
        QTest::newRow("no attributes") << "te_fused_attn_backward_ffi"
                                       << "" << false << 0.0 << "no FFI attribute dictionary";
        // A size past int64 does not parse: unknown, not a wrapped number.
        QTest::newRow("a batch past int64")
            << "te_fused_attn_forward_ffi"
            << "{attn_heads = 1 : i64, input_batch = 99999999999999999999 : i64, q_max_seqlen = "
               "8 : i64, kv_max_seqlen = 8 : i64, qk_head_dim = 8 : i64}"
            << false << 0.0 << "input_batch";
        QTest::newRow("negative heads")
            << "te_fused_attn_forward_ffi"
            << "{attn_heads = -4 : i64, input_batch = 1 : i64, q_max_seqlen = 8 : i64, "
               "kv_max_seqlen = 8 : i64, qk_head_dim = 8 : i64}"
            << false << 0.0 << "attn_heads";
    }

    void flops() {
        QFETCH(QString, target);
        QFETCH(QString, attributes);
        QFETCH(bool, known);
        QFETCH(double, flops);
        QFETCH(QString, formulaPart);
        QVERIFY(isTeAttentionCall(target.toStdString()));
        const HloCost c = teAttentionCost(call(target.toStdString(), attributes.toStdString()));
        QCOMPARE(c.flopsKnown, known);
        QVERIFY2(c.formula.find(formulaPart.toStdString()) != std::string::npos, c.formula.c_str());
        if (!known)
            return;
        QCOMPARE(c.flops, flops);
        QVERIFY(c.matrix);
        QCOMPARE(c.elementType, hlo_type::bf16);
    }

    // Through the importer and the analysis on the sample: five executions of each call, their
    // kernels (CK's FmhaFwd / FmhaBwd, with the fill kernels beside the backward as helpers)
    // carrying the call's FLOPs. The forward call's bytes: qkv bf16 [2,2048,3,16,128]
    // 50,331,648 + u32[2] 8 + s32[3] twice 24 (the empty placeholders 0) read; O bf16
    // [2,2048,16,128] 16,777,216 + softmax statistics f32 [2,16,2048,1] 262,144 + u32[2,4] 32
    // written (its u8[1] workspace not counted): 67,371,072 B per execution.
    void sampleCallsCarryTheirFlops_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytes"); // per execution; 0: not checked
        QTest::newRow("forward .10")
            << "te_fused_attn_forward_ffi.10" << 34376515584.0 << 67371072.0;
        QTest::newRow("forward .15")
            << "te_fused_attn_forward_ffi.15" << 34376515584.0 << 67371072.0;
        QTest::newRow("backward .12") << "te_fused_attn_backward_ffi.12" << 85941288960.0 << 0.0;
        QTest::newRow("backward .18") << "te_fused_attn_backward_ffi.18" << 85941288960.0 << 0.0;
    }

    void sampleCallsCarryTheirFlops() {
        QFETCH(QString, op);
        QFETCH(double, flops);
        QFETCH(double, bytes);
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        const auto loaded = loadKinetoRanks({kTe.toStdString()});
        QVERIFY2(loaded.ok(), loaded.ok() ? "" : loaded.error().toString().c_str());
        double sumFlops = 0, sumBytes = 0;
        for (const LoadedTrace& r : loaded.value().ranks)
            for (const Launch& l : r.analysis.launches) {
                if (l.opName.str() != op.toStdString() || !l.record.flops.known())
                    continue;
                QVERIFY(l.record.flops.origin == Origin::estimated);
                QVERIFY(l.record.category == Category::attention);
                QVERIFY2(l.formula.str().find("FFI attributes") != std::string::npos,
                         l.formula.str().c_str());
                sumFlops += l.record.flops.value;
                sumBytes += l.record.bytesAt(MemoryLevel::dram).value_or(0);
            }
        QVERIFY2(std::abs(sumFlops / flops - 5) < 1e-9,
                 qPrintable(QString::number(sumFlops / flops, 'g', 12)));
        if (bytes > 0)
            QVERIFY2(std::abs(sumBytes / bytes - 5) < 1e-9,
                     qPrintable(QString::number(sumBytes / bytes, 'g', 12)));
    }

    // Every op execution of the sample now has FLOPs (the 20 attention executions had none).
    void everyOpOfTheSampleHasFlops() {
        if (!xplaneSupported())
            QSKIP("this build has no protobuf");
        if (!QFile::exists(kTe))
            QSKIP("../shared/samples is not present");
        const auto read = readXplane(kTe.toStdString());
        QVERIFY2(read.ok(), read.ok() ? "" : read.error().toString().c_str());
        const XplaneDevice& gpu0 = read.value().devices.at(0);
        QCOMPARE(gpu0.ops, std::size_t(100));
        QCOMPARE(gpu0.opsCosted, std::size_t(100));
        QCOMPARE(gpu0.opsWithFlops, std::size_t(100));
    }
};

QTEST_GUILESS_MAIN(TestXplaneTeAttention)
#include "test_xplane_te_attention.moc"
