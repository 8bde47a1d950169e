// Scaled dot-product attention, forward and backward. FLOPs follow torch.utils.flop_counter
// (full score matrix, no causal or dropout discount; a multiply-add is 2):
//   forward   sdpa_flop_count           2·b·h_q·s_q·s_k·d_q + 2·b·h_q·s_q·s_k·d_v
//                                        = 2·b·h_q·s_q·s_k·(d_q + d_v)
//   backward  sdpa_backward_flop_count  five products: recompute Q·Kᵀ (d_q), dP = dO·Vᵀ (d_v),
//                                        dV = Pᵀ·dO (d_v), dQ = dS·K (d_q), dK = dSᵀ·Q (d_q)
//                                        = 2·b·h_q·s_q·s_k·(3·d_q + 2·d_v)
// With grouped-query attention (k/v with h_kv heads, h_q a multiple of h_kv) every query head
// still attends over s_k keys, so h = h_q (as in flop_counter's GQA-aware version).
// Layouts: the sdpa ops take [b, h, s, d]; _flash_attention_* and _efficient_attention_* take
// [b, s, h, d]; packed variable-length inputs ([total, h, d] with cumulative sequence offsets)
// are counted as total_q·max_k score entries per head, an upper bound of Σ s_q,i·s_k,i (the
// offsets' values are not in the trace).
// Bytes: every tensor input read once; forward writes the output [b, h_q, s_q, d_v] at the query
// dtype plus the fp32 logsumexp [b, h_q, s_q] where the op returns it; backward writes dQ, dK,
// dV at the sizes of q, k, v.

#include "estimate/estimate_support.h"

#include <algorithm>
#include <array>

namespace roofscope::estimate {
namespace {

enum class Layout { bhsd, bshd };
enum class Lse { always, ifRequested, never };

struct AttentionSchema {
    std::string_view name;
    bool backward;
    Layout layout;
    int q;            // position of the query; k and v follow
    int cumSeqQ;      // position of the cumulative offsets of a packed batch, -1 if none
    int maxK;         // position of max_k for packed batches, -1 if none
    Lse lse;          // whether the forward returns logsumexp
    int lseFlag = -1; // position of compute_log_sumexp when Lse::ifRequested
};

constexpr std::array kSchemas{
    // scaled_dot_product_attention(query, key, value, attn_mask?, dropout_p, is_causal, scale,
    // enable_gqa); _scaled_dot_product_attention_math adds a dropout mask.
    AttentionSchema{"scaled_dot_product_attention", false, Layout::bhsd, 0, -1, -1, Lse::never},
    AttentionSchema{"_scaled_dot_product_attention_math", false, Layout::bhsd, 0, -1, -1,
                    Lse::never},
    // _scaled_dot_product_flash_attention(query, key, value, dropout_p, is_causal, ...)
    AttentionSchema{"_scaled_dot_product_flash_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::always},
    // _scaled_dot_product_efficient_attention / _cudnn_attention(query, key, value, attn_bias?,
    // compute_log_sumexp, dropout_p, is_causal, ...)
    AttentionSchema{"_scaled_dot_product_efficient_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::ifRequested, 4},
    AttentionSchema{"_scaled_dot_product_cudnn_attention", false, Layout::bhsd, 0, -1, -1,
                    Lse::ifRequested, 4},
    // _flash_attention_forward(query, key, value, cum_seq_q?, cum_seq_k?, max_q, max_k, ...)
    AttentionSchema{"_flash_attention_forward", false, Layout::bshd, 0, 3, 6, Lse::always},
    // _efficient_attention_forward(query, key, value, bias?, cu_seqlens_q?, cu_seqlens_k?,
    // max_seqlen_q?, max_seqlen_k?, dropout_p, custom_mask_type, compute_log_sumexp, ...)
    AttentionSchema{"_efficient_attention_forward", false, Layout::bshd, 0, 4, 7, Lse::ifRequested,
                    10},
    // _scaled_dot_product_{flash,efficient,cudnn}_attention_backward(grad_out, query, key,
    // value, ...)
    AttentionSchema{"_scaled_dot_product_flash_attention_backward", true, Layout::bhsd, 1, -1, -1,
                    Lse::never},
    AttentionSchema{"_scaled_dot_product_efficient_attention_backward", true, Layout::bhsd, 1, -1,
                    -1, Lse::never},
    AttentionSchema{"_scaled_dot_product_cudnn_attention_backward", true, Layout::bhsd, 1, -1, -1,
                    Lse::never},
    // _flash_attention_backward(grad_out, query, key, value, out, logsumexp, cum_seq_q?,
    // cum_seq_k?, max_q, max_k, ...)
    AttentionSchema{"_flash_attention_backward", true, Layout::bshd, 1, 6, 9, Lse::never},
    // _efficient_attention_backward(grad_out, query, key, value, bias?, out, cu_seqlens_q?,
    // cu_seqlens_k?, max_seqlen_q, max_seqlen_k, ...)
    AttentionSchema{"_efficient_attention_backward", true, Layout::bshd, 1, 6, 9, Lse::never},
};

struct Dims {
    double b = 0, hq = 0, hkv = 0, sq = 0, sk = 0, dq = 0, dv = 0;
    double scores = 0; // b·s_q·s_k per head (total_q·max_k for a packed batch)
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
    d.scores = d.b * d.sq * d.sk;
    // A packed batch (cumulative offsets given): total_q·max_k is an upper bound of the score
    // entries per head; without max_k, total_q·total_k / batches assumes equal lengths.
    if (cum) {
        const double batches = std::max(1.0, numel(*cum) - 1);
        const double totalQ = d.b * d.sq, totalK = d.b * d.sk;
        const auto maxK = in.ints(std::size_t(schema.maxK));
        d.scores = maxK && maxK->size() == 1 && maxK->front() > 0
                       ? totalQ * std::min(double(maxK->front()), totalK)
                       : totalQ * totalK / batches;
    }
    return d;
}

Result<OpEstimate> estimateAttention(std::string_view op, const OpInputs& in) {
    const AttentionSchema* schema = nullptr;
    for (const auto& s : kSchemas)
        if (s.name == op)
            schema = &s;
    auto dims = attentionDims(op, *schema, in);
    if (!dims)
        return dims.error();
    const Dims& d = dims.value();
    const std::size_t q = std::size_t(schema->q);
    if (schema->backward) {
        auto g = requireTensor(op, in, 0, "grad_out", 3, 4);
        if (!g)
            return g.error();
        if (numel(g.value()) * d.dq != numel(*in.tensor(q)) * d.dv)
            return opError(op, "expected grad_out " + shapeText(g.value()) +
                                   " to have the query's shape with d_v = " + count(d.dv));
        // sdpa_backward_flop_count: 2·b·h_q·s_q·s_k·(3·d_q + 2·d_v)
        const double flops = 2 * d.hq * d.scores * (3 * d.dq + 2 * d.dv);
        const double written =
            argBytes(in, q) + argBytes(in, q + 1) + argBytes(in, q + 2); // dQ, dK, dV
        return makeEstimate(Category::attention, precisionOf(in, q), flops, allTensorBytes(in),
                            written,
                            "2*h_q*(b*s_q*s_k)*(3*d_q + 2*d_v) = 2*" + count(d.hq) + "*" +
                                count(d.scores) + "*(3*" + count(d.dq) + " + 2*" + count(d.dv) +
                                ") (flop_counter sdpa_backward_flop_count)");
    }
    // sdpa_flop_count: 2·b·h_q·s_q·s_k·d_q + 2·b·h_q·s_q·s_k·d_v
    const double flops = 2 * d.hq * d.scores * (d.dq + d.dv);
    const double rows = d.b * d.hq * d.sq; // query rows: one output row and one logsumexp each
    bool lse = schema->lse == Lse::always;
    if (schema->lse == Lse::ifRequested)
        lse = in.boolean(std::size_t(schema->lseFlag)).value_or(false);
    const double written = rows * d.dv * elemBytes(in, q) + (lse ? rows * 4 : 0);
    return makeEstimate(Category::attention, precisionOf(in, q), flops, allTensorBytes(in), written,
                        "2*h_q*(b*s_q*s_k)*(d_q + d_v) = 2*" + count(d.hq) + "*" + count(d.scores) +
                            "*(" + count(d.dq) + " + " + count(d.dv) +
                            ") (flop_counter sdpa_flop_count)" +
                            (lse ? "; writes fp32 logsumexp" : ""));
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
