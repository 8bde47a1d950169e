#include "ui/roofline_plot.h"

#include "core/roof_geometry.h"
#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/roof_layer.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string_view>
#include <thread>
#include <type_traits>
#include <unordered_map>

namespace roofscope::ui {
namespace {

constexpr double kXMin = 1e-2;
constexpr double kXMax = 1e4;

} // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    setAxes(true, true);
    legend->setVisible(true);
    legend->setFont(QFont(font().family(), 8));
    // Above the slopes at low intensity a roofline is empty by construction.
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
    alignSlopeLabels();
}

void RooflinePlot::draw(QCPPainter* painter) {
    // The on-screen angle of a slope depends on the axis ranges and on the size drawn at, which
    // differs between the widget and an export: align the labels once the layout is known.
    updateLayout();
    alignSlopeLabels();
    QCustomPlot::draw(painter);
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
    legendTargets_.clear();
    deviceParts_.clear();
    roofSegments_ = points_ = shownPoints_ = aboveRoof_ = undrawable_ = 0;
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
    highlight_ = nullptr; // clearItems deleted it
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

        auto* label = addRoofLabel(*this, QString::fromStdString(segment.label), color);
        parts.items.push_back(label);
        if (segment.kind == RoofSegment::Kind::compute) {
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            label->position->setCoords(segment.x1 / 1.15, segment.y1 * 1.03);
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

// What one slice of a dataset's records gave, besides its points (written into drawn_ from the
// slice's first record on): the hierarchical view's points at other levels and what the plot
// counts.
struct RooflinePlot::Slice {
    std::size_t count = 0; // points written
    std::vector<PlotPoint> otherLevels;
    // Launches of one kernel share its name: the slice's names in order of first appearance,
    // which its points' name indexes until drawDataset maps them to names_.
    std::vector<std::string_view> names;
    int undrawable = 0;
    double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
    double yLow = std::numeric_limits<double>::infinity(), yHigh = 0;
};

void RooflinePlot::drawDataset(const Dataset& dataset, int datasetIndex, const Device* device,
                               const ViewSettings& view, PointGroups& groups,
                               std::vector<PlotPoint>& otherLevels) {
    // Only computes the points here; drawPoints() draws them in the style their number calls for.
    // The plot draws core's points, as exports write them (core/plot_points.h), one record at a
    // time: all of a dense session's points at once would double what it holds. Millions of
    // records are read from memory faster by several cores than by one, so a large dataset is
    // cut into slices computed side by side, each writing its points where its records start.
    const std::vector<OpRecord>& records = dataset.records;
    double totalS = 0;
    for (const auto& r : records)
        if (r.timeS.known() && r.timeS.value > 0)
            totalS += r.timeS.value;
    const std::size_t base = drawn_.size();
    drawn_.resize(base + records.size());
    recordAx_.resize(base + records.size());
    recordAy_.resize(base + records.size());
    const bool logX = logX_, logY = logY_;
    auto compute = [&](std::size_t begin, std::size_t end, Slice& out) {
        std::vector<PlotPoint> points; // one record's, reused
        std::unordered_map<std::string_view, int> nameIds;
        for (std::size_t i = begin; i < end; ++i) {
            const OpRecord& record = records[i];
            points.clear();
            recordPlotPoints(record, {datasetIndex, static_cast<int>(i)}, device, view, points);
            const auto point = std::find_if(points.begin(), points.end(), [&](const PlotPoint& p) {
                return p.level == view.memoryLevel;
            });
            // Without a point at the view's level there is nothing to link other levels to.
            if (point == points.end()) {
                ++out.undrawable;
                continue;
            }
            for (const PlotPoint& p : points)
                if (p.level != view.memoryLevel)
                    out.otherLevels.push_back(p);
            const double x = point->intensity, y = point->achievedFlopsPerS;
            const bool timed = record.timeS.known();
            const auto [name, added] =
                nameIds.try_emplace(record.name, static_cast<int>(out.names.size()));
            if (added)
                out.names.push_back(record.name);
            const std::size_t at = base + begin + out.count++;
            drawn_[at] = {x,
                          y,
                          datasetIndex,
                          static_cast<int>(i),
                          name->second,
                          0,
                          record.category,
                          point->aboveRoof,
                          timed ? record.timeS.value : NAN,
                          point->fractionOfRoof,
                          timed && totalS > 0 ? record.timeS.value / totalS : NAN};
            recordAx_[at] = logX ? std::log10(x) : x;
            recordAy_[at] = logY ? std::log10(y) : y;
            out.xLow = std::min(out.xLow, x);
            out.xHigh = std::max(out.xHigh, x);
            out.yLow = std::min(out.yLow, y);
            out.yHigh = std::max(out.yHigh, y);
        }
    };
    const std::size_t threads =
        records.size() < kThreadedRecords
            ? 1
            : std::clamp<std::size_t>(std::thread::hardware_concurrency(), 1, kMaxThreads);
    std::vector<Slice> slices(threads);
    const std::size_t per = (records.size() + threads - 1) / threads;
    auto sliceBegin = [&](std::size_t t) { return std::min(records.size(), t * per); };
    {
        std::vector<std::thread> workers;
        for (std::size_t t = 1; t < threads; ++t)
            workers.emplace_back(compute, sliceBegin(t), sliceBegin(t + 1), std::ref(slices[t]));
        compute(0, sliceBegin(1), slices[0]);
        for (auto& w : workers)
            w.join();
    }
    // Each slice's points close up behind the previous slice's, in record order.
    std::size_t end = base;
    for (std::size_t t = 0; t < threads; ++t) {
        const std::size_t from = base + sliceBegin(t), n = slices[t].count;
        if (from != end) {
            std::copy_n(drawn_.begin() + std::ptrdiff_t(from), n,
                        drawn_.begin() + std::ptrdiff_t(end));
            std::copy_n(recordAx_.begin() + std::ptrdiff_t(from), n,
                        recordAx_.begin() + std::ptrdiff_t(end));
            std::copy_n(recordAy_.begin() + std::ptrdiff_t(from), n,
                        recordAy_.begin() + std::ptrdiff_t(end));
        }
        end += n;
    }
    drawn_.resize(end);
    recordAx_.resize(end);
    recordAy_.resize(end);
    // Names are numbered per dataset in record order, as one pass would have met them.
    std::unordered_map<std::string_view, int> nameIds;
    std::vector<int> nameOf;
    auto& index = drawnIndex_[static_cast<std::size_t>(datasetIndex)];
    std::size_t at = base;
    for (Slice& slice : slices) {
        nameOf.clear();
        for (const std::string_view name : slice.names) {
            const auto [it, added] = nameIds.try_emplace(name, static_cast<int>(names_.size()));
            if (added)
                names_.push_back(
                    QString::fromUtf8(name.data(), static_cast<qsizetype>(name.size())));
            nameOf.push_back(it->second);
        }
        undrawable_ += slice.undrawable;
        if (slice.count > 0) {
            extend(slice.xLow, slice.yLow);
            extend(slice.xHigh, slice.yHigh);
            pointHighX_ = std::max(pointHighX_, slice.xHigh);
        }
        for (const std::size_t last = at + slice.count; at < last; ++at) {
            DrawnPoint& p = drawn_[at];
            p.name = nameOf[static_cast<std::size_t>(p.name)];
            // In record order: groups are numbered in the order their first point asks.
            p.group = groups.groupOf(datasetIndex, p.category);
            aboveRoof_ += p.aboveRoof ? 1 : 0;
            if (p.aboveRoof)
                above_.push_back(static_cast<int>(at));
            index[static_cast<std::size_t>(p.record)] = static_cast<int>(at);
        }
        points_ += static_cast<int>(slice.count);
        otherLevels.insert(otherLevels.end(), slice.otherLevels.begin(), slice.otherLevels.end());
    }
}

void RooflinePlot::arrangePoints(const std::vector<PointGroup>& groups) {
    const std::size_t categories = enumNames<Category>().size();
    const auto key = [categories](const DrawnPoint& p) {
        return static_cast<std::size_t>(p.group) * categories +
               static_cast<std::size_t>(p.category);
    };
    // A counting sort of indices, which is stable (record order within a run is the order
    // markers are drawn in) and linear; the points stay where they are: sorting millions of
    // them took most of setSession.
    std::vector<std::size_t> at(groups.size() * categories + 1, 0);
    for (const DrawnPoint& p : drawn_)
        ++at[key(p) + 1];
    for (std::size_t k = 1; k < at.size(); ++k)
        at[k] += at[k - 1];
    groups_.clear();
    runs_.clear();
    for (std::size_t g = 0; g < groups.size(); ++g) {
        groups_.push_back({groups[g], at[g * categories], at[(g + 1) * categories]});
        for (std::size_t c = 0; c < categories; ++c) {
            const std::size_t k = g * categories + c;
            if (at[k + 1] > at[k])
                runs_.push_back({at[k], at[k + 1], static_cast<int>(g), static_cast<Category>(c)});
        }
    }
    order_.resize(drawn_.size());
    for (std::size_t i = 0; i < drawn_.size(); ++i)
        order_[at[key(drawn_[i])]++] = static_cast<int>(i);
    // Gathered from the record-order coordinates, 8 bytes a point, rather than from the points.
    ax_.resize(drawn_.size());
    ay_.resize(drawn_.size());
    for (std::size_t s = 0; s < order_.size(); ++s) {
        ax_[s] = recordAx_[static_cast<std::size_t>(order_[s])];
        ay_[s] = recordAy_[static_cast<std::size_t>(order_[s])];
    }
    recordAx_ = {};
    recordAy_ = {};
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
