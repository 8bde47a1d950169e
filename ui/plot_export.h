#pragma once
// Exports a session's view for reports and scripts: PNG, PDF or SVG of the plot drawn with
// report fonts at a chosen size, or the CSV and JSON tables core writes (core/export/). Used by
// File > Export… and, through the explorer's module (app/gui_module.h), by `roofscope export` for
// images; needs a QApplication for the images (any platform, offscreen included), not for the
// tables. Formats, sizes and their limits are core's (core/export/export_format.h).

#include "core/error.h"
#include "core/export/export_format.h"
#include "core/plot_points.h"
#include "core/session.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

class QCustomPlot;

#include <optional>

namespace roofscope::ui {

class RooflinePlot;

using roofscope::ExportFormat;
using roofscope::ExportOptions;
using roofscope::kExportMaxDpi;
using roofscope::kExportMaxSize;
using roofscope::kExportMinDpi;
using roofscope::kExportMinSize;

// core's names and rules as Qt strings, for the export dialog.
QStringList exportFormatNames();
QString formatSuffix(ExportFormat format); // "png", ...
std::optional<ExportFormat> parseExportFormat(const QString& name);
std::optional<ExportFormat> exportFormatForPath(const QString& path);
using roofscope::isImageFormat;
// core's validateExportOptions: empty when the options can be used.
QString exportOptionsProblem(const ExportOptions& options);

// Writes `path` atomically (a failed export leaves an existing file as it was). Images draw
// session.view's view: the roofline or hierarchical roofline (fitted to the data unless the view
// holds a range) or the chart of an analysis view (views/view_chart.h). CSV and JSON hold the
// roofline's points, or the analysis view's table (core's viewTable).
Status exportSession(const Session& session, const QString& path, ExportFormat format,
                     const ExportOptions& options = {});

// Writes `plot` as it draws at options' size into `path` (PNG, PDF or SVG), atomically; `title`
// names the PDF and SVG document. Errors name `path`.
Status writeFigure(QCustomPlot& plot, const QString& path, ExportFormat format,
                   const ExportOptions& options, const QString& title);

// Draws the session on `plot` as exported: report fonts, the view's point style, colours, axes,
// hierarchical levels and range. Shared with tests, which look at what the image files show.
void preparePlot(RooflinePlot& plot, const Session& session, const ExportOptions& options);

// The tables, as exportSession writes them (core/export/points_table.h).

QStringList pointsCsvHeader();
QByteArray pointsCsv(const Session& session, const PlotPoints& points);
QByteArray pointsJson(const Session& session, const PlotPoints& points);

} // namespace roofscope::ui
