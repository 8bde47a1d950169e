// RooflinePlot's hierarchical view and its legend clicks. The hierarchical roofline draws each
// record once per memory level it has bytes for, at one height (its FLOP/s), linked by a thin
// line: how far apart the points sit says where the traffic is filtered by the caches.
#include "core/plot_points.h"
#include "ui/roofline_plot.h"

#include <map>

namespace roofscope::ui {

void RooflinePlot::collectLevels(const std::vector<PlotPoint>& otherLevels) {
    // Both in (dataset, record) order, as drawDataset made them: one walk down drawn_.
    std::size_t at = 0;
    for (const PlotPoint& p : otherLevels) {
        auto before = [&](const DrawnPoint& d) {
            return d.dataset != p.ref.dataset ? d.dataset < p.ref.dataset : d.record < p.ref.record;
        };
        while (at < drawn_.size() && before(drawn_[at]))
            ++at;
        if (at == drawn_.size() || drawn_[at].dataset != p.ref.dataset ||
            drawn_[at].record != p.ref.record)
            continue; // not drawn at the view's level: nothing to link to
        levelPoints_.push_back({p.intensity, p.achievedFlopsPerS, p.level, static_cast<int>(at)});
        extend(p.intensity, p.achievedFlopsPerS);
        pointHighX_ = std::max(pointHighX_, p.intensity);
    }
}

void RooflinePlot::drawLevels() {
    if (levelPoints_.empty())
        return;
    const QColor grey(120, 120, 120);
    std::map<MemoryLevel, QVector<QCPGraphData>> byLevel;
    QVector<QCPCurveData> links;
    for (const LevelPoint& lp : levelPoints_) {
        const DrawnPoint& at = drawn_[static_cast<std::size_t>(lp.drawn)];
        byLevel[lp.level]; // listed in the legend even while hidden, to be shown again
        if (!isShown(at) || hiddenLevels_.contains(lp.level))
            continue;
        byLevel[lp.level].push_back({lp.x, lp.y});
        // A NaN ends a line: one curve holds every link.
        const double t = static_cast<double>(links.size());
        links.push_back({t, at.x, at.y});
        links.push_back({t + 1, lp.x, lp.y});
        links.push_back({t + 2, qQNaN(), qQNaN()});
    }
    auto* curve = new QCPCurve(xAxis, yAxis);
    curve->data()->set(links, true);
    curve->setPen(QPen(grey, 0.8, Qt::DotLine));
    curve->setSelectable(QCP::stNone);
    curve->removeFromLegend();
    pointPlottables_.push_back(curve);
    for (auto& [level, points] : byLevel) {
        QCPGraph* graph = addGraph();
        graph->data()->set(points, false);
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, grey, 7));
        graph->setSelectable(QCP::stNone);
        graph->setName(tr("same ops at %1").arg(QString::fromUtf8(toString(level).data())));
        pointPlottables_.push_back(graph);
        legendTargets_[graph] = {LegendTarget::Kind::level, {}, {}, {}, level};
        if (auto* item = legend->itemWithPlottable(graph))
            item->setTextColor(hiddenLevels_.contains(level) ? Qt::gray : Qt::black);
    }
}

void RooflinePlot::toggleLegendItem(QCPAbstractLegendItem* item) {
    auto* entry = qobject_cast<QCPPlottableLegendItem*>(item);
    if (!entry)
        return;
    const auto target = legendTargets_.find(entry->plottable());
    if (target == legendTargets_.end()) {
        // A series of its own (the above-roof flags): shown or hidden until the next redraw.
        QCPAbstractPlottable* series = entry->plottable();
        series->setVisible(!series->visible());
        entry->setTextColor(series->visible() ? Qt::black : Qt::gray);
        replot();
        return;
    }
    const LegendTarget t = target->second;
    auto flip = [](auto& set, const auto& key) {
        if (!set.erase(key))
            set.insert(key);
    };
    switch (t.kind) {
    case LegendTarget::Kind::device:
        flip(hiddenDevices_, t.device);
        applyDeviceVisibility();
        entry->setTextColor(hiddenDevices_.contains(t.device) ? Qt::gray : Qt::black);
        replot();
        return;
    case LegendTarget::Kind::group:
        flip(hiddenGroups_, t.group);
        break;
    case LegendTarget::Kind::category:
        flip(hiddenCategories_, t.category);
        break;
    case LegendTarget::Kind::level:
        flip(hiddenLevels_, t.level);
        break;
    }
    // Rebuilds the point plottables, which deletes this entry: QCustomPlot holds the clicked
    // layerable through a QPointer, so the rest of its click handling sees it gone.
    drawPoints();
    replot();
}

} // namespace roofscope::ui
