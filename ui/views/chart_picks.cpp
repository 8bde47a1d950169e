#include "ui/views/chart_picks.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <utility>

namespace roofscope::ui {

namespace {

// How far `at` lies from `pick`, in pixels; nullopt when the pick cannot be hovered there.
std::optional<double> distance(const ChartPick& p, QPointF at) {
    if (!p.x || !p.y || (p.owner && !p.owner->visible()))
        return std::nullopt;
    QCPAxisRect* rect = p.x->axisRect();
    // Outside its axis rect a point is clipped away: there is nothing there to hover.
    if (!rect || !rect->visible() || !QRectF(rect->rect()).contains(at))
        return std::nullopt;
    double x0 = p.x->coordToPixel(p.xs.lower), x1 = p.x->coordToPixel(p.xs.upper);
    double y0 = p.y->coordToPixel(p.ys.lower), y1 = p.y->coordToPixel(p.ys.upper);
    if (!std::isfinite(x0) || !std::isfinite(x1) || !std::isfinite(y0) || !std::isfinite(y1))
        return std::nullopt;
    // Pixels grow the other way on a reversed or vertical axis.
    if (x0 > x1)
        std::swap(x0, x1);
    if (y0 > y1)
        std::swap(y0, y1);
    const double dx = std::max({x0 - at.x(), 0.0, at.x() - x1});
    const double dy = std::max({y0 - at.y(), 0.0, at.y() - y1});
    return std::hypot(dx, dy);
}

} // namespace

std::vector<const ChartPick*> picksAt(const std::vector<ChartPick>& picks, QPointF at,
                                      double reach) {
    std::vector<std::pair<double, const ChartPick*>> near;
    bool anyPoint = false;
    for (auto it = picks.rbegin(); it != picks.rend(); ++it)
        if (const auto d = distance(*it, at); d && *d < reach) {
            near.emplace_back(*d, &*it);
            anyPoint = anyPoint || !it->area();
        }
    // Points first: a bar under a point is the point's background.
    std::erase_if(near, [&](const auto& n) { return anyPoint && n.second->area(); });
    std::vector<const ChartPick*> found;
    if (near.empty())
        return found;
    const double nearest = std::min_element(near.begin(), near.end(), [](auto& a, auto& b) {
                               return a.first < b.first;
                           })->first;
    for (const auto& [d, pick] : near)
        if (d <= nearest + 1)
            found.push_back(pick);
    return found;
}

} // namespace roofscope::ui
