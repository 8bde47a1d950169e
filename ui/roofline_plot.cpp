#include "ui/roofline_plot.h"

#include "core/roof_geometry.h"
#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/roof_layer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <type_traits>

namespace roofscope::ui {
namespace {

constexpr double kXMin = 1e-2;
constexpr double kXMax = 1e4;

} // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    setAxes(true, true);
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), 8));
    // Where the points leave room: placeLegend() moves it before each drawing.
    axisRect()->insetLayout()->setInsetAlignment(0, Qt::AlignTop | Qt::AlignLeft);
    // Points are selected through recordClicked and setHighlighted (linked with the table), not
    // through QCustomPlot's own selection, which would select a whole category's graph.
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setMouseTracking(true);
    setNoAntialiasingOnDrag(true);
    // Dense clouds draw below the roofs and their labels, which stay legible over them.
    addLayer(QStringLiteral("cloud"), layer(QStringLiteral("main")), QCustomPlot::limBelow);
    // On screen the plot repaints through replot(); exports go through draw(): both align.
    connect(this, &QCustomPlot::beforeReplot, this, &RooflinePlot::beforeEachReplot);
    connect(
        this, &QCustomPlot::legendClick, this,
        [this](QCPLegend*, QCPAbstractLegendItem* item, QMouseEvent*) { toggleLegendItem(item); });
}

void RooflinePlot::setZoomBox(bool on) {
    setSelectionRectMode(on ? QCP::srmZoom : QCP::srmNone);
}

bool RooflinePlot::zoomBox() const {
    return selectionRectMode() == QCP::srmZoom;
}

void RooflinePlot::beforeEachReplot() {
    updateLayout();
    alignSlopeLabels(); // where the slope labels go decides the legend's corner too
    if (placeLegend())
        updateLayout();
    alignSlopeLabels();
    separateLabels();
}

void RooflinePlot::draw(QCPPainter* painter) {
    // The on-screen angle of a slope depends on the axis ranges and on the size drawn at, which
    // differs between the widget and an export: align the labels once the layout is known.
    updateLayout();
    alignSlopeLabels();
    if (placeLegend())
        updateLayout();
    alignSlopeLabels();
    separateLabels();
    QCustomPlot::draw(painter);
}

bool RooflinePlot::placeLegend() {
    // Above the slopes at low intensity a roofline is empty by construction, but a legend of many
    // groups reaches down into the points there: it goes to the corner that covers the fewest.
    if (!legend || !legend->visible())
        return false;
    QCPLayoutInset* inset = axisRect()->insetLayout();
    const QRect area = axisRect()->rect();
    const QSize size = legend->minimumOuterSizeHint();
    const Qt::Alignment corners[] = {Qt::AlignTop | Qt::AlignLeft, Qt::AlignBottom | Qt::AlignRight,
                                     Qt::AlignTop | Qt::AlignRight,
                                     Qt::AlignBottom | Qt::AlignLeft};
    // A sample of a dense cloud tells the corners apart as well as every point would.
    const std::size_t stride = std::max<std::size_t>(1, drawn_.size() / 20000);
    Qt::Alignment best = corners[0];
    std::size_t fewest = std::numeric_limits<std::size_t>::max();
    for (const Qt::Alignment corner : corners) {
        const int left = corner & Qt::AlignLeft ? area.left() : area.right() - size.width();
        const int top = corner & Qt::AlignTop ? area.top() : area.bottom() - size.height();
        const QRect box(left, top, size.width(), size.height());
        // A roof's slope label counts as a point: the legend should not hide what a slope is.
        std::size_t covered = 0;
        for (const auto& s : slopeLabels_)
            if (s.label->visible() && box.intersects(QRectF(s.label->topLeft->pixelPosition(),
                                                            s.label->bottomRight->pixelPosition())
                                                         .normalized()
                                                         .toAlignedRect()))
                ++covered;
        for (std::size_t i = 0; i < drawn_.size() && covered < fewest; i += stride)
            covered += box.contains(QPoint(int(xAxis->coordToPixel(drawn_[i].x)),
                                           int(yAxis->coordToPixel(drawn_[i].y))))
                           ? 1
                           : 0;
        if (covered < fewest) {
            fewest = covered;
            best = corner;
        }
        if (fewest == 0)
            break;
    }
    if (inset->insetAlignment(0) == best)
        return false;
    inset->setInsetAlignment(0, best);
    return true;
}

void RooflinePlot::alignSlopeLabels() {
    const QCPRange xr = xAxis->range(), yr = yAxis->range();
    for (const auto& s : slopeLabels_) {
        // Well below the ridge, where points crowd, but inside the view: a label placed where
        // the slope starts is lost below the visible range once the view is fitted to the data.
        const double slope = s.y1 / s.x1;
        double x = std::max(s.x0 * 3, s.x1 / 40);
        if (logX_ && logY_)
            x = std::max(x, std::max(xr.lower, yr.lower / slope) * 1.6);
        else // a third of the way up, clear of the crowd at the origin
            x = std::max(std::max(xr.lower, yr.lower / slope), s.x1 / 3);
        // No room left of the ridge: the slope shows too little of itself to carry a label.
        const bool room = x < s.x1 / (logX_ ? 1.8 : 1.05);
        s.label->setVisible(room && s.label->property("deviceShown").toBool());
        s.label->position->setCoords(x, x * slope * (logY_ ? 1.12 : 1.0));
        const double dx = xAxis->coordToPixel(s.x1) - xAxis->coordToPixel(s.x0);
        const double dy = yAxis->coordToPixel(s.y1) - yAxis->coordToPixel(s.y0);
        if (dx != 0 || dy != 0)
            s.label->setRotation(std::atan2(dy, dx) * 180.0 / M_PI);
    }
}

namespace {

// What a label covers in widget pixels: its (possibly rotated) corners, drawn in 2 px, as the
// backing's padding may touch another's.
QPolygonF labelShape(const QCPItemText* label) {
    const QPointF c[] = {label->topLeft->pixelPosition(), label->topRight->pixelPosition(),
                         label->bottomRight->pixelPosition(), label->bottomLeft->pixelPosition()};
    const QPointF mid = (c[0] + c[2]) / 2;
    QPolygonF shape;
    for (const QPointF& p : c) {
        const QPointF d = p - mid;
        const double length = std::hypot(d.x(), d.y());
        shape << (length > 3 ? p - d * (2.8 / length) : p);
    }
    return shape;
}

} // namespace

void RooflinePlot::separateLabels() {
    std::vector<QPolygonF> taken;
    const bool legendTaken = legend && legend->visible();
    if (legendTaken)
        taken.push_back(QPolygonF(QRectF(legend->outerRect())));
    // The steepest slope first: a label that meets one placed before it belongs to a lower line.
    std::vector<SlopeLabel> slopes = slopeLabels_;
    std::sort(slopes.begin(), slopes.end(),
              [](const SlopeLabel& a, const SlopeLabel& b) { return a.y1 / a.x1 > b.y1 / b.x1; });
    for (const auto& s : slopes) {
        if (!s.label->visible())
            continue;
        // Under its own line first (two devices' parallel slopes, a fifth of a decade apart),
        // then up the slope, a factor 1.6 at a time, while it has room left of its ridge.
        const double slope = s.y1 / s.x1;
        s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        // Under its line for another label, not for the legend (moving along clears that).
        const auto clashes = [&](const QPolygonF& shape) {
            return std::count_if(taken.begin() + (legendTaken ? 1 : 0), taken.end(),
                                 [&](const QPolygonF& t) { return t.intersects(shape); });
        };
        if (const auto over = clashes(labelShape(s.label)); over > 0) {
            const double x = s.label->position->coords().x();
            s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            s.label->position->setCoords(x, x * slope / (logY_ ? 1.12 : 1.0));
            // Under unless that covers more than over did.
            if (clashes(labelShape(s.label)) > over) {
                s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
                s.label->position->setCoords(x, x * slope * (logY_ ? 1.12 : 1.0));
            }
        }
        // Still covering something (the legend sits where slopes enter a roofline): the first
        // place along the line, down then up it, where it covers nothing and stays in the plot.
        const auto free = [&] {
            const QPolygonF r = labelShape(s.label);
            return std::none_of(taken.begin(), taken.end(),
                                [&](const QPolygonF& t) { return t.intersects(r); }) &&
                   QRectF(axisRect()->rect()).contains(r.boundingRect());
        };
        if (!free()) {
            const double x0 = s.label->position->coords().x();
            const double lift = logY_ ? 1.12 : 1.0;
            const bool under = (s.label->positionAlignment() & Qt::AlignTop) != 0;
            const double step = logX_ ? 1.6 : 1.15;
            bool placed = false;
            for (const double factor : {1 / step, 1 / (step * step), 1 / (step * step * step), step,
                                        step * step, step * step * step}) {
                const double x = x0 * factor;
                if (x >= s.x1 / (logX_ ? 1.8 : 1.05))
                    continue;
                s.label->position->setCoords(x, under ? x * slope / lift : x * slope * lift);
                if (free()) {
                    placed = true;
                    break;
                }
            }
            if (!placed)
                s.label->position->setCoords(x0, under ? x0 * slope / lift : x0 * slope * lift);
        }
        taken.push_back(labelShape(s.label));
    }
    for (const auto& c : computeLabels_) {
        c.label->position->setCoords(c.x, c.y);
        if (!c.label->visible())
            continue;
        // Leftwards along its line, past whatever it would cover.
        for (int tries = 0; tries < 6; ++tries) {
            const QPolygonF shape = labelShape(c.label);
            const QRectF r = shape.boundingRect();
            const auto clash = std::find_if(taken.begin(), taken.end(), [&](const QPolygonF& t) {
                return t.intersects(shape);
            });
            if (clash == taken.end())
                break;
            const double right = clash->boundingRect().left() - 8;
            if (right - r.width() < axisRect()->left())
                break;
            c.label->position->setCoords(xAxis->pixelToCoord(right), c.y);
        }
        taken.push_back(labelShape(c.label));
    }
}

void RooflinePlot::setAxes(bool logX, bool logY) {
    logX_ = logX;
    logY_ = logY;
    const QString x = tr("Arithmetic intensity (FLOP/B)"), y = tr("Performance (FLOP/s)");
    logX ? setLogAxis(xAxis, Dimension::intensity, x)
         : setLinearAxis(xAxis, Dimension::intensity, x);
    logY ? setLogAxis(yAxis, Dimension::flopsPerS, y)
         : setLinearAxis(yAxis, Dimension::flopsPerS, y);
}

void RooflinePlot::setSession(const Session& session) {
    clearPlottables(); // roofs, point graphs and density layers
    clearItems();
    pointPlottables_.clear();
    pointItems_.clear();
    slopeLabels_.clear();
    computeLabels_.clear();
    legendTargets_.clear();
    deviceParts_.clear();
    roofSegments_ = points_ = shownPoints_ = aboveRoof_ = undrawable_ = 0;
    leftOut_ = {};
    drawn_.clear();
    order_.clear();
    runs_.clear();
    above_.clear();
    ax_.clear();
    ay_.clear();
    names_.clear();
    groups_.clear();
    levelPoints_.clear();
    drawnIndex_.assign(session.datasets.size(), {});
    highlight_ = nullptr; // clearItems deleted them
    hoverRing_ = nullptr;
    setAxes(session.view.logX, session.view.logY);
    colorBy_ = session.view.colorBy;
    xLow_ = kXMin;
    xHigh_ = kXMax;
    yLow_ = std::numeric_limits<double>::infinity();
    yHigh_ = pointHighX_ = ridgeHighX_ = 0;

    // Draw the roofs of the session's precision and of every precision its points use, so that
    // each point has its own roof in sight.
    // Flags, not a set: this looks at every record of a dense session.
    std::vector<char> used(enumNames<Precision>().size(), 0);
    used[static_cast<std::size_t>(session.view.precision)] = 1;
    for (const auto& d : session.datasets)
        for (const auto& r : d.records)
            used[static_cast<std::size_t>(r.precision)] = 1;
    std::vector<Precision> drawn; // in the order of the enumeration, as a set would hold them
    for (std::size_t i = 0; i < used.size(); ++i)
        if (used[i])
            drawn.push_back(static_cast<Precision>(i));
    // Growing these a record at a time costs more than the points themselves in a dense session.
    std::size_t records = 0;
    for (const auto& d : session.datasets)
        records += d.records.size();
    drawn_.reserve(records);
    recordAx_.reserve(records);
    recordAy_.reserve(records);
    static_assert(std::is_trivially_default_constructible_v<DrawnPoint>);

    std::map<std::string, QColor> deviceColors;
    for (const auto& device : session.devices) {
        const auto& shown = session.view.shownDevices;
        if (!shown.empty() && std::find(shown.begin(), shown.end(), device.id) == shown.end())
            continue;
        const QColor color = paletteColor(static_cast<int>(deviceColors.size()));
        deviceColors.emplace(device.id, color);
        drawDevice(device, color, kXMin, kXMax, drawn);
    }
    applyDeviceVisibility();
    PointGroups groups(session, session.view.colorBy, deviceColors);
    std::vector<PlotPoint> otherLevels; // the hierarchical view's points off the view's level
    for (std::size_t i = 0; i < session.datasets.size(); ++i) {
        const Dataset& dataset = session.datasets[i];
        const auto& hidden = session.view.hiddenDatasets;
        drawnIndex_[i].assign(dataset.records.size(), -1);
        if (std::find(hidden.begin(), hidden.end(), dataset.context.label) != hidden.end())
            continue;
        drawDataset(dataset, static_cast<int>(i), session.findDevice(dataset.context.deviceId),
                    session.view, groups, otherLevels);
    }
    arrangePoints(groups.groups());
    collectLevels(otherLevels);
    showLeftOut();
    drawPoints(); // and rings the highlighted record again
    if (!applyViewRange(session.view))
        resetView();
}

QString RooflinePlot::leftOutText() const {
    return QString::fromStdString(roofscope::leftOutText(leftOut_));
}

void RooflinePlot::showLeftOut() {
    const std::vector<std::string> parts = leftOutParts(leftOut_);
    if (parts.empty()) {
        if (leftOutLine_) {
            plotLayout()->remove(leftOutLine_); // deletes it
            plotLayout()->simplify();
            leftOutLine_ = nullptr;
        }
        return;
    }
    // Under the plot, not in it: a plot that draws half of a trace must say so where the eye
    // is, in the window as in every image exported from it, without covering a point.
    if (!leftOutLine_) {
        leftOutLine_ = new QCPTextElement(this);
        leftOutLine_->setFont(QFont(font().family(), 8));
        leftOutLine_->setTextColor(QColor(90, 90, 90));
        leftOutLine_->setTextFlags(Qt::AlignLeft);
        leftOutLine_->setMargins(QMargins(8, 0, 8, 4));
        plotLayout()->insertRow(plotLayout()->rowCount());
        plotLayout()->addElement(plotLayout()->rowCount() - 1, 0, leftOutLine_);
    }
    // Broken by hand between reasons: a text element's minimum width is its longest line, and
    // one line of every reason would widen the plot past a narrow window. Lines fill the plot's
    // width (at least 600 px): every line less is room for the points.
    const QFontMetrics metrics(leftOutLine_->font());
    const int room = std::max(600, width() - 40);
    QStringList lines{QString::fromStdString(parts.front())};
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const QString part = QString::fromStdString(parts[i]) +
                             (i + 1 == parts.size() ? QStringLiteral(".") : QString());
        QString& line = lines.back();
        if (i > 1 && metrics.horizontalAdvance(line + QStringLiteral(", ") + part) > room)
            lines.push_back(part);
        else
            line += (i == 1 ? QStringLiteral(" ") : QStringLiteral(", ")) + part;
    }
    leftOutLine_->setText(lines.join(QStringLiteral(",\n")));
}

void RooflinePlot::resizeEvent(QResizeEvent* event) {
    if (leftOutLine_ && event->size().width() != event->oldSize().width())
        showLeftOut();
    QCustomPlot::resizeEvent(event);
}

bool RooflinePlot::applyViewRange(const ViewSettings& view) {
    // A range saved under log axes may not suit linear ones and the reverse: a log axis needs a
    // positive lower end.
    const bool xOk = view.xMax > view.xMin && (!logX_ || view.xMin > 0);
    const bool yOk = view.yMax > view.yMin && (!logY_ || view.yMin > 0);
    if (!xOk || !yOk)
        return false;
    xAxis->setRange(view.xMin, view.xMax);
    yAxis->setRange(view.yMin, view.yMax);
    replot();
    return true;
}

void RooflinePlot::drawDevice(const Device& device, const QColor& color, double xMin, double xMax,
                              const std::vector<Precision>& precisions) {
    RoofOptions options;
    options.precisions = precisions;
    const DeviceRoofs roofs = deviceRoofs(device.ceilings, xMin, xMax, options);
    DeviceParts& parts = deviceParts_[device.id];
    bool first = true;
    for (const auto& segment : roofs.segments) {
        QCPGraph* graph = addRoofGraph(*this, segment, color);
        parts.plottables.push_back(graph);
        if (first) {
            // Probed devices carry "(measured DATE)" in their name already.
            const QString name = QString::fromStdString(device.name);
            const bool named = name.contains(QStringLiteral("(measured"));
            graph->setName(name + (segment.provenance == ProvenanceKind::spec ? tr(" (spec)")
                                   : named                                    ? QString()
                                                                              : tr(" (measured)")));
            legendTargets_[graph] = {LegendTarget::Kind::device, device.id, {}, {}, {}};
        } else {
            graph->removeFromLegend();
        }
        first = false;
        ++roofSegments_;
        extend(segment.x1, segment.y1);

        if (segment.label.empty())
            continue; // a compute roof of the same value as another: named by that one's label
        auto* label = addRoofLabel(*this, QString::fromStdString(segment.label), color);
        parts.items.push_back(label);
        if (segment.kind == RoofSegment::Kind::compute) {
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            label->position->setCoords(segment.x1 / 1.15, segment.y1 * 1.03);
            computeLabels_.push_back({label, segment.x1 / 1.15, segment.y1 * 1.03});
        } else {
            // Placed and turned to follow the line at each replot: alignSlopeLabels.
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            slopeLabels_.push_back({label, segment.x0, segment.y0, segment.x1, segment.y1});
        }
    }
    for (const auto& ridge : roofs.ridges) {
        auto* mark = new QCPItemTracer(this);
        parts.items.push_back(mark);
        mark->position->setCoords(ridge.x, ridge.y);
        mark->setStyle(QCPItemTracer::tsCircle);
        mark->setSize(6);
        mark->setPen(QPen(color));
        mark->setBrush(Qt::white);
        ridgeHighX_ = std::max(ridgeHighX_, ridge.x);
    }
}

void RooflinePlot::applyDeviceVisibility() {
    for (auto& [id, parts] : deviceParts_) {
        const bool visible = !hiddenDevices_.contains(id);
        for (auto* p : parts.plottables)
            p->setVisible(visible);
        for (auto* i : parts.items) {
            i->setVisible(visible);
            // alignSlopeLabels decides a slope label's visibility, within this.
            i->setProperty("deviceShown", visible);
        }
    }
    for (const auto& [plottable, target] : legendTargets_)
        if (target.kind == LegendTarget::Kind::device)
            if (auto* item = legend->itemWithPlottable(plottable))
                item->setTextColor(hiddenDevices_.contains(target.device) ? Qt::gray : Qt::black);
}

void RooflinePlot::updateHidden() {
    for (auto& g : groups_)
        g.hidden = hiddenGroups_.contains(g.look.label);
    categoryHidden_.assign(enumNames<Category>().size(), false);
    for (const Category c : hiddenCategories_)
        categoryHidden_[static_cast<std::size_t>(c)] = true;
}

bool RooflinePlot::isShown(const DrawnPoint& p) const {
    return isShown(p.group, p.category);
}

bool RooflinePlot::isShown(int group, Category category) const {
    // Flags, not the label sets: passes over a dense cloud ask this of every run.
    return !categoryHidden_[static_cast<std::size_t>(category)] &&
           !groups_[static_cast<std::size_t>(group)].hidden;
}

std::vector<PointGroup> RooflinePlot::pointGroups() const {
    std::vector<PointGroup> out;
    for (const auto& g : groups_)
        out.push_back(g.look);
    return out;
}

void RooflinePlot::extend(double x, double y) {
    xLow_ = std::min(xLow_, x);
    xHigh_ = std::max(xHigh_, x);
    yLow_ = std::min(yLow_, y);
    yHigh_ = std::max(yHigh_, y);
}

void RooflinePlot::resetView() {
    if (logX_)
        xAxis->setRange(std::max(1e-3, xLow_ / 2), xHigh_ * 2);
    else // the roofs run to kXMax; a linear axis shows the points and the ridges
        xAxis->setRange(0, std::max({pointHighX_, ridgeHighX_, 1.0}) * 1.25);
    if (yHigh_ <= 0)
        yAxis->setRange(logY_ ? 1e9 : 0, 1e16);
    else if (logY_)
        // At least three decades: the log ticker then labels whole decades and the slope shows
        // beneath a compute-bound cloud.
        yAxis->setRange(std::clamp(yLow_ / 5, yHigh_ * 1e-6, yHigh_ * 3e-3), yHigh_ * 3);
    else
        yAxis->setRange(0, yHigh_ * 1.15);
    replot();
}

} // namespace roofscope::ui
