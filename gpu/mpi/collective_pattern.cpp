#include "gpu/mpi/collective_pattern.h"

#include <cstdio>

namespace roofscope::probe::detail {

namespace {

// Rank r contributes (r + 1) + (i mod 7) at element i of a reduction, so the sum over n ranks is
// n(n + 1)/2 + n (i mod 7).
double reductionInput(int rank, std::size_t i) {
    return static_cast<double>(rank + 1) + static_cast<double>(i % 7);
}
double reductionSum(int ranks, std::size_t i) {
    return static_cast<double>(ranks) * (ranks + 1) / 2 +
           static_cast<double>(ranks) * static_cast<double>(i % 7);
}

// Rank r's block of an all_gather holds 8 (r + 1) + (j mod 7) at its element j: each block
// differs from every other, so a block from the wrong rank or place shows.
double gatherBlockValue(int rank, std::size_t j) {
    return 8.0 * (rank + 1) + static_cast<double>(j % 7);
}

} // namespace

std::size_t inputCount(Collective collective, std::size_t count, int ranks) {
    return collective == Collective::all_gather ? count / static_cast<std::size_t>(ranks) : count;
}

std::size_t outputCount(Collective collective, std::size_t count, int ranks) {
    return collective == Collective::reduce_scatter ? count / static_cast<std::size_t>(ranks)
                                                    : count;
}

void fillInput(Collective collective, int rank, int, std::span<double> input) {
    for (std::size_t i = 0; i < input.size(); ++i)
        input[i] = collective == Collective::all_gather ? gatherBlockValue(rank, i)
                                                        : reductionInput(rank, i);
}

std::optional<std::string> checkOutput(Collective collective, int rank, int ranks,
                                       std::span<const double> output) {
    const std::size_t block = collective == Collective::all_gather
                                  ? output.size() / static_cast<std::size_t>(ranks)
                                  : output.size();
    for (std::size_t i = 0; i < output.size(); ++i) {
        double expected = 0;
        switch (collective) {
        case Collective::all_gather:
            expected = gatherBlockValue(static_cast<int>(i / block), i % block);
            break;
        case Collective::reduce_scatter:
            // This rank's block starts at element rank * block of the full input.
            expected = reductionSum(ranks, static_cast<std::size_t>(rank) * block + i);
            break;
        default:
            expected = reductionSum(ranks, i);
            break;
        }
        if (output[i] != expected) {
            char text[128];
            std::snprintf(text, sizeof text, "element %zu is %.17g, expected %.17g", i, output[i],
                          expected);
            return std::string(text);
        }
    }
    return std::nullopt;
}

} // namespace roofscope::probe::detail
