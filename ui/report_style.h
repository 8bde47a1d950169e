#pragma once
// Fonts of exported figures, in pixel sizes: a point's size in pixels depends on the paint
// device's DPI (screen, PDF writer, SVG generator), which would make PNG, PDF and SVG differ.

#include <QFont>

class QCustomPlot;

namespace roofscope::ui {

// Helvetica where it exists, and its metric twins elsewhere: what journals and slides use.
QFont reportFont(int pixels);

// Axis titles 15 px, tick labels 13 px, legends, text items and titles 11–15 px, on every axis
// rect, legend and text of `plot` (at 96 DPI: 11.25 pt, 9.75 pt and 8.25 pt).
void applyReportFonts(QCustomPlot& plot);

} // namespace roofscope::ui
