#include "import/ncu_tensor_factor.h"

#include <algorithm>
#include <array>
#include <cctype>

namespace roofscope {

namespace {

struct Row {
    std::string_view marker; // lower case, found in the id or the reported name
    double factor;
    std::string_view basis;
    bool family = false; // the marker names a series: digits may follow ("rtx 30" in "rtx 3090")
};

constexpr std::string_view kVolta = "Volta: 512 FLOP per tensor instruction (NERSC postprocess.py)";
constexpr std::string_view kTuring = "Turing: 2048 FLOP per HMMA.1688 (mma.m16n8k8, 2*16*8*8)";
constexpr std::string_view kAmpere =
    "Ampere/Ada: 4096 FLOP per HMMA.16816 (mma.m16n8k16, 2*16*8*16; TF32 is overstated 2x)";

// Hopper and later first: "gh200" must not match "h200"'s rules differently, and none of them
// gets a factor.
constexpr std::array kRows = {
    Row{"h100", 0, {}},
    Row{"h200", 0, {}},
    Row{"gh200", 0, {}},
    Row{"h800", 0, {}},
    Row{"b200", 0, {}},
    Row{"gb200", 0, {}},
    Row{"b100", 0, {}},
    Row{"v100", 512, kVolta},
    Row{"titan v", 512, kVolta},
    Row{"t4", 2048, kTuring},
    Row{"a100", 4096, kAmpere},
    Row{"a800", 4096, kAmpere},
    Row{"a10", 4096, kAmpere},
    Row{"a30", 4096, kAmpere},
    Row{"a40", 4096, kAmpere},
    Row{"l40", 4096, kAmpere},
    Row{"l4", 4096, kAmpere},
    Row{"rtx 30", 4096, kAmpere, true},
    Row{"rtx-30", 4096, kAmpere, true},
    Row{"rtx 40", 4096, kAmpere, true},
    Row{"rtx-40", 4096, kAmpere, true},
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

std::optional<TensorFactor> ncuTensorFactor(std::string_view deviceIdOrName) {
    std::string text(deviceIdOrName);
    std::transform(text.begin(), text.end(), text.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    for (const Row& row : kRows) {
        if (!hasModel(text, row.marker, row.family))
            continue;
        if (row.factor == 0)
            return std::nullopt;
        return TensorFactor{row.factor, std::string(row.basis)};
    }
    return std::nullopt;
}

} // namespace roofscope
