#include "ui/demo_render.h"

#include "ui/plot_export.h"

#include <QDir>

namespace roofscope::ui {

RenderResult renderSessionFiles(const Session& session, const QString& dir,
                                const QString& baseName) {
    RenderResult result;
    if (!QDir().mkpath(dir)) {
        result.error = QObject::tr("cannot create the folder %1").arg(dir);
        return result;
    }
    // The exporter's figure (report fonts, the view's choices): 800 × 500 layout pixels, the
    // PNG at 192 DPI for 1600 × 1000 pixels.
    const ExportOptions options{800, 500, 192};
    for (const ExportFormat format : {ExportFormat::png, ExportFormat::pdf}) {
        const QString path = QDir(dir).filePath(baseName + QLatin1Char('.') + formatSuffix(format));
        if (const Status s = exportSession(session, path, format, options); !s) {
            result.error = QString::fromStdString(s.error().toString());
            return result;
        }
        result.files << path;
    }
    return result;
}

} // namespace roofscope::ui
