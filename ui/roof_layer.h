#pragma once
// How a roof is drawn, the same in every chart (the roofline, the comparison and the placement
// views): core's segments (core/roof_geometry.h) as lines whose pen says what the roof is, and a
// compute roof's label over its flat line. Memory slopes are drawn heavier than compute flats;
// a datasheet figure is dashed, a measured one solid.

#include "core/roof_geometry.h"

#include <QColor>
#include <QPen>
#include <QString>

#include <qcustomplot.h>

namespace roofscope::ui {

// The pen of one roof segment in `color`.
QPen roofPen(const QColor& color, const RoofSegment& segment);

// The segment as a graph of `plot` on the axes `x` and `y` (the plot's main axes when null), in
// roofPen, not selectable. The caller names it or removes it from the legend.
QCPGraph* addRoofGraph(QCustomPlot& plot, const RoofSegment& segment, const QColor& color,
                       QCPAxis* x = nullptr, QCPAxis* y = nullptr);

// A label in a roof's colour and the charts' small type, on a light backing that keeps it legible
// over a dense cloud of points, clipped to the axis rectangle. Placed by the caller.
QCPItemText* addRoofLabel(QCustomPlot& plot, const QString& text, const QColor& color);

} // namespace roofscope::ui
