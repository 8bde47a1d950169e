#include "core/analysis/shown_dataset.h"

#include <algorithm>

namespace roofscope {

int shownDataset(const Session& session) {
    const auto& hidden = session.view.hiddenDatasets;
    for (std::size_t i = 0; i < session.datasets.size(); ++i)
        if (std::find(hidden.begin(), hidden.end(), session.datasets[i].context.label) ==
            hidden.end())
            return static_cast<int>(i);
    return -1;
}

} // namespace roofscope
