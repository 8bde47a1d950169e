#pragma once
// Exports a session's roofline for reports and scripts: PNG, PDF or SVG of the plot drawn with
// report fonts at a chosen size, or CSV and JSON of its points with the roofs above them (the
// numbers from core's plotPoints). Used by File > Export… and by `roofscope export`; needs a
// QApplication for the images (any platform, offscreen included), not for the tables.
//
// Size: width and height are the figure's layout size in CSS pixels (1/96 inch), the size at
// which fonts and lines are laid out. A PNG has round(width × dpi / 96) × round(height × dpi /
// 96) pixels and records the DPI; PDF and SVG are vector, width/96 × height/96 inches.

#include "core/error.h"
#include "core/plot_points.h"
#include "core/session.h"

#include <QByteArray>
#include <QString>
#include <QStringList>

#include <optional>

namespace roofscope::ui {

class RooflinePlot;

enum class ExportFormat { png, pdf, svg, csv, json };

struct ExportOptions {
    int width = 1000; // CSS pixels
    int height = 625;
    int dpi = 144; // PNG only
};

inline constexpr int kExportMinSize = 200;
inline constexpr int kExportMaxSize = 10000;
inline constexpr int kExportMinDpi = 48;
inline constexpr int kExportMaxDpi = 1200;

// "png", "pdf", "svg", "csv", "json", in that order.
QStringList exportFormatNames();
QString exportFormatName(ExportFormat format);
std::optional<ExportFormat> parseExportFormat(const QString& name);
// The format a file name's extension asks for, case-insensitively; nullopt for any other.
std::optional<ExportFormat> exportFormatForPath(const QString& path);
bool isImageFormat(ExportFormat format);

// Why the options cannot be used (size or DPI out of range); empty when they can.
QString validateExportOptions(const ExportOptions& options);

// Writes `path` atomically (a failed export leaves an existing file as it was). Images draw
// session.view's view: the roofline or hierarchical roofline (fitted to the data unless the view
// holds a range) or the chart of an analysis view (views/view_chart.h). CSV and JSON hold the
// roofline's points, or the analysis view's table (core's viewTable). The time_based view, which
// has no chart, is refused.
Status exportSession(const Session& session, const QString& path, ExportFormat format,
                     const ExportOptions& options = {});

// Draws the session on `plot` as exported: report fonts, the view's point style, colours, axes,
// hierarchical levels and range. Shared with tests, which look at what the image files show.
void preparePlot(RooflinePlot& plot, const Session& session, const ExportOptions& options);

// The tables, as exportSession writes them: one CSV row or JSON object per point (NaN as an
// empty field or null), the JSON with the ceilings of every device in points.deviceIds.
inline constexpr const char* kPointsSchema = "roofscope.points/1";
QStringList pointsCsvHeader();
QByteArray pointsCsv(const Session& session, const PlotPoints& points);
QByteArray pointsJson(const Session& session, const PlotPoints& points);

} // namespace roofscope::ui
