#include "ui/views/comparison_chart.h"

#include "core/analysis/compare_tables.h"
#include "core/kernel_name.h"
#include "core/roof_geometry.h"
#include "core/units.h"
#include "ui/axis_format.h"
#include "ui/roof_layer.h"
#include "ui/views/chart_frame.h"

#include <QFontMetrics>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope::ui {
namespace {

// Role colours rather than the palette's by position: the palette's vermillion and green would
// read as the arrows' "slower" and "faster". A colour the user chose for a run still wins.
QColor roleColor(const Dataset& dataset, bool runA) {
    const QColor own(QString::fromStdString(dataset.context.color));
    if (own.isValid())
        return own;
    return runA ? QColor(0, 114, 178) : QColor(230, 159, 0);
}

QString deviceNameOf(const Session& session, const std::string& id) {
    const Device* d = session.findDevice(id);
    return QString::fromStdString(d ? d->name : id.empty() ? std::string("unknown device") : id);
}

QString labelOf(const Dataset& d) {
    return QString::fromStdString(d.context.label);
}

} // namespace

ComparisonChart::ComparisonChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    // In the window as in an export (draw): where a label fits depends on the layout.
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        if (xAxis && !labels_.empty()) {
            updateLayout();
            placeAnchoredLabels(*this, labels_);
        }
    });
}

QColor ComparisonChart::fasterColor() {
    return QColor(26, 152, 80);
}

QColor ComparisonChart::slowerColor() {
    return QColor(215, 48, 39);
}

void ComparisonChart::setSession(const Session& session) {
    arrows_.clear();
    labels_.clear();
    roofLabels_.clear();
    clearPicks();
    pointsA_ = pointsB_ = nullptr;
    table_ = comparisonTable(session);
    const auto result = comparisonPlot(session);
    if (!result) {
        QString why = QString::fromStdString(result.error().message);
        if (!why.isEmpty())
            why[0] = why[0].toUpper();
        showEmpty(why);
        return;
    }
    const ComparisonPlot& plot = result.value();
    if (plot.pointsA.empty() && plot.pointsB.empty()) {
        showEmpty(tr("No op of these runs has FLOPs and a time to place on a roofline"));
        return;
    }
    emptyReason_.clear();
    const ViewSettings& view = session.view;
    const Dataset& runA = session.datasets[static_cast<std::size_t>(plot.pair.baseline)];
    const Device* deviceA = session.findDevice(runA.context.deviceId);
    const Device* deviceB = nullptr;
    const Dataset* runB = nullptr;
    QString title, subtitle;
    const QString nameA = deviceNameOf(session, runA.context.deviceId);
    if (plot.pair.projection()) {
        deviceB = &session.devices[static_cast<std::size_t>(plot.pair.projectDevice)];
        title = tr("Projected on %1, not measured").arg(QString::fromStdString(deviceB->name));
        subtitle = tr("%1 measured on %2 → its roofline bound on %3")
                       .arg(labelOf(runA), nameA, QString::fromStdString(deviceB->name));
    } else {
        runB = &session.datasets[static_cast<std::size_t>(plot.pair.target)];
        deviceB = session.findDevice(runB->context.deviceId);
        title = tr("%1 → %2").arg(labelOf(runA), labelOf(*runB));
        subtitle = tr("A: %1 · B: %2").arg(nameA, deviceNameOf(session, runB->context.deviceId));
    }
    // The second note is the iteration in words (compare_tables.cpp).
    if (table_.notes.size() > 1) {
        QString iteration = QString::fromStdString(table_.notes[1]);
        if (iteration.endsWith('.'))
            iteration.chop(1);
        subtitle += QStringLiteral("\n") + iteration;
    }
    if (plot.undrawable > 0)
        subtitle += tr(" · %n op(s) without FLOPs or time not drawn", nullptr, plot.undrawable);
    // The legend in a row of its own: inside the plot it covers the labels of the largest changes,
    // which crowd towards the roofs at the right.
    resetChartFrame(*this, title, subtitle, Qt::Alignment());
    setLogAxis(xAxis, Dimension::intensity,
               tr("Arithmetic intensity at %1 (FLOP/B)")
                   .arg(QString::fromUtf8(toString(view.memoryLevel).data())));
    setLogAxis(yAxis, Dimension::flopsPerS, tr("Performance (FLOP/s)"));

    // The view spans the points, and the ridges of the roofs drawn with them.
    double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
    double yLow = std::numeric_limits<double>::infinity(), yHigh = 0;
    for (const auto* side : {&plot.pointsA, &plot.pointsB})
        for (const auto& p : *side) {
            xLow = std::min(xLow, p.intensity);
            xHigh = std::max(xHigh, p.intensity);
            yLow = std::min(yLow, p.flopsPerS);
            yHigh = std::max(yHigh, p.flopsPerS);
        }
    xLow /= 4;
    xHigh *= 4;
    roofPrecisions_ = plot.precisions;
    const QColor colorA = roleColor(runA, true);
    const QColor colorB = runB ? roleColor(*runB, false) : QColor(230, 159, 0);
    for (const Device* d : {deviceA, deviceB})
        if (d) {
            RoofOptions options{plot.precisions, {view.memoryLevel}, view.memoryLevel};
            for (const auto& ridge : deviceRoofs(d->ceilings, 1e-6, 1e9, options).ridges)
                xHigh = std::max(xHigh, ridge.x * 3);
        }
    if (deviceA)
        drawRoofs(*deviceA, colorA.darker(120), tr("A"), view, xLow, xHigh, yHigh);
    if (deviceB && deviceB != deviceA)
        drawRoofs(*deviceB, colorB.darker(120), plot.pair.projection() ? tr("target") : tr("B"),
                  view, xLow, xHigh, yHigh);

    // A run's times are measured unless every one is an estimate (a zoo model, the demo).
    const auto how = [this](const Dataset& d) {
        const bool estimated = !d.records.empty() &&
                               std::all_of(d.records.begin(), d.records.end(), [](const auto& r) {
                                   return r.timeS.origin != Origin::measured;
                               });
        return estimated ? tr("estimated") : tr("measured");
    };
    pointsA_ = drawPoints(plot.pointsA, colorA, false,
                          tr("A: %1 (%2)").arg(elide(labelOf(runA), 40), how(runA)));
    pointsB_ =
        drawPoints(plot.pointsB, colorB, plot.pair.projection(),
                   plot.pair.projection()
                       ? tr("projected on %1 (bound)").arg(QString::fromStdString(deviceB->name))
                       : tr("B: %1 (%2)").arg(elide(labelOf(*runB), 40), how(*runB)));
    drawArrows(session, plot);
    // What hovering a point says: the op, its run, its time and where it sits.
    for (const bool sideA : {true, false}) {
        const bool projected = !sideA && plot.pair.projection();
        for (const ComparisonPoint& p : sideA ? plot.pointsA : plot.pointsB) {
            const Dataset& d = session.datasets[static_cast<std::size_t>(p.ref.dataset)];
            const OpRecord& r = d.records[static_cast<std::size_t>(p.ref.record)];
            const QString seconds = QString::fromStdString(formatSi(p.timeS, Dimension::time));
            const QString time = projected ? tr("predicted %1").arg(seconds) : seconds;
            addPick(xAxis, yAxis, p.intensity, p.flopsPerS,
                    tr("%1\n%2%3\n%4 at %5")
                        .arg(elide(QString::fromStdString(recordLabel(r)), 80),
                             projected
                                 ? tr("projected on %1").arg(QString::fromStdString(deviceB->name))
                                 : QString::fromStdString(d.context.label),
                             time.isEmpty() ? QString() : QStringLiteral(" · ") + time,
                             QString::fromStdString(formatSi(p.flopsPerS, Dimension::flopsPerS)),
                             QString::fromStdString(formatSi(p.intensity, Dimension::intensity))),
                    p.ref, sideA ? pointsA_ : pointsB_);
        }
    }

    xAxis->setRange(xLow, xHigh);
    // At least three decades, as the roofline does, so that slopes show under the points.
    // Room over the top roof for its label however few pixels a decade gets.
    yAxis->setRange(std::min(yLow / 4, yHigh * 1e-3), yHigh * 5);
    // Of two roofs within a factor 3 (H100's 990 TFLOP/s under MI300X's 1.31 PFLOP/s), the
    // lower is named under its line, so that the two labels part instead of meeting between.
    std::sort(roofLabels_.begin(), roofLabels_.end(),
              [](const auto& a, const auto& b) { return a.second > b.second; });
    for (std::size_t i = 1; i < roofLabels_.size(); ++i) {
        auto& [label, y] = roofLabels_[i];
        if (roofLabels_[i - 1].second / y < 3 &&
            (roofLabels_[i - 1].first->positionAlignment() & Qt::AlignBottom)) {
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            label->position->setCoords(label->position->coords().x(), y / 1.03);
        }
    }
    replot(rpQueuedReplot);
}

void ComparisonChart::drawRoofs(const Device& device, const QColor& color, const QString& who,
                                const ViewSettings& view, double xMin, double xMax, double& yMax) {
    RoofOptions options{roofPrecisions_, {view.memoryLevel}, view.memoryLevel};
    const DeviceRoofs roofs = deviceRoofs(device.ceilings, xMin, xMax, options);
    bool first = true;
    for (const auto& segment : roofs.segments) {
        QCPGraph* g = addRoofGraph(*this, segment, color);
        g->setLayer(QStringLiteral("background"));
        yMax = std::max(yMax, std::max(segment.y0, segment.y1));
        if (first)
            g->setName(tr("%1 roofs: %2").arg(who, QString::fromStdString(device.name)));
        else
            g->removeFromLegend();
        first = false;
        if (segment.kind != RoofSegment::Kind::compute || segment.label.empty())
            continue; // a roof of the same value as another is named by that one's label
        auto* label =
            addRoofLabel(*this, QString::fromStdString(device.name + " · " + segment.label), color);
        label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        label->position->setCoords(segment.x1 / 1.15, segment.y1 * 1.03);
        roofLabels_.emplace_back(label, segment.y1);
    }
}

QCPGraph* ComparisonChart::drawPoints(const std::vector<ComparisonPoint>& points,
                                      const QColor& color, bool hollow, const QString& name) {
    QCPGraph* g = addGraph();
    QVector<QCPGraphData> graphData;
    for (const auto& p : points)
        graphData.push_back({p.intensity, p.flopsPerS});
    g->data()->set(graphData, false);
    g->setLineStyle(QCPGraph::lsNone);
    QColor fill = color;
    fill.setAlpha(200);
    g->setScatterStyle(
        hollow ? QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 1.8), Qt::NoBrush, 9)
               : QCPScatterStyle(QCPScatterStyle::ssDisc, color, fill, 8));
    g->setPen(QPen(color));
    g->setSelectable(QCP::stNone);
    g->setName(name);
    return g;
}

void ComparisonChart::drawArrows(const Session& session, const ComparisonPlot& plot) {
    // Legend entries for the arrow colours that are drawn.
    const QString where = plot.pair.projection() ? tr("projection") : QStringLiteral("B");
    if (std::any_of(plot.arrows.begin(), plot.arrows.end(), [](auto& a) { return a.change < 0; }))
        addLegendEntry(*this, tr("faster in %1").arg(where), QPen(fasterColor(), 1.4));
    if (std::any_of(plot.arrows.begin(), plot.arrows.end(), [](auto& a) { return a.change > 0; }))
        addLegendEntry(*this, tr("slower in %1").arg(where), QPen(slowerColor(), 1.4));
    for (const auto& a : plot.arrows) {
        auto* line = new QCPItemLine(this);
        line->start->setCoords(a.from.intensity, a.from.flopsPerS);
        line->end->setCoords(a.to.intensity, a.to.flopsPerS);
        const QColor c = a.change < 0   ? fasterColor()
                         : a.change > 0 ? slowerColor()
                                        : QColor(140, 140, 140);
        line->setPen(QPen(c, 1.4));
        line->setHead(QCPLineEnding(QCPLineEnding::esSpikeArrow, 8, 10));
        line->setClipToAxisRect(true);
        // Over the markers, whose discs would hide a short arrow's head.
        line->setLayer(QStringLiteral("axes"));
        arrows_.push_back(line);
    }
    for (const int i : plot.labelled) {
        const ComparisonArrow& a = plot.arrows[static_cast<std::size_t>(i)];
        const Dataset& d = session.datasets[static_cast<std::size_t>(a.from.ref.dataset)];
        // The op says what it is across vendors; the kernel's own name often does not.
        const OpRecord& r = d.records[static_cast<std::size_t>(a.from.ref.record)];
        const std::string name = r.op.empty() ? shortKernelName(r.name) : r.op;
        auto* label =
            addAnchoredLabel(*this,
                             elide(QString::fromStdString(name), 36) + QStringLiteral("  ") +
                                 QString::fromStdString(formatChange(a.change)),
                             a.to.intensity, a.to.flopsPerS,
                             arrows_[static_cast<std::size_t>(i)]->pen().color().darker(115));
        label->setLayer(QStringLiteral("axes")); // over the arrows
        labels_.push_back(label);
    }
}

void ComparisonChart::draw(QCPPainter* painter) {
    // Where a label fits depends on the pixel size drawn at, which differs between the widget and
    // an export: place the labels once the layout is known.
    if (xAxis && !labels_.empty()) {
        updateLayout();
        placeAnchoredLabels(*this, labels_);
    }
    ViewChart::draw(painter);
}

} // namespace roofscope::ui
