// Optimizer steps: fused Adam/AdamW/SGD over tensor lists, the _foreach_* building blocks and
// optimizerStep() for the model zoo. Every expected number is worked out by hand in the row's
// comment. The parameter list is [[10,20],[20]]: 200 + 20 = 220 elements, 880 B in fp32 (Kineto
// writes "TensorList" as the type, so fp32 is assumed).
#include "core/estimate/optimizer_step.h"
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

namespace {
constexpr const char* kAdamTypes =
    R"(["TensorList","TensorList","TensorList","TensorList","TensorList","TensorList",)"
    R"("Scalar","Scalar","Scalar","Scalar","Scalar","Scalar","Scalar","",""])";
} // namespace

class TestEstimateOptimizer : public QObject {
    Q_OBJECT

  private slots:
    void fused_data() {
        estimateColumns();
        // AdamW 14·220 = 3,080. read params, grads, exp_avgs, exp_avg_sqs 4·880 = 3,520 + two
        // 0-d fp32 steps 8 = 3,528; written params, exp_avgs, exp_avg_sqs 3·880 = 2,640.
        estimateRow("_fused_adamw_", "aten::_fused_adamw_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[],[[],[]],"
                    "[],[],[],[],[],[],[],[],[]]",
                    kAdamTypes,
                    R"(["","","","","","","0.001","0.9","0.999","0.01","1e-08","False",)"
                    R"("False","",""])",
                    3080, 3528, 2640, "optimizer", "fp32", false);
        // weight_decay 0: no decoupled decay, 13·220 = 2,860.
        estimateRow("_fused_adamw_ no decay", "aten::_fused_adamw_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[],[[],[]]]",
                    kAdamTypes,
                    R"(["","","","","","","0.001","0.9","0.999","0.0","1e-08","False"])", 2860,
                    3528, 2640, "optimizer", "fp32", false);
        // Adam with amsgrad: (13 + 1)·220 = 3,080; read 5·880 + 8 = 4,408; written 4·880 =
        // 3,520.
        estimateRow("_fused_adam_ amsgrad", "aten::_fused_adam_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],"
                    "[[10,20],[20]],[[],[]]]",
                    kAdamTypes, R"(["","","","","","","0.001","0.9","0.999","0","1e-08","True"])",
                    3080, 4408, 3520, "optimizer", "fp32", false);
        // Adam with L2 weight decay 0.1: (13 + 2)·220 = 3,300.
        estimateRow("_fused_adam_ l2", "aten::_fused_adam_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[],[[],[]]]",
                    kAdamTypes,
                    R"(["","","","","","","0.001","0.9","0.999","0.1","1e-08","False"])", 3300,
                    3528, 2640, "optimizer", "fp32", false);
        // SGD with momentum: 4·220 = 880; read params, grads, buffers 3·880 = 2,640; written
        // params and buffers 1,760.
        estimateRow("_fused_sgd_ momentum", "aten::_fused_sgd_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[],[],[]]",
                    R"(["TensorList","TensorList","TensorList","Scalar","Scalar","Scalar"])",
                    R"(["","","","0","0.9","0.1"])", 880, 2640, 1760, "optimizer", "fp32", false);
        // Plain SGD: 2·220 = 440; read 1,760; written 880.
        estimateRow("_fused_sgd_ plain", "aten::_fused_sgd_",
                    "[[[10,20],[20]],[[10,20],[20]],[],[],[],[]]",
                    R"(["TensorList","TensorList","TensorList","Scalar","Scalar","Scalar"])",
                    R"(["","","","0","0","0.1"])", 440, 1760, 880, "optimizer", "fp32", false);
    }
    void fused() { checkEstimateRow(); }

    void foreachOps_data() {
        estimateColumns();
        // grads += 0.01·params: (1 + 1)·220 = 440; read 2·880 = 1,760; written 880.
        estimateRow("add_ list alpha", "aten::_foreach_add_", "[[[10,20],[20]],[[10,20],[20]],[]]",
                    R"(["TensorList","TensorList","Scalar"])", R"(["","","0.01"])", 440, 1760, 880,
                    "optimizer", "fp32", false);
        // steps += 1 over two 0-d tensors: 2 adds; 8 B each way.
        estimateRow("add_ scalar", "aten::_foreach_add_", "[[[],[]],[]]",
                    R"(["TensorList","Scalar"])", R"(["","1"])", 2, 8, 8, "optimizer", "fp32",
                    false);
        // lerp 3·220 = 660; read 1,760; written 880.
        estimateRow("lerp_", "aten::_foreach_lerp_", "[[[10,20],[20]],[[10,20],[20]],[]]",
                    R"(["TensorList","TensorList","Scalar"])", R"(["","","0.1"])", 660, 1760, 880,
                    "optimizer", "fp32", false);
        // addcmul value 0.001: (2 + 1)·220 = 660; read 3·880 = 2,640; written 880.
        estimateRow("addcmul_", "aten::_foreach_addcmul_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[]]",
                    R"(["TensorList","TensorList","TensorList","Scalar"])", R"(["","","","0.001"])",
                    660, 2640, 880, "optimizer", "fp32", false);
        // addcdiv value 1: 2·220 = 440.
        estimateRow("addcdiv_", "aten::_foreach_addcdiv_",
                    "[[[10,20],[20]],[[10,20],[20]],[[10,20],[20]],[]]",
                    R"(["TensorList","TensorList","TensorList","Scalar"])", R"(["","","","1"])",
                    440, 2640, 880, "optimizer", "fp32", false);
        // Out of place sqrt: 220; a new list written, 880.
        estimateRow("sqrt", "aten::_foreach_sqrt", "[[[10,20],[20]]]", R"(["TensorList"])", "", 220,
                    880, 880, "optimizer", "fp32", false);
        // norm: 2·220 = 440; written two fp32 scalars, 8.
        estimateRow("norm", "aten::_foreach_norm", "[[[10,20],[20]],[]]",
                    R"(["TensorList","Scalar"])", R"(["","2"])", 440, 880, 8, "optimizer", "fp32",
                    false);
        estimateRow("zero_", "aten::_foreach_zero_", "[[[10,20],[20]]]", R"(["TensorList"])", "", 0,
                    0, 880, "optimizer", "fp32", false);
    }
    void foreachOps() { checkEstimateRow(); }

    void errors_data() {
        errorColumns();
        // Older traces record a TensorList as [] with no shapes: nothing to count.
        errorRow("legacy empty list", "aten::_foreach_mul_", "[[],[]]",
                 R"(["TensorList","Scalar"])", "", "expected a tensor list");
        errorRow("grads mismatch", "aten::_fused_adamw_", "[[[10,20],[20]],[[10,20]]]", "", "",
                 "expected the tensor list at argument 1");
    }
    void errors() { checkErrorRow(); }

    void optimizerStepTable_data() {
        QTest::addColumn<int>("kind");
        QTest::addColumn<double>("params");
        QTest::addColumn<double>("paramBytes");
        QTest::addColumn<double>("stateBytes");
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytesRead");
        QTest::addColumn<double>("bytesWritten");
        QTest::addColumn<QString>("precision");
        // 2·1,000; read p, g 1,000·(4 + 4) = 8,000; written p 4,000.
        QTest::newRow("sgd") << int(OptimizerKind::sgd) << 1000.0 << 4.0 << 4.0 << 2000.0 << 8000.0
                             << 4000.0 << "fp32";
        // 4·1,000; read p, g, buf 1,000·12 = 12,000; written p, buf 8,000.
        QTest::newRow("sgd momentum") << int(OptimizerKind::sgd_momentum) << 1000.0 << 4.0 << 4.0
                                      << 4000.0 << 12000.0 << 8000.0 << "fp32";
        // bf16 params, fp32 moments: 13·1,000; read 1,000·(2·2 + 2·4) = 12,000; written
        // 1,000·(2 + 2·4) = 10,000.
        QTest::newRow("adam") << int(OptimizerKind::adam) << 1000.0 << 2.0 << 4.0 << 13000.0
                              << 12000.0 << 10000.0 << "fp32";
        // 1e9 params: 14e9; read 1e9·12 = 12e9; written 1e9·10 = 10e9.
        QTest::newRow("adamw 1B") << int(OptimizerKind::adamw) << 1e9 << 2.0 << 4.0 << 14e9 << 12e9
                                  << 10e9 << "fp32";
        // fp64 everywhere: 14·10 = 140; read 10·32 = 320; written 10·24 = 240.
        QTest::newRow("adamw fp64")
            << int(OptimizerKind::adamw) << 10.0 << 8.0 << 8.0 << 140.0 << 320.0 << 240.0 << "fp64";
        QTest::newRow("negative count")
            << int(OptimizerKind::adam) << -5.0 << 4.0 << 4.0 << 0.0 << 0.0 << 0.0 << "fp32";
    }
    void optimizerStepTable() {
        QFETCH(int, kind);
        QFETCH(double, params);
        QFETCH(double, paramBytes);
        QFETCH(double, stateBytes);
        QFETCH(double, flops);
        QFETCH(double, bytesRead);
        QFETCH(double, bytesWritten);
        QFETCH(QString, precision);
        const OpEstimate e = optimizerStep(OptimizerKind(kind), params, paramBytes, stateBytes);
        QCOMPARE(e.flops, flops);
        QCOMPARE(e.bytesRead, bytesRead);
        QCOMPARE(e.bytesWritten, bytesWritten);
        QCOMPARE(QString::fromUtf8(toString(e.precision).data()), precision);
        QVERIFY(e.category == Category::optimizer);
        QVERIFY(!e.tensorUnits);
        QVERIFY(!e.formula.empty());
    }

    void perElementCounts() {
        QCOMPARE(optimizerFlopsPerElement(OptimizerKind::sgd), 2.0);
        QCOMPARE(optimizerFlopsPerElement(OptimizerKind::sgd_momentum), 4.0);
        QCOMPARE(optimizerFlopsPerElement(OptimizerKind::adam), 13.0);
        QCOMPARE(optimizerFlopsPerElement(OptimizerKind::adamw), 14.0);
    }
};

QTEST_APPLESS_MAIN(TestEstimateOptimizer)
#include "test_estimate_optimizer.moc"
