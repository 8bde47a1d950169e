// RooflinePlot's link to the records it draws: finding the point under the mouse, its tooltip,
// the ring around the highlighted record, and clicks that name a record.
#include "ui/roofline_plot.h"

#include "core/units.h"

#include <QToolTip>

#include <algorithm>
#include <cmath>

namespace roofscope::ui {

const RooflinePlot::DrawnPoint* RooflinePlot::findDrawn(RecordRef ref) const {
    const auto it = std::lower_bound(
        drawn_.begin(), drawn_.end(), ref, [](const DrawnPoint& p, const RecordRef& r) {
            return p.dataset != r.dataset ? p.dataset < r.dataset : p.record < r.record;
        });
    if (it == drawn_.end() || it->dataset != ref.dataset || it->record != ref.record)
        return nullptr;
    return isShown(*it) ? &*it : nullptr; // a point the legend hid is not there to be found
}

std::optional<QPointF> RooflinePlot::recordCoords(RecordRef ref) const {
    const DrawnPoint* p = findDrawn(ref);
    return p ? std::optional<QPointF>(QPointF(p->x, p->y)) : std::nullopt;
}

void RooflinePlot::buildPickGrid() {
    PickGrid& g = pickGrid_;
    g = PickGrid{};
    // Only what is shown can be picked: what the legend hid stays out of the grid.
    std::vector<Run> shown;
    std::size_t n = 0;
    double x0 = 0, x1 = 0, y0 = 0, y1 = 0;
    for (const Run& r : runs_) {
        if (!isShown(r.group, r.category))
            continue;
        shown.push_back(r);
        for (std::size_t i = r.begin; i < r.end; ++i) {
            x0 = n ? std::min(x0, ax_[i]) : ax_[i];
            x1 = n ? std::max(x1, ax_[i]) : ax_[i];
            y0 = n ? std::min(y0, ay_[i]) : ay_[i];
            y1 = n ? std::max(y1, ay_[i]) : ay_[i];
            ++n;
        }
    }
    if (n == 0)
        return;
    // About four points per cell on average, at most 1024 × 1024 cells (4 MB of offsets).
    const int side = std::clamp(static_cast<int>(std::sqrt(static_cast<double>(n) / 4)), 1, 1024);
    g.nx = g.ny = side;
    g.x0 = x0;
    g.y0 = y0;
    // Relative room on a linear axis, whose coordinates can be large.
    g.cellW = std::max(x1 - x0, 1e-9 * std::max(1.0, std::abs(x1))) / side * (1 + 1e-9);
    g.cellH = std::max(y1 - y0, 1e-9 * std::max(1.0, std::abs(y1))) / side * (1 + 1e-9);
    // Counting sort by cell: linear in the number of points. Each point's cell is computed
    // again for the second pass rather than kept: 4 bytes a point of fresh memory cost more.
    auto cellOf = [&](std::size_t i) {
        const int cx = std::clamp(static_cast<int>((ax_[i] - g.x0) / g.cellW), 0, side - 1);
        const int cy = std::clamp(static_cast<int>((ay_[i] - g.y0) / g.cellH), 0, side - 1);
        return static_cast<std::size_t>(cy) * static_cast<std::size_t>(side) +
               static_cast<std::size_t>(cx);
    };
    g.start.assign(static_cast<std::size_t>(side) * side + 1, 0);
    for (const Run& r : shown)
        for (std::size_t i = r.begin; i < r.end; ++i)
            ++g.start[cellOf(i) + 1];
    for (std::size_t c = 1; c < g.start.size(); ++c)
        g.start[c] += g.start[c - 1];
    g.items.resize(n);
    std::vector<int> fill(g.start.begin(), g.start.end() - 1);
    for (const Run& r : shown)
        for (std::size_t i = r.begin; i < r.end; ++i)
            g.items[static_cast<std::size_t>(fill[cellOf(i)]++)] = static_cast<int>(i);
}

std::optional<RecordRef> RooflinePlot::recordAt(const QPointF& pixel, double radius) const {
    if (!axisRect()->rect().contains(pixel.toPoint()) || pickGrid_.nx == 0)
        return std::nullopt;
    const PickGrid& g = pickGrid_;
    // The cells under the square of ±radius pixels around the mouse, in axis space.
    const double lxA = axisX(xAxis->pixelToCoord(pixel.x() - radius));
    const double lxB = axisX(xAxis->pixelToCoord(pixel.x() + radius));
    const double lyA = axisY(yAxis->pixelToCoord(pixel.y() + radius));
    const double lyB = axisY(yAxis->pixelToCoord(pixel.y() - radius));
    if (!(std::isfinite(lxA) && std::isfinite(lxB) && std::isfinite(lyA) && std::isfinite(lyB)))
        return std::nullopt;
    auto cell = [](double v, double origin, double size, int count) {
        return std::clamp(static_cast<int>(std::floor((v - origin) / size)), -1, count);
    };
    const int cx0 = std::max(0, cell(std::min(lxA, lxB), g.x0, g.cellW, g.nx));
    const int cx1 = std::min(g.nx - 1, cell(std::max(lxA, lxB), g.x0, g.cellW, g.nx));
    const int cy0 = std::max(0, cell(std::min(lyA, lyB), g.y0, g.cellH, g.ny));
    const int cy1 = std::min(g.ny - 1, cell(std::max(lyA, lyB), g.y0, g.cellH, g.ny));
    // Distances in pixels from axis-space coordinates, which the axes map linearly: no
    // logarithm per candidate, of which a dense core has many thousands.
    const double lx = axisX(xAxis->pixelToCoord(pixel.x()));
    const double ly = axisY(yAxis->pixelToCoord(pixel.y()));
    const double kx = std::abs(2 * radius / (lxB - lxA)), ky = std::abs(2 * radius / (lyB - lyA));
    double best = radius * radius;
    int nearest = -1;
    for (int cy = cy0; cy <= cy1; ++cy) {
        for (int cx = cx0; cx <= cx1; ++cx) {
            const auto c = static_cast<std::size_t>(cy * g.nx + cx);
            for (int k = g.start[c]; k < g.start[c + 1]; ++k) {
                const int i = g.items[static_cast<std::size_t>(k)];
                const double dx = (ax_[static_cast<std::size_t>(i)] - lx) * kx;
                const double dy = (ay_[static_cast<std::size_t>(i)] - ly) * ky;
                const double d2 = dx * dx + dy * dy;
                // On a tie the later point wins: it is the one drawn on top.
                if (d2 < best || (d2 == best && i > nearest)) {
                    best = d2;
                    nearest = i;
                }
            }
        }
    }
    return nearest < 0 ? std::nullopt
                       : std::optional<RecordRef>(drawnAt(static_cast<std::size_t>(nearest)).ref());
}

QString RooflinePlot::toolTipFor(RecordRef ref) const {
    const DrawnPoint* p = findDrawn(ref);
    if (!p)
        return {};
    auto si = [](double v, Dimension d) {
        return std::isnan(v) ? QStringLiteral("\u2013") : QString::fromStdString(formatSi(v, d));
    };
    return tr("<b>%1</b><br>intensity %2<br>%3<br>time %4 (%5 of the run)<br>%6 of roof")
        .arg(names_[static_cast<std::size_t>(p->name)].toHtmlEscaped(),
             si(p->x, Dimension::intensity), si(p->y, Dimension::flopsPerS),
             si(p->timeS, Dimension::time), si(timeShare(*p), Dimension::ratio),
             si(p->fractionOfRoof, Dimension::ratio));
}

void RooflinePlot::ring(QCPItemTracer*& tracer, std::optional<RecordRef> ref, int size,
                        const QPen& pen) {
    const DrawnPoint* p = ref ? findDrawn(*ref) : nullptr;
    if (!tracer && p) {
        tracer = new QCPItemTracer(this);
        tracer->setStyle(QCPItemTracer::tsCircle);
        tracer->setSize(size);
        tracer->setPen(pen);
        tracer->setSelectable(false);
        tracer->setLayer(QStringLiteral("overlay"));
    }
    if (tracer) {
        tracer->setVisible(p != nullptr);
        if (p)
            tracer->position->setCoords(p->x, p->y);
    }
    replot(QCustomPlot::rpQueuedReplot);
}

void RooflinePlot::setHighlighted(std::optional<RecordRef> ref) {
    highlighted_ = ref;
    ring(highlight_, ref, 18, QPen(QColor(20, 20, 20), 2.5));
}

void RooflinePlot::setHovered(std::optional<RecordRef> ref) {
    hovered_ = ref;
    ring(hoverRing_, ref, 24, QPen(QColor(213, 94, 0), 2, Qt::DashLine));
}

bool RooflinePlot::hoverRingVisible() const {
    return hoverRing_ && hoverRing_->visible();
}

bool RooflinePlot::highlightVisible() const {
    return highlight_ && highlight_->visible();
}

void RooflinePlot::mousePressEvent(QMouseEvent* event) {
    pressPos_ = event->position();
    QCustomPlot::mousePressEvent(event);
}

void RooflinePlot::mouseReleaseEvent(QMouseEvent* event) {
    QCustomPlot::mouseReleaseEvent(event);
    // A drag pans the view; only a click that stayed put selects.
    if (event->button() != Qt::LeftButton || (event->position() - pressPos_).manhattanLength() > 3)
        return;
    if (const auto ref = recordAt(event->position()))
        emit recordClicked(*ref);
}

void RooflinePlot::mouseMoveEvent(QMouseEvent* event) {
    QCustomPlot::mouseMoveEvent(event);
    if (event->buttons() != Qt::NoButton)
        return;
    const auto ref = recordAt(event->position());
    if (ref)
        QToolTip::showText(event->globalPosition().toPoint(), toolTipFor(*ref), this);
    else
        QToolTip::hideText();
    if (ref != hoverEmitted_) {
        hoverEmitted_ = ref;
        emit recordHovered(ref);
    }
}

void RooflinePlot::leaveEvent(QEvent* event) {
    QCustomPlot::leaveEvent(event);
    if (hoverEmitted_) {
        hoverEmitted_.reset();
        emit recordHovered(std::nullopt);
    }
}

} // namespace roofscope::ui
