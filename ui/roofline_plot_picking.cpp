// RooflinePlot's link to the records it draws: finding the point under the mouse, its tooltip,
// the ring around the highlighted record, and clicks that name a record.
#include "roofline_plot.h"

#include "units.h"

#include <QToolTip>

#include <cmath>

namespace roofscope::ui {

const RooflinePlot::DrawnPoint* RooflinePlot::findDrawn(RecordRef ref) const {
    if (ref.dataset < 0 || ref.record < 0 ||
        static_cast<std::size_t>(ref.dataset) >= drawnIndex_.size())
        return nullptr;
    const auto& indices = drawnIndex_[static_cast<std::size_t>(ref.dataset)];
    if (static_cast<std::size_t>(ref.record) >= indices.size())
        return nullptr;
    const int index = indices[static_cast<std::size_t>(ref.record)];
    return index < 0 ? nullptr : &drawn_[static_cast<std::size_t>(index)];
}

std::optional<QPointF> RooflinePlot::recordCoords(RecordRef ref) const {
    const DrawnPoint* p = findDrawn(ref);
    return p ? std::optional<QPointF>(QPointF(p->x, p->y)) : std::nullopt;
}

std::optional<RecordRef> RooflinePlot::recordAt(const QPointF& pixel, double radius) const {
    if (!axisRect()->rect().contains(pixel.toPoint()))
        return std::nullopt;
    // A linear scan: a mouse event per frame over even a million points costs a few ms.
    double best = radius * radius;
    const DrawnPoint* nearest = nullptr;
    for (const auto& p : drawn_) {
        const double dx = xAxis->coordToPixel(p.x) - pixel.x();
        const double dy = yAxis->coordToPixel(p.y) - pixel.y();
        const double d2 = dx * dx + dy * dy;
        if (d2 <= best) {
            best = d2;
            nearest = &p;
        }
    }
    return nearest ? std::optional<RecordRef>(nearest->ref) : std::nullopt;
}

QString RooflinePlot::toolTipFor(RecordRef ref) const {
    const DrawnPoint* p = findDrawn(ref);
    if (!p)
        return {};
    auto si = [](double v, Dimension d) {
        return std::isnan(v) ? QStringLiteral("\u2013") : QString::fromStdString(formatSi(v, d));
    };
    return tr("<b>%1</b><br>intensity %2<br>%3<br>time %4<br>%5 of roof")
        .arg(p->name.toHtmlEscaped(), si(p->x, Dimension::intensity),
             si(p->y, Dimension::flopsPerS), si(p->timeS, Dimension::time),
             si(p->fractionOfRoof, Dimension::ratio));
}

void RooflinePlot::setHighlighted(std::optional<RecordRef> ref) {
    highlighted_ = ref;
    const DrawnPoint* p = ref ? findDrawn(*ref) : nullptr;
    if (!highlight_ && p) {
        highlight_ = new QCPItemTracer(this);
        highlight_->setStyle(QCPItemTracer::tsCircle);
        highlight_->setSize(18);
        highlight_->setPen(QPen(QColor(20, 20, 20), 2.5));
        highlight_->setSelectable(false);
        highlight_->setLayer(QStringLiteral("overlay"));
    }
    if (highlight_) {
        highlight_->setVisible(p != nullptr);
        if (p)
            highlight_->position->setCoords(p->x, p->y);
    }
    replot(QCustomPlot::rpQueuedReplot);
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
    if (const auto ref = recordAt(event->position()))
        QToolTip::showText(event->globalPosition().toPoint(), toolTipFor(*ref), this);
    else
        QToolTip::hideText();
}

} // namespace roofscope::ui
