#pragma once
// The colours of datasets and devices: Okabe-Ito by position, or the colour the user chose for
// a dataset, so that the plot's points and the dataset tree's swatches always agree.

#include "core/dataset.h"

#include <QColor>

namespace roofscope::ui {

QColor paletteColor(int index);

// One colour per category, the same in every session: Okabe-Ito first, then four more that
// stay apart from them, so that eleven categories never share a colour.
QColor categoryColor(Category category);

// The dataset's own colour when it has a valid one, else the palette's for its position.
QColor datasetColor(const Dataset& dataset, int index);

} // namespace roofscope::ui
