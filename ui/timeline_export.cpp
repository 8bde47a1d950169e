#include "ui/timeline_export.h"

#include "core/units.h"
#include "ui/plot_export.h"
#include "ui/report_style.h"
#include "ui/step_timeline_plot.h"
#include "ui/views/chart_frame.h"

namespace roofscope::ui {

Status exportTimeline(const Session& session, int dataset, const StepTimeline& timeline,
                      TimelineColoring coloring, const QString& path, ExportFormat format,
                      const ExportOptions& options) {
    if (dataset < 0 || static_cast<std::size_t>(dataset) >= session.datasets.size())
        return makeError("the timeline's dataset is not in the session",
                         inFile(path.toStdString()));
    const Dataset& d = session.datasets[static_cast<std::size_t>(dataset)];
    const Device* device = session.findDevice(d.context.deviceId);
    const std::vector<int> keys = timelineKeys(timeline, d, device, session.view, coloring);
    const auto colorOf = [coloring](int key) { return timelineKeyColor(key, coloring); };

    StepTimelinePlot plot;
    plot.resize(options.width, options.height);
    const ViewTable table = timelineTable(timeline, d, device, session.view);
    plot.setTimeline(timeline);
    std::vector<QRgb> colors(timeline.slices.size());
    for (std::size_t i = 0; i < colors.size(); ++i)
        colors[i] = colorOf(keys[i]).rgb();
    plot.setColors(std::move(colors), {});
    // Every lane: a figure cannot scroll.
    plot.yAxis->setRange(-0.5, std::max<double>(1, double(timeline.lanes.size())) - 0.5);
    plot.xAxis->setLabel(QObject::tr("Time from the rank's first launch of the step"));

    // The run above; the step, its launches, lanes and span under it (core's first note).
    const QString title = QString::fromStdString(d.context.label);
    plot.plotLayout()->insertRow(0);
    auto* heading = new QCPTextElement(&plot, title, QFont(plot.font().family(), 11, QFont::Bold));
    heading->setProperty("fullText", title);
    plot.plotLayout()->addElement(0, 0, heading);
    plot.plotLayout()->insertRow(1);
    const QString sub = QString::fromStdString(table.notes.empty() ? "" : table.notes.front());
    auto* subtitle = new QCPTextElement(&plot, sub, QFont(plot.font().family(), 8));
    subtitle->setProperty("fullText", sub);
    subtitle->setTextColor(QColor(90, 90, 90));
    plot.plotLayout()->addElement(1, 0, subtitle);

    // The key: each colour with the step's launch time in it, most first.
    auto* key = new QCPLegend;
    plot.plotLayout()->addElement(3, 0, key);
    plot.legend = key;
    key->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    key->setWrap(3);
    key->setBorderPen(Qt::NoPen);
    key->setFont(QFont(plot.font().family(), 8));
    key->setMargins(QMargins(6, 2, 6, 2));
    for (const TimelineKeyTime& k : timelineKeyTimes(timeline, keys)) {
        const QColor c = colorOf(k.key);
        // The plot adds each graph to its legend, the key.
        addLegendEntry(plot,
                       QString::fromStdString(timelineKeyName(k.key, coloring)) +
                           QStringLiteral(" ") +
                           QString::fromStdString(formatSi(k.seconds, Dimension::time)),
                       Qt::NoPen, QCPScatterStyle(QCPScatterStyle::ssSquare, c, c, 8));
    }
    for (int r = 0; r < plot.plotLayout()->rowCount(); ++r)
        plot.plotLayout()->setRowStretchFactor(r, r == 2 ? 1 : 0.001);
    applyReportFonts(plot);
    rewrapTexts(plot);
    return writeFigure(plot, path, format, options, QObject::tr("Step timeline"));
}

} // namespace roofscope::ui
