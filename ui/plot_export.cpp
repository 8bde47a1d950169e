#include "ui/plot_export.h"

#include "core/analysis/view_tables.h"
#include "core/export/export_table.h"
#include "ui/report_style.h"
#include "ui/roofline_plot.h"
#include "ui/views/view_chart.h"

#include <QBuffer>
#include <QImage>
#include <QPageLayout>
#include <QPageSize>
#include <QPdfWriter>
#include <QSaveFile>
#include <QSvgGenerator>

#include <algorithm>
#include <cmath>
#include <map>
#include <memory>

namespace roofscope::ui {
namespace {

// The layout unit: CSS pixels, so that PNG, PDF and SVG of one size look alike.
constexpr int kLayoutDpi = 96;

Status failed(const QString& path, const QString& what) {
    return makeError(what.toStdString(), inFile(path.toStdString()));
}

Status commit(QSaveFile& file, const QString& path) {
    if (!file.commit())
        return failed(path, QObject::tr("cannot write: %1").arg(file.errorString()));
    return {};
}

Status writePng(QCustomPlot& plot, QSaveFile& file, const ExportOptions& o) {
    QImage image = plot.toPixmap(o.width, o.height, double(o.dpi) / kLayoutDpi).toImage();
    const int dotsPerMeter = qRound(o.dpi / 0.0254);
    image.setDotsPerMeterX(dotsPerMeter);
    image.setDotsPerMeterY(dotsPerMeter);
    if (image.isNull() || !image.save(&file, "PNG"))
        return failed(file.fileName(), QObject::tr("cannot encode the PNG image"));
    return {};
}

// PDF and SVG draw through the same painter path at 96 DPI, so one layout unit is one CSS pixel.
void paintVector(QCustomPlot& plot, QPaintDevice* device, const ExportOptions& o) {
    QCPPainter painter(device);
    painter.setMode(QCPPainter::pmVectorized);
    painter.setMode(QCPPainter::pmNonCosmetic);
    plot.toPainter(&painter, o.width, o.height);
    painter.end();
}

void writePdf(QCustomPlot& plot, QSaveFile& file, const ExportOptions& o, const QString& title) {
    QPdfWriter writer(&file);
    writer.setResolution(kLayoutDpi);
    const QSizeF points(o.width * 72.0 / kLayoutDpi, o.height * 72.0 / kLayoutDpi);
    writer.setPageLayout(
        QPageLayout(QPageSize(points, QPageSize::Point, title, QPageSize::ExactMatch),
                    QPageLayout::Portrait, QMarginsF(0, 0, 0, 0)));
    writer.setCreator(QStringLiteral("Roofscope"));
    writer.setTitle(title);
    paintVector(plot, &writer, o);
}

void writeSvg(QCustomPlot& plot, QSaveFile& file, const ExportOptions& o, const QString& title) {
    QBuffer buffer;
    buffer.open(QIODevice::WriteOnly);
    QSvgGenerator svg;
    svg.setOutputDevice(&buffer);
    svg.setSize(QSize(o.width, o.height));
    svg.setViewBox(QRect(0, 0, o.width, o.height));
    svg.setResolution(kLayoutDpi);
    svg.setTitle(title);
    svg.setDescription(QStringLiteral("Drawn by Roofscope"));
    paintVector(plot, &svg, o);
    // QSvgGenerator names one family; a viewer without Helvetica would fall back to its default,
    // often a serif. Give it the sans fallbacks the PNG and PDF resolve through fontconfig.
    QByteArray text = buffer.data();
    text.replace("font-family=\"Helvetica\"",
                 "font-family=\"Helvetica, Arial, 'Nimbus Sans', 'Liberation Sans', sans-serif\"");
    file.write(text);
}

} // namespace

void preparePlot(RooflinePlot& plot, const Session& session, const ExportOptions& options) {
    plot.resize(options.width, options.height);
    plot.setPointStyle(session.view.pointStyle);
    // Draws the hierarchical levels and takes the view's range, or fits one, as on screen.
    plot.setSession(session);
    applyReportFonts(plot);
}

Status exportSession(const Session& session, const QString& path, ExportFormat format,
                     const ExportOptions& options) {
    const ViewKind view = session.view.view;
    if (!isExportableView(view))
        return failed(path, QObject::tr("the %1 view cannot be exported")
                                .arg(QString::fromUtf8(toString(view).data())));
    if (!isImageFormat(format))
        return exportTable(session, path.toStdString(), format);
    if (const QString why = exportOptionsProblem(options); !why.isEmpty())
        return failed(path, why);
    std::unique_ptr<QCustomPlot> plot;
    if (isRooflineView(view)) {
        auto roofline = std::make_unique<RooflinePlot>();
        preparePlot(*roofline, session, options);
        plot = std::move(roofline);
    } else {
        std::unique_ptr<ViewChart> chart(makeViewChart(view));
        chart->resize(options.width, options.height);
        chart->setSession(session);
        applyReportFonts(*chart);
        plot = std::move(chart);
    }
    return writeFigure(*plot, path, format, options, viewTitle(view));
}

Status writeFigure(QCustomPlot& plot, const QString& path, ExportFormat format,
                   const ExportOptions& options, const QString& title) {
    if (!isImageFormat(format))
        return failed(path, QObject::tr("%1 is not an image format").arg(formatSuffix(format)));
    if (const QString why = exportOptionsProblem(options); !why.isEmpty())
        return failed(path, why);
    QSaveFile file(path);
    if (!file.open(QIODevice::WriteOnly))
        return failed(path, QObject::tr("cannot write: %1").arg(file.errorString()));
    if (format == ExportFormat::png) {
        if (const Status s = writePng(plot, file, options); !s)
            return s;
    } else if (format == ExportFormat::pdf) {
        writePdf(plot, file, options, title);
    } else {
        writeSvg(plot, file, options, title);
    }
    return commit(file, path);
}

} // namespace roofscope::ui
