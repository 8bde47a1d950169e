#pragma once
// The frame every comparison-family chart draws in: a title, one axis rect and a legend. Rebuilt
// on each setSession because ViewChart::showEmpty clears the layout (and with it the axes and
// the legend) when a session cannot be drawn.

#include <qcustomplot.h>

#include <QString>

#include <vector>

namespace roofscope::ui {

// Clears `plot` (plottables, items, layout) and lays out a title (bold, `title`) above a
// subtitle (`subtitle`, grey, may hold several lines, left out when empty) and one axis rect
// with a legend inset at `legendAlignment`; an empty alignment puts the legend in a row of its
// own between the subtitle and the axis rect, its entries side by side. Resets plot.xAxis, yAxis,
// xAxis2, yAxis2 and legend to the new ones.
void resetChartFrame(QCustomPlot& plot, const QString& title, const QString& subtitle,
                     Qt::Alignment legendAlignment);

// `text` with its lines broken between words where they would be wider than `width` pixels in
// `font` (a word wider than that stays whole).
QString wrapToWidth(const QString& text, const QFont& font, int width);

// Refills the lines of the text elements resetChartFrame made (title and subtitle, which keep
// their words in the property "fullText") to the plot's width now, and puts as many entries in
// a row of a legend in its own row as fit (at most three); true when one changed.
bool rewrapTexts(QCustomPlot& plot);

// A strip of horizontal bars under the chart's main rects: a bold `title` above an axis rect
// whose left axis holds the bar keys, top to bottom, and whose bottom axis is time in seconds;
// dragged and zoomed along time only. Added as row 1 of the plot's layout; `grid` holds the title
// (row 0) and the rect (row 1, column 0), so a legend can go beside the rect.
struct BarStrip {
    QCPLayoutGrid* grid = nullptr;
    QCPAxisRect* rect = nullptr;
};
BarStrip addBarStrip(QCustomPlot& plot, const QString& title);

// A legend entry without data: an empty graph named `name` drawn with `pen` and `scatter`.
QCPGraph* addLegendEntry(QCustomPlot& plot, const QString& name, const QPen& pen,
                         const QCPScatterStyle& scatter = QCPScatterStyle());

// A small label for the point (x, y) in plot coordinates; placeAnchoredLabels puts it beside
// the point.
QCPItemText* addAnchoredLabel(QCustomPlot& plot, const QString& text, double x, double y,
                              const QColor& color);

// Puts each label made by addAnchoredLabel beside its point (or just above it when `above`, to
// keep a line leaving the point sideways visible), pushed down just enough to clear
// the label above it, and left of its point where the right edge would cut it. In pixels: call
// after the layout and the axis ranges are known (before each draw).
void placeAnchoredLabels(QCustomPlot& plot, const std::vector<QCPItemText*>& labels,
                         bool above = false);

// `text` cut to `maxChars` with an ellipsis: kernel names run to a hundred characters.
QString elide(const QString& text, int maxChars);

} // namespace roofscope::ui
