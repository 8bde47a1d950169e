#include "ui/palette.h"

#include <iterator>

namespace roofscope::ui {
namespace {

// Okabe-Ito: distinguishable for colour-blind readers and in greyscale print.
const QColor kPalette[] = {QColor(0, 114, 178),   QColor(213, 94, 0),  QColor(0, 158, 115),
                           QColor(204, 121, 167), QColor(230, 159, 0), QColor(86, 180, 233),
                           QColor(0, 0, 0)};

} // namespace

QColor paletteColor(int index) {
    return kPalette[static_cast<std::size_t>(index) % std::size(kPalette)];
}

QColor categoryColor(Category category) {
    // Past the palette, one colour per remaining category (optimizer, memcpy, collective, memory,
    // other); memory's brown sits before other so that other keeps its indigo.
    static const QColor extra[] = {QColor(120, 120, 120), QColor(136, 34, 85), QColor(153, 153, 51),
                                   QColor(140, 86, 75), QColor(68, 34, 136)};
    const auto i = static_cast<std::size_t>(category);
    return i < std::size(kPalette) ? kPalette[i]
                                   : extra[(i - std::size(kPalette)) % std::size(extra)];
}

QColor datasetColor(const Dataset& dataset, int index) {
    const QColor own(QString::fromStdString(dataset.context.color));
    return own.isValid() ? own : paletteColor(index);
}

} // namespace roofscope::ui
