#pragma once
// What an analysis chart's points and bars say when hovered, and the record a click on one
// selects. A chart adds a pick per point or bar segment as it draws it; the pick keeps its own
// axes (the MD-Roofline has three planes and its bars, each with axes of its own) and is found
// in pixels when the mouse moves, so that zoom, pan and log axes need nothing more.

#include "core/session.h"

#include <qcustomplot.h>

#include <QPointer>
#include <QString>

#include <optional>
#include <vector>

namespace roofscope::ui {

struct ChartPick {
    // The axes xs and ys are on. Guarded: a pick whose axis rect was cleared is never found.
    QPointer<QCPAxis> x, y;
    QCPRange xs, ys; // a point: lower == upper; a bar segment: its extent
    QString tip;
    std::optional<RecordRef> ref; // the op record a click selects; nullopt for aggregates
    // The plottable the pick belongs to: while it is hidden, so is the pick. Null: always shown.
    QPointer<QCPAbstractPlottable> owner;

    bool area() const { return xs.lower != xs.upper || ys.lower != ys.upper; }
};

// A marker's radius and a little, in pixels.
inline constexpr double kPickReach = 7;

// The picks under `at` (widget pixels) whose axis rect holds it: the nearest within `reach`,
// with every other as near to a pixel (identical points; an op and the aggregate it alone makes
// up), the one added last (drawn on top) first. A point beats a bar it lies over. Empty when
// nothing is near.
std::vector<const ChartPick*> picksAt(const std::vector<ChartPick>& picks, QPointF at,
                                      double reach = kPickReach);

} // namespace roofscope::ui
