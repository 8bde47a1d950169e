#include "core/export/export_table.h"

#include "core/analysis/view_tables.h"
#include "core/export/points_table.h"
#include "core/plot_points.h"
#include "core/text_file.h"

namespace roofscope {

Result<std::string> exportTableText(const Session& session, ExportFormat format) {
    const ViewKind view = session.view.view;
    if (!isExportableView(view))
        return makeError("the " + std::string(toString(view)) + " view cannot be exported");
    if (isImageFormat(format))
        return makeError(std::string(exportFormatName(format)) + " is an image, not a table");
    const bool csv = format == ExportFormat::csv;
    if (isRooflineView(view)) {
        const PlotPoints points = plotPoints(session);
        return csv ? pointsCsv(session, points) : pointsJson(session, points);
    }
    const ViewTable table = viewTable(session);
    return csv ? viewTableCsv(table) : viewTableJson(table);
}

Status exportTable(const Session& session, const std::string& path, ExportFormat format) {
    auto text = exportTableText(session, format);
    if (!text) {
        Error e = text.error();
        e.where = inFile(path);
        return e;
    }
    return writeFileAtomically(path, text.value());
}

} // namespace roofscope
