#include "core/export/export_format.h"

#include <cctype>

namespace roofscope {
namespace {

constexpr ExportFormat kFormats[] = {ExportFormat::png, ExportFormat::pdf, ExportFormat::svg,
                                     ExportFormat::csv, ExportFormat::json};

bool equalNoCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size())
        return false;
    for (std::size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

} // namespace

std::vector<std::string_view> exportFormatNames() {
    std::vector<std::string_view> names;
    for (const auto f : kFormats)
        names.push_back(exportFormatName(f));
    return names;
}

std::string_view exportFormatName(ExportFormat format) {
    switch (format) {
    case ExportFormat::png:
        return "png";
    case ExportFormat::pdf:
        return "pdf";
    case ExportFormat::svg:
        return "svg";
    case ExportFormat::csv:
        return "csv";
    case ExportFormat::json:
        break;
    }
    return "json";
}

std::optional<ExportFormat> parseExportFormat(std::string_view name) {
    for (const auto f : kFormats)
        if (equalNoCase(name, exportFormatName(f)))
            return f;
    return std::nullopt;
}

std::optional<ExportFormat> exportFormatForPath(std::string_view path) {
    const std::size_t dot = path.rfind('.');
    const std::size_t slash = path.rfind('/');
    // No extension, or a dot file ("dir/.png") whose name is all extension.
    if (dot == std::string_view::npos || (slash != std::string_view::npos && dot <= slash + 1) ||
        dot == 0)
        return std::nullopt;
    return parseExportFormat(path.substr(dot + 1));
}

bool isImageFormat(ExportFormat format) {
    return format == ExportFormat::png || format == ExportFormat::pdf ||
           format == ExportFormat::svg;
}

std::string validateExportOptions(const ExportOptions& o) {
    const auto out = [](int v, int lo, int hi) { return v < lo || v > hi; };
    if (out(o.width, kExportMinSize, kExportMaxSize) ||
        out(o.height, kExportMinSize, kExportMaxSize))
        return "width and height must be between " + std::to_string(kExportMinSize) + " and " +
               std::to_string(kExportMaxSize) + " pixels";
    if (out(o.dpi, kExportMinDpi, kExportMaxDpi))
        return "the DPI must be between " + std::to_string(kExportMinDpi) + " and " +
               std::to_string(kExportMaxDpi);
    return {};
}

} // namespace roofscope
