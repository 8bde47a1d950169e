#include "demo_render.h"

#include "roofline_plot.h"

#include <QDir>

namespace roofscope::ui {

RenderResult renderSessionFiles(const Session& session, const QString& dir,
                                const QString& baseName) {
    RenderResult result;
    if (!QDir().mkpath(dir)) {
        result.error = QObject::tr("cannot create the folder %1").arg(dir);
        return result;
    }
    RooflinePlot plot;
    plot.resize(1000, 625);
    plot.setSession(session);
    const QString png = QDir(dir).filePath(baseName + QStringLiteral(".png"));
    const QString pdf = QDir(dir).filePath(baseName + QStringLiteral(".pdf"));
    if (!plot.savePng(png, 1000, 625, 1.6)) {
        result.error = QObject::tr("cannot write %1").arg(png);
        return result;
    }
    result.files << png;
    if (!plot.savePdf(pdf, 1000, 625, QCP::epNoCosmetic, QStringLiteral("Roofscope"),
                      QStringLiteral("Roofline"))) {
        result.error = QObject::tr("cannot write %1").arg(pdf);
        return result;
    }
    result.files << pdf;
    return result;
}

} // namespace roofscope::ui
