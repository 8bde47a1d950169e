// RooflinePlot's words and where they go: the legend's corner, the roof labels along their
// slopes and over their flats kept off each other and the legend, and the note under the plot
// on what it leaves out. Placed before each replot and export, once the layout is known.
#include "ui/roofline_plot.h"

#include <QFontMetrics>
#include <QResizeEvent>

#include <algorithm>
#include <cmath>
#include <limits>

namespace roofscope::ui {

void RooflinePlot::beforeEachReplot() {
    updateLayout();
    alignSlopeLabels(); // where the slope labels go decides the legend's corner too
    if (placeLegend())
        updateLayout();
    alignSlopeLabels();
    separateLabels();
}

void RooflinePlot::draw(QCPPainter* painter) {
    // The on-screen angle of a slope depends on the axis ranges and on the size drawn at, which
    // differs between the widget and an export: align the labels once the layout is known.
    updateLayout();
    alignSlopeLabels();
    if (placeLegend())
        updateLayout();
    alignSlopeLabels();
    separateLabels();
    QCustomPlot::draw(painter);
}

bool RooflinePlot::placeLegend() {
    // Above the slopes at low intensity a roofline is empty by construction, but a legend of many
    // groups reaches down into the points there: it goes to the corner that covers the fewest.
    if (!legend || !legend->visible())
        return false;
    QCPLayoutInset* inset = axisRect()->insetLayout();
    const QRect area = axisRect()->rect();
    const QSize size = legend->minimumOuterSizeHint();
    const Qt::Alignment corners[] = {Qt::AlignTop | Qt::AlignLeft, Qt::AlignBottom | Qt::AlignRight,
                                     Qt::AlignTop | Qt::AlignRight,
                                     Qt::AlignBottom | Qt::AlignLeft};
    // A sample of a dense cloud tells the corners apart as well as every point would.
    const std::size_t stride = std::max<std::size_t>(1, drawn_.size() / 20000);
    Qt::Alignment best = corners[0];
    std::size_t fewest = std::numeric_limits<std::size_t>::max();
    for (const Qt::Alignment corner : corners) {
        const int left = corner & Qt::AlignLeft ? area.left() : area.right() - size.width();
        const int top = corner & Qt::AlignTop ? area.top() : area.bottom() - size.height();
        const QRect box(left, top, size.width(), size.height());
        // A roof's slope label counts as a point: the legend should not hide what a slope is.
        std::size_t covered = 0;
        for (const auto& s : slopeLabels_)
            if (s.label->visible() && box.intersects(QRectF(s.label->topLeft->pixelPosition(),
                                                            s.label->bottomRight->pixelPosition())
                                                         .normalized()
                                                         .toAlignedRect()))
                ++covered;
        for (std::size_t i = 0; i < drawn_.size() && covered < fewest; i += stride)
            covered += box.contains(QPoint(int(xAxis->coordToPixel(drawn_[i].x)),
                                           int(yAxis->coordToPixel(drawn_[i].y))))
                           ? 1
                           : 0;
        if (covered < fewest) {
            fewest = covered;
            best = corner;
        }
        if (fewest == 0)
            break;
    }
    if (inset->insetAlignment(0) == best)
        return false;
    inset->setInsetAlignment(0, best);
    return true;
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

namespace {

// What a label covers in widget pixels: its (possibly rotated) corners, drawn in 2 px, as the
// backing's padding may touch another's.
QPolygonF labelShape(const QCPItemText* label) {
    const QPointF c[] = {label->topLeft->pixelPosition(), label->topRight->pixelPosition(),
                         label->bottomRight->pixelPosition(), label->bottomLeft->pixelPosition()};
    const QPointF mid = (c[0] + c[2]) / 2;
    QPolygonF shape;
    for (const QPointF& p : c) {
        const QPointF d = p - mid;
        const double length = std::hypot(d.x(), d.y());
        shape << (length > 3 ? p - d * (2.8 / length) : p);
    }
    return shape;
}

} // namespace

void RooflinePlot::separateLabels() {
    std::vector<QPolygonF> taken;
    const bool legendTaken = legend && legend->visible();
    if (legendTaken)
        taken.push_back(QPolygonF(QRectF(legend->outerRect())));
    // The steepest slope first: a label that meets one placed before it belongs to a lower line.
    std::vector<SlopeLabel> slopes = slopeLabels_;
    std::sort(slopes.begin(), slopes.end(),
              [](const SlopeLabel& a, const SlopeLabel& b) { return a.y1 / a.x1 > b.y1 / b.x1; });
    for (const auto& s : slopes) {
        if (!s.label->visible())
            continue;
        // Under its own line first (two devices' parallel slopes, a fifth of a decade apart),
        // then up the slope, a factor 1.6 at a time, while it has room left of its ridge.
        const double slope = s.y1 / s.x1;
        s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
        // Under its line for another label, not for the legend (moving along clears that).
        const auto clashes = [&](const QPolygonF& shape) {
            return std::count_if(taken.begin() + (legendTaken ? 1 : 0), taken.end(),
                                 [&](const QPolygonF& t) { return t.intersects(shape); });
        };
        if (const auto over = clashes(labelShape(s.label)); over > 0) {
            const double x = s.label->position->coords().x();
            s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
            s.label->position->setCoords(x, x * slope / (logY_ ? 1.12 : 1.0));
            // Under unless that covers more than over did.
            if (clashes(labelShape(s.label)) > over) {
                s.label->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
                s.label->position->setCoords(x, x * slope * (logY_ ? 1.12 : 1.0));
            }
        }
        // Still covering something (the legend sits where slopes enter a roofline): the first
        // place along the line, down then up it, where it covers nothing and stays in the plot.
        const auto free = [&] {
            const QPolygonF r = labelShape(s.label);
            return std::none_of(taken.begin(), taken.end(),
                                [&](const QPolygonF& t) { return t.intersects(r); }) &&
                   QRectF(axisRect()->rect()).contains(r.boundingRect());
        };
        if (!free()) {
            const double x0 = s.label->position->coords().x();
            const double lift = logY_ ? 1.12 : 1.0;
            const bool under = (s.label->positionAlignment() & Qt::AlignTop) != 0;
            const double step = logX_ ? 1.6 : 1.15;
            bool placed = false;
            for (const double factor : {1 / step, 1 / (step * step), 1 / (step * step * step), step,
                                        step * step, step * step * step}) {
                const double x = x0 * factor;
                if (x >= s.x1 / (logX_ ? 1.8 : 1.05))
                    continue;
                s.label->position->setCoords(x, under ? x * slope / lift : x * slope * lift);
                if (free()) {
                    placed = true;
                    break;
                }
            }
            if (!placed)
                s.label->position->setCoords(x0, under ? x0 * slope / lift : x0 * slope * lift);
        }
        taken.push_back(labelShape(s.label));
    }
    // A flat roof's label sits just over its line (at 1.03 times its height); another device's
    // roof a little above (990 TFLOP/s under 1.31 PFLOP/s) runs through its text.
    const auto crossesRoof = [&](const QRectF& r, double ownY) {
        return std::any_of(computeLabels_.begin(), computeLabels_.end(), [&](const auto& d) {
            const double y = yAxis->coordToPixel(d.y / 1.03);
            return d.y != ownY && y > r.top() && y < r.bottom();
        });
    };
    for (const auto& c : computeLabels_) {
        c.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
        c.label->position->setCoords(c.x, c.y);
        if (!c.label->visible())
            continue;
        if (crossesRoof(labelShape(c.label).boundingRect(), c.y)) {
            // Under its own line, unless a roof or a label is in the way there too.
            c.label->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
            c.label->position->setCoords(c.x, c.y / 1.03 / 1.03);
            const QPolygonF under = labelShape(c.label);
            if (crossesRoof(under.boundingRect(), c.y) ||
                std::any_of(taken.begin(), taken.end(),
                            [&](const QPolygonF& t) { return t.intersects(under); })) {
                c.label->setPositionAlignment(Qt::AlignRight | Qt::AlignBottom);
                c.label->position->setCoords(c.x, c.y);
            }
        }
        // Leftwards along its line, past whatever it would cover.
        for (int tries = 0; tries < 6; ++tries) {
            const QPolygonF shape = labelShape(c.label);
            const QRectF r = shape.boundingRect();
            const auto clash = std::find_if(taken.begin(), taken.end(), [&](const QPolygonF& t) {
                return t.intersects(shape);
            });
            if (clash == taken.end())
                break;
            const double right = clash->boundingRect().left() - 8;
            if (right - r.width() < axisRect()->left())
                break;
            c.label->position->setCoords(xAxis->pixelToCoord(right),
                                         c.label->position->coords().y());
        }
        taken.push_back(labelShape(c.label));
    }
}

QString RooflinePlot::leftOutText() const {
    return QString::fromStdString(roofscope::leftOutText(leftOut_));
}

void RooflinePlot::showLeftOut() {
    const std::vector<std::string> parts = leftOutParts(leftOut_);
    if (parts.empty()) {
        if (leftOutLine_) {
            plotLayout()->remove(leftOutLine_); // deletes it
            plotLayout()->simplify();
            leftOutLine_ = nullptr;
        }
        return;
    }
    // Under the plot, not in it: a plot that draws half of a trace must say so where the eye
    // is, in the window as in every image exported from it, without covering a point.
    if (!leftOutLine_) {
        leftOutLine_ = new QCPTextElement(this);
        leftOutLine_->setFont(QFont(font().family(), 8));
        leftOutLine_->setTextColor(QColor(90, 90, 90));
        leftOutLine_->setTextFlags(Qt::AlignLeft);
        leftOutLine_->setMargins(QMargins(8, 0, 8, 4));
        plotLayout()->insertRow(plotLayout()->rowCount());
        plotLayout()->addElement(plotLayout()->rowCount() - 1, 0, leftOutLine_);
    }
    // Broken by hand between reasons: a text element's minimum width is its longest line, and
    // one line of every reason would widen the plot past a narrow window. Lines fill the plot's
    // width (at least 600 px): every line less is room for the points.
    const QFontMetrics metrics(leftOutLine_->font());
    const int room = std::max(600, width() - 40);
    QStringList lines{QString::fromStdString(parts.front())};
    for (std::size_t i = 1; i < parts.size(); ++i) {
        const QString part = QString::fromStdString(parts[i]) +
                             (i + 1 == parts.size() ? QStringLiteral(".") : QString());
        QString& line = lines.back();
        if (i > 1 && metrics.horizontalAdvance(line + QStringLiteral(", ") + part) > room)
            lines.push_back(part);
        else
            line += (i == 1 ? QStringLiteral(" ") : QStringLiteral(", ")) + part;
    }
    leftOutLine_->setText(lines.join(QStringLiteral(",\n")));
}

void RooflinePlot::resizeEvent(QResizeEvent* event) {
    if (leftOutLine_ && event->size().width() != event->oldSize().width())
        showLeftOut();
    QCustomPlot::resizeEvent(event);
}

} // namespace roofscope::ui
