// How RooflinePlot draws its points: few as markers (shape by category), many as one-pixel dots
// that QCPGraph's adaptive sampling thins to what the pixels can show, and very many as a
// density image. Marker size and antialiasing are what make a replot of a large cloud slow:
// each marker is a path, each dot a single unantialiased pixel, and a density image costs one
// pass over the points whatever their number on screen.
#include "core/on_threads.h"
#include "core/radix_sort.h"
#include "ui/roofline_density.h"
#include "ui/roofline_plot.h"
#include "ui/views/chart_frame.h"

#include <QLocale>

#include <atomic>
#include <map>
#include <span>
#include <thread>

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
    case Category::reduction:
        return QCPScatterStyle::ssPlusCircle;
    case Category::embedding:
        return QCPScatterStyle::ssPlusSquare;
    case Category::optimizer:
        return QCPScatterStyle::ssCrossCircle;
    case Category::memcpy:
        return QCPScatterStyle::ssCross;
    case Category::collective:
        return QCPScatterStyle::ssStar;
    case Category::memory: // device-side copies: memcpy's cross, boxed
        return QCPScatterStyle::ssCrossSquare;
    case Category::other:
        break;
    }
    return QCPScatterStyle::ssCircle;
}

// QCPGraph keeps its points sorted by key and sorts what it is given through a function pointer;
// given them sorted, it keeps them as they are. Each group's dots are sorted by a radix sort
// (five times std::sort's speed on a million), the groups shared among the cores.
void sortByKey(std::vector<QVector<QCPGraphData>>& graphs) {
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        for (std::size_t g; (g = next++) < graphs.size();)
            radixSortByKey(std::span<QCPGraphData>(graphs[g].data(), graphs[g].size()),
                           [](const QCPGraphData& d) { return d.key; });
    };
    std::size_t large = 0;
    for (const auto& points : graphs)
        large += points.size() >= 100'000 ? 1 : 0;
    const std::size_t threads =
        std::min<std::size_t>(large, std::max(1U, std::thread::hardware_concurrency()));
    onThreads(threads, [&](std::size_t) { work(); });
}

} // namespace

void RooflinePlot::setPointStyle(PointStyle style, bool redraw) {
    pointStyle_ = style;
    if (!redraw)
        return;
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
    for (auto* p : pointPlottables_) {
        legendTargets_.erase(p);
        removePlottable(p);
    }
    for (auto* i : pointItems_)
        removeItem(i);
    pointPlottables_.clear();
    pointItems_.clear();
    drawnStyle_ = pointStyle_;
    if (drawnStyle_ == PointStyle::automatic)
        drawnStyle_ = points_ > densityAbove_ ? PointStyle::density
                      : points_ > dotsAbove_  ? PointStyle::dots
                                              : PointStyle::markers;
    updateHidden();
    shownPoints_ = 0;
    for (const Run& r : runs_)
        shownPoints_ += isShown(r.group, r.category) ? static_cast<int>(r.end - r.begin) : 0;
    // Entries first: the legend lists plottables in the order they were made.
    addLegendEntries();
    if (drawnStyle_ == PointStyle::markers)
        drawMarkers();
    else
        drawDots(drawnStyle_ == PointStyle::density);
    drawLevels();
    buildPickGrid();
    // An empty legend would draw as a stray little box.
    legend->setVisible(legend->itemCount() > 0);
    // Two columns once the list is long: a tall legend hides the slopes it sits over.
    // Filled down the first column, then the second, as a list reads.
    const int n = legend->itemCount();
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, false);
    legend->setWrap(n > kLegendOneColumn ? (n + 1) / 2 : 0);
    legend->setFillOrder(QCPLayoutGrid::foRowsFirst, true);
    // A hidden point loses its ring; shown again, it gets it back.
    setHighlighted(highlighted_);
    setHovered(hovered_);
}

int RooflinePlot::markerSizeClass(double timeShare) {
    if (!(timeShare >= 0.01))
        return 0; // unknown shares draw small: nothing says they matter
    return timeShare < 0.05 ? 1 : timeShare < 0.2 ? 2 : 3;
}

void RooflinePlot::addLegendEntries() {
    // Entries are empty graphs: their icon shows the colour or shape, a click finds what they
    // stand for in legendTargets_. One per group plus one per shape keeps the legend short where
    // one per drawn graph would list every group × category pair.
    const bool markers = drawnStyle_ == PointStyle::markers;
    auto entry = [this](const QString& name, const QCPScatterStyle& style, LegendTarget target,
                        bool hidden) {
        QCPGraph* graph = addGraph();
        graph->setLineStyle(QCPGraph::lsNone);
        graph->setScatterStyle(style);
        graph->setSelectable(QCP::stNone);
        graph->setName(name);
        pointPlottables_.push_back(graph);
        legendTargets_[graph] = std::move(target);
        if (auto* item = legend->itemWithPlottable(graph))
            item->setTextColor(hidden ? Qt::gray : Qt::black);
    };
    int listed = 0, unlisted = 0;
    for (const auto& group : groups_) {
        const std::size_t n = group.end - group.begin;
        if (n == 0)
            continue;
        if (listed == kMaxLegendGroups) {
            ++unlisted;
            continue;
        }
        ++listed;
        const QColor c = group.look.color;
        // A file name runs to 70 characters ("kineto_h100_facebook_timesformer-...json.gz"): the
        // legend keeps its head, so that it fits a corner rather than covering the points; the
        // dataset panel has the whole name.
        QString name = elide(group.look.label, 44);
        if (!markers)
            name = tr("%1 · %2 points").arg(name, QLocale().toString(static_cast<qlonglong>(n)));
        const QCPScatterStyle style =
            drawnStyle_ == PointStyle::density
                ? QCPScatterStyle(QCPScatterStyle::ssSquare, c.darker(130), c.lighter(130), 9)
                : QCPScatterStyle(QCPScatterStyle::ssDisc, c, c, markers ? 8 : 6);
        entry(name, style, {LegendTarget::Kind::group, {}, group.look.label, {}, {}}, group.hidden);
    }
    if (unlisted > 0) {
        QCPGraph* more = addGraph();
        more->setLineStyle(QCPGraph::lsNone);
        more->setSelectable(QCP::stNone);
        more->setName(tr("+ %n more", nullptr, unlisted));
        pointPlottables_.push_back(more);
    }
    if (colorBy_ == ColorBy::category)
        return; // the groups are the categories
    // Flags, not a set: this looks at every point of a dense cloud.
    std::vector<char> present(enumNames<Category>().size(), 0);
    for (const Run& r : runs_)
        present[static_cast<std::size_t>(r.category)] = 1;
    const QColor grey(90, 90, 90);
    for (std::size_t i = 0; i < present.size(); ++i) {
        if (!present[i])
            continue;
        const auto c = static_cast<Category>(i);
        const bool hidden = hiddenCategories_.contains(c);
        // Dots and density images have no shapes: only a hidden category is listed, so that it
        // can be shown again.
        if (!markers && !hidden)
            continue;
        entry(QString::fromUtf8(toString(c).data()),
              QCPScatterStyle(shapeFor(c), grey, grey.lighter(200), 8),
              {LegendTarget::Kind::category, {}, {}, c, {}}, hidden);
    }
}

void RooflinePlot::drawMarkers() {
    for (const auto& group : groups_) {
        const QColor color = group.look.color;
        // One graph per category and size so that the marker says the category and its size
        // the share of time; the legend names the groups and the shapes once each
        // (addLegendEntries), not every pair.
        std::map<std::pair<Category, int>, std::pair<QCPGraph*, QVector<QCPGraphData>>> graphs;
        for (std::size_t i = group.begin; i < group.end; ++i) {
            const DrawnPoint& p = drawnAt(i);
            if (!isShown(p))
                continue;
            const int size = kMarkerSizes[markerSizeClass(timeShare(p))];
            auto& [graph, points] = graphs[{p.category, size}];
            if (!graph) {
                graph = addGraph();
                graph->setLineStyle(QCPGraph::lsNone);
                graph->setScatterStyle(
                    QCPScatterStyle(shapeFor(p.category), color, color.lighter(150), size));
                graph->setPen(QPen(color));
                graph->setSelectable(QCP::stNone);
                graph->setName(group.look.label + QStringLiteral(" · ") +
                               QString::fromUtf8(toString(p.category).data()));
                graph->removeFromLegend();
                pointPlottables_.push_back(graph);
            }
            points.push_back({p.x, p.y});
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
    // Dots: every shown point of each group in one pass over drawn_ in memory order (reading
    // them in drawing order through order_ missed the cache at every point); their order does
    // not matter, as the graphs want them by intensity.
    std::vector<QVector<QCPGraphData>> dots;
    if (!density) {
        std::vector<qsizetype> shown(groups_.size(), 0);
        for (const Run& r : runs_)
            if (isShown(r.group, r.category))
                shown[static_cast<std::size_t>(r.group)] += static_cast<qsizetype>(r.end - r.begin);
        dots.resize(groups_.size());
        for (std::size_t g = 0; g < groups_.size(); ++g)
            dots[g].reserve(shown[g]);
        for (const DrawnPoint& p : drawn_)
            if (isShown(p))
                dots[static_cast<std::size_t>(p.group)].append({p.x, p.y});
        sortByKey(dots);
    }
    for (std::size_t g = 0; g < groups_.size(); ++g) {
        const GroupLook& group = groups_[g];
        if (group.end == group.begin || group.hidden)
            continue;
        QCPAbstractPlottable* plottable = nullptr;
        if (density) {
            // The group's runs of shown categories: its points are ordered by category.
            std::vector<std::span<const double>> xs, ys;
            for (const Run& r : runs_)
                if (r.group == static_cast<int>(g) && isShown(r.group, r.category)) {
                    xs.push_back(std::span<const double>(ax_).subspan(r.begin, r.end - r.begin));
                    ys.push_back(std::span<const double>(ay_).subspan(r.begin, r.end - r.begin));
                }
            if (xs.empty())
                continue;
            plottable = new RooflineDensity(xAxis, yAxis, std::move(xs), std::move(ys),
                                            group.look.color, logX_, logY_);
        } else {
            if (dots[g].isEmpty())
                continue;
            QCPGraph* graph = addGraph();
            graph->data()->set(dots[g], true);
            graph->setLineStyle(QCPGraph::lsNone);
            // A 2-pixel unantialiased dot; adaptive sampling keeps per pixel column the extremes
            // and about one point every few pixels between them (QCPGraph sorts by intensity).
            graph->setScatterStyle(
                QCPScatterStyle(QCPScatterStyle::ssDot, QPen(group.look.color, 2), QBrush(), 2));
            graph->setAdaptiveSampling(true);
            graph->setAntialiasedScatters(false);
            plottable = graph;
        }
        plottable->setSelectable(QCP::stNone);
        plottable->setLayer(QStringLiteral("cloud"));
        plottable->removeFromLegend();
        pointPlottables_.push_back(plottable);
    }
    QVector<QCPGraphData> above;
    for (const int i : above_)
        if (const DrawnPoint& p = drawn_[static_cast<std::size_t>(i)]; isShown(p))
            above.push_back({p.x, p.y});
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
