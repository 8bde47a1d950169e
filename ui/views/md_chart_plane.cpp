// MdChart's planes: each op and each aggregate (the iteration, its phases) at its coordinates in
// one of the A, O and C planes, greyed where the plane's premise does not hold, under the roof
// and ridge of the plane, each saying what it is when hovered.
#include "ui/views/md_chart.h"

#include "core/roofline.h"
#include "ui/axis_format.h"
#include "ui/views/md_chart_text.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <numbers>

namespace roofscope::ui {
namespace {

const QColor kGrey(190, 190, 190);
const QColor kNoBound(90, 90, 90);

bool drawable(double x, double y) {
    return std::isfinite(x) && std::isfinite(y) && x > 0 && y > 0;
}

const QColor kOutline(25, 25, 25);

// A five-pointed star about 6 units across: QCPScatterStyle scales a custom path by size / 6.
QPainterPath starPath() {
    QPainterPath path;
    for (int i = 0; i < 10; ++i) {
        const double r = i % 2 ? 1.3 : 3.1;
        const double angle = -std::numbers::pi / 2 + i * std::numbers::pi / 5;
        // The points reach 3.1 up but only 2.5 down: shift by half the difference to centre it.
        const QPointF p(r * std::cos(angle), r * std::sin(angle) + 0.3);
        if (i == 0)
            path.moveTo(p);
        else
            path.lineTo(p);
    }
    path.closeSubpath();
    return path;
}

// The iteration as a star, a phase as a diamond, with a dark outline whatever the fill.
QCPScatterStyle aggregateStyle(bool iteration, const QColor& fill, double size) {
    QPen pen(kOutline, 1.4);
    pen.setCosmetic(true); // a custom path is drawn scaled; its outline should not be
    pen.setJoinStyle(Qt::MiterJoin);
    if (iteration)
        return QCPScatterStyle(starPath(), pen, fill, size);
    QCPScatterStyle style(QCPScatterStyle::ssDiamond, kOutline, fill, size);
    style.setPen(pen);
    return style;
}

// Extent of what a plane shows, grown point by point.
struct Extent {
    double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
    double yLow = std::numeric_limits<double>::infinity(), yHigh = 0;
    void add(double x, double y) {
        if (drawable(x, 1)) {
            xLow = std::min(xLow, x);
            xHigh = std::max(xHigh, x);
        }
        if (drawable(1, y)) {
            yLow = std::min(yLow, y);
            yHigh = std::max(yHigh, y);
        }
    }
};
} // namespace

QColor MdChart::bottleneckColor(Bottleneck bottleneck) {
    switch (bottleneck) {
    case Bottleneck::compute:
        return QColor(0xD5, 0x5E, 0x00);
    case Bottleneck::memory:
        return QColor(0x00, 0x72, 0xB2);
    case Bottleneck::communication:
        return QColor(0x00, 0x9E, 0x73);
    case Bottleneck::latency:
        return QColor(0xCC, 0x79, 0xA7);
    case Bottleneck::none:
        break;
    }
    return kNoBound;
}

void MdChart::drawPlane(MdPlane plane, const MdAnalysis& md, const Dataset& dataset) {
    QCPAxisRect* rect = planes_.at(plane);
    QCPAxis* xAx = rect->axis(QCPAxis::atBottom);
    QCPAxis* yAx = rect->axis(QCPAxis::atLeft);

    // Which op's ceilings make the roof, and where each op sits: core's (mdPlaneView).
    const MdPlaneView view = mdPlaneView(md, plane);
    const double peak = view.peak, slope = view.slope, ridge = view.ridge;

    Extent extent;
    // One graph per colour: the premise holding (bottleneck colours), not holding (grey), and
    // ops without a bound.
    struct Point {
        double x, y;
        QString tip;
        RecordRef ref;
    };
    std::map<QRgb, std::vector<Point>> byColor;
    const bool ranks = md.ranks.size() > 1;
    int& count = points_[plane];
    int& grey = grey_[plane];
    for (const MdPlanePoint& p : view.points) {
        const MdOpResult& op = md.ops[p.op];
        const double x = p.x, y = p.y;
        const bool premise = p.premise;
        QColor color = !premise   ? kGrey
                       : op.bound ? bottleneckColor(op.bound->bottleneck)
                                  : kNoBound;
        byColor[color.rgb()].push_back(
            {x, y, mdOpTip(plane, dataset, op, x, y, ranks), {md.dataset, op.record}});
        extent.add(x, y);
        ++count;
        grey += premise ? 0 : 1;
    }
    // The aggregates: every shown rank's iteration, and with one rank shown its phases too (with
    // several ranks their phases would crowd the iterations out). Only the straggler's iteration
    // is labelled among several ranks.
    const bool oneRank = md.shownRank >= 0 || md.ranks.size() <= 1;
    std::vector<AggregateMarker>& markers = aggregates_[plane];
    std::vector<QColor> markerFill;
    std::vector<Phase> markerPhase;
    std::vector<QString> markerTip;
    double aggregateYLow = std::numeric_limits<double>::infinity();
    for (const MdPlanePoint& p : view.aggregates) {
        const MdAggregate& agg = md.aggregates[p.op];
        const bool iteration = agg.kind == MdAggregateKind::iteration;
        if (!oneRank && !iteration)
            continue;
        AggregateMarker m;
        m.iteration = iteration;
        m.x = p.x;
        m.y = p.y;
        m.grey = !p.premise;
        if (oneRank)
            m.label = iteration ? tr("iteration") : mdPhaseName(agg.phase);
        else if (md.straggler && md.straggler->rank == agg.rank)
            m.label = tr("rank %1 (straggler)").arg(agg.rank);
        markerFill.push_back(m.grey      ? kGrey
                             : agg.bound ? bottleneckColor(agg.bound->bottleneck)
                                         : kNoBound);
        markerPhase.push_back(agg.phase);
        markerTip.push_back(mdAggregateTip(plane, agg, m.x, m.y));
        extent.add(m.x, m.y);
        aggregateYLow = std::min(aggregateYLow, m.y);
        markers.push_back(std::move(m));
    }

    // Grey first so that the ops the plane is about are drawn over them.
    std::vector<QRgb> order;
    for (const auto& [rgb, points] : byColor)
        order.push_back(rgb);
    std::stable_partition(order.begin(), order.end(),
                          [](QRgb colour) { return colour == kGrey.rgb(); });
    for (const QRgb rgb : order) {
        QCPGraph* g = addGraph(xAx, yAx);
        QVector<QCPGraphData> graphData;
        for (const Point& p : byColor[rgb]) {
            graphData.push_back({p.x, p.y});
            addPick(xAx, yAx, p.x, p.y, p.tip, p.ref, g);
        }
        g->data()->set(graphData, false);
        g->setLineStyle(QCPGraph::lsNone);
        const QColor color = QColor::fromRgb(rgb);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color.darker(115), color, 7));
        g->setSelectable(QCP::stNone);
    }

    const bool haveRidge = std::isfinite(ridge) && ridge > 0;
    if (haveRidge)
        extent.add(ridge, peak);
    if (!(extent.xHigh > 0)) { // nothing to show: a decade around 1
        extent.add(0.1, 1);
        extent.add(10, 10);
    }
    // At least a decade and a half either side of the ridge, so that both parts of the roof
    // show and the log ticker labels whole decades.
    double xLow = extent.xLow / 4, xHigh = extent.xHigh * 4;
    if (haveRidge) {
        xLow = std::min(xLow, ridge / 30);
        xHigh = std::max(xHigh, ridge * 30);
    }
    if (haveRidge && std::isfinite(peak) && peak > 0) {
        // min(peak, x * slope) is straight on log-log axes left and right of the ridge.
        QCPGraph* roof = addGraph(xAx, yAx);
        const double x0 = std::min(xLow, ridge), x1 = std::max(xHigh, ridge);
        roof->setData(
            {x0, ridge, x1},
            {roofAt(peak, slope, x0), roofAt(peak, slope, ridge), roofAt(peak, slope, x1)}, true);
        roof->setPen(QPen(QColor(40, 40, 40), 1.8));
        roof->setSelectable(QCP::stNone);
        extent.add(x0, roofAt(peak, slope, x0));

        ridges_[plane] = ridge;
        auto* line = new QCPItemStraightLine(this);
        line->setClipAxisRect(rect);
        for (auto* p : {line->point1, line->point2})
            p->setAxes(xAx, yAx);
        line->point1->setCoords(ridge, peak);
        line->point2->setCoords(ridge, peak * 10);
        line->setPen(QPen(QColor(110, 110, 110), 1, Qt::DashLine));
        const QString unit = plane == MdPlane::a   ? QStringLiteral("FLOP/B")
                             : plane == MdPlane::o ? QStringLiteral("B/B")
                                                   : QStringLiteral("B/FLOP");
        const QString peakText = QStringLiteral("%1 %2").arg(
            plane == MdPlane::a ? QStringLiteral("APF") : QStringLiteral("APB"),
            QString::fromStdString(
                formatSi(peak, plane == MdPlane::a ? Dimension::flopsPerS : Dimension::bytesPerS)));
        // A plane without points shows why in a box that takes its middle: the peak goes in
        // its title, where nothing can cover it.
        const bool empty = count == 0 && markers.empty();
        if (QCPTextElement* title = planeTitles_[plane])
            title->setText(title->text() + QStringLiteral("\n") +
                           tr("ridge %1 %2").arg(QString::number(ridge, 'g', 3), unit) +
                           (empty ? QStringLiteral(", ") + peakText : QString()));
        // The peak, over the flat part of the roof.
        auto* peakLabel = empty ? nullptr : new QCPItemText(this);
        if (peakLabel) {
            peakLabel->setClipAxisRect(rect);
            peakLabel->position->setAxes(xAx, yAx);
            peakLabel->position->setCoords(x1 / 1.3, peak * 1.08);
            peakLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            peakLabel->setFont(QFont(font().family(), 7));
            // Clear of the large aggregate markers that often sit just under the roof.
            peakLabel->setPadding(QMargins(0, 0, 0, 8));
            peakLabel->setText(peakText);
        }
    }
    xAx->setRange(xLow, xHigh);

    // The aggregates over the ops and the roof, each with its words beside it: the iteration to
    // the right, phases at the diagonals so that neighbours' labels part; towards the middle
    // when the marker is near the plot's left or right edge.
    for (std::size_t i = 0; i < markers.size(); ++i) {
        const AggregateMarker& m = markers[i];
        QCPGraph* g = addGraph(xAx, yAx);
        g->setData({m.x}, {m.y}, true);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(aggregateStyle(m.iteration, markerFill[i], m.iteration ? 19 : 13));
        g->setSelectable(QCP::stNone);
        addPick(xAx, yAx, m.x, m.y, markerTip[i], std::nullopt, g);
        if (m.label.isEmpty())
            continue;
        QPointF offset(m.iteration ? 12 : -9, m.iteration ? 0 : -8);
        if (markerPhase[i] == Phase::backward)
            offset = {-9, 8};
        else if (markerPhase[i] == Phase::optimizer)
            offset = {8, 7}; // below the slope it usually sits on
        const double where = std::log(m.x / xLow) / std::log(xHigh / xLow); // 0 left, 1 right
        const double room = m.label.size() > 12 ? 0.35 : 0.25; // of the width, for the words
        if ((where > 1 - room && offset.x() > 0) || (where < room && offset.x() < 0))
            offset.setX(-offset.x());
        auto* anchor = new QCPItemTracer(this);
        anchor->setStyle(QCPItemTracer::tsNone);
        anchor->setClipAxisRect(rect);
        anchor->position->setAxes(xAx, yAx);
        anchor->position->setCoords(m.x, m.y);
        auto* text = new QCPItemText(this);
        text->setClipAxisRect(rect);
        text->position->setParentAnchor(anchor->position);
        text->position->setCoords(offset);
        Qt::Alignment align = offset.x() > 0 ? Qt::AlignLeft : Qt::AlignRight;
        align |= offset.y() > 0   ? Qt::AlignTop
                 : offset.y() < 0 ? Qt::AlignBottom
                                  : Qt::AlignVCenter;
        text->setPositionAlignment(align);
        text->setFont(QFont(font().family(), 8, m.iteration ? QFont::Bold : QFont::Normal));
        text->setColor(m.grey ? QColor(120, 120, 120) : kOutline);
        text->setBrush(QColor(255, 255, 255, 200));
        text->setPadding(QMargins(2, 0, 2, 0));
        text->setText(m.label);
    }

    if (count == 0 && markers.empty()) {
        auto* none = new QCPItemText(this);
        none->setClipAxisRect(rect);
        none->position->setType(QCPItemPosition::ptAxisRectRatio);
        none->position->setAxisRect(rect);
        // Standing on the plane's floor, so that it grows away from the roof labels at the top.
        none->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        none->position->setCoords(0.5, 0.97);
        none->setColor(palette().color(QPalette::PlaceholderText));
        none->setBrush(QColor(255, 255, 255, 230));
        QString why = plane == MdPlane::a ? tr("no op has FLOPs, bytes and a time")
                                          : tr("no op has bytes and communication here");
        // Most often the trace holds no shapes: say how much that leaves out, and the remedy.
        double unknownS = 0, totalS = 0;
        std::string reason;
        for (const auto& r : md.ranks) {
            unknownS += r.iteration.unknownS;
            totalS += r.iteration.unknownS + r.iteration.measuredS;
            if (reason.empty() && !r.iteration.unknown.empty())
                reason = r.iteration.unknown.front().reason;
        }
        if (unknownS > 0 && totalS > 0)
            why += tr("\nunknown work: %1 % of the kernel time\n(%2)")
                       .arg(100 * unknownS / totalS, 0, 'f', 0)
                       .arg(QString::fromStdString(reason));
        none->setText(why);
    }
    const double yHigh = extent.yHigh * 3;
    // At least three decades; at most seven below the top, but never above an aggregate.
    yAx->setRange(
        std::min(std::clamp(extent.yLow / 5, yHigh * 1e-7, yHigh * 1e-3), aggregateYLow / 3),
        yHigh);
}

void MdChart::addColourKey(const MdAnalysis& md) {
    // An A plane without points has nothing to key, and its reason is all it shows.
    if (points_[MdPlane::a] == 0)
        return;
    auto* key = new QCPLegend;
    // Its own row between the planes and the bars, in one line: inside a plane it covered the
    // points and labels of a laptop-sized chart.
    plotLayout()->insertRow(1);
    plotLayout()->addElement(1, 0, key);
    key->setLayer(QStringLiteral("legend"));
    key->setFont(QFont(font().family(), 7));
    key->setIconSize(10, 8);
    key->setFillOrder(QCPLayoutGrid::foColumnsFirst);
    key->setWrap(6);
    key->setColumnSpacing(10);
    key->setMargins(QMargins(4, 0, 4, 0));
    key->setBorderPen(Qt::NoPen);
    key->setBrush(Qt::NoBrush);
    std::vector<std::pair<QString, QColor>> entries = {
        {tr("compute-bound"), bottleneckColor(Bottleneck::compute)},
        {tr("memory-bound"), bottleneckColor(Bottleneck::memory)},
        {tr("comm.-bound"), bottleneckColor(Bottleneck::communication)},
        {tr("latency-bound"), bottleneckColor(Bottleneck::latency)},
        {tr("other plane"), kGrey}};
    if (md.unbounded > 0)
        entries.emplace_back(tr("no bound"), kNoBound);
    QCPAxisRect* rect = planes_.at(MdPlane::a);
    for (const auto& [name, color] : entries) {
        QCPGraph* g = addGraph(rect->axis(QCPAxis::atBottom), rect->axis(QCPAxis::atLeft));
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssDisc, color, color, 7));
        key->addItem(new QCPPlottableLegendItem(key, g));
    }
}

} // namespace roofscope::ui
