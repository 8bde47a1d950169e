#pragma once
// What a screenshot shows a reader and a pixel comparison does not: words cut at an edge, drawn
// over each other, or hidden under a legend. textProblems walks every text a QCustomPlot draws
// (items, text elements, axis labels and tick labels, legend entries) in widget pixels, as laid
// out at the last replot, and says what is wrong with each; an empty list is a legible chart.

#include <qcustomplot.h>

#include <QFontMetricsF>
#include <QPolygonF>
#include <QStringList>

#include <algorithm>
#include <cmath>
#include <vector>

namespace roofscope::testing {

namespace textfit {

struct Text {
    QString text;
    QRectF rect;   // widget pixels: the box around it
    QRectF clip;   // where it is drawn whole: its clip rectangle, else the widget
    bool overlaps; // takes part in the overlap check (item labels and legends)
    QPolygonF shape = QPolygonF(rect); // what it covers: a rotated label's own corners
};

// `shape` drawn in by `px` towards its middle: antialiasing and rounding forgiven.
inline QPolygonF shrunk(const QPolygonF& shape, double px) {
    if (shape.size() < 3)
        return shape;
    QPointF mid(0, 0);
    for (const QPointF& p : shape)
        mid += p;
    mid /= static_cast<double>(shape.size());
    QPolygonF out;
    for (const QPointF& p : shape) {
        const QPointF d = p - mid;
        const double length = std::hypot(d.x(), d.y());
        out << (length > 2 * px ? p - d * (px * 1.41 / length) : mid);
    }
    return out;
}

inline QPolygonF itemShape(const QCPItemText* item) {
    return QPolygonF() << item->topLeft->pixelPosition() << item->topRight->pixelPosition()
                       << item->bottomRight->pixelPosition() << item->bottomLeft->pixelPosition();
}

inline QRectF itemRect(const QCPItemText* item) {
    // The four corners rotate with the text: their bounding box is what it covers.
    const QPointF corners[] = {item->topLeft->pixelPosition(), item->topRight->pixelPosition(),
                               item->bottomRight->pixelPosition(),
                               item->bottomLeft->pixelPosition()};
    double x0 = corners[0].x(), x1 = x0, y0 = corners[0].y(), y1 = y0;
    for (const QPointF& p : corners) {
        x0 = std::min(x0, p.x());
        x1 = std::max(x1, p.x());
        y0 = std::min(y0, p.y());
        y1 = std::max(y1, p.y());
    }
    // Padding is part of the anchors' rectangle but not of the ink.
    const QMargins pad = item->padding();
    QRectF r(QPointF(x0, y0), QPointF(x1, y1));
    if (std::fmod(std::abs(item->rotation()), 180.0) < 1)
        r = r.adjusted(pad.left(), pad.top(), -pad.right(), -pad.bottom());
    else
        r = r.adjusted(pad.top(), pad.left(), -pad.bottom(), -pad.right());
    return r;
}

// Tick labels of `axis` where QCustomPlot puts them (QCPAxisPainterPrivate's layout: outside
// the axis rect, past the tick length and the label padding).
inline void addTickLabels(const QCPAxis* axis, const QRectF& widget, std::vector<Text>& out) {
    if (!axis->visible() || !axis->tickLabels())
        return;
    const QFontMetricsF fm(axis->tickLabelFont());
    const QVector<double> ticks = axis->tickVector();
    const QVector<QString> labels = axis->tickVectorLabels();
    const QRect ar = axis->axisRect()->rect();
    const double out0 = std::max(0, axis->tickLengthOut()) + axis->tickLabelPadding();
    for (qsizetype i = 0; i < ticks.size() && i < labels.size(); ++i) {
        if (labels[i].isEmpty() || !axis->range().contains(ticks[i]))
            continue;
        const QRectF size = fm.boundingRect(QRectF(0, 0, 10000, 10000), Qt::AlignLeft, labels[i]);
        const double at = axis->coordToPixel(ticks[i]);
        QRectF r;
        switch (axis->axisType()) {
        case QCPAxis::atLeft:
            r = QRectF(ar.left() - out0 - size.width(), at - size.height() / 2, size.width(),
                       size.height());
            break;
        case QCPAxis::atRight:
            r = QRectF(ar.right() + out0, at - size.height() / 2, size.width(), size.height());
            break;
        case QCPAxis::atBottom:
            r = QRectF(at - size.width() / 2, ar.bottom() + out0, size.width(), size.height());
            break;
        case QCPAxis::atTop:
            r = QRectF(at - size.width() / 2, ar.top() - out0 - size.height(), size.width(),
                       size.height());
            break;
        }
        out.push_back({QStringLiteral("tick '%1'").arg(labels[i]), r, widget, false});
    }
}

} // namespace textfit

// Every legibility problem of `plot` as laid out now (replot first), one line each: "cut: ...",
// "overprinted: ... over ...", "under the legend: ...", "repeated tick: ...". `slackPx` forgives
// antialiasing and rounding.
inline QStringList textProblems(QCustomPlot& plot, double slackPx = 1.5) {
    using textfit::Text;
    QStringList problems;
    const QRectF widget(0, 0, plot.width(), plot.height());
    std::vector<Text> texts;
    std::vector<QRectF> legends;
    for (int i = 0; i < plot.itemCount(); ++i) {
        auto* item = qobject_cast<QCPItemText*>(plot.item(i));
        if (!item || !item->visible() || item->text().trimmed().isEmpty() ||
            !item->realVisibility())
            continue;
        QRectF clip = widget;
        if (item->clipToAxisRect() && item->clipAxisRect())
            clip = QRectF(item->clipAxisRect()->rect());
        texts.push_back({QStringLiteral("label '%1'").arg(item->text().simplified()),
                         textfit::itemRect(item), clip, true, textfit::itemShape(item)});
    }
    const auto elements = plot.plotLayout()->elements(true);
    for (QCPLayoutElement* e : elements) {
        if (!e || !e->realVisibility())
            continue;
        if (auto* t = qobject_cast<QCPTextElement*>(e)) {
            if (t->text().trimmed().isEmpty())
                continue;
            const QFontMetricsF fm(t->font());
            const QRectF need =
                fm.boundingRect(QRectF(0, 0, 100000, 100000), t->textFlags(), t->text());
            const QRect r = t->rect();
            if (need.width() > r.width() + slackPx || need.height() > r.height() + slackPx)
                problems << QStringLiteral("cut: text '%1' needs %2x%3 px, has %4x%5")
                                .arg(t->text().simplified().left(60))
                                .arg(need.width(), 0, 'f', 0)
                                .arg(need.height(), 0, 'f', 0)
                                .arg(r.width())
                                .arg(r.height());
            if (!widget.adjusted(-slackPx, -slackPx, slackPx, slackPx).contains(QRectF(r)))
                problems << QStringLiteral("cut: text '%1' lies outside the chart")
                                .arg(t->text().simplified().left(60));
        }
        if (auto* legend = qobject_cast<QCPLegend*>(e))
            if (legend->visible() && legend->itemCount() > 0)
                legends.push_back(QRectF(legend->outerRect()));
        if (auto* rect = qobject_cast<QCPAxisRect*>(e)) {
            for (QCPAxis* axis : rect->axes()) {
                textfit::addTickLabels(axis, widget, texts);
                if (axis->visible() && !axis->label().isEmpty()) {
                    const QFontMetricsF fm(axis->labelFont());
                    const double w = fm.horizontalAdvance(axis->label());
                    const bool vertical = axis->orientation() == Qt::Vertical;
                    const double room = vertical ? rect->rect().height() : rect->rect().width();
                    if (w > room + slackPx)
                        problems << QStringLiteral("cut: axis title '%1' is %2 px along an axis "
                                                   "of %3")
                                        .arg(axis->label())
                                        .arg(w, 0, 'f', 0)
                                        .arg(room, 0, 'f', 0);
                }
            }
            for (QCPLegend* inset : rect->findChildren<QCPLegend*>())
                if (inset->visible() && inset->itemCount() > 0)
                    legends.push_back(QRectF(inset->outerRect()));
        }
    }
    // Legends placed inside an axis rect are insets, not elements of the main layout.
    for (int i = 0; i < plot.axisRectCount(); ++i) {
        QCPLayoutInset* inset = plot.axisRect(i)->insetLayout();
        for (int k = 0; k < inset->elementCount(); ++k)
            if (auto* legend = qobject_cast<QCPLegend*>(inset->elementAt(k)))
                if (legend->realVisibility() && legend->itemCount() > 0)
                    legends.push_back(QRectF(legend->outerRect()));
    }
    if (plot.legend && plot.legend->realVisibility() && plot.legend->itemCount() > 0)
        legends.push_back(QRectF(plot.legend->outerRect()));
    std::sort(legends.begin(), legends.end(), [](const QRectF& a, const QRectF& b) {
        return std::tuple(a.x(), a.y(), a.width()) < std::tuple(b.x(), b.y(), b.width());
    });
    legends.erase(std::unique(legends.begin(), legends.end()), legends.end());

    // Legend entries QCustomPlot gave less room than their words need.
    std::vector<QCPLegend*> allLegends;
    if (plot.legend)
        allLegends.push_back(plot.legend);
    for (QCPLayoutElement* e : elements)
        if (auto* l = qobject_cast<QCPLegend*>(e); l && l != plot.legend)
            allLegends.push_back(l);
    for (int i = 0; i < plot.axisRectCount(); ++i) {
        QCPLayoutInset* inset = plot.axisRect(i)->insetLayout();
        for (int k = 0; k < inset->elementCount(); ++k)
            if (auto* l = qobject_cast<QCPLegend*>(inset->elementAt(k)); l && l != plot.legend)
                allLegends.push_back(l);
    }
    for (QCPLegend* l : allLegends) {
        if (!l->realVisibility())
            continue;
        for (int k = 0; k < l->itemCount(); ++k) {
            QCPAbstractLegendItem* item = l->item(k);
            if (!item || !item->realVisibility())
                continue;
            const QSize need = item->minimumOuterSizeHint();
            const QRect have = item->outerRect();
            QString name = QStringLiteral("entry %1").arg(k);
            if (auto* p = qobject_cast<QCPPlottableLegendItem*>(item))
                name = p->plottable()->name();
            if (need.width() > have.width() + slackPx || need.height() > have.height() + slackPx)
                problems << QStringLiteral("cut: legend entry '%1' needs %2 px, has %3")
                                .arg(name.left(60))
                                .arg(need.width())
                                .arg(have.width());
            else if (!widget.adjusted(-slackPx, -slackPx, slackPx, slackPx).contains(QRectF(have)))
                problems << QStringLiteral("cut: legend entry '%1' lies outside the chart")
                                .arg(name.left(60));
        }
    }
    for (const Text& t : texts) {
        const QRectF within = t.clip.adjusted(-slackPx, -slackPx, slackPx, slackPx);
        if (!within.contains(t.rect))
            problems << QStringLiteral("cut: %1 at %2,%3 %4x%5 outside %6,%7 %8x%9")
                            .arg(t.text.left(70))
                            .arg(t.rect.x(), 0, 'f', 0)
                            .arg(t.rect.y(), 0, 'f', 0)
                            .arg(t.rect.width(), 0, 'f', 0)
                            .arg(t.rect.height(), 0, 'f', 0)
                            .arg(t.clip.x(), 0, 'f', 0)
                            .arg(t.clip.y(), 0, 'f', 0)
                            .arg(t.clip.width(), 0, 'f', 0)
                            .arg(t.clip.height(), 0, 'f', 0);
    }
    const auto shrunk = [slackPx](const QRectF& r) {
        return r.adjusted(slackPx, slackPx, -slackPx, -slackPx);
    };
    for (std::size_t i = 0; i < texts.size(); ++i) {
        if (!texts[i].overlaps)
            continue;
        const QPolygonF mine = textfit::shrunk(texts[i].shape, slackPx);
        for (std::size_t j = i + 1; j < texts.size(); ++j)
            if (texts[j].overlaps && mine.intersects(textfit::shrunk(texts[j].shape, slackPx)))
                problems << QStringLiteral("overprinted: %1 and %2")
                                .arg(texts[i].text.left(60), texts[j].text.left(60));
        for (const QRectF& legend : legends)
            if (mine.intersects(QPolygonF(shrunk(legend))))
                problems << QStringLiteral("under the legend: %1").arg(texts[i].text.left(70));
    }
    // Tick labels of one axis: never the same twice in a row ("1000 1000"), never over each
    // other.
    for (int i = 0; i < plot.axisRectCount(); ++i)
        for (QCPAxis* axis : plot.axisRect(i)->axes()) {
            std::vector<Text> ticks;
            textfit::addTickLabels(axis, widget, ticks);
            for (std::size_t k = 1; k < ticks.size(); ++k) {
                if (ticks[k].text == ticks[k - 1].text)
                    problems << QStringLiteral("repeated tick: %1").arg(ticks[k].text);
                if (shrunk(ticks[k].rect).intersects(shrunk(ticks[k - 1].rect)))
                    problems << QStringLiteral("overprinted: %1 and %2")
                                    .arg(ticks[k - 1].text, ticks[k].text);
            }
        }
    return problems;
}

// Data points of scatter graphs drawn under a legend inside an axis rect, one line per graph:
// "point under the legend: 'name' (3 of 12)". A legend in a layout row of its own covers none.
inline QStringList pointsUnderLegend(QCustomPlot& plot) {
    QStringList problems;
    std::vector<QRectF> insets;
    for (int i = 0; i < plot.axisRectCount(); ++i) {
        QCPLayoutInset* inset = plot.axisRect(i)->insetLayout();
        for (int k = 0; k < inset->elementCount(); ++k)
            if (auto* l = qobject_cast<QCPLegend*>(inset->elementAt(k));
                l && l->realVisibility() && l->itemCount() > 0)
                insets.push_back(QRectF(l->outerRect()));
    }
    if (insets.empty())
        return problems;
    for (int g = 0; g < plot.graphCount(); ++g) {
        QCPGraph* graph = plot.graph(g);
        if (!graph->realVisibility() || graph->scatterStyle().isNone() || !graph->keyAxis() ||
            !graph->valueAxis())
            continue;
        const QRectF area(graph->keyAxis()->axisRect()->rect());
        int under = 0, all = 0;
        for (auto it = graph->data()->constBegin(); it != graph->data()->constEnd(); ++it) {
            const QPointF p(graph->keyAxis()->coordToPixel(it->key),
                            graph->valueAxis()->coordToPixel(it->value));
            if (!area.contains(p))
                continue;
            ++all;
            under += std::any_of(insets.begin(), insets.end(),
                                 [&](const QRectF& r) { return r.contains(p); });
        }
        if (under > 0)
            problems << QStringLiteral("point under the legend: '%1' (%2 of %3)")
                            .arg(graph->name().left(60))
                            .arg(under)
                            .arg(all);
    }
    return problems;
}

} // namespace roofscope::testing
