// PlacementChart: one roofline per device involved, with the ops the plan runs there (each
// saying what it is when hovered); placement_chart_steps.cpp draws the step bars under them.
#include "ui/views/placement_chart.h"

#include "core/analysis/shown_dataset.h"
#include "core/roof_geometry.h"
#include "core/roofline.h"
#include "ui/axis_format.h"
#include "ui/palette.h"
#include "ui/roof_layer.h"
#include "ui/views/chart_frame.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <set>

namespace roofscope::ui {
namespace {

// One device per rectangle: its roofs in one neutral colour, the points in their categories'.
const QColor kRoofColor(60, 60, 60);

constexpr double kRoofXMin = 1e-2, kRoofXMax = 1e4; // FLOP/B, as in the classic roofline

QString seconds(double s) {
    return QString::fromStdString(formatSi(s, Dimension::time));
}

QString deviceName(const Session& session, const std::string& id) {
    const Device* d = session.findDevice(id);
    return QString::fromStdString(d ? d->name : id);
}

// What hovering an op's point says:
//   adam
//   optimizer · moved GPU 0 → Host CPU
//   predicted 100 ms (measured 15.0 ms on GPU 0) + transfer 500 ms over p2p
//   10.0 GFLOP/s at 0.100 FLOP/B
QString opTip(const Session& session, const OpRecord& r, const PlacementOp& op, double flopsPerS,
              double intensity) {
    const QString category = QString::fromUtf8(toString(r.category).data());
    QString where, time;
    if (op.moved) {
        where = QObject::tr("%1 · moved %2 → %3")
                    .arg(category, deviceName(session, op.fromDevice),
                         deviceName(session, op.toDevice));
        time = QObject::tr("predicted %1 (measured %2 on %3)")
                   .arg(seconds(op.predictedS.value_or(0)), seconds(op.measuredS),
                        deviceName(session, op.fromDevice));
        if (op.transferS > 0)
            time +=
                QObject::tr(" + transfer %1").arg(seconds(op.transferS)) +
                (op.transferLink ? QObject::tr(" over %1")
                                       .arg(QString::fromUtf8(toString(*op.transferLink).data()))
                                 : QString());
    } else {
        where = QStringLiteral("%1 · %2").arg(category, deviceName(session, op.toDevice));
        time = QObject::tr("measured %1").arg(seconds(op.measuredS));
    }
    return QStringLiteral("%1\n%2\n%3\n%4 at %5")
        .arg(elide(QString::fromStdString(r.name), 80), where, time,
             QString::fromStdString(formatSi(flopsPerS, Dimension::flopsPerS)),
             QString::fromStdString(formatSi(intensity, Dimension::intensity)));
}

} // namespace

PlacementChart::PlacementChart(QWidget* parent) : ViewChart(parent) {
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    setAutoAddPlottableToLegend(false);
    connect(this, &QCustomPlot::beforeReplot, this, [this] {
        if (barRect_ && change_) {
            updateLayout();
            fitStepTotals();
        }
    });
}

QCPAxisRect* PlacementChart::deviceRect(const std::string& id) const {
    const auto it = rects_.find(id);
    return it == rects_.end() ? nullptr : it->second;
}

int PlacementChart::pointsOn(const std::string& id) const {
    const auto it = points_.find(id);
    return it == points_.end() ? 0 : it->second;
}

int PlacementChart::predictedOn(const std::string& id) const {
    const auto it = predicted_.find(id);
    return it == predicted_.end() ? 0 : it->second;
}

QString PlacementChart::changeLabel() const {
    return change_ ? change_->text() : QString();
}

void PlacementChart::clearChart() {
    clearPlottables();
    clearItems();
    plotLayout()->clear();
    deviceIds_.clear();
    rects_.clear();
    points_.clear();
    predicted_.clear();
    segments_.clear();
    barRect_ = nullptr;
    change_ = nullptr;
    oldStepS_ = newStepS_ = 0;
    undrawn_ = 0;
    drawnCategories_.clear();
    clearPicks();
    emptyReason_.clear();
    table_ = {};
}

void PlacementChart::setSession(const Session& session) {
    clearChart();
    const int index = shownDataset(session);
    if (index < 0) {
        showEmpty(tr("The placement view needs a dataset: none is loaded or all are hidden."));
        return;
    }
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(index)];
    if (dataset.records.empty()) {
        showEmpty(tr("'%1' has no op records to place.")
                      .arg(QString::fromStdString(dataset.context.label)));
        return;
    }
    const MdOptions options{session.view.memoryLevel, session.view.link};
    const PlacementPlan plan =
        planPlacement(dataset, session.devices, session.view.placement.moves, options);
    for (const auto& id : plan.devices)
        if (session.findDevice(id))
            deviceIds_.push_back(id);
    if (deviceIds_.empty()) {
        showEmpty(tr("None of the devices '%1' runs on is in the session: add it from the "
                     "catalog to see its roofline.")
                      .arg(QString::fromStdString(dataset.context.label)));
        return;
    }
    table_ = placementTable(session, index, plan);

    auto* top = new QCPLayoutGrid;
    plotLayout()->addElement(0, 0, top);
    for (std::size_t i = 0; i < deviceIds_.size(); ++i)
        drawDevice(static_cast<int>(i), *session.findDevice(deviceIds_[i]), session, plan, top);
    addPointKey(rects_.at(deviceIds_.front()));
    drawSteps(plan, session);
    plotLayout()->setRowStretchFactors({3.0, 1.4});
    replot(rpQueuedReplot);
}

void PlacementChart::drawDevice(int column, const Device& device, const Session& session,
                                const PlacementPlan& plan, QCPLayoutGrid* grid) {
    const int shown = shownDataset(session);
    const Dataset& dataset = session.datasets[static_cast<std::size_t>(shown)];
    const MemoryLevel level = session.view.memoryLevel;
    const QString bandwidth =
        device.ceilings.memoryFor(level)
            ? QStringLiteral(" · %1 %2")
                  .arg(QString::fromUtf8(toString(level).data()),
                       QString::fromStdString(
                           formatSi(device.ceilings.memoryFor(level)->value, Dimension::bytesPerS)))
            : QString();
    grid->addElement(0, column,
                     new QCPTextElement(this, QString::fromStdString(device.name) + bandwidth,
                                        QFont(font().family(), 9, QFont::Bold)));
    auto* rect = new QCPAxisRect(this);
    grid->addElement(1, column, rect);
    rects_[device.id] = rect;
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    setLogAxis(x, Dimension::intensity, tr("Arithmetic intensity (FLOP/B)"));
    setLogAxis(y, Dimension::flopsPerS, tr("Performance (FLOP/s)"));

    // The ops the plan runs here: measured where they ran, predicted where they were moved.
    struct Point {
        double x, y;
        Category category;
        bool predicted;
        QString tip;
        RecordRef ref;
    };
    std::vector<Point> points;
    std::set<Precision> precisions{session.view.precision};
    for (const auto& op : plan.ops) {
        if (op.toDevice != device.id)
            continue;
        const OpRecord& r = dataset.records[static_cast<std::size_t>(op.record)];
        const double i = op.intensity, perf = op.flopsPerS;
        if (!std::isfinite(i) || i <= 0 || !std::isfinite(perf) || perf <= 0) {
            ++undrawn_;
            continue;
        }
        precisions.insert(r.precision);
        points.push_back(
            {i, perf, r.category, op.moved, opTip(session, r, op, perf, i), {shown, op.record}});
    }

    RoofOptions roofOptions;
    roofOptions.precisions.assign(precisions.begin(), precisions.end());
    roofOptions.levels = {level};
    roofOptions.ridgeLevel = level;
    const DeviceRoofs roofs = deviceRoofs(device.ceilings, kRoofXMin, kRoofXMax, roofOptions);
    double xLow = std::numeric_limits<double>::infinity(), xHigh = 0;
    double yLow = std::numeric_limits<double>::infinity(), yHigh = 0;
    std::vector<const RoofSegment*> computeRoofs; // labelled once the view is known
    for (const auto& s : roofs.segments) {
        addRoofGraph(*this, s, kRoofColor, x, y);
        yHigh = std::max(yHigh, s.y1);
        if (s.kind == RoofSegment::Kind::compute && !s.label.empty())
            computeRoofs.push_back(&s);
    }
    for (const auto& ridge : roofs.ridges) {
        xLow = std::min(xLow, ridge.x);
        xHigh = std::max(xHigh, ridge.x);
    }
    std::map<std::pair<Category, bool>, std::vector<const Point*>> groups;
    for (const auto& p : points) {
        groups[{p.category, p.predicted}].push_back(&p);
        xLow = std::min(xLow, p.x);
        xHigh = std::max(xHigh, p.x);
        yLow = std::min(yLow, p.y);
        yHigh = std::max(yHigh, p.y);
        ++points_[device.id];
        drawnCategories_.insert(p.category);
        predicted_[device.id] += p.predicted ? 1 : 0;
    }
    for (const auto& [key, group] : groups) {
        const QColor color = categoryColor(key.first);
        QCPGraph* g = addGraph(x, y);
        QVector<QCPGraphData> graphData;
        for (const Point* p : group) {
            graphData.push_back({p->x, p->y});
            addPick(x, y, p->x, p->y, p->tip, p->ref, g);
        }
        g->data()->set(graphData, false);
        g->setLineStyle(QCPGraph::lsNone);
        g->setName(QString::fromUtf8(toString(key.first).data()) +
                   (key.second ? tr(" (predicted)") : QString()));
        g->setSelectable(QCP::stNone);
        // Hollow: a prediction, not a measurement.
        g->setScatterStyle(key.second ? QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(color, 2.0),
                                                        Qt::NoBrush, 10)
                                      : QCPScatterStyle(QCPScatterStyle::ssDisc, color, 7));
    }
    if (!(xHigh > 0)) {
        xLow = 0.1;
        xHigh = 100;
    }
    x->setRange(std::max(kRoofXMin, xLow / 5), std::min(kRoofXMax, xHigh * 5));
    if (!(yHigh > 0))
        yHigh = 1e12;
    // Room over the top roof for its label (11 px), however few pixels a decade gets.
    y->setRange(std::clamp(yLow / 5, yHigh * 1e-6, yHigh * 1e-2), yHigh * 6);

    // Compute roofs are named at the right edge of the view, over the flat line; a roof close
    // under the one above it (fp64 vector 34 under 67 TFLOP/s) is named under its own line, so
    // that the two labels part instead of meeting between the lines.
    std::sort(computeRoofs.begin(), computeRoofs.end(),
              [](const RoofSegment* a, const RoofSegment* b) { return a->y1 > b->y1; });
    bool aboveWasOver = false;
    double above = 0;
    for (const RoofSegment* roof : computeRoofs) {
        const bool under = above > 0 && above / roof->y1 < 3 && aboveWasOver;
        above = roof->y1;
        aboveWasOver = !under;
        auto* label = addRoofLabel(*this, QString::fromStdString(roof->label), kRoofColor);
        label->setClipAxisRect(rect);
        label->position->setAxes(x, y);
        label->position->setCoords(x->range().upper / 1.15,
                                   under ? roof->y1 / 1.05 : roof->y1 * 1.05);
        label->setPositionAlignment(Qt::AlignRight | (under ? Qt::AlignTop : Qt::AlignBottom));
    }
}

void PlacementChart::addPointKey(QCPAxisRect* rect) {
    // The point key once, in the first device's rectangle: categories drawn, and what hollow
    // means. Top left: above the slope a roofline is empty by construction.
    QCPAxis* x = rect->axis(QCPAxis::atBottom);
    QCPAxis* y = rect->axis(QCPAxis::atLeft);
    auto* key = new QCPLegend;
    rect->insetLayout()->addElement(key, Qt::AlignTop | Qt::AlignLeft);
    key->setLayer(QStringLiteral("legend"));
    key->setFont(QFont(font().family(), 7));
    key->setIconSize(10, 8);
    key->setRowSpacing(-2);
    key->setBrush(QColor(255, 255, 255, 220));
    auto entry = [&](const QString& name, const QCPScatterStyle& style) {
        QCPGraph* g = addGraph(x, y);
        g->setName(name);
        g->setLineStyle(QCPGraph::lsNone);
        g->setScatterStyle(style);
        key->addItem(new QCPPlottableLegendItem(key, g));
    };
    for (const Category c : drawnCategories_)
        entry(QString::fromUtf8(toString(c).data()),
              QCPScatterStyle(QCPScatterStyle::ssDisc, categoryColor(c), 7));
    entry(tr("measured"), QCPScatterStyle(QCPScatterStyle::ssDisc, QColor(40, 40, 40), 7));
    entry(
        tr("predicted (moved here)"),
        QCPScatterStyle(QCPScatterStyle::ssCircle, QPen(QColor(40, 40, 40), 2.0), Qt::NoBrush, 9));
}

} // namespace roofscope::ui
