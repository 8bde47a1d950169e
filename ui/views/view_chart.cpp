#include "ui/views/view_chart.h"

#include "ui/views/chart_frame.h"

#include <QFontMetrics>
#include <QMouseEvent>
#include <QStringList>
#include <QToolTip>

#include <algorithm>
#include <utility>

namespace roofscope::ui {

namespace {

// Fewer ticks on a short axis: never more than one per `spacing` pixels (a tick label's width
// along a horizontal axis, its height along a vertical one), never more than the chart asked.
void fitTicks(QCustomPlot& plot) {
    for (int i = 0; i < plot.axisRectCount(); ++i)
        for (QCPAxis* axis : plot.axisRect(i)->axes()) {
            const QSharedPointer<QCPAxisTicker> ticker = axis->ticker();
            if (!ticker || qSharedPointerDynamicCast<QCPAxisTickerText>(ticker))
                continue;
            QVariant asked = axis->property("askedTicks");
            if (!asked.isValid() || axis->property("askedTicker").value<void*>() != ticker.data()) {
                axis->setProperty("askedTicks", ticker->tickCount());
                axis->setProperty("askedTicker", QVariant::fromValue<void*>(ticker.data()));
                asked = ticker->tickCount();
            }
            const bool horizontal = axis->orientation() == Qt::Horizontal;
            const int length = horizontal ? axis->axisRect()->width() : axis->axisRect()->height();
            // A title longer than its axis gives way to the short one the chart offers.
            if (const QVariant shortLabel = axis->property("shortLabel"); shortLabel.isValid()) {
                if (!axis->property("fullLabel").isValid())
                    axis->setProperty("fullLabel", axis->label());
                const QString full = axis->property("fullLabel").toString();
                const QString fits =
                    QFontMetrics(axis->labelFont()).horizontalAdvance(full) <= length
                        ? full
                        : shortLabel.toString();
                if (axis->label() != fits)
                    axis->setLabel(fits);
            }
            const int spacing = horizontal ? 75 : 28;
            const int fit = std::clamp(length / spacing, 2, std::max(2, asked.toInt()));
            if (ticker->tickCount() != fit)
                ticker->setTickCount(fit);
        }
}

// A label whose anchor is in view but whose words run past the edge of its clip rectangle (or of
// the chart) is moved in by what it overruns: a marker's label at the plot's right edge turns
// back into the plot rather than being cut.
void keepLabelsInside(QCustomPlot& plot) {
    const QRectF chart(0, 0, plot.width(), plot.height());
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* label = qobject_cast<QCPItemText*>(plot.item(i));
        if (!label || !label->visible() || label->rotation() != 0)
            continue;
        const QRectF clip = label->clipToAxisRect() && label->clipAxisRect()
                                ? QRectF(label->clipAxisRect()->rect())
                                : chart;
        const QPointF at = label->position->pixelPosition();
        if (!clip.contains(at))
            continue;
        QRectF r = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
                       .normalized();
        // Words wider than their plot (an empty plane's reason) take more lines.
        if (r.width() > clip.width() - 4) {
            const QString wrapped =
                wrapToWidth(label->text(), label->font(), static_cast<int>(clip.width()) - 12);
            if (wrapped != label->text()) {
                label->setText(wrapped);
                r = QRectF(label->topLeft->pixelPosition(), label->bottomRight->pixelPosition())
                        .normalized();
            }
        }
        double dx = 0, dy = 0;
        if (r.width() < clip.width()) {
            if (r.right() > clip.right())
                dx = clip.right() - r.right() - 1;
            else if (r.left() < clip.left())
                dx = clip.left() - r.left() + 1;
        }
        if (r.height() < clip.height()) {
            if (r.bottom() > clip.bottom())
                dy = clip.bottom() - r.bottom() - 1;
            else if (r.top() < clip.top())
                dy = clip.top() - r.top() + 1;
        }
        if (dx != 0 || dy != 0)
            label->position->setPixelPosition(at + QPointF(dx, dy));
    }
}

// Labels of one plot that print over each other: the later one steps below the earlier (above
// it when the plot has no room below), as far as it overlaps.
void separateLabels(QCustomPlot& plot) {
    std::vector<QCPItemText*> labels;
    for (int i = 0; i < plot.itemCount(); ++i)
        if (auto* label = qobject_cast<QCPItemText*>(plot.item(i));
            label && label->visible() && label->rotation() == 0 && !label->text().isEmpty())
            labels.push_back(label);
    const auto rectOf = [](const QCPItemText* l) {
        return QRectF(l->topLeft->pixelPosition(), l->bottomRight->pixelPosition()).normalized();
    };
    const auto clipOf = [&plot](const QCPItemText* l) {
        return l->clipToAxisRect() && l->clipAxisRect() ? QRectF(l->clipAxisRect()->rect())
                                                        : QRectF(0, 0, plot.width(), plot.height());
    };
    // The keys inside plots (the MD A plane's colour key) are in the way too.
    std::vector<QRectF> keys;
    for (int i = 0; i < plot.axisRectCount(); ++i) {
        QCPLayoutInset* inset = plot.axisRect(i)->insetLayout();
        for (int k = 0; k < inset->elementCount(); ++k)
            if (auto* key = qobject_cast<QCPLegend*>(inset->elementAt(k));
                key && key->realVisibility() && key->itemCount() > 0)
                keys.push_back(QRectF(key->outerRect()));
    }
    for (QCPItemText* label : labels) {
        const QRectF clip = clipOf(label);
        const QRectF r = rectOf(label);
        for (const QRectF& key : keys)
            if (clip.contains(key) && key.intersects(r.adjusted(1, 1, -1, -1))) {
                double dy = key.top() - 1 - r.bottom();
                if (r.top() + dy < clip.top())
                    dy = key.bottom() + 1 - r.top();
                if (r.bottom() + dy <= clip.bottom())
                    label->position->setPixelPosition(label->position->pixelPosition() +
                                                      QPointF(0, dy));
                break;
            }
    }
    for (std::size_t i = 1; i < labels.size(); ++i) {
        QCPItemText* label = labels[i];
        const QRectF clip = clipOf(label);
        for (int pass = 0; pass < 3; ++pass) {
            const QRectF r = rectOf(label);
            const QRectF inner = r.adjusted(1, 1, -1, -1);
            const auto clash =
                std::find_if(labels.begin(), labels.begin() + static_cast<long>(i),
                             [&](const QCPItemText* other) {
                                 return clipOf(other) == clip && rectOf(other).intersects(inner);
                             });
            if (clash == labels.begin() + static_cast<long>(i))
                break;
            const QRectF o = rectOf(*clash);
            double dy = o.bottom() + 1 - r.top();
            if (r.bottom() + dy > clip.bottom())
                dy = o.top() - 1 - r.bottom();
            if (r.top() + dy < clip.top())
                break;
            label->position->setPixelPosition(label->position->pixelPosition() + QPointF(0, dy));
        }
    }
}

} // namespace

ViewChart::ViewChart(QWidget* parent) : QCustomPlot(parent) {
    connect(this, &QCustomPlot::beforeReplot, this, &ViewChart::fitToLayout);
}

void ViewChart::fitToLayout() {
    rewrapTexts(*this);
    updateLayout();
    fitTicks(*this);
    updateLayout();
    keepLabelsInside(*this);
    separateLabels(*this);
}

void ViewChart::draw(QCPPainter* painter) {
    fitToLayout();
    QCustomPlot::draw(painter);
}

void ViewChart::showEmpty(const QString& reason) {
    clearPicks();
    clearPlottables();
    clearItems();
    plotLayout()->clear();
    emptyReason_ = reason;
    table_ = {};
    auto* text = new QCPTextElement(this, reason);
    text->setProperty("fullText", reason); // wrapped to the width (rewrapTexts)
    text->setTextColor(palette().color(QPalette::PlaceholderText));
    // Empty rows above and below share the height, so that the reason sits in the middle.
    plotLayout()->addElement(0, 0, new QCPLayoutElement(this));
    plotLayout()->addElement(1, 0, text);
    plotLayout()->addElement(2, 0, new QCPLayoutElement(this));
    replot(rpQueuedReplot);
}

QString ViewChart::toolTipAt(QPointF at) const {
    const auto found = picksAt(picks_, at);
    // A few tips where points coincide (24 identical layers would fill the screen).
    constexpr std::size_t kMostTips = 4;
    QStringList tips;
    for (std::size_t i = 0; i < found.size() && i < kMostTips; ++i)
        tips << found[i]->tip;
    if (found.size() > kMostTips)
        tips << tr("… and %n more here", nullptr, static_cast<int>(found.size() - kMostTips));
    return tips.join(QStringLiteral("\n\n"));
}

std::optional<RecordRef> ViewChart::recordAt(QPointF at) const {
    for (const ChartPick* pick : picksAt(picks_, at))
        if (pick->ref)
            return pick->ref;
    return std::nullopt;
}

void ViewChart::addPick(QCPAxis* x, QCPAxis* y, double xValue, double yValue, QString tip,
                        std::optional<RecordRef> ref, QCPAbstractPlottable* owner) {
    picks_.push_back(
        {x, y, QCPRange(xValue, xValue), QCPRange(yValue, yValue), std::move(tip), ref, owner});
}

void ViewChart::addBarPick(QCPBars* bars, double key, double base, double value, QString tip) {
    const QCPRange keys(key - bars->width() / 2, key + bars->width() / 2);
    const QCPRange values(std::min(base, base + value), std::max(base, base + value));
    const bool upright = bars->keyAxis()->orientation() == Qt::Horizontal;
    picks_.push_back({upright ? bars->keyAxis() : bars->valueAxis(),
                      upright ? bars->valueAxis() : bars->keyAxis(), upright ? keys : values,
                      upright ? values : keys, std::move(tip), std::nullopt, bars});
}

void ViewChart::mousePressEvent(QMouseEvent* event) {
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton)
        return;
    if (const auto ref = recordAt(event->position()))
        emit recordActivated(*ref);
}

void ViewChart::mouseMoveEvent(QMouseEvent* event) {
    QCustomPlot::mouseMoveEvent(event);
    // Not while dragging the view: the tip would chase the mouse.
    const QString tip = event->buttons() == Qt::NoButton ? toolTipAt(event->position()) : QString();
    if (tip.isEmpty())
        QToolTip::hideText();
    else
        QToolTip::showText(event->globalPosition().toPoint(), tip, this);
}

} // namespace roofscope::ui
