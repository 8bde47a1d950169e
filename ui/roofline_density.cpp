#include "ui/roofline_density.h"

#include <algorithm>
#include <array>
#include <cmath>

namespace roofscope::ui {

RooflineDensity::RooflineDensity(QCPAxis* keyAxis, QCPAxis* valueAxis,
                                 std::vector<std::span<const double>> xs,
                                 std::vector<std::span<const double>> ys, const QColor& color,
                                 bool logX, bool logY)
    : QCPAbstractPlottable(keyAxis, valueAxis), xs_(std::move(xs)), ys_(std::move(ys)),
      color_(color), logX_(logX), logY_(logY) {
    for (std::size_t r = 0; r < xs_.size(); ++r) {
        if (xs_[r].empty())
            continue;
        const auto [x0, x1] = std::minmax_element(xs_[r].begin(), xs_[r].end());
        const auto [y0, y1] = std::minmax_element(ys_[r].begin(), ys_[r].end());
        minX_ = empty_ ? *x0 : std::min(minX_, *x0);
        maxX_ = empty_ ? *x1 : std::max(maxX_, *x1);
        minY_ = empty_ ? *y0 : std::min(minY_, *y0);
        maxY_ = empty_ ? *y1 : std::max(maxY_, *y1);
        empty_ = false;
    }
    setPen(QPen(color));
    setBrush(QBrush(color));
}

double RooflineDensity::selectTest(const QPointF&, bool, QVariant*) const {
    return -1; // points are picked from the data by RooflinePlot::recordAt
}

QCPRange RooflineDensity::getKeyRange(bool& foundRange, QCP::SignDomain) const {
    foundRange = !empty_;
    return logX_ ? QCPRange(std::pow(10.0, minX_), std::pow(10.0, maxX_)) : QCPRange(minX_, maxX_);
}

QCPRange RooflineDensity::getValueRange(bool& foundRange, QCP::SignDomain, const QCPRange&) const {
    foundRange = !empty_;
    return logY_ ? QCPRange(std::pow(10.0, minY_), std::pow(10.0, maxY_)) : QCPRange(minY_, maxY_);
}

void RooflineDensity::draw(QCPPainter* painter) {
    QCPAxis* x = keyAxis();
    QCPAxis* y = valueAxis();
    if (!x || !y || (logX_ && x->range().lower <= 0) || (logY_ && y->range().lower <= 0))
        return; // a log axis cannot show its range
    const QRect rect = x->axisRect()->rect();
    const View view{x->range(), y->range(),
                    QSize(std::max(1, (rect.width() + kBinPixels - 1) / kBinPixels),
                          std::max(1, (rect.height() + kBinPixels - 1) / kBinPixels))};
    if (!(view == cached_) || image_.isNull()) {
        bin(view);
        paint();
    }
    // Bin edges sit at whole multiples of kBinPixels from the axis rect's corner, as bin() put
    // them; no smoothing, so a bin stays a crisp block.
    const QRectF target(rect.left(), rect.bottom() + 1 - view.grid.height() * kBinPixels,
                        view.grid.width() * kBinPixels, view.grid.height() * kBinPixels);
    painter->save();
    painter->setRenderHint(QPainter::SmoothPixmapTransform, false);
    painter->drawImage(target, image_);
    painter->restore();
}

void RooflineDensity::bin(const View& view) {
    cached_ = view;
    const int w = view.grid.width(), h = view.grid.height();
    counts_.assign(static_cast<std::size_t>(w) * static_cast<std::size_t>(h), 0);
    const QRect rect = keyAxis()->axisRect()->rect();
    // A log axis maps log10 linearly onto its pixels, a linear one the value itself.
    const auto space = [](double v, bool log) { return log ? std::log10(v) : v; };
    const double x0 = space(view.x.lower, logX_), y0 = space(view.y.lower, logY_);
    const double sx = rect.width() / (space(view.x.upper, logX_) - x0) / kBinPixels;
    const double sy = rect.height() / (space(view.y.upper, logY_) - y0) / kBinPixels;
    std::int64_t inside = 0;
    for (std::size_t r = 0; r < xs_.size(); ++r) {
        const std::span<const double> px = xs_[r], py = ys_[r];
        for (std::size_t i = 0; i < px.size(); ++i) {
            const double fx = (px[i] - x0) * sx;
            const double fy = (py[i] - y0) * sy;
            // The view is [lower, upper) on each axis; the last bin may be partly outside the rect.
            if (!(fx >= 0 && fy >= 0 && fx * kBinPixels < rect.width() &&
                  fy * kBinPixels < rect.height()))
                continue;
            const int col = static_cast<int>(fx), row = h - 1 - static_cast<int>(fy);
            ++counts_[static_cast<std::size_t>(row) * static_cast<std::size_t>(w) +
                      static_cast<std::size_t>(col)];
            ++inside;
        }
    }
    binned_ = inside;
    ++binnings_;
}

void RooflineDensity::paint() {
    const int w = cached_.grid.width(), h = cached_.grid.height();
    image_ = QImage(w, h, QImage::Format_ARGB32_Premultiplied);
    image_.fill(Qt::transparent);
    const std::uint32_t most =
        counts_.empty() ? 0 : *std::max_element(counts_.begin(), counts_.end());
    if (most == 0)
        return;
    // Log scale: a lone point stays visible (pale), the densest bin is the full, dark colour.
    std::array<QRgb, 256> ramp{};
    const QColor pale = QColor::fromRgbF(0.3f * color_.redF() + 0.7f, 0.3f * color_.greenF() + 0.7f,
                                         0.3f * color_.blueF() + 0.7f);
    const QColor dark = color_.darker(170);
    for (int i = 0; i < 256; ++i) {
        const double t = i / 255.0;
        // At most 80 % opaque, so that a dataset drawn later does not hide one below it.
        const double a = 0.4 + 0.4 * t;
        // Pale to the dataset's own colour half way, then darker, so the cloud reads as that
        // dataset and its cores stand out.
        const double u = t < 0.5 ? t * 2 : (t - 0.5) * 2;
        const QColor from = t < 0.5 ? pale : color_, to = t < 0.5 ? color_ : dark;
        const double r = from.redF() + (to.redF() - from.redF()) * u;
        const double g = from.greenF() + (to.greenF() - from.greenF()) * u;
        const double b = from.blueF() + (to.blueF() - from.blueF()) * u;
        ramp[static_cast<std::size_t>(i)] =
            qRgba(static_cast<int>(r * a * 255), static_cast<int>(g * a * 255),
                  static_cast<int>(b * a * 255), static_cast<int>(a * 255));
    }
    const double scale = 255.0 / std::log1p(static_cast<double>(most));
    for (int row = 0; row < h; ++row) {
        auto* line = reinterpret_cast<QRgb*>(image_.scanLine(row));
        const std::uint32_t* c = counts_.data() + static_cast<std::size_t>(row) * w;
        for (int col = 0; col < w; ++col)
            if (c[col])
                line[col] = ramp[static_cast<std::size_t>(
                    std::lround(std::log1p(static_cast<double>(c[col])) * scale))];
    }
}

void RooflineDensity::drawLegendIcon(QCPPainter* painter, const QRectF& rect) const {
    // The ramp's ends side by side: pale for few points, the dataset colour for many.
    QLinearGradient g(rect.topLeft(), rect.topRight());
    g.setColorAt(0, color_.lighter(170));
    g.setColorAt(1, color_.darker(150));
    painter->fillRect(rect, g);
}

} // namespace roofscope::ui
