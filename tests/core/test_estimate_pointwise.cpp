// Element-wise ops, softmax and memory ops with the per-element table of estimate_pointwise.cpp,
// broadcasting, in-place variants and output dtypes. Every expected number is worked out by hand
// in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimatePointwise : public QObject {
    Q_OBJECT

  private slots:
    void unary_data() {
        estimateColumns();
        // n = 32·64·112·112 = 25,690,112; relu 1·n; read = written = n·4 = 102,760,448.
        estimateRow("relu_ legacy", "aten::relu_", "[[32,64,112,112]]", R"(["float"])", "",
                    25690112, 102760448, 102760448, "elementwise", "fp32", false);
        // n = 1,048,576; bytes 2·n = 2,097,152 each way.
        estimateRow("relu bf16", "aten::relu", "[[1024,1024]]", R"(["c10::BFloat16"])", "", 1048576,
                    2097152, 2097152, "elementwise", "bf16", false);
        // gelu 5·(8·4096 = 32,768) = 163,840; bytes 65,536 each way.
        estimateRow("gelu", "aten::gelu", "[[8,4096],[]]", R"(["c10::BFloat16","str"])",
                    R"(["","none"])", 163840, 65536, 65536, "elementwise", "bf16", false);
        // gelu tanh 9·32,768 = 294,912.
        estimateRow("gelu tanh", "aten::gelu", "[[8,4096],[]]", R"(["c10::BFloat16","str"])",
                    R"(["","'tanh'"])", 294912, 65536, 65536, "elementwise", "bf16", false);
        // silu 5·100 = 500; 100·2 = 200 each way.
        estimateRow("silu fp16", "aten::silu_", "[[100]]", R"(["c10::Half"])", "", 500, 200, 200,
                    "elementwise", "fp16", false);
        // sigmoid 4·2048 = 8,192; 2048·4 = 8,192 each way.
        estimateRow("sigmoid", "aten::sigmoid", "[[2048]]", R"(["float"])", "", 8192, 8192, 8192,
                    "elementwise", "fp32", false);
        // tanh 1·(2048·160 = 327,680); 1,310,720 each way.
        estimateRow("tanh", "aten::tanh", "[[2048,160]]", R"(["float"])", "", 327680, 1310720,
                    1310720, "elementwise", "fp32", false);
        estimateRow("exp_", "aten::exp_", "[[2048]]", R"(["float"])", "", 2048, 8192, 8192,
                    "elementwise", "fp32", false);
        // ws128 clamp with both bounds: 2·(2048·72 = 147,456) = 294,912; 589,824 each way.
        estimateRow("clamp two bounds", "aten::clamp", "[[2048,72],[],[]]",
                    R"(["float","Scalar","Scalar"])", "", 294912, 589824, 589824, "elementwise",
                    "fp32", false);
        // Legacy clamp_min with an out tensor as argument 2 (not read): 1·25,690,112.
        estimateRow("clamp_min out", "aten::clamp_min", "[[32,64,112,112],[],[32,64,112,112]]",
                    R"(["float","Int","float"])", "", 25690112, 102760448, 102760448, "elementwise",
                    "fp32", false);
    }
    void unary() { checkEstimateRow(); }

    void binary_data() {
        estimateColumns();
        // Legacy 0-d long tensors: 1 add; read 2·8 = 16; written 8.
        estimateRow("add 0-d long", "aten::add", "[[],[],[]]", R"(["long int","long int","Int"])",
                    "", 1, 16, 8, "elementwise", "other", false);
        // In place: 2048·128 = 262,144 adds; read 2·262,144·4 = 2,097,152; written 1,048,576.
        estimateRow("add_ in place", "aten::add_", "[[2048,128],[2048,128],[]]",
                    R"(["float","float","Scalar"])", "", 262144, 2097152, 1048576, "elementwise",
                    "fp32", false);
        // [4,1,8] + 2·[3,1] -> [4,3,8] = 96 elements, alpha 2 adds a multiply: 2·96 = 192;
        // read (32 + 3)·4 = 140; written 96·4 = 384.
        estimateRow("add alpha broadcast", "aten::add", "[[4,1,8],[3,1],[]]", "", R"(["","","2"])",
                    192, 140, 384, "elementwise", "fp32", false);
        // mul_ by a 0-d tensor: 512·8192 = 4,194,304; read 4,194,304·4 + 4 = 16,777,220;
        // written 16,777,216.
        estimateRow("mul_ by 0-d tensor", "aten::mul_", "[[512,8192],[]]", R"(["float","float"])",
                    "", 4194304, 16777220, 16777216, "elementwise", "fp32", false);
        // By a Scalar: 2048 divides; 8,192 each way.
        estimateRow("div scalar", "aten::div", "[[2048],[]]", R"(["float","Scalar"])",
                    R"(["","2"])", 2048, 8192, 8192, "elementwise", "fp32", false);
        // bf16 · fp32 promotes to fp32: 4 FLOP; read 4·2 + 4·4 = 24; written 4·4 = 16.
        estimateRow("mul promotes", "aten::mul", "[[4],[4]]", R"(["c10::BFloat16","float"])", "", 4,
                    24, 16, "elementwise", "fp32", false);
        estimateRow("rsub double", "aten::rsub", "[[1,2048],[],[]]",
                    R"(["double","Scalar","Scalar"])", "", 2048, 16384, 16384, "elementwise",
                    "fp64", false);
        // threshold_backward: n = 32·2048·49 = 3,211,264; read 2·n·4 = 25,690,112; written
        // 12,845,056.
        estimateRow("threshold_backward", "aten::threshold_backward",
                    "[[32,2048,7,7],[32,2048,7,7],[]]", R"(["float","float","Int"])", "", 3211264,
                    25690112, 12845056, "elementwise", "fp32", false);
        // 3·2048 = 6,144; read 2·2048·4 = 16,384; written 8,192.
        estimateRow("sigmoid_backward", "aten::sigmoid_backward", "[[2048,1],[2048,1]]",
                    R"(["float","float"])", "", 6144, 16384, 8192, "elementwise", "fp32", false);
        // n = 2048·3474 = 7,114,752: 3·n = 21,344,256; read 2·n·4 = 56,918,016; written
        // 28,459,008.
        estimateRow("tanh_backward", "aten::tanh_backward", "[[2048,3474],[2048,3474]]",
                    R"(["float","float"])", "", 21344256, 56918016, 28459008, "elementwise", "fp32",
                    false);
        // 11·32,768 = 360,448; read 2·65,536 = 131,072; written 65,536.
        estimateRow("gelu_backward", "aten::gelu_backward", "[[8,4096],[8,4096],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","str"])", R"(["","","none"])", 360448,
                    131072, 65536, "elementwise", "bf16", false);
        // 18·32,768 = 589,824.
        estimateRow("gelu_backward tanh", "aten::gelu_backward", "[[8,4096],[8,4096],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","str"])", R"(["","","tanh"])", 589824,
                    131072, 65536, "elementwise", "bf16", false);
        // 9·100 = 900; read 2·200 = 400; written 200.
        estimateRow("silu_backward", "aten::silu_backward", "[[100],[100]]",
                    R"(["c10::Half","c10::Half"])", "", 900, 400, 200, "elementwise", "fp16",
                    false);
    }
    void binary() { checkEstimateRow(); }

    void dropoutSoftmaxMemory_data() {
        estimateColumns();
        // 2·4096 = 8,192; read 4096·2 = 8,192; written out 8,192 + bool mask 4,096 = 12,288.
        estimateRow("native_dropout", "aten::native_dropout", "[[4,1024],[],[]]",
                    R"(["c10::BFloat16","Scalar","Scalar"])", R"(["","0.1","True"])", 8192, 8192,
                    12288, "elementwise", "bf16", false);
        // train=False: a copy, no arithmetic.
        estimateRow("dropout eval", "aten::dropout", "[[4,1024],[],[]]",
                    R"(["c10::BFloat16","Scalar","Scalar"])", R"(["","0.1","False"])", 0, 8192,
                    8192, "elementwise", "bf16", false);
        // g·mask·scale: 2·4096 = 8,192; read 8,192 + mask 4,096 = 12,288; written 8,192.
        estimateRow("native_dropout_backward", "aten::native_dropout_backward",
                    "[[4,1024],[4,1024],[]]", R"(["c10::BFloat16","bool","Scalar"])", "", 8192,
                    12288, 8192, "elementwise", "bf16", false);
        // n = 8·16·128·128 = 2,097,152: 5·n = 10,485,760; 4,194,304 each way.
        estimateRow("_softmax bf16", "aten::_softmax", "[[8,16,128,128],[],[]]",
                    R"(["c10::BFloat16","Scalar","Scalar"])", R"(["","-1","False"])", 10485760,
                    4194304, 4194304, "reduction", "bf16", false);
        // half_to_float: written 2,097,152·4 = 8,388,608.
        estimateRow("_softmax half_to_float", "aten::_softmax", "[[8,16,128,128],[],[]]",
                    R"(["c10::BFloat16","Scalar","Scalar"])", R"(["","-1","True"])", 10485760,
                    4194304, 8388608, "reduction", "bf16", false);
        // softmax(dtype=6, i.e. float): 5·40 = 200; read 40·2 = 80; written 40·4 = 160.
        estimateRow("softmax dtype", "aten::softmax", "[[4,10],[],[]]",
                    R"(["c10::BFloat16","Scalar","ScalarType"])", R"(["","-1","6"])", 200, 80, 160,
                    "reduction", "bf16", false);
        // Legacy log_softmax: 5·32,000 = 160,000; 128,000 each way.
        estimateRow("log_softmax", "aten::log_softmax", "[[32,1000],[],[]]",
                    R"(["float","Int","Int"])", "", 160000, 128000, 128000, "reduction", "fp32",
                    false);
        // 4·32,000 = 128,000; read grad and output 256,000; written 128,000.
        estimateRow("_softmax_backward_data", "aten::_softmax_backward_data",
                    "[[32,1000],[32,1000],[],[]]", R"(["float","float","Scalar","Scalar"])", "",
                    128000, 256000, 128000, "reduction", "fp32", false);
        estimateRow("_log_softmax_backward_data", "aten::_log_softmax_backward_data",
                    "[[32,1000],[32,1000],[],[32,1000]]", R"(["float","float","Int","float"])", "",
                    128000, 256000, 128000, "reduction", "fp32", false);
        // copy_ uint8 image 3·224·224 = 150,528 B each way, no FLOPs.
        estimateRow("copy_ uint8", "aten::copy_", "[[3,224,224],[3,224,224],[]]",
                    R"(["unsigned char","unsigned char","Bool"])", "", 0, 150528, 150528,
                    "elementwise", "int8", false);
        // copy_ float -> bf16: read 1024·4 = 4,096; written 1024·2 = 2,048.
        estimateRow("copy_ converts", "aten::copy_", "[[1024],[1024],[]]",
                    R"(["c10::BFloat16","float","Scalar"])", "", 0, 4096, 2048, "elementwise",
                    "bf16", false);
        // clone 2048·1600·4 = 13,107,200 each way.
        estimateRow("clone", "aten::clone", "[[2048,1600],[]]", R"(["float","Scalar"])", "", 0,
                    13107200, 13107200, "elementwise", "fp32", false);
        // fill_ with an Int: written 64·3·7·7·4 = 37,632.
        estimateRow("fill_", "aten::fill_", "[[64,3,7,7],[]]", R"(["float","Int"])", "", 0, 0,
                    37632, "elementwise", "fp32", false);
        estimateRow("zero_", "aten::zero_", "[[50]]", R"(["float"])", "", 0, 0, 200, "elementwise",
                    "fp32", false);
    }
    void dropoutSoftmaxMemory() { checkEstimateRow(); }

    // pow, comparisons, where, masked_fill, tril/triu, maximum/minimum, elu, nan_to_num.
    void selectsAndPowers_data() {
        estimateColumns();
        // pow(x, 2) is x·x: 1 per element of 1024·4096 = 4,194,304; bf16 8,388,608 each way.
        estimateRow("pow 2", "aten::pow", "[[1024,4096],[]]", R"(["c10::BFloat16","Scalar"])",
                    R"(["","2"])", 4194304, 8388608, 8388608, "elementwise", "bf16", false);
        // pow(x, 3) is x·x·x: 2·1000 = 2,000; 4,000 each way.
        estimateRow("pow 3", "aten::pow", "[[1000],[]]", R"(["float","Scalar"])", R"(["","3"])",
                    2000, 4000, 4000, "elementwise", "fp32", false);
        // pow(x, 0.5) is a sqrt: 1,000.
        estimateRow("pow 0.5", "aten::pow", "[[1000],[]]", R"(["float","Scalar"])", R"(["","0.5"])",
                    1000, 4000, 4000, "elementwise", "fp32", false);
        // pow(x, 1.7) is exp(1.7·log x): 3·1000 = 3,000.
        estimateRow("pow general", "aten::pow", "[[1000],[]]", R"(["float","Scalar"])",
                    R"(["","1.7"])", 3000, 4000, 4000, "elementwise", "fp32", false);
        // pow.Tensor_Tensor [4,1] ** [1,5] -> [4,5] = 20: 3·20 = 60; read (4 + 5)·4 = 36;
        // written 80.
        estimateRow("pow tensor exponent", "aten::pow", "[[4,1],[1,5]]", R"(["float","float"])", "",
                    60, 36, 80, "elementwise", "fp32", false);
        // pow.Scalar(2, x[8]): 3·8 = 24; read 32; written 32.
        estimateRow("pow scalar base", "aten::pow", "[[],[8]]", R"(["Scalar","float"])",
                    R"(["2",""])", 24, 32, 32, "elementwise", "fp32", false);
        // In place pow_(x, 2): 10; 40 each way.
        estimateRow("pow_", "aten::pow_", "[[10],[]]", R"(["float","Scalar"])", R"(["","2"])", 10,
                    40, 40, "elementwise", "fp32", false);
        // ws128 where(cond[2048] bool, x[2048] float, 0-d float): 2,048 selects; read 2,048 +
        // 8,192 + 4 = 10,244; written 8,192.
        estimateRow("where tensors", "aten::where", "[[2048],[2048],[]]",
                    R"(["bool","float","float"])", "", 2048, 10244, 8192, "elementwise", "fp32",
                    false);
        // owlv2 where(cond[1,1,1], Scalar, other[1,5184,1] bf16): out 5,184; read 1 + 10,368 =
        // 10,369; written 10,368.
        estimateRow("where scalar self", "aten::where", "[[1,1,1],[],[1,5184,1]]",
                    R"(["bool","Scalar","c10::BFloat16"])", R"(["","-3.3895313892515355e+38",""])",
                    5184, 10369, 10368, "elementwise", "bf16", false);
        // where(cond[2048], Scalar, Scalar): the default dtype, fp32: read 2,048; written 8,192.
        estimateRow("where two scalars", "aten::where", "[[2048],[],[]]",
                    R"(["bool","Scalar","Scalar"])", "", 2048, 2048, 8192, "elementwise", "fp32",
                    false);
        // owlv2 masked_fill_ of a [1,1,5,5] bf16 mask: 25 selects; read 50 + 25 = 75; written
        // 50.
        estimateRow("masked_fill_", "aten::masked_fill_", "[[1,1,5,5],[1,1,5,5],[]]",
                    R"(["c10::BFloat16","bool","Scalar"])", R"(["","","-3.3895313892515355e+38"])",
                    25, 75, 50, "elementwise", "bf16", false);
        // masked_fill with a broadcast [8,8] mask over [2,4,8,8] = 512: read 2,048 + 64 =
        // 2,112; written 2,048.
        estimateRow("masked_fill broadcast", "aten::masked_fill", "[[2,4,8,8],[8,8],[]]",
                    R"(["float","bool","Scalar"])", R"(["","","0"])", 512, 2112, 2048,
                    "elementwise", "fp32", false);
        // tril of [512, 512]: a select per element, 262,144; 1,048,576 each way.
        estimateRow("tril", "aten::tril", "[[512,512],[]]", R"(["float","Scalar"])", R"(["","0"])",
                    262144, 1048576, 1048576, "elementwise", "fp32", false);
        estimateRow("triu_", "aten::triu_", "[[512,512],[]]", R"(["float","Scalar"])",
                    R"(["","1"])", 262144, 1048576, 1048576, "elementwise", "fp32", false);
        // owlv2 lt([5] long, [5,1] long) -> [5,5] bool: 25 compares; read 40 + 40 = 80; written
        // 25.
        estimateRow("lt broadcast", "aten::lt", "[[5],[5,1]]", R"(["long int","long int"])", "", 25,
                    80, 25, "elementwise", "other", false);
        // gt(bf16 [1024], 0.5): 1,024; read 2,048; written bool 1,024.
        estimateRow("gt scalar", "aten::gt", "[[1024],[]]", R"(["c10::BFloat16","Scalar"])",
                    R"(["","0.5"])", 1024, 2048, 1024, "elementwise", "bf16", false);
        // owlv2 eq(bool [1,1,1], 0): 1; read 1; written 1.
        estimateRow("eq", "aten::eq", "[[1,1,1],[]]", R"(["bool","Scalar"])", R"(["","0"])", 1, 1,
                    1, "elementwise", "other", false);
        // maximum([4,1], [1,4]) -> 16: read 32; written 64.
        estimateRow("maximum", "aten::maximum", "[[4,1],[1,4]]", R"(["float","float"])", "", 16, 32,
                    64, "elementwise", "fp32", false);
        // owlv2 elu: 4·5,184 = 20,736; 10,368 each way.
        estimateRow("elu", "aten::elu", "[[1,5184,1],[],[],[]]",
                    R"(["c10::BFloat16","Scalar","Scalar","Scalar"])", R"(["","1.","1","1"])",
                    20736, 10368, 10368, "elementwise", "bf16", false);
        // ws128 nan_to_num: 3·(2048·96 = 196,608) = 589,824; 786,432 each way.
        estimateRow("nan_to_num", "aten::nan_to_num", "[[2048,96],[],[],[]]",
                    R"(["float","Scalar","",""])", "", 589824, 786432, 786432, "elementwise",
                    "fp32", false);
    }
    void selectsAndPowers() { checkEstimateRow(); }

    void assumptions_data() {
        assumptionColumns();
        assumptionRow("pow exponent recorded", "aten::pow", "[[10],[]]", R"(["float","Scalar"])",
                      R"(["","2"])", "");
        assumptionRow("pow exponent not recorded", "aten::pow", "[[10],[]]",
                      R"(["float","Scalar"])", "", "the exponent is not recorded");
        assumptionRow("relu", "aten::relu", "[[10]]", R"(["float"])", "", "");
    }
    void assumptions() { checkAssumptionRow(); }

    void errors_data() {
        errorColumns();
        errorRow("where indices", "aten::where", "[[10]]", R"(["bool"])", "",
                 "where(condition) returns indices");
        errorRow("masked_fill_ broadcast", "aten::masked_fill_", "[[4,1],[4,3],[]]", "", "",
                 "expected [4, 3] to broadcast to [4, 1]");
        errorRow("in-place broadcast", "aten::add_", "[[4,1],[4,3]]", "", "",
                 "expected [4, 3] to broadcast to [4, 1]");
        errorRow("no broadcast", "aten::mul", "[[4,3],[5,3]]", "", "",
                 "expected [5, 3] to broadcast with [4, 3]");
        errorRow("softmax backward", "aten::_softmax_backward_data", "[[4,3],[4,4]]", "", "",
                 "to have grad_output's shape");
        errorRow("no tensor", "aten::relu", "[]", "", "", "found none");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimatePointwise)
#include "test_estimate_pointwise.moc"
