#pragma once
// The score entries attention computes and its FLOPs, shared by every importer that estimates
// attention (PyTorch's SDPA ops from shapes, estimate_attention.cpp; XLA's Transformer Engine
// custom calls from their attributes, hlo_te_attention.cpp), so that one model counts them one
// way. FLOPs follow torch.utils.flop_counter (a multiply-add is 2; softmax and dropout not
// counted).

namespace roofscope::estimate {

// Score entries a causal mask leaves of an s_q x s_k matrix: sum over query rows i in [0, s_q)
// of clamp(i + offset + 1, 0, s_k), offset 0 for a mask aligned to the top-left corner, s_k - s_q
// for one aligned to the bottom-right. s_q = s_k gives s_q (s_q + 1) / 2 either way.
double causalScoreEntries(double sq, double sk, bool bottomRight);

// sdpa_flop_count: 2 h_q scores d_q + 2 h_q scores d_v, scores per head (batch included).
inline double attentionForwardFlops(double heads, double scores, double dq, double dv) {
    return 2 * heads * scores * (dq + dv);
}

// sdpa_backward_flop_count: five products, recompute Q K^T (d_q), dP = dO V^T (d_v),
// dV = P^T dO (d_v), dQ = dS K (d_q), dK = dS^T Q (d_q): 2 h_q scores (3 d_q + 2 d_v).
inline double attentionBackwardFlops(double heads, double scores, double dq, double dv) {
    return 2 * heads * scores * (3 * dq + 2 * dv);
}

} // namespace roofscope::estimate
