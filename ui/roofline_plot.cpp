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
    highlight_ = nullptr; // clearItems deleted them
    hoverRing_ = nullptr;
    setAxes(session.view.logX, session.view.logY);
    colorBy_ = session.view.colorBy;
    xLow_ = kXMin;
    xHigh_ = kXMax;
    yLow_ = std::numeric_limits<double>::infinity();
    yHigh_ = pointHighX_ = ridgeHighX_ = 0;

    // Growing these a record at a time costs more than the points themselves in a dense session.
    std::size_t records = 0;
    for (const auto& d : session.datasets)
        records += d.records.size();
    drawn_.reserve(records);
    static_assert(std::is_trivially_default_constructible_v<DrawnPoint>);
    datasetTimeS_.assign(session.datasets.size(), 0.0);

    std::map<std::string, QColor> deviceColors;
    std::vector<const Device*> shownDevices;
    for (const auto& device : session.devices) {
        const auto& shown = session.view.shownDevices;
        if (!shown.empty() && std::find(shown.begin(), shown.end(), device.id) == shown.end())
            continue;
        deviceColors.emplace(device.id, paletteColor(static_cast<int>(deviceColors.size())));
        shownDevices.push_back(&device);
    }
    PointGroups groups(session, session.view.colorBy, deviceColors);
    std::vector<PlotPoint> otherLevels; // the hierarchical view's points off the view's level
    // The roofs of the session's precision and of every precision its records use, hidden
    // datasets' too, so that each point has its own roof in sight. Flags, not a set: they are
    // gathered from every record of a dense session, by drawDataset as it reads them.
    static_assert(static_cast<unsigned>(Precision::other) < 8 * sizeof(PrecisionFlags));
    PrecisionFlags used = PrecisionFlags{1} << static_cast<unsigned>(session.view.precision);
    for (std::size_t i = 0; i < session.datasets.size(); ++i) {
        const Dataset& dataset = session.datasets[i];
        const auto& hidden = session.view.hiddenDatasets;
        if (std::find(hidden.begin(), hidden.end(), dataset.context.label) != hidden.end()) {
            for (const auto& r : dataset.records)
                used |= PrecisionFlags{1} << static_cast<unsigned>(r.precision);
            continue;
        }
        drawDataset(dataset, static_cast<int>(i), session.findDevice(dataset.context.deviceId),
                    session.view, groups, otherLevels, used);
    }
    std::vector<Precision> drawn; // in the order of the enumeration, as a set would hold them
    for (std::size_t i = 0; i < enumNames<Precision>().size(); ++i)
        if (used >> i & 1)
            drawn.push_back(static_cast<Precision>(i));
    // Before the points' graphs, which drawPoints adds: the legend lists the roofs first.
    for (const Device* device : shownDevices)
        drawDevice(*device, deviceColors.at(device->id), kXMin, kXMax, drawn);
    applyDeviceVisibility();
    arrangePoints(groups.groups());
    collectLevels(otherLevels);
    showLeftOut();
    drawPoints(); // and rings the highlighted record again
    if (!applyViewRange(session.view))
        resetView();
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
        // beneath a compute-bound cloud. At most nine: six cut off a tiny kernel at 1 GFLOP/s
        // under a 1.3 PFLOP/s roof (TimeSformer on MI300X), a point the view must show.
        yAxis->setRange(std::clamp(yLow_ / 3, yHigh_ * 1e-9, yHigh_ * 3e-3), yHigh_ * 3);
    else
        yAxis->setRange(0, yHigh_ * 1.15);
    replot();
}

} // namespace roofscope::ui
