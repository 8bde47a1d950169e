// Scaled dot-product attention, forward and backward. FLOPs follow torch.utils.flop_counter
// (a multiply-add is 2; softmax and dropout not counted) over the score entries computed:
//   forward   sdpa_flop_count           2·h_q·scores·d_q + 2·h_q·scores·d_v
//                                        = 2·h_q·scores·(d_q + d_v)
//   backward  sdpa_backward_flop_count  five products: recompute Q·Kᵀ (d_q), dP = dO·Vᵀ (d_v),
//                                        dV = Pᵀ·dO (d_v), dQ = dS·K (d_q), dK = dSᵀ·Q (d_q)
//                                        = 2·h_q·scores·(3·d_q + 2·d_v)
// scores = b·s_q·s_k without a mask. Causal attention counts the executed triangle: query row i
// (0-based) attends to keys j ≤ i + offset, where offset is 0 for a top-left aligned mask and
// s_k − s_q for a bottom-right aligned one, so
//   scores = b·Σ_i clamp(i + offset + 1, 0, s_k)
// which for s_q = s_k is b·s_q·(s_q + 1)/2 (the lower triangle with its diagonal), for a
// bottom-right mask with s_q < s_k (decoding against a cache) b·(s_q·(s_k − s_q) +
// s_q·(s_q + 1)/2), so that one decoded token (s_q = 1) sees its whole row of s_k keys (a
// top-left mask would leave it 1). This is the exact element count;
// FlashAttention kernels skip whole tiles above the diagonal and compute the tiles the diagonal
// crosses in full, so they execute slightly more (a fraction ~tile/s_q). flop_counter counts the
// full matrix; TraceLens (AMD-AGI, PerfModel SDPA) and FlashAttention's benchmarks halve it,
// s_q·s_k/2, which differs from the triangle by s_q/2 entries per head (0.1 % at s_q = 1024) and
// is undefined for s_q ≠ s_k (TraceLens refuses it), hence the exact count here.
// Alignment by op, from PyTorch: scaled_dot_product_attention and _math (tril of ones(L, S)),
// the efficient ops (CustomMaskType::CausalFromTopLeft) and cuDNN (set_causal_mask) are top-left;
// the flash ops are bottom-right (FlashAttention 2 aligns the causal mask to the lower right;
// PyTorch's dispatcher sends non-square causal sdpa elsewhere for that reason);
// _efficient_attention_forward/backward take custom_mask_type (0 none, 1 top-left, 2
// bottom-right). is_causal and custom_mask_type are read from "Concrete Inputs" at each
// schema's position; when absent (no Concrete Inputs) the mask is taken as none, the estimate
// then counts the full matrix and says so in `assumption`.
// With grouped-query attention (k/v with h_kv heads, h_q a multiple of h_kv) every query head
// still attends over s_k keys, so h = h_q (as in flop_counter's GQA-aware version).
// Layouts: the sdpa ops take [b, h, s, d]; _flash_attention_* and _efficient_attention_* take
// [b, s, h, d]; packed variable-length inputs ([total, h, d] with cumulative sequence offsets)
// are counted as total_q·max_k score entries per head, an upper bound of Σ s_q,i·s_k,i (the
// offsets' values are not in the trace); causal, times the executed fraction of a max_q × max_k
// block, which for equal lengths bounds Σ s_i·(s_i + 1)/2 by total_q·(max + 1)/2.
// Sliding windows (window_size_left/right) and attention masks are not discounted.
// Bytes: every tensor input read once; forward writes the output [b, h_q, s_q, d_v] at the query
// dtype plus the fp32 logsumexp [b, h_q, s_q] where the op returns it; backward writes dQ, dK,
// dV at the sizes of q, k, v. Causality does not change them: Q, K, V and O move once.

#include "core/estimate/attention_scores.h"
#include "core/estimate/estimate_support.h"

#include <algorithm>
#include <array>

namespace roofscope::estimate {
namespace {

enum class Layout { bhsd, bshd };
enum class Lse { always, ifRequested, never };
// How the causal flag is recorded and which corner its mask is aligned to.
enum class Mask { topLeft, bottomRight, maskType };

struct AttentionSchema {
    std::string_view name;
    bool backward;
    Layout layout;
    int q;       // position of the query; k and v follow
    int cumSeqQ; // position of the cumulative offsets of a packed batch, -1 if none
    int maxK;    // position of max_k for packed batches (max_q precedes it), -1 if none
    Lse lse;     // whether the forward returns logsumexp
    int lseFlag; // position of compute_log_sumexp when Lse::ifRequested, else -1
    int causal;  // position of is_causal (Mask::maskType: of custom_mask_type)
    Mask mask;
};

constexpr std::array kSchemas{
    // scaled_dot_product_attention(query, key, value, attn_mask?, dropout_p, is_causal, scale,
    // enable_gqa); _scaled_dot_product_attention_math(..., is_causal, dropout_mask?, *, scale,
    // enable_gqa)
    AttentionSchema{"scaled_dot_product_attention", false, Layout::bhsd, 0, -1, -1, Lse::never, -1,
                    5, Mask::topLeft},
    AttentionSchema{"_scaled_dot_product_attention_math", false, Layout::bhsd, 0, -1, -1,
                    Lse::never, -1, 5, Mask::topLeft},
    // _scaled_dot_product_flash_attention(query, key, value, dropout_p, is_causal,
    // return_debug_mask, *, scale)
    AttentionSchema{"_scaled_dot_product_flash_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::always, -1, 4, Mask::bottomRight},
    // _scaled_dot_product_efficient_attention / _cudnn_attention(query, key, value, attn_bias?,
    // compute_log_sumexp, dropout_p, is_causal, ...); PyTorch 2.0's efficient overload
    // (query, key, value, compute_log_sumexp, is_causal, *, scale) is recognised below.
    AttentionSchema{"_scaled_dot_product_efficient_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::ifRequested, 4, 6, Mask::topLeft},
    AttentionSchema{"_scaled_dot_product_cudnn_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::ifRequested, 4, 6, Mask::topLeft},
    // _flash_attention_forward(query, key, value, cum_seq_q?, cum_seq_k?, max_q, max_k,
    // dropout_p, is_causal, return_debug_mask, *, scale, window_size_left, ...)
    AttentionSchema{"_flash_attention_forward", false, Layout::bshd, 0, 3, 6, Lse::always, -1, 8,
                    Mask::bottomRight},
    // _efficient_attention_forward(query, key, value, bias?, cu_seqlens_q?, cu_seqlens_k?,
    // max_seqlen_q?, max_seqlen_k?, dropout_p, custom_mask_type, compute_log_sumexp, ...)
    AttentionSchema{"_efficient_attention_forward", false, Layout::bshd, 0, 4, 7, Lse::ifRequested,
                    10, 9, Mask::maskType},
    // _scaled_dot_product_flash_attention_backward(grad_out, query, key, value, out, logsumexp,
    // cum_seq_q, cum_seq_k, max_q, max_k, dropout_p, is_causal, philox_seed, philox_offset, ...)
    AttentionSchema{"_scaled_dot_product_flash_attention_backward", true, Layout::bhsd, 1, -1, -1,
                    Lse::never, -1, 11, Mask::bottomRight},
    // _scaled_dot_product_efficient_attention_backward(grad_out_, query, key, value, attn_bias,
    // out, logsumexp, philox_seed, philox_offset, dropout_p, grad_input_mask, is_causal, ...);
    // PyTorch 2.0's (grad_out_, query, key, value, out, logsumexp, is_causal, ...) below.
    AttentionSchema{"_scaled_dot_product_efficient_attention_backward", true, Layout::bhsd, 1, -1,
                    -1, Lse::never, -1, 11, Mask::topLeft},
    // _scaled_dot_product_cudnn_attention_backward(grad_out, query, key, value, out, logsumexp,
    // philox_seed, philox_offset, attn_bias, cum_seq_q, cum_seq_k, max_q, max_k, dropout_p,
    // is_causal, *, scale)
    AttentionSchema{"_scaled_dot_product_cudnn_attention_backward", true, Layout::bhsd, 1, -1, -1,
                    Lse::never, -1, 14, Mask::topLeft},
    // _flash_attention_backward(grad_out, query, key, value, out, logsumexp, cum_seq_q?,
    // cum_seq_k?, max_q, max_k, dropout_p, is_causal, ...)
    AttentionSchema{"_flash_attention_backward", true, Layout::bshd, 1, 6, 9, Lse::never, -1, 11,
                    Mask::bottomRight},
    // _efficient_attention_backward(grad_out_, query, key, value, bias?, out, cu_seqlens_q?,
    // cu_seqlens_k?, max_seqlen_q, max_seqlen_k, logsumexp, dropout_p, philox_seed,
    // philox_offset, custom_mask_type, bias_requires_grad, ...)
    AttentionSchema{"_efficient_attention_backward", true, Layout::bshd, 1, 6, 9, Lse::never, -1,
                    14, Mask::maskType},
};

// PyTorch 2.0: _scaled_dot_product_efficient_attention(query, key, value, compute_log_sumexp,
// is_causal, *, scale) and its backward (grad_out_, query, key, value, out, logsumexp,
// is_causal, chunk_grad_outputs, *, scale); told apart by a boolean where the newer overload
// has a tensor (attn_bias at 3, logsumexp at 6).
constexpr AttentionSchema kEfficient20{"_scaled_dot_product_efficient_attention",
                                       false,
                                       Layout::bhsd,
                                       0,
                                       -1,
                                       -1,
                                       Lse::ifRequested,
                                       3,
                                       4,
                                       Mask::topLeft};
constexpr AttentionSchema kEfficientBackward20{"_scaled_dot_product_efficient_attention_backward",
                                               true,
                                               Layout::bhsd,
                                               1,
                                               -1,
                                               -1,
                                               Lse::never,
                                               -1,
                                               6,
                                               Mask::topLeft};

const AttentionSchema* findSchema(std::string_view op, const OpInputs& in) {
    if (op == kEfficient20.name && in.boolean(3).has_value())
        return &kEfficient20;
    if (op == kEfficientBackward20.name && in.boolean(6).has_value())
        return &kEfficientBackward20;
    for (const auto& s : kSchemas)
        if (s.name == op)
            return &s;
    return nullptr;
}

enum class Causal { none, topLeft, bottomRight, unknown };

Causal causalMask(const AttentionSchema& schema, const OpInputs& in) {
    const std::size_t at = std::size_t(schema.causal);
    if (schema.mask == Mask::maskType) {
        const auto type = in.ints(at);
        if (!type || type->size() != 1)
            return Causal::unknown;
        return type->front() == 1   ? Causal::topLeft
               : type->front() == 2 ? Causal::bottomRight
                                    : Causal::none;
    }
    const auto flag = in.boolean(at);
    if (!flag)
        return Causal::unknown;
    if (!*flag)
        return Causal::none;
    return schema.mask == Mask::topLeft ? Causal::topLeft : Causal::bottomRight;
}

struct Dims {
    double b = 0, hq = 0, hkv = 0, sq = 0, sk = 0, dq = 0, dv = 0;
    double scores = 0; // score entries per head computed: b·s_q·s_k, less above a causal mask
    std::string scoresText; // how `scores` was counted, for the formula
};

Result<Dims> attentionDims(std::string_view op, const AttentionSchema& schema, const OpInputs& in) {
    const std::size_t q = std::size_t(schema.q);
    const Shape* cum =
        schema.cumSeqQ >= 0 ? optionalTensor(in, std::size_t(schema.cumSeqQ)) : nullptr;
    const bool packed3d = cum && in.tensor(q) && in.tensor(q)->size() == 3;
    const std::size_t minRank = packed3d ? 3 : 4, maxRank = packed3d ? 3 : 4;
    auto Q = requireTensor(op, in, q, "query", minRank, maxRank);
    auto K = requireTensor(op, in, q + 1, "key", minRank, maxRank);
    auto V = requireTensor(op, in, q + 2, "value", minRank, maxRank);
    if (!Q || !K || !V)
        return !Q ? Q.error() : !K ? K.error() : V.error();
    const Shape &qs = Q.value(), &ks = K.value(), &vs = V.value();
    // Index of the batch, head and sequence dimensions in this layout.
    const bool bhsd = schema.layout == Layout::bhsd && !packed3d;
    const std::size_t hAt = packed3d ? 1 : bhsd ? 1 : 2, sAt = packed3d ? 0 : bhsd ? 2 : 1;
    Dims d;
    d.b = packed3d ? 1 : double(qs[0]);
    d.hq = double(qs[hAt]);
    d.hkv = double(ks[hAt]);
    d.sq = double(qs[sAt]);
    d.sk = double(ks[sAt]);
    d.dq = double(qs.back());
    d.dv = double(vs.back());
    const bool batchOk = packed3d || (qs[0] == ks[0] && ks[0] == vs[0]);
    if (!batchOk || ks[hAt] != vs[hAt] || ks.back() != qs.back() || ks[sAt] != vs[sAt])
        return opError(op, "expected key " + shapeText(ks) + " and value " + shapeText(vs) +
                               " to share batch, heads and keys with query " + shapeText(qs) +
                               " and the key's last dimension to equal the query's");
    if (ks[hAt] == 0 || qs[hAt] % ks[hAt] != 0)
        return opError(op, "query heads (" + std::to_string(qs[hAt]) +
                               ") must be a multiple of key/value heads (" +
                               std::to_string(ks[hAt]) + ")");
    const Causal causal = causalMask(schema, in);
    const bool masked = causal == Causal::topLeft || causal == Causal::bottomRight;
    const bool bottomRight = causal == Causal::bottomRight;
    const std::string corner = bottomRight ? "bottom-right" : "top-left";
    d.scores = d.b * d.sq * d.sk;
    d.scoresText = "b*s_q*s_k = " + count(d.scores);
    if (masked && !cum) {
        d.scores = d.b * causalScoreEntries(d.sq, d.sk, bottomRight);
        d.scoresText = "causal (" + corner + ") b*sum_i clamp(i + " +
                       (bottomRight ? "s_k - s_q + 1" : std::string("1")) +
                       ", 0, s_k) = " + count(d.scores);
    }
    // A packed batch (cumulative offsets given): total_q·max_k is an upper bound of the score
    // entries per head; without max_k, total_q·total_k / batches assumes equal lengths.
    if (cum) {
        const double batches = std::max(1.0, numel(*cum) - 1);
        const double totalQ = d.b * d.sq, totalK = d.b * d.sk;
        const auto maxQ = in.ints(std::size_t(schema.maxK - 1));
        const auto maxK = in.ints(std::size_t(schema.maxK));
        const bool known = maxK && maxK->size() == 1 && maxK->front() > 0;
        const double mk = known ? std::min(double(maxK->front()), totalK) : totalK / batches;
        const double mq = maxQ && maxQ->size() == 1 && maxQ->front() > 0
                              ? std::min(double(maxQ->front()), totalQ)
                              : totalQ / batches;
        d.scores = totalQ * mk;
        d.scoresText = "total_q*max_k = " + count(d.scores);
        if (masked && mq > 0 && mk > 0) {
            d.scores = d.scores * causalScoreEntries(mq, mk, bottomRight) / (mq * mk);
            d.scoresText = "causal (" + corner + ") total_q*max_k*triangle(max_q, max_k)/" +
                           "(max_q*max_k) = " + count(d.scores);
        }
    }
    return d;
}

Result<OpEstimate> estimateAttention(std::string_view op, const OpInputs& in) {
    const AttentionSchema* schema = findSchema(op, in);
    ROOFSCOPE_TRY(dims, attentionDims(op, *schema, in));
    const Dims& d = dims.value();
    const std::size_t q = std::size_t(schema->q);
    const std::string assumption =
        causalMask(*schema, in) == Causal::unknown
            ? std::string("no causal mask assumed: the trace records no ") +
                  (schema->mask == Mask::maskType ? "custom_mask_type" : "is_causal") +
                  " (Concrete Inputs), so the full score matrix is counted"
            : "";
    if (schema->backward) {
        ROOFSCOPE_TRY(g, requireTensor(op, in, 0, "grad_out", 3, 4));
        if (numel(g.value()) * d.dq != numel(*in.tensor(q)) * d.dv)
            return opError(op, "expected grad_out " + shapeText(g.value()) +
                                   " to have the query's shape with d_v = " + count(d.dv));
        // sdpa_backward_flop_count: 2·h_q·scores·(3·d_q + 2·d_v)
        const double flops = attentionBackwardFlops(d.hq, d.scores, d.dq, d.dv);
        const double written =
            argBytes(in, q) + argBytes(in, q + 1) + argBytes(in, q + 2); // dQ, dK, dV
        OpEstimate e = makeEstimate(
            Category::attention, precisionOf(in, q), flops, allTensorBytes(in), written,
            "2*h_q*scores*(3*d_q + 2*d_v) = 2*" + count(d.hq) + "*" + count(d.scores) + "*(3*" +
                count(d.dq) + " + 2*" + count(d.dv) + ") with scores " + d.scoresText +
                " (flop_counter sdpa_backward_flop_count)");
        e.assumption = assumption;
        return e;
    }
    // sdpa_flop_count: 2·h_q·scores·d_q + 2·h_q·scores·d_v
    const double flops = attentionForwardFlops(d.hq, d.scores, d.dq, d.dv);
    const double rows = d.b * d.hq * d.sq; // query rows: one output row and one logsumexp each
    bool lse = schema->lse == Lse::always;
    if (schema->lse == Lse::ifRequested)
        lse = in.boolean(std::size_t(schema->lseFlag)).value_or(false);
    const double written = rows * d.dv * elemBytes(in, q) + (lse ? rows * 4 : 0);
    OpEstimate e = makeEstimate(
        Category::attention, precisionOf(in, q), flops, allTensorBytes(in), written,
        "2*h_q*scores*(d_q + d_v) = 2*" + count(d.hq) + "*" + count(d.scores) + "*(" + count(d.dq) +
            " + " + count(d.dv) + ") with scores " + d.scoresText +
            " (flop_counter sdpa_flop_count)" + (lse ? "; writes fp32 logsumexp" : ""));
    e.assumption = assumption;
    return e;
}

constexpr auto kEntries = [] {
    std::array<Entry, kSchemas.size()> entries{};
    for (std::size_t i = 0; i < kSchemas.size(); ++i)
        entries[i] = Entry{kSchemas[i].name, estimateAttention};
    return entries;
}();

} // namespace

std::span<const Entry> attentionEntries() {
    return kEntries;
}

} // namespace roofscope::estimate
