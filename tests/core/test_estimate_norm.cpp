// Normalisations (Roofscope per-element conventions, estimate_norm.cpp): forward 5 (+1 weight,
// +1 bias), batch-norm inference 2, rms 3 (+1 weight); backward grad_input 9 (+1 weight, rms 6),
// grad_weight 2, grad_bias 1. Every expected number is worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateNorm : public QObject {
    Q_OBJECT

  private slots:
    void forward_data() {
        estimateColumns();
        // BERT: n = 16·512·768 = 6,291,456; (5 + 1 + 1)·n = 44,040,192. read x n·2 =
        // 12,582,912 + weight and bias 2·768·2 = 3,072 -> 12,585,984; written out 12,582,912
        // + fp32 mean and rstd for 16·512 = 8,192 rows: 8,192·4·2 = 65,536 -> 12,648,448.
        estimateRow(
            "native_layer_norm bf16", "aten::native_layer_norm", "[[16,512,768],[],[768],[768],[]]",
            R"(["c10::BFloat16","int[]","c10::BFloat16","c10::BFloat16","Scalar"])",
            R"(["","[768]","","","1e-12"])", 44040192, 12585984, 12648448, "norm", "bf16", false);
        // ws128 sample, composite layer_norm (no statistics returned): n = 2048·125 = 256,000;
        // 7·n = 1,792,000; read (256,000 + 2·125)·4 = 1,025,000; written 256,000·4 = 1,024,000.
        estimateRow("layer_norm ws128", "aten::layer_norm", "[[2048,125],[],[125],[125],[],[]]",
                    R"(["float","","float","float","Scalar","Scalar"])", "", 1792000, 1025000,
                    1024000, "norm", "fp32", false);
        // No affine: 5·40 = 200; read 40·4 = 160; written 160.
        estimateRow("layer_norm no affine", "aten::layer_norm", "[[4,10],[],[],[]]",
                    R"(["float","int[]","",""])", R"(["","[10]","",""])", 200, 160, 160, "norm",
                    "fp32", false);
        // rms_norm: n = 2·8·4096 = 65,536; (3 + 1)·n = 262,144; read 65,536·2 + 4096·2 =
        // 139,264; written 131,072.
        estimateRow("rms_norm", "aten::rms_norm", "[[2,8,4096],[],[4096],[]]",
                    R"(["c10::BFloat16","int[]","c10::BFloat16","Scalar"])",
                    R"(["","[4096]","","1e-06"])", 262144, 139264, 131072, "norm", "bf16", false);
        // _fused_rms_norm also writes rstd for 16 rows: 131,072 + 16·4 = 131,136.
        estimateRow("_fused_rms_norm", "aten::_fused_rms_norm", "[[2,8,4096],[],[4096],[]]",
                    R"(["c10::BFloat16","int[]","c10::BFloat16","Scalar"])",
                    R"(["","[4096]","","1e-06"])", 262144, 139264, 131136, "norm", "bf16", false);
        // Legacy cudnn_batch_norm, no Concrete Inputs -> training: n = 32·64·112·112 =
        // 25,690,112; 7·n = 179,830,784; read (n + 4·64)·4 = 102,761,472; written out n·4 =
        // 102,760,448 + save_mean/save_invstd 2·64·4 = 512 + running mean/var 2·64·4 = 512
        // -> 102,761,472.
        estimateRow("cudnn_batch_norm training", "aten::cudnn_batch_norm",
                    "[[32,64,112,112],[64],[64],[64],[64],[],[],[]]",
                    R"(["float","float","float","float","float","Bool","Double","Double"])", "",
                    179830784, 102761472, 102761472, "norm", "fp32", false);
        // Inference: 2·(8·16·4·4) = 2·2,048 = 4,096; read (2,048 + 4·16)·4 = 8,448; written
        // 2,048·4 = 8,192.
        estimateRow("native_batch_norm eval", "aten::native_batch_norm",
                    "[[8,16,4,4],[16],[16],[16],[16],[],[],[]]", "",
                    R"(["","","","","","False","0.1","1e-05"])", 4096, 8448, 8192, "norm", "fp32",
                    false);
        // Composite training: 7·2,048 = 14,336; read 8,448; written 8,192 + running
        // 2·16·4 = 128 -> 8,320 (no saved statistics returned).
        estimateRow("batch_norm training", "aten::batch_norm",
                    "[[8,16,4,4],[16],[16],[16],[16],[],[],[],[]]", "",
                    R"(["","","","","","True","0.1","1e-05","True"])", 14336, 8448, 8320, "norm",
                    "fp32", false);
        // group_norm, 8 groups: n = 2·32·64 = 4,096; 7·n = 28,672; read (4,096 + 64)·4 =
        // 16,640; written 16,384.
        estimateRow("group_norm", "aten::group_norm", "[[2,32,8,8],[],[32],[32],[],[]]", "",
                    R"(["","8","","","1e-05","True"])", 28672, 16640, 16384, "norm", "fp32", false);
        // native_group_norm also writes mean/rstd [N=2, G=8]: 16,384 + 2·8·2·4 = 16,512.
        estimateRow("native_group_norm", "aten::native_group_norm",
                    "[[2,32,8,8],[32],[32],[],[],[],[],[]]", "",
                    R"(["","","","2","32","64","8","1e-05"])", 28672, 16640, 16512, "norm", "fp32",
                    false);
    }
    void forward() { checkEstimateRow(); }

    void backward_data() {
        estimateColumns();
        // (10 + 2 + 1)·6,291,456 = 81,788,928; read grad and x 2·12,582,912 + mean and rstd
        // 2·8,192·4 = 65,536 + weight, bias 3,072 = 25,234,432; written 12,582,912 + 3,072 =
        // 12,585,984.
        estimateRow("layer_norm backward bf16", "aten::native_layer_norm_backward",
                    "[[16,512,768],[16,512,768],[],[16,512,1],[16,512,1],[768],[768],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","int[]","float","float","c10::BFloat16",)"
                    R"("c10::BFloat16","bool[]"])",
                    R"(["","","[768]","","","","","[True, True, True]"])", 81788928, 25234432,
                    12585984, "norm", "bf16", false);
        // ws128 sample, no mask recorded: all three gradients, 13·(2048·742 = 1,519,616) =
        // 19,755,008; read 2·1,519,616·4 = 12,156,928 + mean, rstd 2·2048·4 = 16,384 +
        // weight, bias 2·742·4 = 5,936 -> 12,179,248; written 6,078,464 + 5,936 = 6,084,400.
        estimateRow("layer_norm backward ws128", "aten::native_layer_norm_backward",
                    "[[2048,1,742],[2048,1,742],[],[2048,1,1],[2048,1,1],[1,742],[1,742],[]]",
                    R"(["float","float","","float","float","float","float",""])", "", 19755008,
                    12179248, 6084400, "norm", "fp32", false);
        // rms backward, grad_input only: 7·65,536 = 458,752; read 2·131,072 + rstd 16·4 +
        // weight 8,192 = 270,400; written 131,072.
        estimateRow("rms backward", "aten::_fused_rms_norm_backward",
                    "[[2,8,4096],[2,8,4096],[],[2,8,1],[4096],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","int[]","float","c10::BFloat16",)"
                    R"("bool[]"])",
                    R"(["","","[4096]","","","[True, False]"])", 458752, 270400, 131072, "norm",
                    "bf16", false);
        // Legacy cudnn_batch_norm_backward: every gradient, 13·(32·2048·49 = 3,211,264) =
        // 41,746,432; read 2·3,211,264·4 = 25,690,112 + five [2048] 40,960 + empty reserve =
        // 25,731,072; written 12,845,056 + 2·2048·4 = 12,861,440.
        estimateRow("cudnn_batch_norm_backward", "aten::cudnn_batch_norm_backward",
                    "[[32,2048,7,7],[32,2048,7,7],[2048],[2048],[2048],[2048],[2048],[],[0]]",
                    R"(["float","float","float","float","float","float","float","Double",)"
                    R"("unsigned char"])",
                    "", 41746432, 25731072, 12861440, "norm", "fp32", false);
        // grad_input only: 10·4,096 = 40,960; read 2·4,096·4 = 32,768 + mean, rstd 2·16·4 =
        // 128 + weight 128 = 33,024; written 16,384.
        estimateRow("group_norm backward", "aten::native_group_norm_backward",
                    "[[2,32,8,8],[2,32,8,8],[2,8],[2,8],[32],[],[],[],[],[]]", "",
                    R"(["","","","","","2","32","64","8","[True, False, False]"])", 40960, 33024,
                    16384, "norm", "fp32", false);
    }
    void backward() { checkEstimateRow(); }

    void errors_data() {
        errorColumns();
        errorRow("normalized_shape", "aten::native_layer_norm", "[[4,10],[],[],[]]", "",
                 R"(["","[12]","",""])", "does not match the trailing dimensions");
        errorRow("layer weight", "aten::native_layer_norm", "[[4,10],[],[12],[]]", "", "",
                 "expected a weight of 10 elements");
        errorRow("batch weight", "aten::native_batch_norm", "[[8,16,4,4],[15]]", "", "",
                 "expected a weight of 16 elements");
        errorRow("groups", "aten::group_norm", "[[2,30,4,4]]", "", R"(["","8"])",
                 "not divisible by 8 groups");
        errorRow("no input", "aten::layer_norm", "[[]]", "", "", "expected a tensor input");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateNorm)
#include "test_estimate_norm.moc"
