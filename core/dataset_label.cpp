#include "core/dataset_label.h"

namespace roofscope {

std::string uniqueDatasetLabel(const Session& session, const std::string& label, int except) {
    const auto taken = [&](const std::string& candidate) {
        for (std::size_t i = 0; i < session.datasets.size(); ++i)
            if (static_cast<int>(i) != except && session.datasets[i].context.label == candidate)
                return true;
        return false;
    };
    std::string candidate = label;
    for (int n = 2; taken(candidate); ++n)
        candidate = label + " (" + std::to_string(n) + ")";
    return candidate;
}

} // namespace roofscope
