#include "core/import/ncu/ncu_tensor_factor.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace roofscope {

namespace {

struct Row {
    std::string_view marker; // lower case, found in the id or the reported name
    NcuGpuGeneration generation;
    bool family = false; // the marker names a series: digits may follow ("rtx 30" in "rtx 3090")
};

using G = NcuGpuGeneration;

// Hopper and later first: "gh200" must not match "h200"'s rules differently, and none of them
// gets a factor.
constexpr std::array kRows = {
    Row{"h100", G::hopper},         Row{"h200", G::hopper},         Row{"gh200", G::hopper},
    Row{"h800", G::hopper},         Row{"b200", G::hopper},         Row{"gb200", G::hopper},
    Row{"b100", G::hopper},         Row{"v100", G::volta},          Row{"titan v", G::volta},
    Row{"t4", G::turing},           Row{"a100", G::ampere},         Row{"a800", G::ampere},
    Row{"a10", G::ampere},          Row{"a30", G::ampere},          Row{"a40", G::ampere},
    Row{"l40", G::ampere},          Row{"l4", G::ampere},           Row{"rtx 30", G::ampere, true},
    Row{"rtx-30", G::ampere, true}, Row{"rtx 40", G::ampere, true}, Row{"rtx-40", G::ampere, true},
};

// Whether `marker` occurs in `text` as a whole model token: "a10" in "nvidia-a10" or "NVIDIA A10",
// but not in "a100"; "t4" not in "h100 nvl t4x".
bool hasModel(const std::string& text, std::string_view marker, bool family) {
    for (std::size_t at = text.find(marker); at != std::string::npos;
         at = text.find(marker, at + 1)) {
        const std::size_t end = at + marker.size();
        const bool startOk = at == 0 || !std::isalnum(static_cast<unsigned char>(text[at - 1]));
        const bool endOk =
            family || end == text.size() || !std::isdigit(static_cast<unsigned char>(text[end]));
        if (startOk && endOk)
            return true;
    }
    return false;
}

} // namespace

std::optional<NcuGpuGeneration> ncuGpuGeneration(std::string_view deviceIdOrName) {
    std::string text(deviceIdOrName);
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const Row& row : kRows)
        if (hasModel(text, row.marker, row.family))
            return row.generation;
    return std::nullopt;
}

std::optional<TensorFactor> ncuTensorFactor(std::string_view deviceIdOrName) {
    const auto generation = ncuGpuGeneration(deviceIdOrName);
    if (!generation)
        return std::nullopt;
    switch (*generation) {
    case G::volta:
        return TensorFactor{512, 0, 0, 0,
                            "Volta: 512 FLOP per tensor instruction (NERSC postprocess.py)"};
    case G::turing:
        return TensorFactor{2048, 0, 0, 2048,
                            "Turing: 2048 FLOP per HMMA.1688 (mma.m16n8k8, 2*16*8*8), 2048 ops "
                            "per IMMA.8816 (m8n8k16)"};
    case G::ampere:
        return TensorFactor{4096, 2048, 512, 8192,
                            "Ampere/Ada: 4096 FLOP per HMMA.16816 (mma.m16n8k16, 2*16*8*16), "
                            "2048 per TF32 HMMA.1688 (m16n8k8), 512 per DMMA.884 (m8n8k4), 8192 "
                            "ops per IMMA.16832 (m16n8k32)"};
    case G::hopper:
        break;
    }
    return std::nullopt;
}

} // namespace roofscope
