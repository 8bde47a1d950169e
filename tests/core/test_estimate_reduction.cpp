// Reductions and scans with the per-element table of estimate_reduction.cpp: the reduced
// dimensions from Concrete Inputs, overloads with and without dim, output dtypes, indices, the
// element-wise max/min overload, and the assumption when the dims are not recorded. Every
// expected number is worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateReduction : public QObject {
    Q_OBJECT

  private slots:
    void sumMean_data() {
        estimateColumns();
        // timesformer sample: mean over dim 1 of [1, 8, 768], keepdim: n = 6,144, r = 768;
        // n + r = 6,912; read 6,144·2 = 12,288; written 768·2 = 1,536.
        estimateRow("mean dim keepdim", "aten::mean", "[[1,8,768],[],[],[]]",
                    R"(["c10::BFloat16","ScalarList","Scalar",""])", R"(["","[1]","True",""])",
                    6912, 12288, 1536, "reduction", "bf16", false);
        // Legacy ResNet global pool, dims not recorded: n = 32·2048·49 = 3,211,264, one output
        // element assumed: n + 1 = 3,211,265; read 12,845,056; written 4.
        estimateRow("legacy mean", "aten::mean", "[[32,2048,7,7],[],[],[]]",
                    R"(["float","GenericList","Bool",""])", "", 3211265, 12845056, 4, "reduction",
                    "fp32", false);
        // mean(self, *, dtype) reduces everything: 2048 + 1 = 2,049; read 8,192; written 4.
        estimateRow("mean all", "aten::mean", "[[2048],[]]", R"(["float",""])", R"(["",""])", 2049,
                    8192, 4, "reduction", "fp32", false);
        // sum.dim_IntList over dim 1 of [2048, 110]: n = 225,280 adds; read 901,120; written
        // 2048·4 = 8,192.
        estimateRow("sum dim", "aten::sum", "[[2048,110],[],[],[]]",
                    R"(["float","ScalarList","Scalar",""])", R"(["","[1]","False",""])", 225280,
                    901120, 8192, "reduction", "fp32", false);
        // sum(self, dtype=6): bf16 summed into one fp32: 4,000 adds; read 8,000; written 4.
        estimateRow("sum all dtype", "aten::sum", "[[4,1000],[]]",
                    R"(["c10::BFloat16","ScalarType"])", R"(["","6"])", 4000, 8000, 4, "reduction",
                    "bf16", false);
        // A bool mask counted per row: 1,024 adds; read 1,024; written int64 8·8 = 64.
        estimateRow("sum bool", "aten::sum", "[[8,128],[],[],[]]",
                    R"(["bool","ScalarList","Scalar",""])", R"(["","[-1]","False",""])", 1024, 1024,
                    64, "reduction", "other", false);
        // dim=[] reduces everything: 12 adds, read 48, written 4.
        estimateRow("sum empty dim list", "aten::sum", "[[4,3],[],[],[]]",
                    R"(["float","ScalarList","Scalar",""])", R"(["","[]","False",""])", 12, 48, 4,
                    "reduction", "fp32", false);
        // cumsum over int64 [300, 2048]: 614,400 adds; 614,400·8 = 4,915,200 each way.
        estimateRow("cumsum long", "aten::cumsum", "[[300,2048],[],[]]",
                    R"(["long int","Scalar",""])", R"(["","1",""])", 614400, 4915200, 4915200,
                    "reduction", "other", false);
        // cumsum of int32 accumulates in int64: 40 adds; read 160; written 320.
        estimateRow("cumsum int32", "aten::cumsum", "[[4,10],[],[]]", R"(["int","Scalar",""])",
                    R"(["","1",""])", 40, 160, 320, "reduction", "other", false);
    }
    void sumMean() { checkEstimateRow(); }

    void extremes_data() {
        estimateColumns();
        // owlv2 attention scores, amax over the last dim: n = 16·5185·5185 = 430,147,600
        // compares; read n·2 = 860,295,200; written 16·5185·2 = 165,920.
        estimateRow("amax", "aten::amax", "[[16,5185,5185],[],[]]",
                    R"(["c10::BFloat16","ScalarList","Scalar"])", R"(["","[-1]","True"])",
                    430147600, 860295200, 165920, "reduction", "bf16", false);
        // max.dim(self, 1): 32,000 compares; read 128,000; written values 32·4 = 128 +
        // indices 32·8 = 256 -> 384.
        estimateRow("max dim", "aten::max", "[[32,1000],[],[]]", R"(["float","Scalar","Scalar"])",
                    R"(["","1","False"])", 32000, 128000, 384, "reduction", "fp32", false);
        // max(self): 10 compares; read 40; written 4.
        estimateRow("max all", "aten::max", "[[10]]", R"(["float"])", "", 10, 40, 4, "reduction",
                    "fp32", false);
        // max(self, other) is the element-wise maximum: [4, 3] with [3] -> 12; read 48 + 12 =
        // 60; written 48.
        estimateRow("max other", "aten::max", "[[4,3],[3]]", R"(["float","float"])", "", 12, 60, 48,
                    "elementwise", "fp32", false);
        // owlv2 argmax over [1, 5] int32: 5 compares; read 20; written int64 8.
        estimateRow("argmax", "aten::argmax", "[[1,5],[],[]]", R"(["int","Scalar","Scalar"])",
                    R"(["","-1","False"])", 5, 20, 8, "reduction", "other", false);
    }
    void extremes() { checkEstimateRow(); }

    void statistics_data() {
        estimateColumns();
        // var.correction over dim 1 of [64, 4096]: n = 262,144, r = 64: 4n + 2r = 1,048,576 +
        // 128 = 1,048,704; read 1,048,576; written 256.
        estimateRow("var correction", "aten::var", "[[64,4096],[],[],[]]",
                    R"(["float","ScalarList","Scalar","Scalar"])", R"(["","[1]","1","True"])",
                    1048704, 1048576, 256, "reduction", "fp32", false);
        // var_mean over the last dim of bf16 [8, 32, 4096]: n = 1,048,576, r = 256: 4n + 2r =
        // 4,194,816; read 2,097,152; written var and mean 2·256·2 = 1,024.
        estimateRow("var_mean", "aten::var_mean", "[[8,32,4096],[],[],[]]",
                    R"(["c10::BFloat16","ScalarList","Scalar","Scalar"])",
                    R"(["","[2]","0","True"])", 4194816, 2097152, 1024, "reduction", "bf16", false);
        // std(self, unbiased): everything, 4·1000 + 3 = 4,003; read 4,000; written 4.
        estimateRow("std all", "aten::std", "[[1000],[]]", R"(["float","Scalar"])",
                    R"(["","True"])", 4003, 4000, 4, "reduction", "fp32", false);
        // owlv2 linalg_vector_norm(ord 2., dim [-1]) of [1, 5184, 768]: n = 3,981,312, r =
        // 5,184: 2n + r = 7,967,808; read 7,962,624; written 10,368.
        estimateRow("vector norm ord 2", "aten::linalg_vector_norm", "[[1,5184,768],[],[],[],[]]",
                    R"(["c10::BFloat16","Scalar","ScalarList","Scalar",""])",
                    R"(["","2.","[-1]","True",""])", 7967808, 7962624, 10368, "reduction", "bf16",
                    false);
        // ord 1, dim None (keepdim recorded, so None means everything): 2·100 = 200; read 400;
        // written 4.
        estimateRow("vector norm ord 1", "aten::linalg_vector_norm", "[[100],[],[],[],[]]",
                    R"(["float","Scalar","","Scalar",""])", R"(["","1","","False",""])", 200, 400,
                    4, "reduction", "fp32", false);
        // ord 3: 5·100 + 3·1 = 503.
        estimateRow("vector norm ord 3", "aten::linalg_vector_norm", "[[100],[],[],[],[]]",
                    R"(["float","Scalar","","Scalar",""])", R"(["","3","","False",""])", 503, 400,
                    4, "reduction", "fp32", false);
        // logsumexp over dim 1 of [32, 1000]: 4·32,000 + 2·32 = 128,064; read 128,000; written
        // 128.
        estimateRow("logsumexp", "aten::logsumexp", "[[32,1000],[],[]]",
                    R"(["float","ScalarList","Scalar"])", R"(["","[1]","False"])", 128064, 128000,
                    128, "reduction", "fp32", false);
    }
    void statistics() { checkEstimateRow(); }

    void assumptions_data() {
        assumptionColumns();
        assumptionRow("dims recorded", "aten::sum", "[[2048,110],[],[],[]]", "",
                      R"(["","[1]","False",""])", "");
        assumptionRow("no dim overload", "aten::mean", "[[2048],[]]", R"(["float",""])", "", "");
        assumptionRow("legacy sum", "aten::sum", "[[32,1000],[],[],[]]",
                      R"(["float","GenericList","Bool",""])", "",
                      "reduced dimensions not recorded");
    }
    void assumptions() { checkAssumptionRow(); }

    void errors_data() {
        errorColumns();
        errorRow("dim out of range", "aten::sum", "[[4,3],[],[],[]]", "",
                 R"(["","[2]","False",""])", "dim 2 is out of range for [4, 3]");
        errorRow("max other broadcast", "aten::max", "[[4,3],[5]]", "", "", "to broadcast with");
        errorRow("no tensor", "aten::mean", "[]", "", "", "found none");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateReduction)
#include "test_estimate_reduction.moc"
