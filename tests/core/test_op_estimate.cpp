// estimateOp's dispatch by name (prefix, overload suffix, in-place spellings), the list of ops it
// knows, precision and tensor-unit flags by dtype, and robustness against hand-built inputs with
// invalid or huge shapes (errors or finite numbers, never undefined behaviour).
#include "core/estimate/op_estimate.h"

#include <QtTest>

#include <cmath>

using namespace roofscope;

namespace {
OpInputs twoTensors(Shape a, Shape b, std::string type = "float") {
    OpInputs in;
    in.args.resize(2);
    in.args[0].shapes = {std::move(a)};
    in.args[0].type = type;
    in.args[1].shapes = {std::move(b)};
    in.args[1].type = type;
    return in;
}
} // namespace

class TestOpEstimate : public QObject {
    Q_OBJECT

  private slots:
    void knownOps_data() {
        QTest::addColumn<QString>("op");
        // Every op name the estimators serve (as the profiler spells it, without "aten::").
        const QString names =
            "mm addmm bmm baddbmm matmul linear dot mv convolution _convolution conv1d conv2d "
            "conv3d conv_transpose1d conv_transpose2d conv_transpose3d cudnn_convolution "
            "cudnn_convolution_transpose mkldnn_convolution miopen_convolution "
            "miopen_convolution_transpose _slow_conv2d_forward convolution_backward "
            "cudnn_convolution_backward cudnn_convolution_transpose_backward "
            "scaled_dot_product_attention _scaled_dot_product_attention_math "
            "_scaled_dot_product_flash_attention _scaled_dot_product_efficient_attention "
            "_scaled_dot_product_cudnn_attention _flash_attention_forward "
            "_efficient_attention_forward _scaled_dot_product_flash_attention_backward "
            "_scaled_dot_product_efficient_attention_backward "
            "_scaled_dot_product_cudnn_attention_backward _flash_attention_backward "
            "_efficient_attention_backward layer_norm native_layer_norm "
            "native_layer_norm_backward rms_norm _fused_rms_norm _fused_rms_norm_backward "
            "batch_norm _batch_norm_impl_index native_batch_norm _native_batch_norm_legit "
            "_native_batch_norm_legit_no_training cudnn_batch_norm miopen_batch_norm "
            "native_batch_norm_backward cudnn_batch_norm_backward miopen_batch_norm_backward "
            "group_norm native_group_norm native_group_norm_backward softmax _softmax "
            "log_softmax _log_softmax _softmax_backward_data _log_softmax_backward_data relu "
            "relu_ gelu gelu_ silu silu_ sigmoid sigmoid_ tanh tanh_ exp exp_ log sqrt rsqrt neg "
            "abs reciprocal clamp clamp_ clamp_min clamp_min_ clamp_max add add_ sub sub_ rsub "
            "mul mul_ div div_ threshold_backward gelu_backward silu_backward sigmoid_backward "
            "tanh_backward dropout dropout_ native_dropout native_dropout_backward copy_ clone "
            "fill_ zero_ embedding embedding_bag _embedding_bag _embedding_bag_forward_only "
            "embedding_dense_backward embedding_backward _fused_adam_ _fused_adamw_ _fused_sgd_ "
            "_foreach_add_ _foreach_add _foreach_sub_ _foreach_mul_ _foreach_div_ _foreach_lerp_ "
            "_foreach_addcmul_ _foreach_addcdiv_ _foreach_sqrt _foreach_sqrt_ _foreach_maximum_ "
            "_foreach_neg _foreach_reciprocal_ _foreach_norm _foreach_copy_ _foreach_zero_ "
            "_foreach_pow _scaled_mm _int_mm sum nansum mean amax amin max min argmax argmin var "
            "var_mean std std_mean linalg_vector_norm norm logsumexp cumsum cat concat "
            "concatenate stack index_select gather index scatter scatter_ scatter_add "
            "scatter_add_ _to_copy to contiguous pow pow_ where masked_fill masked_fill_ tril "
            "tril_ triu triu_ eq ne lt le gt ge maximum minimum elu elu_ nan_to_num ";
        for (const QString& op : names.split(' ', Qt::SkipEmptyParts))
            QTest::newRow(qPrintable(op)) << "aten::" + op;
    }
    void knownOps() {
        QFETCH(QString, op);
        QVERIFY(hasEstimator(op.toStdString()));
        // The prefix is optional.
        QVERIFY(hasEstimator(op.mid(6).toStdString()));
    }

    void unknownOps_data() {
        QTest::addColumn<QString>("op");
        // View ops launch no kernel; the legacy cudnn_convolution_backward_input/_weight have
        // none so that their kernels carry the enclosing cudnn_convolution_backward's estimate
        // (their own inputs lack the weight or input size).
        for (const char* op : {"aten::view",
                               "aten::transpose",
                               "aten::permute",
                               "aten::expand",
                               "aten::cudnn_convolution_backward_input",
                               "aten::cudnn_convolution_backward_weight",
                               "aten::clone_",
                               "aten::_softmax_",
                               "aten::copy",
                               "aten::where_",
                               "aten::cat_",
                               "aten::embedding_",
                               "aten::_foreach_norm_",
                               "aten::_foreach_zero",
                               "aten::_foreach_copy",
                               "c10d::allreduce_",
                               "fb::rms_norm",
                               "nccl:all_reduce",
                               "",
                               "aten::",
                               "ProfilerStep#3",
                               "mm::mm"})
            QTest::newRow(op[0] ? op : "empty") << QString(op);
    }
    void unknownOps() {
        QFETCH(QString, op);
        QVERIFY(!hasEstimator(op.toStdString()));
        const auto e = estimateOp(op.toStdString(), OpInputs{});
        QVERIFY(!e.ok());
        QVERIFY(e.error().message.find("no FLOP/byte estimator for op '" + op.toStdString() +
                                       "'") != std::string::npos);
    }

    // Only the forward convolutions use the output shape hint.
    void outputShapeUsers() {
        for (const char* op :
             {"aten::convolution", "aten::_convolution", "aten::conv2d", "aten::cudnn_convolution",
              "aten::miopen_convolution", "aten::conv_transpose2d", "cudnn_convolution.default"})
            QVERIFY2(usesOutputShape(op), op);
        for (const char* op : {"aten::convolution_backward", "aten::mm", "aten::relu", "aten::view",
                               "aten::sum", ""})
            QVERIFY2(!usesOutputShape(op), op);
    }

    void overloadSuffix() {
        QVERIFY(hasEstimator("aten::add.Tensor"));
        QVERIFY(hasEstimator("aten::add_.Scalar"));
        const auto e = estimateOp("aten::mm.default", twoTensors({2, 3}, {3, 4}));
        QVERIFY(e.ok());
        QCOMPARE(e.value().flops, 48.0); // 2·2·4·3
    }

    // GEMM precision and tensor-unit flag by dtype: tensor units for 16-bit, fp8, int8, fp32
    // (TF32 possible, decided by the caller from the kernel) and fp64 (DMMA / FP64 MFMA), not
    // for integer types.
    void precisionByDtype_data() {
        QTest::addColumn<QString>("type");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<bool>("tensorUnits");
        QTest::addColumn<double>("bytes"); // 2·2 inputs + 2·2 output elements of [2,2]
        QTest::newRow("bf16") << "c10::BFloat16"
                              << "bf16" << true << 24.0;
        QTest::newRow("fp16") << "c10::Half"
                              << "fp16" << true << 24.0;
        QTest::newRow("fp32") << "float"
                              << "fp32" << true << 48.0;
        QTest::newRow("fp64") << "double"
                              << "fp64" << true << 96.0;
        QTest::newRow("fp8") << "c10::Float8_e4m3fn"
                             << "fp8" << true << 12.0;
        QTest::newRow("int8") << "signed char"
                              << "int8" << true << 12.0;
        QTest::newRow("int64") << "long int"
                               << "other" << false << 96.0;
        QTest::newRow("missing type") << ""
                                      << "fp32" << true << 48.0;
    }
    void precisionByDtype() {
        QFETCH(QString, type);
        QFETCH(QString, precision);
        QFETCH(bool, tensorUnits);
        QFETCH(double, bytes);
        const auto e = estimateOp("aten::mm", twoTensors({2, 2}, {2, 2}, type.toStdString()));
        QVERIFY(e.ok());
        QCOMPARE(QString::fromUtf8(toString(e.value().precision).data()), precision);
        QCOMPARE(e.value().tensorUnits, tensorUnits);
        QCOMPARE(e.value().bytes(), bytes);
        QVERIFY(e.value().category == Category::gemm);
    }

    void elementwiseNeverOnTensorUnits() {
        OpInputs in;
        in.args.resize(1);
        in.args[0].shapes = {{8}};
        in.args[0].type = "c10::BFloat16";
        const auto e = estimateOp("aten::relu", in);
        QVERIFY(e.ok());
        QVERIFY(!e.value().tensorUnits);
        QVERIFY(e.value().precision == Precision::bf16);
    }

    // Hand-built inputs bypass parseOpInputs' checks; the estimators refuse them cleanly.
    void invalidHandBuiltShapes_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<int>("which"); // 0: negative dim, 1: product beyond 2^62
        for (const char* op : {"aten::mm", "aten::bmm", "aten::conv2d", "aten::relu", "aten::add",
                               "aten::layer_norm", "aten::embedding",
                               "aten::scaled_dot_product_attention", "aten::matmul"}) {
            QTest::newRow((std::string(op) + " negative").c_str()) << QString(op) << 0;
            QTest::newRow((std::string(op) + " huge").c_str()) << QString(op) << 1;
        }
    }
    void invalidHandBuiltShapes() {
        QFETCH(QString, op);
        QFETCH(int, which);
        const std::int64_t big = std::int64_t(1) << 40;
        OpInputs in;
        in.args.resize(3);
        for (auto& arg : in.args) {
            arg.type = "float";
            arg.shapes = {which == 0 ? Shape{2, -3, 4, 4} : Shape{big, big, 1, 1}};
        }
        const auto e = estimateOp(op.toStdString(), in);
        QVERIFY(!e.ok());
    }

    // The largest legal shapes give finite counts (computed in double), not overflow.
    void hugeButValidShapes() {
        const std::int64_t limit = std::int64_t(1) << 62;
        const auto e = estimateOp("aten::mm", twoTensors({limit, 1}, {1, 1}));
        QVERIFY(e.ok());
        QVERIFY(std::isfinite(e.value().flops));
        QCOMPARE(e.value().flops, 2.0 * double(limit)); // 2·2^62·1·1
        const auto conv = parseOpInputs("[[4611686018427387904,1,1],[1,1,1]]", "", "");
        QVERIFY(conv.ok());
        const auto c = estimateOp("aten::conv1d", conv.value());
        QVERIFY(c.ok());
        QVERIFY(std::isfinite(c.value().flops) && std::isfinite(c.value().bytes()));
        // Stride and padding up to 2^40 on a huge input: the output size is refused, not
        // overflowed.
        const auto wide = parseOpInputs("[[1,1,4611686018427387904],[1,1,1]]", "",
                                        R"(["","","","1","1099511627776","1","1"])");
        QVERIFY(wide.ok());
        QVERIFY(!estimateOp("aten::conv1d", wide.value()).ok());
    }
};

QTEST_APPLESS_MAIN(TestOpEstimate)
#include "test_op_estimate.moc"
