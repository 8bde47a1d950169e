// DLRM (Naumov et al. 2019) in the configuration of facebookresearch/dlrm's Criteo Kaggle
// benchmark: 13 dense features through a 13-512-256-64-16 MLP, 26 categorical features looked
// up in embedding tables of dimension 16, pairwise dot-product interaction, top MLP 367-512-256-1.
#include "core/zoo/models.h"

#include <array>

namespace roofscope::zoo {
namespace {
// Rows of the 26 tables: the distinct values of each Criteo Kaggle categorical feature, as the
// dlrm repository's data loader counts them.
constexpr std::array<std::int64_t, 26> kTableRows{
    1460, 583,   10131227, 2202608, 305,  24,   12517, 633,     3,  93145, 5683,   8351593, 3194,
    27,   14992, 5461306,  10,      5652, 2173, 4,     7046547, 18, 15,    286181, 105,     142572};
constexpr std::int64_t kDim = 16;
} // namespace

Result<ForwardPass> dlrmForward(const ModelOptions& o) {
    const std::int64_t batch = o.batch;
    LayerBuilder b(o.precision);
    Shape x{batch, 13};
    const std::int64_t bottom[] = {512, 256, 64, kDim};
    for (std::size_t i = 0; i < std::size(bottom); ++i) {
        x = b.linear("bottom_mlp." + std::to_string(i), x, bottom[i]);
        b.relu("bottom_mlp.relu" + std::to_string(i), x);
    }
    for (std::size_t t = 0; t < kTableRows.size(); ++t)
        b.embeddingBag("embedding." + std::to_string(t), kTableRows[t], kDim, batch, 1);
    // Interaction: the 27 vectors of a sample multiplied pairwise, Z = T T^T, of which the 351
    // entries below the diagonal are concatenated with the dense vector: 351 + 16 = 367.
    constexpr std::int64_t kVectors = 1 + kTableRows.size();
    b.bmm("interaction.bmm", Shape{batch, kVectors, kDim}, Shape{batch, kDim, kVectors});
    x = Shape{batch, kVectors * (kVectors - 1) / 2 + kDim};
    const std::int64_t top[] = {512, 256, 1};
    for (std::size_t i = 0; i < std::size(top); ++i) {
        x = b.linear("top_mlp." + std::to_string(i), x, top[i]);
        if (i + 1 < std::size(top))
            b.relu("top_mlp.relu" + std::to_string(i), x);
    }
    return finish(b, "DLRM (Criteo Kaggle configuration), 26 tables of dimension 16");
}

} // namespace roofscope::zoo
