// Attention: forward 2·b·h_q·s_q·s_k·(d_q + d_v) (flop_counter sdpa_flop_count), backward
// 2·b·h_q·s_q·s_k·(3·d_q + 2·d_v) (flop_counter sdpa_backward_flop_count: five products, the
// score recompute included), GQA, layouts and packed batches. Every expected number is worked
// out by hand in the row's comment.
#include "estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateAttention : public QObject {
    Q_OBJECT

  private slots:
    void forward_data() {
        estimateColumns();
        // b=2, h=16, s=1024, d=64: 2·2·16·1024·1024·(64 + 64) = 8,589,934,592. read q, k, v
        // 3·(2·16·1024·64·2) = 3·4,194,304 = 12,582,912; written out 4,194,304 + fp32
        // logsumexp 2·16·1024·4 = 131,072 -> 4,325,376.
        estimateRow("flash bf16", "aten::_scaled_dot_product_flash_attention",
                    "[[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","Scalar","Scalar",)"
                    R"("Scalar","Scalar"])",
                    R"(["","","","0.0","True","False",""])", 8589934592.0, 12582912, 4325376,
                    "attention", "bf16", true);
        // Same numbers from _flash_attention_forward's [b, s, h, d] layout.
        estimateRow("_flash_attention_forward bshd", "aten::_flash_attention_forward",
                    "[[2,1024,16,64],[2,1024,16,64],[2,1024,16,64],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","1024","1024","0.0","True","False"])", 8589934592.0,
                    12582912, 4325376, "attention", "bf16", true);
        // Composite sdpa, causal (no discount): 2·1·8·512·512·128 = 536,870,912; read
        // 3·(8·512·64·2) = 1,572,864; written 524,288 (no logsumexp).
        estimateRow("sdpa causal", "aten::scaled_dot_product_attention",
                    "[[1,8,512,64],[1,8,512,64],[1,8,512,64],[],[],[],[],[]]",
                    R"(["c10::Half","c10::Half","c10::Half","","Scalar","Scalar","",)"
                    R"("Scalar"])",
                    R"(["","","","","0.0","True","","False"])", 536870912, 1572864, 524288,
                    "attention", "fp16", true);
        // GQA: 32 query heads over 8 kv heads: 2·2·32·128·128·(128 + 128) = 536,870,912;
        // read q 2·32·128·128·2 = 2,097,152 + k, v 2·(2·8·128·128·2) = 1,048,576 =
        // 3,145,728; written out with 32 heads 2,097,152.
        estimateRow("sdpa gqa", "aten::scaled_dot_product_attention",
                    "[[2,32,128,128],[2,8,128,128],[2,8,128,128],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","Scalar","Scalar",)"
                    R"("","Scalar"])",
                    R"(["","","","","0.0","True","","True"])", 536870912, 3145728, 2097152,
                    "attention", "bf16", true);
        // Cross-attention, d_v != d_q, logsumexp requested: 2·4·8·100·300·(64 + 32) =
        // 184,320,000; read q 4·8·100·64·4 = 819,200 + k 4·8·300·64·4 = 2,457,600 + v
        // 4·8·300·32·4 = 1,228,800 = 4,505,600; written out 4·8·100·32·4 = 409,600 + lse
        // 4·8·100·4 = 12,800 -> 422,400.
        estimateRow("efficient cross fp32", "aten::_scaled_dot_product_efficient_attention",
                    "[[4,8,100,64],[4,8,300,64],[4,8,300,32],[],[],[],[]]",
                    R"(["float","float","float","","Scalar","Scalar","Scalar"])",
                    R"(["","","","","True","0.0","False"])", 184320000, 4505600, 422400,
                    "attention", "fp32", true);
        // cuDNN without logsumexp: 2·4·256·256·128 = 67,108,864; read 3·(4·256·64·2) =
        // 393,216; written 131,072.
        estimateRow("cudnn no lse", "aten::_scaled_dot_product_cudnn_attention",
                    "[[1,4,256,64],[1,4,256,64],[1,4,256,64],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","Scalar",)"
                    R"("Scalar","Scalar"])",
                    R"(["","","","","False","0.0","False"])", 67108864, 393216, 131072, "attention",
                    "bf16", true);
        // Packed varlen batch of 4 sequences, 3,000 tokens, max_k 1,000: score entries per
        // head bounded by total_q·max_k = 3,000·1,000; 2·8·3,000,000·(64 + 64) =
        // 6,144,000,000. read 3·(3000·8·64·2) = 9,216,000 + two int32 offsets of 5 = 40 ->
        // 9,216,040; written out 3,072,000 + lse 8·3000·4 = 96,000 -> 3,168,000.
        estimateRow("flash varlen", "aten::_flash_attention_forward",
                    "[[3000,8,64],[3000,8,64],[3000,8,64],[5],[5],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","int","int","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","1000","1000","0.0","False","False"])", 6144000000.0,
                    9216040, 3168000, "attention", "bf16", true);
    }
    void forward() { checkEstimateRow(); }

    void backward_data() {
        estimateColumns();
        // 2·2·16·1024·1024·(3·64 + 2·64) = 21,474,836,480 (2.5 x the forward's
        // 8,589,934,592). read grad_out, q, k, v, out 5·4,194,304 = 20,971,520 + lse
        // 2·16·1024·4 = 131,072 + two int64 philox scalars 16 = 21,102,608; written dq, dk, dv
        // 3·4,194,304 = 12,582,912.
        estimateRow(
            "flash backward", "aten::_scaled_dot_product_flash_attention_backward",
            "[[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],"
            "[2,16,1024],[],[],[],[],[],[],[],[]]",
            R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16",)"
            R"("float","","","Scalar","Scalar","Scalar","Scalar","long int","long int"])",
            R"(["","","","","","","","","1024","1024","0.0","True","",""])", 21474836480.0,
            21102608, 12582912, "attention", "bf16", true);
        // GQA backward: 2·2·32·128·128·(3·128 + 2·128) = 1,342,177,280; read grad_out 2,097,152
        // + q 2,097,152 + k 524,288 + v 524,288 + out 2,097,152 + lse 2·32·128·4 = 32,768 =
        // 7,372,800; written dq 2,097,152 + dk 524,288 + dv 524,288 = 3,145,728.
        estimateRow("efficient backward gqa",
                    "aten::_scaled_dot_product_efficient_attention_backward",
                    "[[2,32,128,128],[2,32,128,128],[2,8,128,128],[2,8,128,128],[],"
                    "[2,32,128,128],[2,32,128],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16","",)"
                    R"("c10::BFloat16","float","","","Scalar","bool[]"])",
                    "", 1342177280, 7372800, 3145728, "attention", "bf16", true);
    }
    void backward() { checkEstimateRow(); }

    void errors_data() {
        errorColumns();
        errorRow("heads not a multiple", "aten::scaled_dot_product_attention",
                 "[[2,12,16,64],[2,5,16,64],[2,5,16,64]]", "", "", "must be a multiple");
        errorRow("key width", "aten::_scaled_dot_product_flash_attention",
                 "[[2,4,16,64],[2,4,16,32],[2,4,16,32]]", "", "",
                 "key's last dimension to equal the query's");
        errorRow("value length", "aten::_scaled_dot_product_flash_attention",
                 "[[2,4,16,64],[2,4,16,64],[2,4,17,64]]", "", "", "share batch, heads and keys");
        errorRow("rank", "aten::scaled_dot_product_attention", "[[2,16,64],[2,16,64],[2,16,64]]",
                 "", "", "query with 4 dimensions");
        errorRow("grad_out", "aten::_scaled_dot_product_flash_attention_backward",
                 "[[2,4,16,32],[2,4,16,64],[2,4,16,64],[2,4,16,64]]", "", "",
                 "to have the query's shape");
    }
    void errors() { checkErrorRow(); }
};

QTEST_APPLESS_MAIN(TestEstimateAttention)
#include "test_estimate_attention.moc"
