#pragma once
// Which dataset an analysis view that shows one run (MD-Roofline, placement) shows.

#include "core/session.h"

namespace roofscope {

// The first dataset whose label is not in view.hiddenDatasets: the user hides the others by
// unticking them in the dataset tree. -1 when every dataset is hidden or there is none.
int shownDataset(const Session& session);

} // namespace roofscope
