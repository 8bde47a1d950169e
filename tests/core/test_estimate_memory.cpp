// Data movement (estimate_memory.cpp): concatenation, gathers and scatters, dtype and layout
// copies; bytes at each tensor's dtype, no FLOPs but scatter_add's adds. Inputs mostly as the
// samples record them (owlv2, timesformer, ws128). Every expected number is worked out by hand in
// the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateMemory : public QObject {
    Q_OBJECT

  private slots:
    void concatenation_data() {
        estimateColumns();
        // owlv2 class token + patches: 1·1·1024 + 1·5184·1024 = 1,024 + 5,308,416 = 5,309,440
        // elements; the list's dtype is not recorded, 4 B: 21,237,760 each way.
        estimateRow("cat list", "aten::cat", "[[[1,1,1024],[1,5184,1024]],[]]",
                    R"(["TensorList","Scalar"])", R"(["","1"])", 0, 21237760, 21237760,
                    "elementwise", "fp32", false);
        // ws128 records the out tensor instead of the list: 2048·160·606 = 198,574,080
        // elements·4 = 794,296,320 read and written.
        estimateRow("cat out tensor", "aten::cat", "[[2048,160,606],[],[]]",
                    R"(["float","TensorList","Scalar"])", "", 0, 794296320, 794296320,
                    "elementwise", "fp32", false);
        // stack of three [2, 3]: 18 elements·4 = 72 each way.
        estimateRow("stack", "aten::stack", "[[[2,3],[2,3],[2,3]],[]]",
                    R"(["TensorList","Scalar"])", R"(["","0"])", 0, 72, 72, "elementwise", "fp32",
                    false);
    }
    void concatenation() { checkEstimateRow(); }

    void gatherScatter_data() {
        estimateColumns();
        // owlv2 token embedding through index_select: 5 rows of 768 bf16: read the index 5·8 =
        // 40 + 3,840·2 = 7,680 -> 7,720; written 7,680.
        estimateRow("index_select rows", "aten::index_select", "[[49408,768],[],[5]]",
                    R"(["c10::BFloat16","Scalar","long int"])", R"(["","0",""])", 0, 7720, 7680,
                    "elementwise", "bf16", false);
        // ws128, 1-D int64 (the dim is not recorded, but a 1-D tensor has only dim 0): 6,825
        // elements: read 6,825·8 + 6,825·8 = 109,200; written 54,600.
        estimateRow("index_select 1-D", "aten::index_select", "[[2048],[],[6825]]",
                    R"(["long","Scalar","long"])", "", 0, 109200, 54600, "elementwise", "other",
                    false);
        // index_select along dim 1 of [4, 10, 6] with 3 indices: slices of 4·6 = 24, out 72:
        // read 3·8 + 72·4 = 312; written 288.
        estimateRow("index_select dim 1", "aten::index_select", "[[4,10,6],[],[3]]",
                    R"(["float","Scalar","long int"])", R"(["","1",""])", 0, 312, 288,
                    "elementwise", "fp32", false);
        // ws128 gather of n = 8,856,548 floats: read n·8 + n·4 = 106,278,576; written
        // 35,426,192.
        estimateRow("gather", "aten::gather", "[[50],[],[8856548],[]]",
                    R"(["float","Scalar","long","Scalar"])", "", 0, 106278576, 35426192,
                    "elementwise", "fp32", false);
        // ws128 scatter_add_: n = 8,856,548 adds; read index n·8 = 70,852,384 + src n·4 =
        // 35,426,192 + the touched self n·4 = 35,426,192 -> 141,704,768; written 35,426,192.
        estimateRow("scatter_add_", "aten::scatter_add_", "[[50],[],[8856548],[8856548]]",
                    R"(["float","Scalar","long","float"])", "", 8856548, 141704768, 35426192,
                    "elementwise", "fp32", false);
        // Out-of-place scatter of a Scalar value: index 100·8 = 800 + a copy of self 800·4 =
        // 3,200 read -> 4,000; written self 3,200.
        estimateRow("scatter value", "aten::scatter", "[[100,8],[],[100,1],[]]",
                    R"(["float","Scalar","long int","Scalar"])", R"(["","1","","0.0"])", 0, 4000,
                    3200, "elementwise", "fp32", false);
        // index with one recorded index tensor [32] into [1000, 64]: 32 rows of 64 = 2,048
        // elements: read 32·8 + 2,048·4 = 8,448; written 8,192.
        estimateRow("index", "aten::index", "[[1000,64],[[32]]]", R"(["float","TensorList"])", "",
                    0, 8448, 8192, "elementwise", "fp32", false);
    }
    void gatherScatter() { checkEstimateRow(); }

    void copies_data() {
        estimateColumns();
        // owlv2 _to_copy float -> dtype 15 (BFloat16): n = 3·1008·1008 = 3,048,192; read
        // 12,192,768; written 6,096,384.
        estimateRow("_to_copy to bf16", "aten::_to_copy", "[[1,3,1008,1008],[],[],[],[],[],[]]",
                    R"(["float","Scalar","","","","Scalar",""])",
                    R"(["","15","","","","False",""])", 0, 12192768, 6096384, "elementwise", "bf16",
                    false);
        // to.device(self, device, dtype=3 (Int), ...), six arguments: 2 int32: 8 each way.
        estimateRow("to device dtype", "aten::to", "[[1,2],[],[],[],[],[]]",
                    R"(["int","","Scalar","Scalar","Scalar",""])",
                    R"(["","","3","False","False",""])", 0, 8, 8, "elementwise", "other", false);
        // timesformer to.dtype(15): n = 128·3·224·224 = 19,267,584; read 77,070,336; written
        // 38,535,168.
        estimateRow("to dtype", "aten::to", "[[1,128,3,224,224],[],[],[],[]]",
                    R"(["float","Scalar","Scalar","Scalar",""])", R"(["","15","False","False",""])",
                    0, 77070336, 38535168, "elementwise", "bf16", false);
        // to(other): other's dtype, fp16: 16 elements, read 64, written 32.
        estimateRow("to other", "aten::to", "[[4,4],[2,2]]", R"(["float","c10::Half"])", "", 0, 64,
                    32, "elementwise", "fp16", false);
        // ws128 without Concrete Inputs: the target dtype is unknown, self's (bool) assumed:
        // 2048·256 = 524,288 B each way.
        estimateRow("to not recorded", "aten::to", "[[2048,256],[],[],[],[],[],[],[]]",
                    R"(["bool","Scalar","Scalar","","","Scalar","Scalar",""])", "", 0, 524288,
                    524288, "elementwise", "other", false);
        // contiguous copy of [2048, 1600] float: 13,107,200 each way.
        estimateRow("contiguous", "aten::contiguous", "[[2048,1600],[]]", R"(["float","Scalar"])",
                    "", 0, 13107200, 13107200, "elementwise", "fp32", false);
    }
    void copies() { checkEstimateRow(); }

    void assumptions_data() {
        assumptionColumns();
        assumptionRow("cat list dtype", "aten::cat", "[[[2,3],[2,3]],[]]",
                      R"(["TensorList","Scalar"])", R"(["","0"])",
                      "the tensor list's dtype is not recorded");
        assumptionRow("_to_copy recorded", "aten::_to_copy", "[[4],[],[],[],[],[],[]]",
                      R"(["float","Scalar","","","","Scalar",""])",
                      R"(["","15","","","","False",""])", "");
        assumptionRow("to not recorded", "aten::to", "[[4],[],[],[],[]]",
                      R"(["float","Scalar","Scalar","Scalar",""])", "",
                      "the target dtype is not recorded");
        assumptionRow("index_select exact", "aten::index_select", "[[10,4],[],[3]]", "",
                      R"(["","0",""])", "");
    }
    void assumptions() { checkAssumptionRow(); }

    void errors_data() {
        errorColumns();
        errorRow("cat list not recorded", "aten::cat", "[[],[]]", R"(["TensorList","Scalar"])", "",
                 "the tensor list is not recorded");
        errorRow("index not recorded", "aten::index", "[[1,5,768],[]]", R"(["c10::BFloat16",""])",
                 R"(["",""])", "the indices (Tensor?[]) are not recorded");
        errorRow("index_select dim", "aten::index_select", "[[10,4],[],[3]]", "", R"(["","2",""])",
                 "dim 2 is out of range");
        errorRow("gather without index", "aten::gather", "[[10,4]]", "", "", "found none");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateMemory)
#include "test_estimate_memory.moc"
