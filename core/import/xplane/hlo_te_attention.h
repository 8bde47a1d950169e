#pragma once
// Transformer Engine's fused attention in an XLA program: the custom calls
// `te_fused_attn_forward_ffi` and `te_fused_attn_backward_ffi`. Their operand shapes do not say
// the attention's sizes (a packed QKV tensor, empty placeholders for the unused inputs); the
// FFI attributes do, and XLA keeps them in the instruction's backend_config as an MLIR
// dictionary: "{attn_heads = 16 : i64, input_batch = 2 : i64, mask_type = 2 : i64,
// q_max_seqlen = 2048 : i64, ...}". FLOPs are counted as for PyTorch's attention ops
// (core/estimate/attention_scores.h): forward 2 h scores (d_qk + d_v), backward
// 2 h scores (3 d_qk + 2 d_v), with h the query heads and scores = b s_q s_k, or the causal
// triangle for TE's causal masks (NVTE_Mask_Type: 2 causal and 3 padding-causal aligned to the
// top-left corner, 4 and 5 to the bottom-right). Padding masks count the maximum lengths (the
// real lengths are data), sliding windows are not discounted; the formula says so.

#include "core/import/xplane/hlo_cost.h"
#include "core/import/xplane/hlo_module.h"

#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace roofscope {

// Whether `target` is one of the Transformer Engine attention calls this model counts.
bool isTeAttentionCall(std::string_view target);

// The entries of an MLIR attribute dictionary, name -> value text without its type
// ("16", "false", "1.000000e-01"); nullopt when `text` is not one ("{...}").
std::optional<std::map<std::string, std::string>> parseFfiAttributes(std::string_view text);

// The FLOPs of a TE attention call from its attributes (bytes are the caller's: operands and
// results, as for every instruction); an unknown cost naming the missing attribute when they do
// not give the sizes.
HloCost teAttentionCost(const HloInstruction& call);

} // namespace roofscope
