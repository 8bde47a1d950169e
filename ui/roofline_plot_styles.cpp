// How RooflinePlot draws its points: few as markers (shape by category), many as one-pixel dots
// that QCPGraph's adaptive sampling thins to what the pixels can show, and very many as a
// density image. Marker size and antialiasing are what make a replot of a large cloud slow:
// each marker is a path, each dot a single unantialiased pixel, and a density image costs one
// pass over the points whatever their number on screen.
#include "roofline_density.h"
#include "roofline_plot.h"

#include <QLocale>

#include <map>

namespace roofscope::ui {
namespace {

QCPScatterStyle::ScatterShape shapeFor(Category category) {
    switch (category) {
    case Category::gemm:
        return QCPScatterStyle::ssDisc;
    case Category::conv:
        return QCPScatterStyle::ssSquare;
    case Category::attention:
        return QCPScatterStyle::ssDiamond;
    case Category::elementwise:
        return QCPScatterStyle::ssTriangle;
    case Category::norm:
        return QCPScatterStyle::ssTriangleInverted;
    case Category::collective:
        return QCPScatterStyle::ssStar;
    default:
        return QCPScatterStyle::ssCircle;
    }
}

} // namespace

void RooflinePlot::setPointStyle(PointStyle style) {
    pointStyle_ = style;
    drawPoints();
    replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlot::setPointThresholds(int dotsAbove, int densityAbove) {
    dotsAbove_ = dotsAbove;
    densityAbove_ = densityAbove;
    drawPoints();
    replot(QCustomPlot::rpQueuedReplot);
}

std::int64_t RooflinePlot::densityPointCount() const {
    std::int64_t sum = 0;
    for (auto* p : pointPlottables_)
        if (const auto* d = qobject_cast<const RooflineDensity*>(p))
            sum += d->binnedCount();
    return sum;
}

int RooflinePlot::densityBinnings() const {
    int sum = 0;
    for (auto* p : pointPlottables_)
        if (const auto* d = qobject_cast<const RooflineDensity*>(p))
            sum += d->binnings();
    return sum;
}

void RooflinePlot::drawPoints() {
    for (auto* p : pointPlottables_)
        removePlottable(p);
    for (auto* i : pointItems_)
        removeItem(i);
    pointPlottables_.clear();
    pointItems_.clear();
    drawnStyle_ = pointStyle_;
    if (drawnStyle_ == PointStyle::automatic)
        drawnStyle_ = points_ > densityAbove_ ? PointStyle::density
                      : points_ > dotsAbove_  ? PointStyle::dots
                                              : PointStyle::markers;
    if (drawnStyle_ == PointStyle::markers)
        drawMarkers();
    else
        drawDots(drawnStyle_ == PointStyle::density);
    // An empty legend would draw as a stray little box.
    legend->setVisible(legend->itemCount() > 0);
}

void RooflinePlot::drawMarkers() {
    for (const auto& look : looks_) {
        // One graph per category so the marker says the category and the legend stays short;
        // graphs in the order their categories first appear.
        std::map<Category, std::pair<QCPGraph*, QVector<QCPGraphData>>> graphs;
        for (std::size_t i = look.begin; i < look.end; ++i) {
            const DrawnPoint& p = drawn_[i];
            auto& [graph, data] = graphs[p.category];
            if (!graph) {
                graph = addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    QCPScatterStyle(shapeFor(p.category), look.color, look.color.lighter(150), 8));
                graph->setPen(QPen(look.color));
                graph->setSelectable(QCP::stNone);
                graph->setName(look.label + QStringLiteral(" · ") +
                               QString::fromUtf8(toString(p.category).data()));
                pointPlottables_.push_back(graph);
            }
            data.push_back({p.x, p.y});
            if (p.aboveRoof) {
                auto* flag = new QCPItemTracer(this);
                flag->position->setCoords(p.x, p.y);
                flag->setStyle(QCPItemTracer::tsSquare);
                flag->setSize(12);
                flag->setPen(QPen(Qt::red, 1.5));
                pointItems_.push_back(flag);
            }
        }
        // One sort per graph; adding points one by one into a sorted container is quadratic.
        for (auto& [category, entry] : graphs)
            entry.first->data()->set(entry.second, false);
    }
}

void RooflinePlot::drawDots(bool density) {
    QVector<QCPGraphData> above;
    for (const auto& look : looks_) {
        const std::size_t n = look.end - look.begin;
        if (n == 0)
            continue;
        const QString count = QLocale().toString(static_cast<qlonglong>(n));
        if (density) {
            auto* layer = new RooflineDensity(xAxis, yAxis, std::span(logX_).subspan(look.begin, n),
                                              std::span(logY_).subspan(look.begin, n), look.color);
            layer->setName(tr("%1 · density of %2 points").arg(look.label, count));
            layer->setSelectable(QCP::stNone);
            layer->setLayer(QStringLiteral("cloud"));
            pointPlottables_.push_back(layer);
        } else {
            QCPGraph* graph = addGraph();
            QVector<QCPGraphData> data;
            data.reserve(static_cast<qsizetype>(n));
            for (std::size_t i = look.begin; i < look.end; ++i)
                data.push_back({drawn_[i].x, drawn_[i].y});
            graph->data()->set(data, false);
            graph->setLineStyle(QCPGraph::lsNone);
            // A 2-pixel unantialiased dot; adaptive sampling keeps per pixel column the extremes
            // and about one point every few pixels between them (QCPGraph sorts by intensity).
            graph->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssDot, QPen(look.color, 2), QBrush(), 2));
            graph->setAdaptiveSampling(true);
            graph->setAntialiasedScatters(false);
            graph->setSelectable(QCP::stNone);
            graph->setName(tr("%1 · %2 points").arg(look.label, count));
            graph->setLayer(QStringLiteral("cloud"));
            pointPlottables_.push_back(graph);
        }
        for (std::size_t i = look.begin; i < look.end; ++i)
            if (drawn_[i].aboveRoof)
                above.push_back({drawn_[i].x, drawn_[i].y});
    }
    if (above.isEmpty())
        return;
    // Above-roof points stay individually visible: a tracer each would not scale, one graph does.
    QCPGraph* flags = addGraph();
    flags->data()->set(above, false);
    flags->setLineStyle(QCPGraph::lsNone);
    flags->setScatterStyle(
        QCPScatterStyle(QCPScatterStyle::ssSquare, QPen(Qt::red, 1.0), QBrush(), 5));
    flags->setAdaptiveSampling(true);
    flags->setSelectable(QCP::stNone);
    // Over the cloud, under the roof they cross: thousands of flags would hide the roof line.
    flags->setLayer(QStringLiteral("cloud"));
    flags->setName(
        tr("above roof (%1)").arg(QLocale().toString(static_cast<qlonglong>(above.size()))));
    pointPlottables_.push_back(flags);
}

} // namespace roofscope::ui
