#include "core/import/xplane/hlo_te_attention.h"

#include "core/estimate/attention_scores.h"
#include "core/text_words.h"

#include <charconv>
#include <cmath>

namespace roofscope {
namespace {

std::optional<std::int64_t> whole(const std::map<std::string, std::string>& attributes,
                                  const char* name) {
    const auto it = attributes.find(name);
    if (it == attributes.end())
        return std::nullopt;
    std::int64_t v = 0;
    const char* end = it->second.data() + it->second.size();
    const auto [p, ec] = std::from_chars(it->second.data(), end, v);
    if (ec != std::errc() || p != end)
        return std::nullopt;
    return v;
}

} // namespace

bool isTeAttentionCall(std::string_view target) {
    return target == "te_fused_attn_forward_ffi" || target == "te_fused_attn_backward_ffi";
}

std::optional<std::map<std::string, std::string>> parseFfiAttributes(std::string_view text) {
    text = trimBlanks(text);
    if (text.size() < 2 || text.front() != '{' || text.back() != '}')
        return std::nullopt;
    text = text.substr(1, text.size() - 2);
    std::map<std::string, std::string> out;
    // Entries are separated by commas outside brackets and quotes (array values, strings).
    std::size_t start = 0;
    int depth = 0;
    bool quoted = false;
    for (std::size_t i = 0; i <= text.size(); ++i) {
        const char c = i < text.size() ? text[i] : ',';
        if (quoted) {
            if (c == '\\')
                ++i;
            else if (c == '"')
                quoted = false;
            continue;
        }
        if (c == '"')
            quoted = true;
        else if (c == '[' || c == '{' || c == '<' || c == '(')
            ++depth;
        else if (c == ']' || c == '}' || c == '>' || c == ')')
            --depth;
        else if (c == ',' && depth == 0) {
            const std::string_view entry = trimBlanks(text.substr(start, i - start));
            start = i + 1;
            if (entry.empty())
                continue;
            const std::size_t eq = entry.find(" = ");
            if (eq == std::string_view::npos)
                return std::nullopt;
            std::string_view value = entry.substr(eq + 3);
            // "16 : i64": the value without its type; a string's " : " stays inside its quotes.
            if (const std::size_t colon = value.rfind(" : ");
                colon != std::string_view::npos && value.front() != '"')
                value = value.substr(0, colon);
            out[std::string(trimBlanks(entry.substr(0, eq)))] = std::string(trimBlanks(value));
        }
    }
    if (depth != 0 || quoted)
        return std::nullopt;
    return out;
}

HloCost teAttentionCost(const HloInstruction& call) {
    HloCost cost;
    const std::string& target = call.customCallTarget;
    const auto attributes = parseFfiAttributes(call.backendConfig);
    if (!attributes) {
        cost.formula = target + ": its backend_config holds no FFI attribute dictionary";
        return cost;
    }
    const auto b = whole(*attributes, "input_batch");
    const auto h = whole(*attributes, "attn_heads");
    const auto sq = whole(*attributes, "q_max_seqlen");
    const auto sk = whole(*attributes, "kv_max_seqlen");
    // Older Transformer Engine releases have one head_dim for Q, K and V.
    auto dqk = whole(*attributes, "qk_head_dim");
    auto dv = whole(*attributes, "v_head_dim");
    if (!dqk)
        dqk = whole(*attributes, "head_dim");
    if (!dv)
        dv = dqk;
    const auto mask = whole(*attributes, "mask_type").value_or(0);
    for (const auto& [name, value] : {std::pair{"input_batch", b},
                                      {"attn_heads", h},
                                      {"q_max_seqlen", sq},
                                      {"kv_max_seqlen", sk},
                                      {"qk_head_dim", dqk}}) {
        if (!value || *value <= 0) {
            cost.formula = target + ": no positive " + name + " in its attributes";
            return cost;
        }
    }
    const double batch = double(*b), heads = double(*h), q = double(*sq), k = double(*sk);
    const bool causal = mask >= 2 && mask <= 5;
    const bool bottomRight = mask == 4 || mask == 5;
    const double scores =
        batch * (causal ? estimate::causalScoreEntries(q, k, bottomRight) : q * k);
    std::string scoresText =
        causal ? "causal (" + std::string(bottomRight ? "bottom-right" : "top-left") +
                     ") b*sum_i clamp(i + " + (bottomRight ? "s_k - s_q + 1" : std::string("1")) +
                     ", 0, s_k) = " + hloCountText(scores)
               : "b*s_q*s_k = " + hloCountText(scores);
    std::string notes;
    if (mask == 1 || mask == 3 || mask == 5)
        notes += "; padding mask: counted at the maximum lengths (an upper bound)";
    if (mask == 6)
        notes += "; arbitrary mask: the full matrix counted";
    if (whole(*attributes, "window_size_left").value_or(-1) >= 0 ||
        whole(*attributes, "window_size_right").value_or(-1) >= 0)
        notes += "; sliding window not discounted";
    if (whole(*attributes, "max_segments_per_seq").value_or(1) > 1)
        notes += "; packed segments counted as whole sequences (an upper bound)";
    const bool backward = target == "te_fused_attn_backward_ffi";
    const double d1 = double(*dqk), d2 = double(*dv);
    cost.flopsKnown = true;
    cost.flops = backward ? estimate::attentionBackwardFlops(heads, scores, d1, d2)
                          : estimate::attentionForwardFlops(heads, scores, d1, d2);
    cost.formula =
        target +
        (backward ? ": 2*h*scores*(3*d_qk + 2*d_v) = 2*" : ": 2*h*scores*(d_qk + d_v) = 2*") +
        hloCountText(heads) + "*" + hloCountText(scores) + (backward ? "*(3*" : "*(") +
        hloCountText(d1) + (backward ? " + 2*" : " + ") + hloCountText(d2) + ") with scores " +
        scoresText + " (from its FFI attributes)" + notes;
    cost.matrix = true;
    // The work's inputs: the first array among the outputs (the attention output, or dQKV).
    const HloShape& first =
        call.shape.tupleShapes.empty() ? call.shape : call.shape.tupleShapes.front();
    cost.elementType = first.elementType;
    return cost;
}

} // namespace roofscope
