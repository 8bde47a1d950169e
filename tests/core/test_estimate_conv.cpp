// Convolutions: FLOPs 2·N·prod(spatial)·w[0]·w[1]·prod(kernel) (flop_counter conv_flop_count),
// stride/padding/dilation/groups from Concrete Inputs at each overload's positions, the output
// shape hint and the assumption text for traces without them, and the backward with
// output_mask. Every expected number is worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

namespace {
// aten::convolution(input, weight, bias, stride, padding, dilation, transposed, output_padding,
// groups) types as a modern trace writes them.
constexpr const char* kConvTypes =
    R"(["float","float","","int[]","int[]","int[]","Scalar","int[]","Scalar"])";
constexpr const char* kResNetDims = "[[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[]]";
} // namespace

class TestEstimateConv : public QObject {
    Q_OBJECT

  private slots:
    void forward_data() {
        estimateColumns();
        // ResNet-50 conv1, stride 2, pad 3: out = floor((224 + 6 - 6 - 1)/2) + 1 = 112.
        // 2·32·64·112·112·3·7·7 = 7,552,892,928. read (32·3·224·224 + 64·3·7·7)·4 =
        // (4,816,896 + 9,408)·4 = 19,305,216; written 32·64·112·112·4 = 102,760,448.
        estimateRow("resnet conv1", "aten::convolution", kResNetDims, kConvTypes,
                    R"(["", "", "", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]", "1"])",
                    7552892928.0, 19305216, 102760448, "conv", "fp32", true);
        // The same through cudnn_convolution(self, weight, padding, stride, dilation, groups,
        // ...): padding at 2, stride at 3.
        estimateRow(
            "cudnn_convolution", "aten::cudnn_convolution",
            "[[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[]]",
            R"(["float","float","int[]","int[]","int[]","Scalar","Scalar","Scalar","Scalar"])",
            R"(["", "", "[3, 3]", "[2, 2]", "[1, 1]", "1", "False", "False", "True"])",
            7552892928.0, 19305216, 102760448, "conv", "fp32", true);
        // Legacy 2021 trace: no Concrete Inputs, so the defaults stride 1, pad 0 apply:
        // out = 224 - 7 + 1 = 218; 2·32·64·218·218·3·49 = 28,614,770,688; written
        // 32·64·218·218·4 = 389,316,608.
        estimateRow("legacy cudnn_convolution defaults", "aten::cudnn_convolution",
                    "[[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[]]",
                    R"(["float","float","GenericList","GenericList","GenericList","Int","Bool",)"
                    R"("Bool","Bool"])",
                    "", 28614770688.0, 19305216, 389316608, "conv", "fp32", true);
        // conv2d(input, weight, bias, stride, padding, dilation, groups), bf16 with bias, 3x3
        // pad 1: out 56. 2·8·128·56·56·64·9 = 3,699,376,128; read (8·64·56·56 + 128·64·9 +
        // 128)·2 = (1,605,632 + 73,728 + 128)·2 = 3,358,976; written 8·128·56·56·2 = 6,422,528.
        estimateRow("conv2d bf16 bias", "aten::conv2d", "[[8,64,56,56],[128,64,3,3],[128]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16"])",
                    R"(["", "", "", "[1, 1]", "[1, 1]", "[1, 1]", "1"])", 3699376128.0, 3358976,
                    6422528, "conv", "bf16", true);
        // Grouped (ResNeXt-like) groups 4: C_in 64 = 16·4; stride 2 pad 1: out =
        // floor((28 + 2 - 2 - 1)/2) + 1 = 14. 2·4·128·14·14·16·9 = 28,901,376; read
        // (4·64·28·28 + 128·16·9)·4 = (200,704 + 18,432)·4 = 876,544; written 4·128·14·14·4 =
        // 401,408.
        estimateRow("grouped", "aten::convolution", "[[4,64,28,28],[128,16,3,3],[],[],[],[]]",
                    kConvTypes,
                    R"(["", "", "", "[2, 2]", "[1, 1]", "[1, 1]", "False", "[0, 0]", "4"])",
                    28901376, 876544, 401408, "conv", "fp32", true);
        // Depthwise without Concrete Inputs: groups inferred 32/1 = 32; out 10 - 3 + 1 = 8.
        // 2·2·32·8·8·1·9 = 73,728; read (2·32·100 + 32·9)·4 = (6,400 + 288)·4 = 26,752;
        // written 2·32·64·4 = 16,384.
        estimateRow("depthwise inferred groups", "aten::conv2d", "[[2,32,10,10],[32,1,3,3]]", "",
                    "", 73728, 26752, 16384, "conv", "fp32", true);
        // Dilation 2, padding 2, single-int lists: out = (32 + 4 - 2·2 - 1) + 1 = 32.
        // 2·1·16·32·32·16·9 = 4,718,592; read (16·1024 + 16·16·9)·4 = (16,384 + 2,304)·4 =
        // 74,752; written 16·1024·4 = 65,536.
        estimateRow("dilated", "aten::conv2d", "[[1,16,32,32],[16,16,3,3]]", "",
                    R"(["", "", "", "1", "2", "2", "1"])", 4718592, 74752, 65536, "conv", "fp32",
                    true);
        // conv1d: out 100 - 5 + 1 = 96. 2·4·16·96·8·5 = 491,520; read (4·8·100 + 16·8·5 +
        // 16)·4 = (3,200 + 640 + 16)·4 = 15,424; written 4·16·96·4 = 24,576.
        estimateRow("conv1d", "aten::conv1d", "[[4,8,100],[16,8,5],[16]]", "",
                    R"(["", "", "", "[1]", "[0]", "[1]", "1"])", 491520, 15424, 24576, "conv",
                    "fp32", true);
        // conv3d pad 1: out 8. 2·2·8·(8·8·8)·4·27 = 1,769,472; read (2·4·512 + 8·4·27)·4 =
        // (4,096 + 864)·4 = 19,840; written 2·8·512·4 = 32,768.
        estimateRow("conv3d", "aten::conv3d", "[[2,4,8,8,8],[8,4,3,3,3]]", "",
                    R"(["", "", "", "[1, 1, 1]", "[1, 1, 1]", "[1, 1, 1]", "1"])", 1769472, 19840,
                    32768, "conv", "fp32", true);
        // padding='same': out 10. 2·1·6·100·3·9 = 32,400; read (300 + 162)·4 = 1,848;
        // written 600·4 = 2,400.
        estimateRow("padding same", "aten::conv2d", "[[1,3,10,10],[6,3,3,3]]", "",
                    R"(["", "", "", "[1, 1]", "'same'", "[1, 1]", "1"])", 32400, 1848, 2400, "conv",
                    "fp32", true);
        // Transposed (conv_transpose2d: stride 3, padding 4, output_padding 5, groups 6,
        // dilation 7): w [C_in 16, C_out 8, 4, 4], stride 2 pad 1: out = (8-1)·2 - 2 + 3 + 1
        // = 16. FLOPs over the input's spatial extent: 2·1·(8·8)·16·8·16 = 262,144. read
        // (16·64 + 16·8·16)·4 = (1,024 + 2,048)·4 = 12,288; written 8·16·16·4 = 8,192.
        estimateRow("conv_transpose2d", "aten::conv_transpose2d", "[[1,16,8,8],[16,8,4,4]]", "",
                    R"(["", "", "", "[2, 2]", "[1, 1]", "[0, 0]", "1", "[1, 1]"])", 262144, 12288,
                    8192, "conv", "fp32", true);
        estimateRow("convolution transposed", "aten::convolution",
                    "[[1,16,8,8],[16,8,4,4],[],[],[],[],[],[],[]]", kConvTypes,
                    R"(["", "", "", "[2, 2]", "[1, 1]", "[1, 1]", "True", "[0, 0]", "1"])", 262144,
                    12288, 8192, "conv", "fp32", true);
    }
    void forward() { checkEstimateRow(); }

    void backward_data() {
        estimateColumns();
        // output_mask [True, True, False] = 2 x forward = 2·7,552,892,928 = 15,105,785,856.
        // read grad_out 102,760,448 + weight 64·3·49·4 = 37,632 (for grad_input) + input
        // 19,267,584 (for grad_weight) = 122,065,664; written grad_input 19,267,584 +
        // grad_weight 37,632 = 19,305,216.
        estimateRow("resnet conv1 TTF", "aten::convolution_backward",
                    "[[32,64,112,112],[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[],[]]",
                    R"(["float","float","float","int[]","int[]","int[]","int[]","Scalar","int[]",)"
                    R"("Scalar","bool[]"])",
                    R"(["", "", "", "[64]", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]",)"
                    R"( "1", "[True, True, False]"])",
                    15105785856.0, 122065664, 19305216, "conv", "fp32", true);
        // First layer: no grad_input, grad_weight and grad_bias: 1 x forward = 7,552,892,928;
        // read grad_out 102,760,448 + input 19,267,584 = 122,028,032; written grad_weight
        // 37,632 + grad_bias 64·4 = 256 -> 37,888.
        estimateRow("resnet conv1 FTT", "aten::convolution_backward",
                    "[[32,64,112,112],[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[],[]]", "",
                    R"(["", "", "", "[64]", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]",)"
                    R"( "1", "[False, True, True]"])",
                    7552892928.0, 122028032, 37888, "conv", "fp32", true);
        // Grouped: 2 x 28,901,376 = 57,802,752; read (4·128·14·14 + 4·64·28·28 +
        // 128·16·9)·4 = (100,352 + 200,704 + 18,432)·4 = 1,277,952; written (200,704 +
        // 18,432)·4 = 876,544.
        estimateRow("grouped TTF", "aten::convolution_backward",
                    "[[4,128,14,14],[4,64,28,28],[128,16,3,3],[],[],[],[],[],[],[],[]]", "",
                    R"(["", "", "", "[]", "[2, 2]", "[1, 1]", "[1, 1]", "False", "[0, 0]",)"
                    R"( "4", "[True, True, False]"])",
                    57802752, 1277952, 876544, "conv", "fp32", true);
        // Transposed: each branch 2·1·(8·8)·16·8·16 = 262,144 -> 524,288; read (8·256 +
        // 16·8·16 + 16·64)·4 = (2,048 + 2,048 + 1,024)·4 = 20,480; written (1,024 + 2,048)·4
        // = 12,288.
        estimateRow("transposed TTF", "aten::convolution_backward",
                    "[[1,8,16,16],[1,16,8,8],[16,8,4,4],[],[],[],[],[],[],[],[]]", "",
                    R"(["", "", "", "[]", "[2, 2]", "[1, 1]", "[1, 1]", "True", "[0, 0]", "1",)"
                    R"( "[True, True, False]"])",
                    524288, 20480, 12288, "conv", "fp32", true);
        // Legacy cudnn_convolution_backward(self, grad_output, weight, ...) from the 2021
        // trace, no mask recorded -> grad_input and grad_weight. Forward 2·32·2048·(7·7)·
        // 512·1 = 3,288,334,336, twice = 6,576,668,672; read (32·2048·49 + 2048·512 +
        // 32·512·49)·4 = (3,211,264 + 1,048,576 + 802,816)·4 = 20,250,624; written
        // (802,816 + 1,048,576)·4 = 7,405,568.
        estimateRow("legacy cudnn backward", "aten::cudnn_convolution_backward",
                    "[[32,512,7,7],[32,2048,7,7],[2048,512,1,1],[],[],[],[],[],[],[],[]]",
                    R"(["float","float","float","GenericList","GenericList","GenericList",)"
                    R"("Int","Bool","Bool","Bool","GenericList"])",
                    "", 6576668672.0, 20250624, 7405568, "conv", "fp32", true);
    }
    void backward() { checkEstimateRow(); }

    // The output shape hint (OpInputs::outputShape, from the dataflow) for traces without
    // Concrete Inputs: the output's spatial size gives the FLOPs; recorded Concrete Inputs take
    // precedence; a hint that does not fit is ignored and said so.
    void outputHint_data() {
        QTest::addColumn<QString>("op");
        QTest::addColumn<QString>("dims");
        QTest::addColumn<QString>("concrete");
        QTest::addColumn<QString>("hint"); // "" for none
        QTest::addColumn<double>("flops");
        QTest::addColumn<double>("bytesRead");
        QTest::addColumn<double>("bytesWritten");
        QTest::addColumn<QString>("assumption"); // a part of it; "" = none
        const char* legacy1x1 = "[[32,256,56,56],[512,256,1,1],[],[],[],[],[],[],[]]";
        // A ResNet-50 stride-2 1x1 downsample conv in a legacy trace. Without a hint stride 1 is
        // assumed: out 56, 2·32·512·(56·56)·256·1 = 26,306,674,688; read (32·256·56·56 +
        // 512·256)·4 = (25,690,112 + 131,072)·4 = 103,284,736; written 32·512·3136·4 =
        // 205,520,896.
        QTest::newRow("1x1 stride 2, no hint") << "aten::cudnn_convolution" << legacy1x1 << ""
                                               << "" << 26306674688.0 << 103284736.0 << 205520896.0
                                               << "stride 1 and padding 0 assumed";
        // With the consumer's input [32, 512, 28, 28] as the hint: 2·32·512·(28·28)·256 =
        // 6,576,668,672, a quarter of the stride-1 count; written 32·512·784·4 = 51,380,224;
        // read unchanged; nothing assumed.
        QTest::newRow("1x1 stride 2, hint 28x28")
            << "aten::cudnn_convolution" << legacy1x1 << ""
            << "[32,512,28,28]" << 6576668672.0 << 103284736.0 << 51380224.0 << "";
        // ResNet conv1 (7x7, stride 2, pad 3) with the hint [32, 64, 112, 112]: the numbers of
        // the Concrete Inputs row "resnet conv1" above: 7,552,892,928, 19,305,216, 102,760,448.
        QTest::newRow("conv1 hint 112x112")
            << "aten::cudnn_convolution"
            << "[[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[]]"
            << ""
            << "[32,64,112,112]" << 7552892928.0 << 19305216.0 << 102760448.0 << "";
        // Concrete Inputs record stride 1: they win over a (wrong) hint: the stride-1 numbers.
        QTest::newRow("concrete inputs win")
            << "aten::convolution" << legacy1x1
            << R"(["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "False", "[0, 0]", "1"])"
            << "[32,512,28,28]" << 26306674688.0 << 103284736.0 << 205520896.0 << "";
        // A hint with the wrong channel count (256, not C_out 512) is ignored: stride-1 numbers.
        QTest::newRow("hint does not fit")
            << "aten::cudnn_convolution" << legacy1x1 << ""
            << "[32,256,28,28]" << 26306674688.0 << 103284736.0 << 205520896.0
            << "does not fit [32, 512, spatial...] and was ignored";
        // Transposed, 4x4 kernel, hint [1, 8, 16, 16]: FLOPs over the input's spatial extent
        // either way, 2·1·(8·8)·16·8·16 = 262,144; read (16·64 + 16·8·16)·4 = 12,288; written
        // from the hint 8·16·16·4 = 8,192 (stride 1 would give 8 - 1 + 3 + 1 = 11: 3,872).
        QTest::newRow("transposed hint") << "aten::conv_transpose2d"
                                         << "[[1,16,8,8],[16,8,4,4]]"
                                         << ""
                                         << "[1,8,16,16]" << 262144.0 << 12288.0 << 8192.0 << "";
        QTest::newRow("transposed no hint")
            << "aten::conv_transpose2d"
            << "[[1,16,8,8],[16,8,4,4]]"
            << ""
            << "" << 262144.0 << 12288.0 << 3872.0 << "the output bytes may be too small";
        // An unbatched conv1d input [C, L] takes an unbatched hint [C_out, L_out]: kernel 3 over
        // 100 with stride 2 -> 49 (hint): 2·1·49·16·8·3 = 37,632; read (8·100 + 16·8·3)·4 =
        // (800 + 384)·4 = 4,736; written 16·49·4 = 3,136.
        QTest::newRow("unbatched conv1d hint") << "aten::conv1d"
                                               << "[[8,100],[16,8,3]]"
                                               << ""
                                               << "[16,49]" << 37632.0 << 4736.0 << 3136.0 << "";
    }
    void outputHint() {
        QFETCH(QString, op);
        QFETCH(QString, dims);
        QFETCH(QString, concrete);
        QFETCH(QString, hint);
        QFETCH(double, flops);
        QFETCH(double, bytesRead);
        QFETCH(double, bytesWritten);
        QFETCH(QString, assumption);
        auto inputs = parseOpInputs(dims.toStdString(), "", concrete.toStdString());
        QVERIFY(inputs.ok());
        OpInputs in = std::move(inputs).value();
        if (!hint.isEmpty()) {
            const auto shape = parseOpInputs(("[" + hint + "]").toStdString(), "", "");
            QVERIFY(shape.ok() && shape.value().tensor(0));
            in.outputShape = *shape.value().tensor(0);
        }
        QVERIFY(usesOutputShape(op.toStdString()));
        const auto e = estimateOp(op.toStdString(), in);
        QVERIFY2(e.ok(), e.ok() ? "" : e.error().toString().c_str());
        QCOMPARE(e.value().flops, flops);
        QCOMPARE(e.value().bytesRead, bytesRead);
        QCOMPARE(e.value().bytesWritten, bytesWritten);
        const QString text = QString::fromStdString(e.value().assumption);
        if (assumption.isEmpty())
            QVERIFY2(text.isEmpty(), qPrintable(text));
        else
            QVERIFY2(text.contains(assumption), qPrintable(text));
    }

    void assumptions_data() {
        assumptionColumns();
        // Concrete Inputs record the stride: nothing assumed.
        assumptionRow("stride recorded", "aten::convolution", kResNetDims, kConvTypes,
                      R"(["", "", "", "[2, 2]", "[3, 3]", "[1, 1]", "False", "[0, 0]", "1"])", "");
        // The 2021 trace: no Concrete Inputs.
        assumptionRow("legacy cudnn_convolution", "aten::cudnn_convolution",
                      "[[32,3,224,224],[64,3,7,7],[],[],[],[],[],[],[]]",
                      R"(["float","float","GenericList","GenericList","GenericList","Int","Bool",)"
                      R"("Bool","Bool"])",
                      "", "stride 1 and padding 0 assumed: the trace records no Concrete Inputs");
        // Backward counts over grad_output's recorded extent: exact without Concrete Inputs.
        assumptionRow("legacy backward exact", "aten::cudnn_convolution_backward",
                      "[[32,512,7,7],[32,2048,7,7],[2048,512,1,1],[],[],[],[],[],[],[],[]]", "", "",
                      "");
    }
    void assumptions() { checkAssumptionRow(); }

    void errors_data() {
        errorColumns();
        errorRow("channel mismatch", "aten::convolution", "[[1,4,8,8],[8,3,3,3]]", "",
                 R"(["", "", "", "[1, 1]", "[0, 0]", "[1, 1]", "False", "[0, 0]", "1"])",
                 "expected the input to have 3 channels");
        errorRow("channels not a multiple", "aten::conv2d", "[[1,4,8,8],[8,3,3,3]]", "", "",
                 "expected the input to have 3 channels");
        errorRow("too small", "aten::conv2d", "[[1,3,2,2],[4,3,5,5]]", "", "",
                 "gives no valid output");
        errorRow("stride length", "aten::conv2d", "[[1,3,8,8],[4,3,3,3]]", "",
                 R"(["", "", "", "[1, 1, 1]", "[0, 0]", "[1, 1]", "1"])",
                 "stride has 3 values for 2 spatial dimensions");
        errorRow("zero stride", "aten::conv2d", "[[1,3,8,8],[4,3,3,3]]", "",
                 R"(["", "", "", "[0, 1]", "[0, 0]", "[1, 1]", "1"])", "invalid stride 0");
        errorRow("bias size", "aten::conv2d", "[[1,3,8,8],[4,3,3,3],[5]]", "", "",
                 "expected a bias of 4 elements");
        errorRow("weight rank", "aten::conv2d", "[[1,3,8,8],[4,3]]", "", "",
                 "weight with 3 to 5 dimensions");
        errorRow("backward channels", "aten::convolution_backward",
                 "[[1,5,6,6],[1,3,8,8],[4,3,3,3]]", "", "", "expected input [1, 3, ...]");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateConv)
#include "test_estimate_conv.moc"
