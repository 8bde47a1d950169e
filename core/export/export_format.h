#pragma once
// What an export writes: the format (from the output's extension) and the figure's size. The
// tables (CSV, JSON) are written by core; the images (PNG, PDF, SVG) need Qt's painters and are
// drawn by the explorer's module (ui/plot_export.h), which `roofscope export` loads only for them.
//
// Size: width and height are the figure's layout size in CSS pixels (1/96 inch), the size at
// which fonts and lines are laid out. A PNG has round(width × dpi / 96) × round(height × dpi /
// 96) pixels and records the DPI; PDF and SVG are vector, width/96 × height/96 inches.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace roofscope {

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
std::vector<std::string_view> exportFormatNames();
std::string_view exportFormatName(ExportFormat format);
// The format named `name`, case-insensitively.
std::optional<ExportFormat> parseExportFormat(std::string_view name);
// The format a file name's extension asks for, case-insensitively; nullopt for any other.
std::optional<ExportFormat> exportFormatForPath(std::string_view path);
bool isImageFormat(ExportFormat format);

// Why the options cannot be used (size or DPI out of range); empty when they can.
std::string validateExportOptions(const ExportOptions& options);

} // namespace roofscope
