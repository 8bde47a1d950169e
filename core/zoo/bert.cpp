// BERT-large (Devlin et al. 2019): 24 layers, hidden 1024, 16 heads, feed-forward 4096, vocabulary
// 30522, 512 positions; the encoder with embeddings and pooler as Hugging Face's BertModel, whose
// 335,141,888 parameters the paper rounds to 340M.
#include "core/zoo/models.h"

namespace roofscope::zoo {

Result<ForwardPass> bertLargeForward(const ModelOptions& o) {
    constexpr std::int64_t kLayers = 24, kHidden = 1024, kHeads = 16, kFfn = 4096;
    constexpr std::int64_t kVocab = 30522, kPositions = 512, kTypes = 2;
    if (o.seqLen > kPositions)
        return makeError("BERT-large takes at most 512 tokens per sequence, got " +
                         std::to_string(o.seqLen));
    const std::int64_t batch = o.batch, seq = o.seqLen;
    const Shape tokens{batch, seq};
    const Shape hidden{batch, seq, kHidden};

    LayerBuilder b(o.precision);
    b.embedding("embeddings.word", kVocab, kHidden, tokens);
    b.embedding("embeddings.position", kPositions, kHidden, tokens);
    b.embedding("embeddings.token_type", kTypes, kHidden, tokens);
    b.add("embeddings.sum", hidden, hidden);
    b.layerNorm("embeddings.layer_norm", hidden);
    for (std::int64_t l = 0; l < kLayers; ++l) {
        const std::string p = "encoder." + std::to_string(l) + ".";
        b.linear(p + "attention.qkv", hidden, 3 * kHidden);
        const Shape heads{batch, kHeads, seq, kHidden / kHeads};
        b.attention(p + "attention.sdpa", heads, heads, false);
        b.linear(p + "attention.output", hidden, kHidden);
        b.add(p + "attention.residual", hidden, hidden);
        b.layerNorm(p + "attention.layer_norm", hidden);
        const Shape inner = b.linear(p + "ffn.up", hidden, kFfn);
        b.gelu(p + "ffn.gelu", inner);
        b.linear(p + "ffn.down", inner, kHidden);
        b.add(p + "ffn.residual", hidden, hidden);
        b.layerNorm(p + "ffn.layer_norm", hidden);
    }
    b.linear("pooler", Shape{batch, kHidden}, kHidden);
    return finish(b, "BERT-large, 24 layers, hidden 1024, sequence " + std::to_string(seq));
}

} // namespace roofscope::zoo
