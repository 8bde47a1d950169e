// The export's names and tables as Qt types: core writes them (core/export/), the export dialog
// and exportSession take them from here.
#include "ui/plot_export.h"

#include "core/export/points_table.h"

namespace roofscope::ui {
namespace {

QString text(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size()));
}

} // namespace

QStringList exportFormatNames() {
    QStringList names;
    for (const auto name : roofscope::exportFormatNames())
        names << text(name);
    return names;
}

QString formatSuffix(ExportFormat format) {
    return text(roofscope::exportFormatName(format));
}

std::optional<ExportFormat> parseExportFormat(const QString& name) {
    return roofscope::parseExportFormat(name.toStdString());
}

std::optional<ExportFormat> exportFormatForPath(const QString& path) {
    return roofscope::exportFormatForPath(path.toStdString());
}

QString exportOptionsProblem(const ExportOptions& options) {
    return text(roofscope::validateExportOptions(options));
}

QStringList pointsCsvHeader() {
    QStringList names;
    for (const auto name : roofscope::pointsCsvHeader())
        names << text(name);
    return names;
}

QByteArray pointsCsv(const Session& session, const PlotPoints& points) {
    return QByteArray::fromStdString(roofscope::pointsCsv(session, points));
}

QByteArray pointsJson(const Session& session, const PlotPoints& points) {
    return QByteArray::fromStdString(roofscope::pointsJson(session, points));
}

} // namespace roofscope::ui
