#include "ui/views/time_chart.h"

#include "core/analysis/time_based.h"
#include "core/kernel_name.h"
#include "ui/axis_format.h"
#include "ui/views/chart_frame.h"
#include "ui/views/md_chart.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace roofscope::ui {
namespace {

QString si(double v, Dimension d) {
    return QString::fromStdString(formatSi(v, d));
}

} // namespace

TimeChart::TimeChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
}

void TimeChart::setSession(const Session& session) {
    clearPicks();
    flopPoints_ = bytePoints_ = roofs_ = 0;
    floorS_ = 0;
    const TimeBasedPlot plot = timeBasedPlot(session);
    if (plot.dataset < 0) {
        showEmpty(tr("No dataset shown: tick one in the dataset tree"));
        return;
    }
    if (plot.points.empty()) {
        QString why = tr("No op has a measured time and FLOPs or bytes");
        for (const auto& [reason, n] : plot.leftOut)
            why += QStringLiteral("\n") + tr("%n record(s): ", nullptr, n) +
                   QString::fromStdString(reason);
        showEmpty(why);
        return;
    }
    table_ = timeBasedTable(session);
    emptyReason_.clear();
    floorS_ = plot.floorS;
    const Dataset& d = session.datasets[static_cast<std::size_t>(plot.dataset)];
    int leftOut = 0;
    for (const auto& [reason, n] : plot.leftOut)
        leftOut += n;
    QString subtitle =
        plot.device.empty()
            ? tr("%1 · no device: no roofs").arg(QString::fromStdString(d.context.label))
            : tr("%1 on %2 · lines: the least time the work takes; dashed: the "
                 "shortest launch (%3)")
                  .arg(QString::fromStdString(d.context.label), QString::fromStdString(plot.device),
                       si(plot.floorS, Dimension::time));
    if (leftOut > 0)
        subtitle += tr(" · %n record(s) not drawn (see the table's notes)", nullptr, leftOut);
    // The legend in a row of its own: in a corner of the FLOPs plane it covered the
    // latency-bound cloud that this view is for.
    resetChartFrame(*this, tr("Time-based roofline: time per launch against work"), subtitle,
                    Qt::Alignment());
    // A second plane beside the first, for bytes: the rect's row becomes a grid of two.
    QCPAxisRect* flopsRect = axisRect(0);
    auto* bytesRect = new QCPAxisRect(this);
    for (int row = 0; row < plotLayout()->rowCount(); ++row)
        if (plotLayout()->element(row, 0) == flopsRect) {
            plotLayout()->take(flopsRect);
            plotLayout()->simplify();
            auto* pair = new QCPLayoutGrid;
            plotLayout()->addElement(row, 0, pair);
            pair->addElement(0, 0, flopsRect);
            pair->addElement(0, 1, bytesRect);
            break;
        }
    struct Plane {
        QCPAxisRect* rect;
        bool flops;
    };
    const Plane planes[] = {{flopsRect, true}, {bytesRect, false}};
    std::set<Bottleneck> keyed;
    for (const Plane& pl : planes) {
        QCPAxis* x = pl.rect->axis(QCPAxis::atBottom);
        QCPAxis* y = pl.rect->axis(QCPAxis::atLeft);
        setLogAxis(x, pl.flops ? Dimension::flops : Dimension::bytes,
                   pl.flops
                       ? tr("FLOPs per launch (FLOP)")
                       : tr("Bytes per launch at %1 (B)")
                             .arg(QString::fromUtf8(toString(session.view.memoryLevel).data())));
        setLogAxis(y, Dimension::time, tr("Time per launch"));
        double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
        double yLow = plot.floorS, yHigh = 0;
        // One graph per bottleneck, in MdChart's colours.
        std::map<Bottleneck, QCPGraph*> graphs;
        for (const TimePoint& p : plot.points) {
            const double work = pl.flops ? p.flops : p.bytes;
            if (!(work > 0))
                continue;
            QCPGraph*& g = graphs[p.bottleneck];
            if (!g) {
                g = addGraph(x, y);
                const QColor c = MdChart::bottleneckColor(p.bottleneck);
                g->setLineStyle(QCPGraph::lsNone);
                g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, 7));
                g->setName(
                    p.bottleneck == Bottleneck::none
                        ? tr("no bound")
                        : tr("%1-bound").arg(QString::fromUtf8(toString(p.bottleneck).data())));
                // Once in the legend: a collective has bytes but no FLOPs, so its colour may
                // show in the bytes plane only.
                if (!keyed.insert(p.bottleneck).second)
                    g->removeFromLegend();
            }
            g->addData(work, p.timeS);
            xLow = std::min(xLow, work);
            xHigh = std::max(xHigh, work);
            yHigh = std::max(yHigh, p.timeS);
            const OpRecord& r = d.records[static_cast<std::size_t>(p.record)];
            addPick(x, y, work, p.timeS,
                    tr("%1\n%2 per launch × %3 · %4 per launch\nbound %5 (%6)")
                        .arg(elide(QString::fromStdString(recordLabel(r)), 80),
                             si(p.timeS, Dimension::time))
                        .arg(r.count)
                        .arg(si(work, pl.flops ? Dimension::flops : Dimension::bytes),
                             p.boundS > 0 ? si(p.boundS, Dimension::time) : tr("unknown"),
                             QString::fromUtf8(toString(p.bottleneck).data())),
                    RecordRef{plot.dataset, p.record}, g);
            (pl.flops ? flopPoints_ : bytePoints_) += 1;
        }
        if (!(xHigh > 0)) {
            xLow = 1;
            xHigh = 1e6;
        }
        xLow /= 3;
        xHigh *= 3;
        // The roofs as times: t = work / ceiling, a line of slope 1.
        std::vector<std::pair<QCPItemText*, double>> roofLabels; // placed once the view is known
        for (const TimeRoof& roof : plot.roofs) {
            if (roof.flops != pl.flops)
                continue;
            QCPGraph* line = addGraph(x, y);
            line->setPen(QPen(QColor(0x33, 0x33, 0x33), 1.4));
            line->setData({xLow, xHigh}, {xLow / roof.value, xHigh / roof.value});
            line->setName(QString::fromStdString(roof.label));
            line->removeFromLegend();
            auto* label = new QCPItemText(this);
            label->setClipAxisRect(pl.rect);
            label->position->setAxes(x, y);
            roofLabels.emplace_back(label, roof.value);
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            label->setFont(QFont(font().family(), 7));
            label->setText(QString::fromStdString(roof.label));
            yLow = std::min(yLow, xLow / roof.value);
            ++roofs_;
        }
        QCPGraph* floor = addGraph(x, y);
        floor->setPen(QPen(QColor(0xCC, 0x79, 0xA7), 1.2, Qt::DashLine));
        floor->setData({xLow, xHigh}, {plot.floorS, plot.floorS});
        floor->setName(tr("shortest launch %1").arg(si(plot.floorS, Dimension::time)));
        if (!pl.flops)
            floor->removeFromLegend();
        x->setRange(xLow, xHigh);
        // From under the floor up: the roofs' low ends below it say nothing about these ops.
        y->setRange(std::max(yLow, plot.floorS / 5), yHigh * 3);
        // Near the right end of its line, but under the top of the view: a roof of a slow device
        // leaves the view before the right edge.
        for (const auto& [label, value] : roofLabels) {
            const double at = std::min(xHigh / 1.5, y->range().upper / 2 * value);
            label->position->setCoords(at, at / value);
        }
    }
}

} // namespace roofscope::ui
