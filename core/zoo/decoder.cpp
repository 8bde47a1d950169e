// A GPT/LLaMA-style decoder-only transformer (Radford et al. 2019; Touvron et al. 2023). The
// default shape is LLaMA-7B: 32 layers, hidden 4096, 32 heads, SwiGLU feed-forward 11008,
// vocabulary 32000, RMSNorm, untied output head: 6,738,415,616 parameters.
#include "core/zoo/models.h"

namespace roofscope::zoo {

Result<ForwardPass> decoderForward(const ModelOptions& o) {
    const DecoderShape d = o.decoder.value_or(DecoderShape{});
    if (d.layers < 1 || d.hidden < 1 || d.heads < 1 || d.kvHeads < 1 || d.vocab < 1)
        return makeError("decoder shape needs at least one layer, head and token");
    if (d.hidden % d.heads != 0 || d.heads % d.kvHeads != 0)
        return makeError("hidden must divide into heads, and heads into kv heads");
    std::int64_t ffn = d.ffn;
    if (ffn == 0)
        ffn = d.gatedFfn ? (((8 * static_cast<std::int64_t>(d.hidden) / 3) + 255) / 256 * 256)
                         : 4 * static_cast<std::int64_t>(d.hidden);
    const std::int64_t batch = o.batch, seq = o.seqLen, headDim = d.hidden / d.heads;
    const Shape tokens{batch, seq};
    const Shape hidden{batch, seq, d.hidden};

    LayerBuilder b(o.precision);
    auto norm = [&](const std::string& name) {
        if (d.rmsNorm)
            b.rmsNorm(name, hidden);
        else
            b.layerNorm(name, hidden);
    };
    const bool bias = !d.gatedFfn; // GPT-2 has biases, LLaMA has none
    if (d.positions < 0 || (d.positions > 0 && seq > d.positions))
        return makeError("sequence " + std::to_string(seq) + " exceeds the " +
                         std::to_string(d.positions) + " learned positions");
    b.embedding("embed_tokens", d.vocab, d.hidden, tokens);
    if (d.positions > 0) {
        b.embedding("embed_positions", d.positions, d.hidden, tokens);
        b.add("embed_sum", hidden, hidden);
    }
    for (int l = 0; l < d.layers; ++l) {
        const std::string p = "layers." + std::to_string(l) + ".";
        norm(p + "attention_norm");
        b.linear(p + "attention.q_proj", hidden, d.hidden, bias);
        b.linear(p + "attention.k_proj", hidden, static_cast<std::int64_t>(d.kvHeads) * headDim,
                 bias);
        b.linear(p + "attention.v_proj", hidden, static_cast<std::int64_t>(d.kvHeads) * headDim,
                 bias);
        b.attention(p + "attention.sdpa", Shape{batch, d.heads, seq, headDim},
                    Shape{batch, d.kvHeads, seq, headDim}, true);
        b.linear(p + "attention.o_proj", hidden, d.hidden, bias);
        b.add(p + "attention.residual", hidden, hidden);
        norm(p + "ffn_norm");
        if (d.gatedFfn) {
            const Shape gate = b.linear(p + "ffn.gate_proj", hidden, ffn, false);
            b.linear(p + "ffn.up_proj", hidden, ffn, false);
            b.silu(p + "ffn.silu", gate);
            b.mul(p + "ffn.gate_mul", gate, gate);
            b.linear(p + "ffn.down_proj", gate, d.hidden, false);
        } else {
            const Shape inner = b.linear(p + "ffn.up", hidden, ffn, true);
            b.gelu(p + "ffn.gelu", inner);
            b.linear(p + "ffn.down", inner, d.hidden, true);
        }
        b.add(p + "ffn.residual", hidden, hidden);
    }
    norm("final_norm");
    const Shape logits = b.linear("lm_head", hidden, d.vocab, false);
    if (d.tiedHead && !b.layers().empty())
        b.layers().back().params = 0; // the token embedding's matrix, counted there
    b.softmax("lm_head.softmax", logits);
    return finish(b, std::string(d.gatedFfn ? "LLaMA" : "GPT") + "-style decoder, " +
                         std::to_string(d.layers) + " layers, hidden " + std::to_string(d.hidden) +
                         ", sequence " + std::to_string(seq));
}

} // namespace roofscope::zoo
