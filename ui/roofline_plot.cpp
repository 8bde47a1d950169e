#include "roofline_plot.h"

#include "axis_format.h"
#include "palette.h"
#include "roof_geometry.h"
#include "roofline.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>
#include <string_view>
#include <unordered_map>

namespace roofscope::ui {
namespace {

constexpr double kXMin = 1e-2;
constexpr double kXMax = 1e4;

} // namespace

RooflinePlot::RooflinePlot(QWidget* parent) : QCustomPlot(parent) {
    setLogAxis(xAxis, Dimension::intensity, tr("Arithmetic intensity (FLOP/B)"));
    setLogAxis(yAxis, Dimension::flopsPerS, tr("Performance (FLOP/s)"));
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

void RooflinePlot::toggleLegendItem(QCPAbstractLegendItem* item) {
    auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
    if (!entry)
        return;
    QCPAbstractPlottable* series = entry->plottable();
    series->setVisible(!series->visible());
    entry->setTextColor(series->visible() ? Qt::black : Qt::gray);
    replot();
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
    for (const auto& s : slopeLabels_) {
        const double dx = xAxis->coordToPixel(s.x1) - xAxis->coordToPixel(s.x0);
        const double dy = yAxis->coordToPixel(s.y1) - yAxis->coordToPixel(s.y0);
        if (dx != 0 || dy != 0)
            s.label->setRotation(std::atan2(dy, dx) * 180.0 / M_PI);
    }
}

void RooflinePlot::setSession(const Session& session) {
    clearPlottables(); // roofs, point graphs and density layers
    clearItems();
    pointPlottables_.clear();
    pointItems_.clear();
    slopeLabels_.clear();
    roofSegments_ = points_ = aboveRoof_ = undrawable_ = 0;
    drawn_.clear();
    logX_.clear();
    logY_.clear();
    names_.clear();
    looks_.clear();
    drawnIndex_.assign(session.datasets.size(), {});
    highlight_ = nullptr; // clearItems deleted it
    xLow_ = kXMin;
    xHigh_ = kXMax;
    yLow_ = std::numeric_limits<double>::infinity();
    yHigh_ = 0;

    // Draw the roofs of the session's precision and of every precision its points use, so that
    // each point has its own roof in sight.
    std::set<Precision> precisions{session.view.precision};
    for (const auto& d : session.datasets)
        for (const auto& r : d.records)
            precisions.insert(r.precision);
    const std::vector<Precision> drawn(precisions.begin(), precisions.end());
    // Growing these a record at a time costs more than the points themselves in a dense session.
    std::size_t records = 0;
    for (const auto& d : session.datasets)
        records += d.records.size();
    drawn_.reserve(records);
    logX_.reserve(records);
    logY_.reserve(records);

    int colorIndex = 0;
    for (const auto& device : session.devices) {
        const auto& shown = session.view.shownDevices;
        if (!shown.empty() && std::find(shown.begin(), shown.end(), device.id) == shown.end())
            continue;
        drawDevice(device, paletteColor(colorIndex++), kXMin, kXMax, drawn);
    }
    colorIndex = 0;
    for (std::size_t i = 0; i < session.datasets.size(); ++i) {
        const Dataset& dataset = session.datasets[i];
        const auto& hidden = session.view.hiddenDatasets;
        const QColor color = datasetColor(dataset, colorIndex++);
        drawnIndex_[i].assign(dataset.records.size(), -1);
        if (std::find(hidden.begin(), hidden.end(), dataset.context.label) != hidden.end())
            continue;
        looks_.push_back({QString::fromStdString(dataset.context.label), color, drawn_.size(), 0});
        drawDataset(dataset, static_cast<int>(i), session.findDevice(dataset.context.deviceId),
                    color, session.view);
        looks_.back().end = drawn_.size();
    }
    buildPickGrid();
    drawPoints();
    // An empty legend would draw as a stray little box.
    legend->setVisible(legend->itemCount() > 0);
    setHighlighted(highlighted_);
    resetView();
}

void RooflinePlot::drawDevice(const Device& device, const QColor& color, double xMin, double xMax,
                              const std::vector<Precision>& precisions) {
    RoofOptions options;
    options.precisions = precisions;
    const DeviceRoofs roofs = deviceRoofs(device.ceilings, xMin, xMax, options);
    bool first = true;
    for (const auto& segment : roofs.segments) {
        QCPGraph* graph = addGraph();
        graph->setData({segment.x0, segment.x1}, {segment.y0, segment.y1}, true);
        QPen pen(color, segment.kind == RoofSegment::Kind::memory ? 2.0 : 1.6);
        if (segment.provenance == ProvenanceKind::spec)
            pen.setStyle(Qt::DashLine);
        graph->setPen(pen);
        graph->setSelectable(QCP::stNone);
        if (first) {
            // Probed devices carry "(measured DATE)" in their name already.
            const QString name = QString::fromStdString(device.name);
            const bool named = name.contains(QStringLiteral("(measured"));
            graph->setName(name + (segment.provenance == ProvenanceKind::spec ? tr(" (spec)")
                                   : named                                    ? QString()
                                                                              : tr(" (measured)")));
        } else {
            graph->removeFromLegend();
        }
        first = false;
        ++roofSegments_;
        extend(segment.x1, segment.y1);

        auto* label = new QCPItemText(this);
        label->setText(QString::fromStdString(segment.label));
        label->setColor(color);
        label->setFont(QFont(font().family(), 7));
        label->setClipToAxisRect(true);
        // A light backing keeps the label legible over a dense cloud of points.
        label->setBrush(QColor(255, 255, 255, 190));
        label->setPadding(QMargins(2, 0, 2, 0));
        if (segment.kind == RoofSegment::Kind::compute) {
            label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
            label->position->setCoords(segment.x1 / 1.15, segment.y1 * 1.03);
        } else {
            // On the slope, well below the ridge where points crowd, turned to follow the line.
            label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
            const double x = std::max(segment.x0 * 3, segment.x1 / 40);
            label->position->setCoords(x, x * (segment.y1 / segment.x1) * 1.12);
            slopeLabels_.push_back({label, segment.x0, segment.y0, segment.x1, segment.y1});
        }
    }
    for (const auto& ridge : roofs.ridges) {
        auto* mark = new QCPItemTracer(this);
        mark->position->setCoords(ridge.x, ridge.y);
        mark->setStyle(QCPItemTracer::tsCircle);
        mark->setSize(6);
        mark->setPen(QPen(color));
        mark->setBrush(Qt::white);
    }
}

void RooflinePlot::drawDataset(const Dataset& dataset, int datasetIndex, const Device* device,
                               const QColor&, const ViewSettings& view) {
    // Only computes the points here; drawPoints() draws them in the style their number calls for.
    std::unordered_map<std::string_view, int> nameIds; // launches of one kernel share its name
    auto& index = drawnIndex_[static_cast<std::size_t>(datasetIndex)];
    for (std::size_t i = 0; i < dataset.records.size(); ++i) {
        const OpRecord& record = dataset.records[i];
        double x = NAN, y = NAN, fraction = NAN;
        bool above = false;
        if (device) {
            if (const auto p = rooflinePoint(record, device->ceilings, view.memoryLevel)) {
                x = p.value().intensity;
                y = p.value().achievedFlopsPerS;
                fraction = p.value().fractionOfRoof;
                above = p.value().aboveRoof;
            }
        }
        if (std::isnan(x) && record.flops.known() && record.timeS.known() &&
            record.timeS.value > 0) {
            x = intensity(record.flops.value, record.bytesAt(view.memoryLevel).value_or(0));
            y = record.flops.value / record.timeS.value;
        }
        if (!std::isfinite(x) || !std::isfinite(y) || x <= 0 || y <= 0) {
            ++undrawable_;
            continue;
        }
        const auto [name, added] =
            nameIds.try_emplace(record.name, static_cast<int>(names_.size()));
        if (added)
            names_.push_back(QString::fromStdString(record.name));
        index[i] = static_cast<int>(drawn_.size());
        drawn_.push_back({x, y, RecordRef{datasetIndex, static_cast<int>(i)}, name->second,
                          record.category, above, record.timeS.known() ? record.timeS.value : NAN,
                          fraction});
        logX_.push_back(std::log10(x));
        logY_.push_back(std::log10(y));
        ++points_;
        aboveRoof_ += above ? 1 : 0;
        extend(x, y);
    }
}

void RooflinePlot::extend(double x, double y) {
    xLow_ = std::min(xLow_, x);
    xHigh_ = std::max(xHigh_, x);
    yLow_ = std::min(yLow_, y);
    yHigh_ = std::max(yHigh_, y);
}

void RooflinePlot::resetView() {
    xAxis->setRange(std::max(1e-3, xLow_ / 2), xHigh_ * 2);
    if (yHigh_ > 0)
        yAxis->setRange(std::max(yLow_ / 5, yHigh_ * 1e-6), yHigh_ * 3);
    else
        yAxis->setRange(1e9, 1e16);
    replot();
}

} // namespace roofscope::ui
