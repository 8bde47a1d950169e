// Attention: forward 2·h_q·scores·(d_q + d_v) (flop_counter sdpa_flop_count), backward
// 2·h_q·scores·(3·d_q + 2·d_v) (flop_counter sdpa_backward_flop_count: five products, the
// score recompute included), scores = b·s_q·s_k, or the executed triangle when causal (top-left
// or bottom-right aligned, by op), GQA, layouts and packed batches. Every expected number is
// worked out by hand in the row's comment.
#include "tests/support/estimate_test_support.h"

using namespace roofscope;
using namespace roofscope::testing;

class TestEstimateAttention : public QObject {
    Q_OBJECT

  private slots:
    void forward_data() {
        estimateColumns();
        // b=2, h=16, s=1024, d=64, is_causal True (s_q = s_k, so the alignment does not matter):
        // scores 2·1024·1025/2 = 1,049,600 per head; 2·16·1,049,600·(64 + 64) = 4,299,161,600
        // (the full matrix would be 8,589,934,592). read q, k, v 3·(2·16·1024·64·2) =
        // 3·4,194,304 = 12,582,912; written out 4,194,304 + fp32 logsumexp 2·16·1024·4 =
        // 131,072 -> 4,325,376 (causality changes no bytes).
        estimateRow("flash bf16", "aten::_scaled_dot_product_flash_attention",
                    "[[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","Scalar","Scalar",)"
                    R"("Scalar","Scalar"])",
                    R"(["","","","0.0","True","False",""])", 4299161600.0, 12582912, 4325376,
                    "attention", "bf16", true);
        // The same call without causality: 2·2·16·1024·1024·128 = 8,589,934,592.
        estimateRow("flash bf16 not causal", "aten::_scaled_dot_product_flash_attention",
                    "[[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","Scalar","Scalar",)"
                    R"("Scalar","Scalar"])",
                    R"(["","","","0.0","False","False",""])", 8589934592.0, 12582912, 4325376,
                    "attention", "bf16", true);
        // Same causal numbers from _flash_attention_forward's [b, s, h, d] layout (is_causal at
        // 8): 4,299,161,600.
        estimateRow("_flash_attention_forward bshd", "aten::_flash_attention_forward",
                    "[[2,1024,16,64],[2,1024,16,64],[2,1024,16,64],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","1024","1024","0.0","True","False"])", 4299161600.0,
                    12582912, 4325376, "attention", "bf16", true);
        // Composite sdpa, causal (is_causal at 5): scores 512·513/2 = 131,328;
        // 2·8·131,328·128 = 268,959,744; read 3·(8·512·64·2) = 1,572,864; written 524,288 (no
        // logsumexp).
        estimateRow("sdpa causal", "aten::scaled_dot_product_attention",
                    "[[1,8,512,64],[1,8,512,64],[1,8,512,64],[],[],[],[],[]]",
                    R"(["c10::Half","c10::Half","c10::Half","","Scalar","Scalar","",)"
                    R"("Scalar"])",
                    R"(["","","","","0.0","True","","False"])", 268959744, 1572864, 524288,
                    "attention", "fp16", true);
        // GQA, causal: 32 query heads over 8 kv heads: scores 2·128·129/2 = 16,512;
        // 2·32·16,512·(128 + 128) = 270,532,608; read q 2·32·128·128·2 = 2,097,152 + k, v
        // 2·(2·8·128·128·2) = 1,048,576 = 3,145,728; written out with 32 heads 2,097,152.
        estimateRow("sdpa gqa", "aten::scaled_dot_product_attention",
                    "[[2,32,128,128],[2,8,128,128],[2,8,128,128],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","Scalar","Scalar",)"
                    R"("","Scalar"])",
                    R"(["","","","","0.0","True","","True"])", 270532608, 3145728, 2097152,
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
        // The same packed batch causal: total_q·max_k times the triangle's share of a
        // max_q × max_k = 1000 × 1000 block, 500,500/1,000,000: 3,000,000·500,500/1,000,000 =
        // 1,501,500 entries per head; 2·8·1,501,500·128 = 3,075,072,000. Bytes unchanged.
        estimateRow("flash varlen causal", "aten::_flash_attention_forward",
                    "[[3000,8,64],[3000,8,64],[3000,8,64],[5],[5],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","int","int","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","1000","1000","0.0","True","False"])", 3075072000.0, 9216040,
                    3168000, "attention", "bf16", true);
        // Causal sdpa with s_q 512 < s_k 2048, top-left aligned (PyTorch's tril of
        // ones(L, S)): query row i sees keys 0..i, scores 512·513/2 = 131,328;
        // 2·4·131,328·(64 + 64) = 134,479,872. read q 4·512·64·2 = 262,144 + k, v
        // 2·(4·2048·64·2) = 2,097,152 -> 2,359,296; written out 262,144.
        estimateRow("sdpa causal top-left s_q < s_k", "aten::scaled_dot_product_attention",
                    "[[1,4,512,64],[1,4,2048,64],[1,4,2048,64],[],[],[],[],[]]",
                    R"(["c10::Half","c10::Half","c10::Half","","Scalar","Scalar","","Scalar"])",
                    R"(["","","","","0.0","True","","False"])", 134479872, 2359296, 262144,
                    "attention", "fp16", true);
        // The same shapes through FlashAttention (bottom-right: the 512 queries are the last
        // ones of 2048, a chunked prefill): row i sees i + 1536 + 1 keys, scores
        // 512·1536 + 512·513/2 = 786,432 + 131,328 = 917,760; 2·4·917,760·128 = 939,786,240.
        // read 2,359,296; written out 262,144 + lse 4·512·4 = 8,192 -> 270,336.
        estimateRow("flash causal bottom-right s_q < s_k", "aten::_flash_attention_forward",
                    "[[1,512,4,64],[1,2048,4,64],[1,2048,4,64],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","512","2048","0.0","True","False"])", 939786240, 2359296,
                    270336, "attention", "bf16", true);
        // Decoding one token against a 4096-entry cache, GQA 32 over 8 heads, causal
        // bottom-right: the single query sees all 4096 keys (top-left would leave 1);
        // 2·32·4096·(128 + 128) = 67,108,864. read q 32·128·2 = 8,192 + k, v
        // 2·(4096·8·128·2) = 16,777,216 -> 16,785,408; written out 8,192 + lse 32·4 = 128 ->
        // 8,320.
        estimateRow("flash decode causal", "aten::_flash_attention_forward",
                    "[[1,1,32,128],[1,4096,8,128],[1,4096,8,128],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","","","Scalar",)"
                    R"("Scalar","Scalar","Scalar","Scalar"])",
                    R"(["","","","","","1","4096","0.0","True","False"])", 67108864, 16785408, 8320,
                    "attention", "bf16", true);
        // s_q 10 > s_k 4, top-left (efficient sdpa, is_causal at 6): rows see min(i + 1, 4)
        // keys, 1 + 2 + 3 + 7·4 = 34; 2·2·34·(16 + 16) = 4,352. read q 2·10·16·4 = 1,280 + k, v
        // 2·(2·4·16·4) = 1,024 -> 2,304; written out 1,280 (compute_log_sumexp False).
        estimateRow(
            "efficient causal top-left s_q > s_k", "aten::_scaled_dot_product_efficient_attention",
            "[[1,2,10,16],[1,2,4,16],[1,2,4,16],[],[],[],[]]",
            R"(["float","float","float","","Scalar","Scalar","Scalar"])",
            R"(["","","","","False","0.0","True"])", 4352, 2304, 1280, "attention", "fp32", true);
        // _efficient_attention_forward with custom_mask_type 2 (causal from bottom-right), s_q 10
        // > s_k 4: row i sees clamp(i - 6 + 1, 0, 4) keys, rows 6..9: 1 + 2 + 3 + 4 = 10 (rows
        // 0..5 see none); 2·2·10·32 = 1,280. Bytes as above in [b, s, h, d]: read 2,304,
        // written 1,280.
        estimateRow("_efficient_attention_forward bottom-right s_q > s_k",
                    "aten::_efficient_attention_forward",
                    "[[1,10,2,16],[1,4,2,16],[1,4,2,16],[],[],[],[],[],[],[],[]]",
                    R"(["float","float","float","","","","Scalar","Scalar","Scalar","Scalar",)"
                    R"("Scalar"])",
                    R"(["","","","","","","10","4","0.0","2","False"])", 1280, 2304, 1280,
                    "attention", "fp32", true);
        // custom_mask_type 0: no mask, 2·2·10·4·32 = 5,120.
        estimateRow("_efficient_attention_forward no mask", "aten::_efficient_attention_forward",
                    "[[1,10,2,16],[1,4,2,16],[1,4,2,16],[],[],[],[],[],[],[],[]]",
                    R"(["float","float","float","","","","Scalar","Scalar","Scalar","Scalar",)"
                    R"("Scalar"])",
                    R"(["","","","","","","10","4","0.0","0","False"])", 5120, 2304, 1280,
                    "attention", "fp32", true);
        // PyTorch 2.0's overload (query, key, value, compute_log_sumexp, is_causal, *, scale):
        // causal, scores 256·257/2 = 32,896; 2·4·32,896·128 = 33,685,504. read 3·(4·256·64·2)
        // = 393,216; written out 131,072 + lse 4·256·4 = 4,096 -> 135,168.
        estimateRow("efficient 2.0 schema causal", "aten::_scaled_dot_product_efficient_attention",
                    "[[1,4,256,64],[1,4,256,64],[1,4,256,64],[],[],[]]",
                    R"(["c10::Half","c10::Half","c10::Half","Scalar","Scalar","Scalar"])",
                    R"(["","","","True","True",""])", 33685504, 393216, 135168, "attention", "fp16",
                    true);
    }
    void forward() { checkEstimateRow(); }

    void backward_data() {
        estimateColumns();
        // Causal (is_causal at 11): scores 2·1024·1025/2 = 1,049,600 per head;
        // 2·16·1,049,600·(3·64 + 2·64) = 10,747,904,000 (2.5 x the causal forward's
        // 4,299,161,600). read grad_out, q, k, v, out 5·4,194,304 = 20,971,520 + lse
        // 2·16·1024·4 = 131,072 + two int64 philox scalars 16 = 21,102,608; written dq, dk, dv
        // 3·4,194,304 = 12,582,912.
        estimateRow(
            "flash backward", "aten::_scaled_dot_product_flash_attention_backward",
            "[[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],[2,16,1024,64],"
            "[2,16,1024],[],[],[],[],[],[],[],[]]",
            R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16",)"
            R"("float","","","Scalar","Scalar","Scalar","Scalar","long int","long int"])",
            R"(["","","","","","","","","1024","1024","0.0","True","",""])", 10747904000.0,
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
        // The same with is_causal True at 11 (top-left, s_q = s_k): scores 2·128·129/2 =
        // 16,512; 2·32·16,512·(3·128 + 2·128) = 676,331,520. Bytes unchanged.
        estimateRow("efficient backward gqa causal",
                    "aten::_scaled_dot_product_efficient_attention_backward",
                    "[[2,32,128,128],[2,32,128,128],[2,8,128,128],[2,8,128,128],[],"
                    "[2,32,128,128],[2,32,128],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16","",)"
                    R"("c10::BFloat16","float","","","Scalar","bool[]","Scalar"])",
                    R"(["","","","","","","","","","0.0","[True, True, True, False]","True"])",
                    676331520, 7372800, 3145728, "attention", "bf16", true);
        // _flash_attention_backward, s_q 512 < s_k 2048, causal bottom-right (is_causal at 11):
        // scores 512·1536 + 512·513/2 = 917,760; 2·4·917,760·(3·64 + 2·64) = 2,349,465,600.
        // read grad_out, q, out 3·(512·4·64·2) = 786,432 + k, v 2·(2048·4·64·2) = 2,097,152 +
        // lse 4·512·4 = 8,192 -> 2,891,776; written dq 262,144 + dk, dv 2,097,152 = 2,359,296.
        estimateRow("flash backward causal s_q < s_k", "aten::_flash_attention_backward",
                    "[[1,512,4,64],[1,512,4,64],[1,2048,4,64],[1,2048,4,64],[1,512,4,64],"
                    "[1,4,512],[],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16",)"
                    R"("c10::BFloat16","float","","","Scalar","Scalar","Scalar","Scalar","",""])",
                    R"(["","","","","","","","","512","2048","0.0","True","",""])", 2349465600.0,
                    2891776, 2359296, "attention", "bf16", true);
        // cuDNN backward (is_causal at 14), s = 256: scores 256·257/2 = 32,896;
        // 2·4·32,896·(3·64 + 2·64) = 84,213,760. read grad_out, q, k, v, out 5·131,072 =
        // 655,360 + lse 4·256·4 = 4,096 -> 659,456; written 3·131,072 = 393,216.
        estimateRow("cudnn backward causal", "aten::_scaled_dot_product_cudnn_attention_backward",
                    "[[1,4,256,64],[1,4,256,64],[1,4,256,64],[1,4,256,64],[1,4,256,64],"
                    "[1,4,256],[],[],[],[],[],[],[],[],[]]",
                    R"(["c10::BFloat16","c10::BFloat16","c10::BFloat16","c10::BFloat16",)"
                    R"("c10::BFloat16","float","","","","","","Scalar","Scalar","Scalar",)"
                    R"("Scalar"])",
                    R"(["","","","","","","","","","","","256","256","0.0","True"])", 84213760,
                    659456, 393216, "attention", "bf16", true);
    }
    void backward() { checkEstimateRow(); }

    void assumptions_data() {
        assumptionColumns();
        // is_causal recorded (True or False): nothing assumed.
        assumptionRow("causal recorded", "aten::_scaled_dot_product_flash_attention",
                      "[[1,4,16,64],[1,4,16,64],[1,4,16,64],[],[],[],[]]", "",
                      R"(["","","","0.0","True","False",""])", "");
        assumptionRow("not causal recorded", "aten::scaled_dot_product_attention",
                      "[[1,4,16,64],[1,4,16,64],[1,4,16,64],[],[],[],[],[]]", "",
                      R"(["","","","","0.0","False","","False"])", "");
        // No Concrete Inputs: the mask is unknown, the full matrix is counted and said so.
        assumptionRow("causal not recorded", "aten::_scaled_dot_product_flash_attention_backward",
                      "[[1,4,16,64],[1,4,16,64],[1,4,16,64],[1,4,16,64]]", "", "",
                      "no causal mask assumed: the trace records no is_causal");
        assumptionRow("mask type not recorded", "aten::_efficient_attention_forward",
                      "[[1,16,4,64],[1,16,4,64],[1,16,4,64]]", "", "",
                      "records no custom_mask_type");
    }
    void assumptions() { checkAssumptionRow(); }

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
